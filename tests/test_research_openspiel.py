"""The OpenSpiel games: random playouts in which ``resample_from_infostate`` keeps the
information state and the legal actions at every decision; OpenSpiel's ISMCTS plays them."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts

from cardtable.research.openspiel import register
from tests.support.research import chance

GAMES = [
    ("cardtable_royal_casino", {"players": 2}),
    ("cardtable_royal_casino", {"players": 4}),
    ("cardtable_buck_euchre", {}),
    ("cardtable_rummy_500", {"players": 2}),
    ("cardtable_rummy_500", {"players": 4}),
    ("cardtable_queen_city_rum", {}),
]


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_random_playouts_resample_keeps_the_information_state(
    name: str, params: dict[str, int]
) -> None:
    assert name in register()
    game = pyspiel.load_game(name, params)
    rng = random.Random(7)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = decisions = 0
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                assert abs(sum(probs) - 1.0) < 1e-9
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            p = state.current_player()
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert np.array_equal(
                other.information_state_tensor(p), state.information_state_tensor(p)
            )
            assert other.observation_string(p) == state.observation_string(p)
            assert other.legal_actions() == state.legal_actions()
            changed += str(other) != str(state)
            decisions += 1
            state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        assert abs(sum(returns)) < 1e-9
    assert decisions > 20
    assert changed > decisions // 2  # the hidden cards really were dealt anew


def test_ismcts_plays_a_hand() -> None:
    register()
    game = pyspiel.load_game("cardtable_queen_city_rum")
    bot = ismcts.ISMCTSBot(game, ismcts_evaluator(), 2.0, 20, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            chance(state, rng)
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.is_terminal()


def ismcts_evaluator() -> object:
    from open_spiel.python.algorithms import mcts

    return mcts.RandomRolloutEvaluator(1, np.random.RandomState(2))
