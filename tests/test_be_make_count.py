"""Buck Euchre's make count is one: the heuristic bot, the search's playouts and its reading of
the bids order (BE-5), name (BE-6) and discard (BE-5) alike, also at the line itself.

Three counts that summed the same weights in another order once put 191 to 347 of the 340,032
five-card cases on opposite sides of the order line (bench/be_make_count.py), nearly all where
the count is exactly 0. These tests take every user's own entry point (the bot from a view, the
playout policy from a state, the bid reading's chances) on seeded decisions, a few hundred of
them exactly at the line, so that a second count would disagree somewhere.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cardtable.bots.buck_euchre import bids
from cardtable.bots.heuristic import buck_euchre as heuristic
from cardtable.core.game import Action
from cardtable.games import buck_euchre as engine

RULES = engine.BuckEuchre.create(4, {})
CARDS = range(len(engine.LAYOUT))
CLUBS = 0


def random_mask(rng: random.Random, n: int, out: int = 0) -> int:
    return sum(1 << p for p in rng.sample([p for p in CARDS if not out >> p & 1], n))


def deal(seat: int, hand: int, upcard: int, rng: random.Random) -> engine.BuckEuchreState:
    """A deal (BE-3) by dealer 0 in which ``seat`` holds ``hand`` and ``upcard`` is turned."""
    rest = [p for p in CARDS if not (hand | 1 << upcard) >> p & 1]
    rng.shuffle(rest)
    mine = [p for p in CARDS if hand >> p & 1]
    deck = []
    for who in engine.DEAL_ORDER[0]:
        deck.append(mine.pop() if who == seat else rest.pop())
    deck += [upcard, *rest]
    state: engine.BuckEuchreState = RULES.deal([engine.LAYOUT[p] for p in deck], 0, (25,) * 4)
    return state


def to_turn(state: engine.BuckEuchreState, seat: int, phase: int) -> engine.BuckEuchreState:
    """Everyone passes until ``seat`` is to bid in ``phase``."""
    while not (state.phase == phase and state.turn == seat):
        state = RULES.apply(state, engine.PASS)
    return state


def decisions(
    rng: random.Random, at_line: int, others: int, count: object
) -> Iterator[tuple[int, int, int]]:
    """(seat, hand, upcard) drawn at random: ``at_line`` whose ``count`` is exactly the make
    line (0) and ``others`` of any count."""
    assert callable(count)
    exact = rest = 0
    while exact < at_line or rest < others:
        seat = rng.randrange(4)
        hand = random_mask(rng, 5)
        upcard = rng.choice([p for p in CARDS if not hand >> p & 1])
        if engine.TABLES.suit[4][upcard] == CLUBS:  # BE-4: clubs are trump, no bidding
            continue
        if count(seat, hand, upcard) == heuristic.STYLE.make:
            if exact < at_line:
                exact += 1
                yield seat, hand, upcard
        elif rest < others:
            rest += 1
            yield seat, hand, upcard


def choices(state: engine.BuckEuchreState, rng: random.Random) -> tuple[Action, Action]:
    """The heuristic bot's action from the seat's view and the playout policy's from the state."""
    seat = state.turn
    assert seat is not None
    view: Any = {"game": RULES.game_id, "seat": seat, "state": RULES.view(state, seat)}
    bot = heuristic.HeuristicBot(0).choose(view, RULES.legal_actions(state))
    return bot, heuristic.playout(RULES, state, rng)


def reading(state: engine.BuckEuchreState, seat: int) -> bids.Bids:
    """The bids as another seat reads them."""
    observer = (seat + 2) % 4
    return bids.Bids(engine.Unseen(RULES.view(state, observer), observer))


def test_ordering_and_the_dealers_discard_agree_for_bot_playouts_and_bid_reading() -> None:
    """BE-5: the bot orders exactly when the playout policy does and when the bid reading
    gives an order more than even odds, the dealer counting the upcard and its best discard;
    a count exactly on the line passes in all three (order above it); having ordered, the
    dealer discards the same card in the bot and the playouts."""
    rng = random.Random(5)

    def count(seat: int, hand: int, upcard: int) -> float:
        return heuristic.order_count(hand, upcard, dealer=seat == 0)

    ordered = exact = discards = 0
    for seat, hand, upcard in decisions(rng, at_line=300, others=1500, count=count):
        state = to_turn(deal(seat, hand, upcard, rng), seat, engine.ORDERING)
        bot, playout = choices(state, rng)
        reads = reading(state, seat).order_chance(hand, seat) > 0.5
        assert bot == playout and (bot == engine.ORDER) == reads, (seat, hand, upcard)
        if count(seat, hand, upcard) == heuristic.STYLE.make:  # on the line: not above it
            exact += 1
            assert bot == engine.PASS
        if bot == engine.ORDER:
            ordered += 1
            if seat == 0:
                taken = RULES.apply(state, engine.ORDER)
                assert taken.phase == engine.DISCARDING
                bot, playout = choices(taken, rng)
                assert bot == playout, (hand, upcard)
                discards += 1
    assert exact == 300 and ordered > 150 and discards > 30


def test_naming_agrees_for_bot_playouts_and_bid_reading() -> None:
    """BE-6: with the upcard turned down, the bot names the suit the playout policy names (or
    passes as it does), and the bid reading gives that naming more than even odds (a pass:
    no suit above even odds)."""
    rng = random.Random(6)

    def count(seat: int, hand: int, upcard: int) -> float:
        return heuristic.best_name(hand, engine.TABLES.suit[4][upcard])[0]

    named = 0
    for seat, hand, upcard in decisions(rng, at_line=200, others=800, count=count):
        state = to_turn(deal(seat, hand, upcard, rng), seat, engine.NAMING)
        bot, playout = choices(state, rng)
        assert bot == playout, (seat, hand, upcard)
        turned = engine.TABLES.suit[4][upcard]
        odds = {s: bids.name_chance(hand, s) for s in range(4) if s != turned}
        if bot == engine.PASS:
            assert max(odds.values()) <= 0.5
        else:
            named += 1
            assert odds[engine.TRUMPS.index(bot)] > 0.5
    assert 100 < named < 1000
