"""The ``expert`` level (``cardtable.bots.expert``): its exact endgame search finds the value
plain minimax finds, reads only the seat's view, and leaves the choice to the search where the
view does not fix the world or the exact search would take too long."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest

from cardtable import Match
from cardtable.bots import make_bot
from cardtable.bots.catalog import bots_for
from cardtable.bots.endgame import Solver, TooLarge
from cardtable.bots.expert import ExpertBot
from cardtable.bots.royal_casino_endgame import DEAL
from cardtable.bots.search import rules_for
from cardtable.core.cards import mask_of
from cardtable.core.views import own_seat
from tests.support.expert import (
    assert_solved_from_the_view,
    assert_the_search_chooses,
    heuristic_positions,
)

GAME = "royal-casino"
KNOWS = bots_for(GAME)


def last_deals(count: int, players: int = 2) -> list[Match]:
    """Positions of a first hand's last deal (empty stock) with a choice to make, some way into
    the deal (0 to 3 such positions passed over), reached by heuristic players."""
    return heuristic_positions(
        GAME,
        count,
        lambda state: state["stock"] == 0,
        players,
        passes=lambda seed: seed % 4,
    )


def minimax(
    rules: Any, state: Any, side: int, scores: tuple[int, ...], utility: Any = KNOWS.hand_utility
) -> float:
    """The plain minimax value for ``side`` (any others one side against it): no pruning, no
    table."""
    mover = rules.to_move(state)
    if mover is None:
        return float(utility(rules, rules.settle(state, scores), side))
    values = [
        minimax(rules, rules.apply(state, a), side, scores, utility)
        for a in rules.legal_actions(state)
    ]
    return max(values) if rules.side_of(mover) == side else min(values)


def solver_for(m: Match, node_limit: int = 10**6) -> tuple[Solver, Any]:
    seat = m.to_move
    assert seat is not None
    view = m.view(seat)
    rules = rules_for(view)
    world = KNOWS.sampler(rules, view["state"], seat, random.Random(0))()
    utility = KNOWS.decision_utility(view["state"])
    solver = Solver(rules, seat, tuple(view["scores"]), utility, KNOWS.endgame.key,  # type: ignore[union-attr]
                    order=KNOWS.playout, node_limit=node_limit)  # fmt: skip
    return solver, world


def test_the_last_deals_world_is_the_real_one() -> None:
    """With two players and the stock empty, the view fixes the other hand: the one world the
    sampler can draw is the real deal."""
    for m in last_deals(6):
        seat = m.to_move
        assert seat is not None and KNOWS.endgame is not None
        view = m.view(seat)
        assert KNOWS.endgame.known(view["state"])
        world = KNOWS.sampler(m.rules, view["state"], seat, random.Random(9))()
        assert world.hands == m.state.hands and world.loose == m.state.loose


def test_three_players_are_not_solved() -> None:
    (m,) = last_deals(1, players=3)
    assert KNOWS.endgame is not None and not KNOWS.endgame.known(m.view(m.to_move)["state"])


def test_the_exact_search_finds_the_minimax_value() -> None:
    for m in last_deals(6):
        solver, world = solver_for(m)
        action, value = solver.best(world)
        side = solver.side
        assert value == pytest.approx(minimax(m.rules, world, side, solver.scores))
        after = minimax(m.rules, m.rules.apply(world, action), side, solver.scores)
        assert after == pytest.approx(value)  # the action chosen keeps that value


def test_the_exact_search_stops_at_its_node_limit() -> None:
    m = max(
        last_deals(6), key=lambda m: m.state.hands[0].bit_count() + m.state.hands[1].bit_count()
    )
    solver, world = solver_for(m, node_limit=1)
    with pytest.raises(TooLarge):
        solver.best(world)


def test_the_expert_reads_only_the_seats_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact search is handed a world built from the view alone: the view as plain JSON
    (no object of the engine can ride along) gives the same world and the same choice."""
    seen: list[Any] = []
    best = Solver.best

    def spy(self: Solver, world: Any) -> Any:
        seen.append(world)
        return best(self, world)

    monkeypatch.setattr(Solver, "best", spy)
    for m in last_deals(4):
        seat = m.to_move
        assert seat is not None
        view = m.view(seat)
        plain = json.loads(json.dumps(view))
        legal = m.legal_actions()
        mine = make_bot(GAME, "expert", seed=1)
        assert isinstance(mine, ExpertBot)
        chosen = mine.choose(plain, legal)
        assert mine.solved == 1 and str(make_bot(GAME, "expert", 2).choose(view, legal)) == str(
            chosen
        )
        assert (
            seen[-1]
            == seen[-2]
            == KNOWS.sampler(m.rules, plain["state"], own_seat(plain), random.Random(5))()
        )


def test_elsewhere_the_search_chooses() -> None:
    """Before the last deal, and when the exact search would pass its node limit, the choice
    is the search's, the same as the search bot's with the same seed."""
    assert_the_search_chooses(GAME, Match(GAME, seed=4))
    (late,) = last_deals(1)
    assert_the_search_chooses(GAME, late, node_limit=0)


def test_the_expert_crosses_to_a_search_process() -> None:
    """The card room pickles a bot to its search processes and back (server/workers.py)."""
    (m,) = last_deals(1)
    seat = m.to_move
    assert seat is not None
    bot = make_bot(GAME, "expert", seed=7)
    copy = pickle.loads(pickle.dumps(bot))
    legal = m.legal_actions()
    assert str(copy.choose(m.view(seat), legal)) == str(bot.choose(m.view(seat), legal))


def before_last_deals(count: int, most: int) -> list[Match]:
    """Positions of a first hand's deal before the last (the stock holds the last deal's
    eight cards, RC-3) with a choice to make, the seat holding at most ``most`` cards,
    reached by heuristic players."""
    return heuristic_positions(
        GAME,
        count,
        lambda state: state["stock"] == 2 * DEAL,
        players=2,
        most=most,
    )


def test_the_deal_before_the_last_worlds_keep_the_view() -> None:
    """Each world sampled in the deal before the last holds the seat's own hand and the table
    as they are, and deals the other hand and the stock from the cards the seat cannot see
    (RC-3, RC-24): the exact search plays worlds the view allows, never the real one read."""
    sampled = KNOWS.sampled_endgame
    assert sampled is not None
    for m in before_last_deals(3, 3):
        seat = m.to_move
        assert seat is not None
        view = m.view(seat)
        assert sampled.applies(view["state"])
        real = m.state
        hidden = real.hands[1 - seat] | mask_of(real.stock)
        draws = [KNOWS.sampler(m.rules, view["state"], seat, random.Random(i))() for i in range(8)]
        for world in draws:
            assert world.hands[seat] == real.hands[seat] and world.loose == real.loose
            assert world.hands[1 - seat] | mask_of(world.stock) == hidden
        assert len({w.hands[1 - seat] for w in draws}) > 1  # the other hand is a guess


def test_the_deal_before_the_last_is_solved_world_by_world_from_the_view_alone() -> None:
    """With at most three cards held in the deal before the last, the expert solves sampled
    worlds; the view as plain JSON gives the same choice; with four the search chooses."""
    for m in before_last_deals(2, 3):
        assert_solved_from_the_view(GAME, m)
    four = [m for m in before_last_deals(10, 4) if len(m.view(m.to_move)["state"]["hand"]) == 4]
    assert four, "no deal before the last began with a choice"
    assert_the_search_chooses(GAME, four[0])
