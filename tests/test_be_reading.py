"""The pilot reading of how each Buck Euchre player plays its cards over the match
(``bench/be_reading.py``): counted from the seat's own views, checked against the engine's
real states (BE-10), and a club player read as one."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from cardtable import Match
from cardtable.bots import make_bot
from cardtable.bots.buck_euchre.worlds import PLAYOUT_OFF_STRATEGY
from cardtable.bots.heuristic.buck_euchre import card_choice
from cardtable.games.buck_euchre import LAYOUT, PLAYING, PLAYS, SEATS, BuckEuchreState, Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from be_reading import Reading, choices  # a pilot of bench/, found by the line above

GAME = "buck-euchre"


def hidden_discard(state: BuckEuchreState) -> BuckEuchreState:
    """``state`` with the dealer's discard unknown, as another seat reads the hand."""
    t = state.table
    table = Table(t.dealer, t.upcard, t.kitty, t.fate, -1, t.trump, t.maker, t.stayed, t.dropped)
    return BuckEuchreState(
        table, state.phase, state.turn, state.hands, state.trick, state.leader, state.taken,
        state.last_trick, state.last_leader, state.earlier,
    )  # fmt: skip


def play(levels: Sequence[str], seed: int, hands: int) -> tuple[Reading, list[int], list[int]]:
    """Play ``hands`` hands (or the match) with seat 0 reading; beside it, from the real
    states, each seat's card plays with a choice and how many were the strategy's."""
    m = Match(GAME, players=SEATS, seed=seed)
    bots = [make_bot(GAME, level, seed + s) for s, level in enumerate(levels)]
    reading = Reading()
    plays, agreed = [0] * SEATS, [0] * SEATS
    while not m.is_over and m.hand_number <= hands:
        seat = m.to_move
        assert seat is not None
        legal = m.legal_actions()
        action = bots[seat].choose(m.view(seat), legal)
        state = m.state
        if state.phase == PLAYING:  # the reading's count of choices is the engine's (BE-10)
            assert choices(state, state.hands[seat]) == len(legal)
        if seat and state.phase == PLAYING and len(legal) > 1:
            plays[seat] += 1
            agreed[seat] += action == PLAYS[LAYOUT[card_choice(hidden_discard(state), seat)]]
        m.play(action)
        reading.observe(m.view(0))
    return reading, plays, agreed


def test_club_players_are_read_as_club_players() -> None:
    """At a table of heuristic players every counted play is the strategy's, and each seat
    keeps the club player's weight, so the reading is the search's own there."""
    reading, plays, agreed = play(["heuristic"] * SEATS, seed=3, hands=8)
    assert reading.plays[1:] == plays[1:] and reading.agreed[1:] == agreed[1:]
    assert all(n > 0 for n in plays[1:])
    assert agreed == plays
    assert reading.off() == [PLAYOUT_OFF_STRATEGY] * SEATS


def test_a_player_who_chooses_otherwise_is_read_so() -> None:
    """A random player's plays are counted exactly as the real states say (forced plays
    left out), and its weight for a play off the strategy rises toward even."""
    reading, plays, agreed = play(["heuristic", "random", "heuristic", "heuristic"], 9, 99)
    assert reading.plays == plays and reading.agreed == agreed
    assert plays[1] >= 10 and agreed[1] < plays[1]
    off = reading.off()
    assert off[1] > 10 * PLAYOUT_OFF_STRATEGY
    assert off[2] == off[3] == PLAYOUT_OFF_STRATEGY
    assert off[1] == (plays[1] - agreed[1] + 0.1) / (agreed[1] + 10)  # the prior: 10 and 0.1
