"""An independent check of trick winners and of following suit (BE-2, BE-10).

The reference here is written straight from the rule text, on card names, with nothing shared
with ``cardtable.games.tricks``: it is compared with the engine's tables on random tricks for
every trump choice and no trump, and with the whole engine on random hands (every legal list
and every completed trick, read from the players' views).
"""

from __future__ import annotations

import random

import pytest

from cardtable import card_str, parse_card
from cardtable.core.registry import rules_class
from cardtable.games.buck_euchre import LAYOUT, POS, TABLES, layout_cards
from cardtable.games.tricks import NO_TRUMP, TrickTables

NAMES = [r + s for s in "cdhs" for r in "9TJQKA"]
SAME_COLOUR = {"c": "s", "s": "c", "d": "h", "h": "d"}
PLAIN_ORDER = "9TJQKA"  # BE-2: other suits A K Q J T 9 (listed low to high)
TRUMP_ORDER = "9TQKA"  # BE-2: trump A K Q T 9 below the two bowers
TRUMP_LETTERS: dict[int, str | None] = {0: "c", 1: "d", 2: "h", 3: "s", NO_TRUMP: None}


def naive_suit(card: str, trump: str | None) -> str:
    """BE-2: the left bower (the other jack of trump's colour) belongs to the trump suit."""
    if trump is not None and card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return trump
    return card[1]


def naive_rank(card: str, trump: str | None) -> int:
    """Higher is stronger within the card's own suit (as BE-2 assigns it)."""
    if trump is not None and naive_suit(card, trump) == trump:
        if card[0] == "J":
            return 10 if card[1] == trump else 9  # right bower, then left bower
        return TRUMP_ORDER.index(card[0])
    return PLAIN_ORDER.index(card[0])


def naive_winner(trick: list[str], trump: str | None) -> int:
    """BE-10: the highest trump wins, else the highest card of the suit led."""
    led = naive_suit(trick[0], trump)
    trumps = [i for i, c in enumerate(trick) if trump is not None and naive_suit(c, trump) == trump]
    followers = [i for i, c in enumerate(trick) if naive_suit(c, trump) == led]
    return max(trumps or followers, key=lambda i: naive_rank(trick[i], trump))


def naive_playable(hand: list[str], led: str | None, trump: str | None) -> list[str]:
    """BE-10: follow the suit led if you can (the left bower is a trump), else anything."""
    if led is None:
        return sorted(hand)
    suit = naive_suit(led, trump)
    same = [c for c in hand if naive_suit(c, trump) == suit]
    return sorted(same or hand)


@pytest.mark.parametrize("trump", sorted(TRUMP_LETTERS))
def test_trick_winners_match_the_rule_text(trump: int) -> None:
    rng = random.Random(trump)
    letter = TRUMP_LETTERS[trump]
    for _ in range(10_000):
        trick = rng.sample(NAMES, rng.randint(2, 4))
        positions = [POS[parse_card(c)] for c in trick]
        assert TABLES.winner(positions, trump) == naive_winner(trick, letter), (trick, letter)


@pytest.mark.parametrize("trump", sorted(TRUMP_LETTERS))
def test_follow_suit_matches_the_rule_text(trump: int) -> None:
    rng = random.Random(100 + trump)
    letter = TRUMP_LETTERS[trump]
    for _ in range(10_000):
        cards = rng.sample(NAMES, rng.randint(2, 7))
        led, hand = (cards[0], cards[1:]) if rng.random() < 0.9 else (None, cards)
        mask = sum(1 << POS[parse_card(c)] for c in hand)
        got = TABLES.playable(mask, None if led is None else POS[parse_card(led)], trump)
        assert sorted(card_str(c) for c in layout_cards(got)) == naive_playable(hand, led, letter)


def test_tables_work_for_any_layout() -> None:
    """The helpers take any card layout (a later trick game may lay out another deck)."""
    rng = random.Random(7)
    layout = list(LAYOUT)
    rng.shuffle(layout)
    tables = TrickTables(layout)
    for _ in range(2_000):
        trump = rng.choice(sorted(TRUMP_LETTERS))
        trick = rng.sample(NAMES, 4)
        positions = [layout.index(parse_card(c)) for c in trick]
        assert tables.winner(positions, trump) == naive_winner(trick, TRUMP_LETTERS[trump])


def test_engine_tricks_and_legal_plays_match_the_rule_text() -> None:
    """2,000 random hands through the Rules contract: each legal play list and each trick's
    winner, as the players' views show them, against the reference."""
    rules = rules_class("buck-euchre").create(4, {})
    rng = random.Random(3)
    deck = list(rules.deck())
    tricks = 0
    for number in range(2_000):
        rng.shuffle(deck)
        state = rules.deal(deck, number % 4, rules.initial_scores())
        while (seat := rules.to_move(state)) is not None:
            view = rules.view(state, seat)
            legal = rules.legal_actions(state)
            if view["phase"] == "play":
                trump = None if view["trump"] == "none" else view["trump"]
                led = view["trick"][view["leader"]]
                assert [str(a)[5:] for a in legal] == naive_playable(view["hand"], led, trump)
            state = rules.apply(state, rng.choice(legal))
            last = rules.view(state, None)["last_trick"]
            if last is not None and last != view["last_trick"]:  # this card ended a trick
                order = [(last["leader"] + k) % 4 for k in range(4)]
                played = [(s, last["cards"][s]) for s in order if last["cards"][s] is not None]
                winner = naive_winner([c for _, c in played], trump)
                assert played[winner][0] == last["winner"]
                tricks += 1
    assert tricks > 5_000
