"""Sampling the cards a seat has not seen (``BuckEuchre.determinize``, and the bots' reading of
the bids over it) and the public trick history the sampling needs (``earlier_tricks`` in the
view).

A sampled world must show the seat exactly its view, hold every card once, and give the seat
to move the same legal actions (``check_determinize``), at every step of many matches; and it
must respect what the table has seen: cards played, the suits a player failed to follow
(BE-10), the upcard the dealer picked up (BE-5), the dealer's own discard.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import pytest

from cardtable import Match, parse_cards
from cardtable.bots.buck_euchre import bids
from cardtable.core.invariants import check_determinize
from cardtable.games import buck_euchre as be
from cardtable.games.buck_euchre import LAYOUT, POS, deal_constrained, worlds
from cardtable.games.tricks import NO_TRUMP
from tests.support.buck_euchre import deal, play

# Hearts turned up by dealer 3 (the deal of test_be_rules T_*).
HANDS = ["Jd Qd 9s Ts Kc", "Jh Kh 9c Tc Qc", "Qh Th Ad Kd 9d", "9h Ac As Ks Qs"]
UP, KITTY = "Ah", "Jc Td Js"


def mask(cards: str) -> int:
    out = 0
    for c in parse_cards(cards):
        out |= 1 << POS[c]
    return out


def sample(m: Match, seat: int, rng: random.Random) -> be.BuckEuchreState:
    view = json.loads(json.dumps(m.rules.view(m.state, seat)))
    world = m.rules.determinize(view, seat, rng)
    assert m.rules.view(world, seat) == view
    return world  # type: ignore[no-any-return]


def test_view_lists_every_completed_trick() -> None:
    m = deal(3, HANDS, UP, KITTY)
    play(m, "pass, order, discard Qs, stay, stay, stay, play 9s, play 9c, play Th, play As")
    assert "earlier_tricks" not in m.view(0)["state"]  # one trick: it is the last trick
    play(m, "play Qh, play Ah, play Jd, play Jh")
    play(m, "play Kh, play 9d, play 9h, play Kc")
    view = m.view(None)["state"]
    assert view["earlier_tricks"] == [
        {"leader": 0, "winner": 2, "cards": ["9s", "9c", "Th", "As"]},
        {"leader": 2, "winner": 1, "cards": ["Jd", "Jh", "Qh", "Ah"]},
    ]
    assert view["last_trick"] == {"leader": 1, "winner": 1, "cards": ["Kc", "Kh", "9d", "9h"]}


def test_determinize_at_every_step_of_200_random_matches() -> None:
    phases: Counter[int] = Counter()
    rng = random.Random(7)
    for seed in range(200):
        m = Match("buck-euchre", seed=seed)
        while not m.is_over:
            check_determinize(m, rng)
            phases[m.state.phase] += 1
            m.play(rng.choice(m.legal_actions()))
    assert set(phases) == {be.ORDERING, be.DISCARDING, be.NAMING, be.DECIDING, be.PLAYING}


def test_determinize_when_players_mostly_pass() -> None:
    """Uniform play rarely passes twice round, so no trump (BE-7) needs players who pass."""
    kinds: Counter[int] = Counter()
    rng = random.Random(3)
    for seed in range(40):
        m = Match("buck-euchre", seed=seed)
        while not m.is_over:
            check_determinize(m, rng)
            kinds[m.state.table.trump] += 1
            names = [str(a) for a in m.legal_actions()]
            m.play("pass" if "pass" in names and rng.random() < 0.9 else rng.choice(names))
    assert kinds[NO_TRUMP] > 0


def test_sampled_worlds_respect_voids_and_played_cards() -> None:
    m = deal(3, HANDS, UP, KITTY)
    play(m, "pass, order, discard Qs, stay, stay, stay")
    play(m, "play 9s, play 9c, play Th, play As")  # seats 1 and 2 show out of spades
    play(m, "play Qh, play Ah, play Jd, play Jh")
    play(m, "play Kh, play 9d, play 9h, play Kc")  # seats 2 and 0 show out of trump
    played = mask("9s 9c Th As Qh Ah Jd Jh Kc Kh 9d 9h")
    spades = mask("9s Ts Js Qs Ks As")
    hearts = mask("9h Th Jh Qh Kh Ah Jd")  # trump, the left bower Jd included (BE-2)
    rng = random.Random(1)
    homes: Counter[tuple[str, int]] = Counter()
    for _ in range(300):
        world = sample(m, 3, rng)
        assert not world.hands[0] & hearts
        assert not world.hands[1] & spades
        assert not world.hands[2] & (hearts | spades)
        assert world.hands[3] == m.state.hands[3] and world.table.discard == m.state.table.discard
        for hand in (*world.hands, world.table.kitty):
            assert not hand & played
        for card in ("Ts", "Js", "Qd", "Tc"):
            pos = POS[parse_cards(card)[0]]
            where = [i for i, h in enumerate((*world.hands, world.table.kitty)) if h >> pos & 1]
            homes[card, where[0]] += 1
    # the spades left can only be in seat 0's hand or the kitty; other cards go anywhere unseen
    assert {seat for card, seat in homes if card in ("Ts", "Js")} == {0, 4}
    assert {seat for card, seat in homes if card in ("Qd", "Tc")} == {0, 1, 2, 4}


def test_dealer_keeps_the_picked_up_card_unless_shown_out_of_trump() -> None:
    m = deal(3, HANDS, UP, KITTY)
    play(m, "pass, order, discard Qs, stay, stay, stay")
    ah = POS[parse_cards("Ah")[0]]
    rng = random.Random(2)
    for _ in range(50):
        world = sample(m, 0, rng)
        assert world.hands[3] >> ah & 1 and world.table.discard != ah
    # The dealer keeps no other trump, discards the upcard, and shows out of trump: the
    # picked-up card is still named (nobody saw it played), so it must be the discard.
    hands = ["Jd Qd 9s Ts 9h", "Jh Kh 9c Tc Qc", "Qh Th Ad Kd 9d", "Kc Ac As Ks Qs"]
    m = deal(3, hands, UP, KITTY)
    play(m, "pass, order, discard Ah, stay, stay, stay, play 9h, play Jh, play Qh, play Kc")
    assert m.view(0)["state"]["picked_up"] == "Ah"
    for _ in range(50):
        world = sample(m, 0, rng)
        assert world.table.discard == ah and not world.hands[3] & mask("9h Th Jh Qh Kh Ah Jd")


def test_the_dealers_own_discard_stays_put() -> None:
    m = deal(3, HANDS, UP, KITTY)
    play(m, "pass, order, discard Qs, stay, drop, stay")
    rng = random.Random(4)
    for _ in range(50):
        world = sample(m, 3, rng)
        assert LAYOUT[world.table.discard] == parse_cards("Qs")[0]
        assert world.hands[3] == m.state.hands[3]


def test_deal_constrained_falls_back_to_a_careful_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Place 0 takes 2 of {a b c}, place 1 one of {a b}: a greedy deal fails a third of the time;
    the card-by-card deal never does and reaches every possible deal."""
    a, b, c, d = (1 << i for i in range(4))
    places = [(2, a | b | c), (1, a | b), (1, a | b | c | d)]
    monkeypatch.setattr(worlds, "_GREEDY_TRIES", 0)
    seen: Counter[tuple[int, ...]] = Counter()
    rng = random.Random(5)
    for _ in range(300):
        out = deal_constrained(a | b | c | d, places, rng)
        assert sum(out) == a | b | c | d and all(
            m & p[1] == m for m, p in zip(out, places, strict=True)
        )
        assert [m.bit_count() for m in out] == [2, 1, 1]
        seen[tuple(out)] += 1
    # place 0 gets c and one of a b; place 1 the other; d is left for place 2
    assert set(seen) == {(a | c, b, d), (b | c, a, d)}
    with pytest.raises(ValueError):
        deal_constrained(a | b | c, [(2, a), (1, a | b | c)], rng)


def test_the_bots_worlds_read_the_bids() -> None:
    """The bots' worlds (``cardtable.bots.buck_euchre.bids``, over the rules' ``Unseen``): a
    maker is dealt more trumps, and a player who stayed more likely tricks, than a plain
    random deal (the rules' ``determinize``) gives them; a player's own bids are not read."""
    m = deal(3, HANDS, UP, KITTY)
    play(m, "pass, order, discard Qs, drop, stay, stay")  # seat 1 ordered hearts, seat 2 stayed
    view = json.loads(json.dumps(m.rules.view(m.state, 3)))
    unseen = be.Unseen(view, 3)
    read = bids.Bids(unseen)  # the dealer's own pass is not read
    assert (read.passed, read.ordered, read.named, read.stayed) == ([0], 1, -1, [2])
    hearts = mask("9h Th Jh Qh Kh Ah Jd")
    rng = random.Random(6)
    plain = [unseen.deal(rng) for _ in range(400)]
    weighed = [bids.determinize(view, 3, rng) for _ in range(400)]

    def mean(worlds: list[be.BuckEuchreState], f: Callable[[be.BuckEuchreState], float]) -> float:
        return sum(map(f, worlds)) / len(worlds)

    def trumps(w: be.BuckEuchreState) -> float:
        return (w.hands[1] & hearts).bit_count()

    def stay(w: be.BuckEuchreState) -> float:
        return bids.stay_count(w.hands[2], w.table.trump)

    assert mean(weighed, trumps) > mean(plain, trumps) + 0.7
    assert mean(weighed, stay) > mean(plain, stay) + 0.25
    assert all(m.rules.view(w, 3) == view for w in weighed)
