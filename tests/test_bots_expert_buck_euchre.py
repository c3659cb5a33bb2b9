"""Buck Euchre's ``expert`` card play (``cardtable.bots.buck_euchre.endgame``): each sampled
world is solved exactly as the seat's best answer to club players (BE-10), the transposition
key loses nothing the outcome depends on, and the bot reads only the seat's view."""

from __future__ import annotations

import math
import random
from typing import Any

from cardtable import Match
from cardtable.bots import make_bot
from cardtable.bots.buck_euchre.endgame import SOLVE_FROM, ClubAnswer
from cardtable.bots.catalog import bots_for
from cardtable.bots.endgame import Solver
from cardtable.bots.search import rules_for
from cardtable.core.views import View
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


def club_answer(rules: Any, state: Any, seat: int, view: View, utility: Any) -> float:
    """The seat's best answer to heuristic players, plainly: no table, and each other player's
    card the one ``HeuristicBot`` chooses from that player's own view of the world (the
    match's public view, ``view``, with that player's view of the world's state)."""
    scores = tuple(view["scores"])
    mover = rules.to_move(state)
    if mover is None:
        return float(utility(rules, rules.settle(state, scores), seat))
    legal = rules.legal_actions(state)
    if mover == seat:
        return max(club_answer(rules, rules.apply(state, a), seat, view, utility) for a in legal)
    theirs: View = {**view, "seat": mover, "side": mover, "state": rules.view(state, mover)}
    card = HEURISTIC.choose(theirs, legal)
    return club_answer(rules, rules.apply(state, card), seat, view, utility)


def sampled_world(m: Match) -> tuple[int, View, Any, Any]:
    """The seat to move in ``m``, its view, the rules and one world of its sampler."""
    seat = m.to_move
    assert seat is not None
    view = m.view(seat)
    rules = rules_for(view)
    return seat, view, rules, KNOWS.sampler(rules, view["state"], seat, random.Random(1))()


HEURISTIC = make_bot(GAME, "heuristic", 0)


def test_each_world_is_solved_as_the_best_answer_to_club_players() -> None:
    """BE-10: in a sampled world every action's value is the seat's best play against the
    others playing as the heuristic bot would from their own views, with the table keyed by
    ``endgame.key`` as without it; and never below the worst case of the others as one side
    (a fixed way of playing for them can only leave the seat as well off or better)."""
    for m in card_plays(8, SOLVE_FROM):
        seat, view, rules, world = sampled_world(m)
        utility = KNOWS.decision_utility(view["state"])
        scores = tuple(view["scores"])
        answer = ClubAnswer(rules, seat, scores, utility)
        for action in m.legal_actions():
            after = rules.apply(world, action)
            plain = club_answer(rules, after, seat, view, utility)
            assert math.isclose(answer(after), plain, abs_tol=1e-9)
            assert plain >= minimax(rules, after, seat, scores, utility) - 1e-9


def test_the_key_keeps_the_exact_value() -> None:
    """With the transposition table keyed by ``endgame.key``, every action's value in a
    sampled world is plain minimax's (the worst-case solve, ``Solver``, with this key)."""
    sampled = KNOWS.sampled_endgame
    assert sampled is not None
    for m in card_plays(4, 3):
        seat, view, rules, world = sampled_world(m)
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
