"""Buck Euchre's ``expert`` card play (``cardtable.bots.buck_euchre.endgame``): each sampled
world is solved exactly, the transposition key loses nothing the outcome depends on, and the
bot reads only the seat's view."""

from __future__ import annotations

import math
import random

from cardtable import Match
from cardtable.bots.buck_euchre.endgame import SOLVE_FROM
from cardtable.bots.catalog import bots_for
from cardtable.bots.endgame import Solver
from cardtable.bots.search import rules_for
from tests.support.expert import (
    assert_solved_from_the_view,
    assert_the_search_chooses,
    heuristic_positions,
)
from tests.test_bots_expert import minimax

GAME = "buck-euchre"
KNOWS = bots_for(GAME)


def card_plays(count: int, most: int) -> list[Match]:
    """Card plays (BE-10) with a choice, the seat holding at most ``most`` cards, reached by
    heuristic players."""
    return heuristic_positions(
        GAME,
        count,
        lambda state: state["phase"] == "play",
        players=4,
        most=most,
    )


def test_the_key_keeps_the_exact_value() -> None:
    """With the transposition table keyed by ``endgame.key``, every action's value in a
    sampled world is plain minimax's."""
    sampled = KNOWS.sampled_endgame
    assert sampled is not None
    for m in card_plays(4, 3):
        seat = m.to_move
        assert seat is not None
        view = m.view(seat)
        rules = rules_for(view)
        world = KNOWS.sampler(rules, view["state"], seat, random.Random(1))()
        utility = KNOWS.decision_utility(view["state"])
        scores = tuple(view["scores"])
        solver = Solver(rules, seat, scores, utility, sampled.key, order=KNOWS.playout)
        for action in m.legal_actions():
            after = rules.apply(world, action)
            exact = solver.value(after, -math.inf, math.inf)
            assert math.isclose(exact, minimax(rules, after, seat, scores, utility), abs_tol=1e-9)


def test_the_card_play_is_solved_world_by_world_from_the_view_alone() -> None:
    """Late in the play the expert solves sampled worlds; the view as plain JSON (nothing of
    the engine rides along) gives the same choice."""
    for m in card_plays(3, SOLVE_FROM):
        assert_solved_from_the_view(GAME, m)


def test_the_first_trick_is_left_to_the_search() -> None:
    """With five cards in hand the exact search is too slow for the decision's time: the
    search chooses, as the search bot with the same seed does."""
    (m,) = card_plays(1, 5)
    assert len(m.view(m.to_move)["state"]["hand"]) > SOLVE_FROM
    assert_the_search_chooses(GAME, m)
