"""Helpers for the rummy rule tests: stack a deal from the hands it should give, play actions,
compare legal lists. (No tests here.)"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from cardtable import Match, card_str, parse_cards
from cardtable.core.game import Action, Rules
from cardtable.core.registry import rules_class


def stack(dealer: int, hands: list[str], upcard: str, stock: str = "") -> str:
    """The deck (top first) that deals ``hands`` (seat by seat), turns ``upcard`` up and
    leaves ``stock`` on top of the stock: cards go one at a time from the seat after the
    dealer (R5-3, QC-2)."""
    cards = [parse_cards(h) for h in hands]
    n, size = len(cards), len(cards[0])
    assert all(len(c) == size for c in cards), "every hand must have the same size"
    order = [cards[(dealer + 1 + i) % n][i // n] for i in range(n * size)]
    return " ".join(card_str(c) for c in order) + f" {upcard} {stock}".rstrip()


def rummy_match(
    game: str,
    hands: list[str],
    upcard: str,
    stock: str = "",
    *,
    dealer: int | None = None,
    **options: object,
) -> Match:
    """A match whose first hand deals ``hands`` to seats 0, 1, ... The dealer defaults to the
    last seat, so that seat 0 plays first."""
    n = len(hands)
    d = n - 1 if dealer is None else dealer
    size = len(parse_cards(hands[0]))
    if game == "rummy-500":
        options.setdefault("hand_size", size)
    return Match(game, players=n, dealer=d, seed=1, deck=stack(d, hands, upcard, stock), **options)


def legal(m: Match) -> list[str]:
    return [str(a) for a in m.legal_actions()]


def play(m: Match, *actions: str) -> None:
    for a in actions:
        m.play(a)


def hand_of(m: Match, seat: int) -> list[str]:
    hand = m.view(seat)["state"]["hand"]
    assert isinstance(hand, list)
    return hand


def random_positions(
    game: str,
    players: int,
    options: dict[str, Any],
    *,
    seed: int,
    count: int,
    keep: Callable[[Rules[Any], Any], bool],
) -> Iterator[tuple[Rules[Any], Any, list[Action]]]:
    """``count`` positions met in random play (random deals and legal moves, from ``seed``)
    that ``keep(rules, state)`` accepts, each with its legal actions."""
    rules = rules_class(game).create(players, options)
    rng = random.Random(seed)
    deck = list(rules.deck())
    found = 0
    while found < count:
        rng.shuffle(deck)
        st = rules.deal(deck, rng.randrange(players), rules.initial_scores())
        while rules.to_move(st) is not None and found < count:
            acts = rules.legal_actions(st)
            if keep(rules, st):
                found += 1
                yield rules, st, list(acts)
            st = rules.apply(st, rng.choice(acts))
