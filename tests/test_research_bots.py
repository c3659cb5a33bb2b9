"""Bots across the border: OpenSpiel's ISMCTS sits in a cardtable tournament, and our bots
play OpenSpiel games seeing exactly what ``Match.view`` shows."""

from __future__ import annotations

import random

import pyspiel
import pytest

from cardtable.bots import make_bot
from cardtable.bots.tournament import run_tournament
from cardtable.core.errors import OptionError
from cardtable.research.bots import (
    CardtableSpielBot,
    EngineRollout,
    ISMCTSBot,
    finish_action,
    full_view,
)
from cardtable.research.openspiel import register
from tests.support.research import CONFIGS, chance, first_hand_positions, openspiel_state


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_our_bots_see_in_openspiel_what_match_view_shows(game: str, players: int) -> None:
    for m in first_hand_positions(game, players, 4):
        state = openspiel_state(m)
        for seat in range(players):
            assert full_view(state, seat) == m.view(seat)


def test_openspiel_levels_are_bots() -> None:
    assert isinstance(make_bot("buck-euchre", "openspiel-ismcts:20", 1), ISMCTSBot)
    with pytest.raises(OptionError):
        make_bot("buck-euchre", "openspiel-ismcts:many", 1)


def test_ismcts_sits_in_a_tournament() -> None:
    r = run_tournament("buck-euchre", ["openspiel-ismcts:10", "random"], deals=2, workers=1)
    assert [b.games for b in r.bots] == [2, 2]


def test_our_heuristic_plays_an_openspiel_game_against_ismcts() -> None:
    register()
    game = pyspiel.load_game("cardtable_royal_casino", {"players": 2})
    ours = CardtableSpielBot("royal-casino", "heuristic", 0, seed=1)
    theirs = ISMCTSBot("royal-casino", 10, seed=2)
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            chance(state, rng)
        elif state.current_player() == 0:
            state.apply_action(ours.step(state))
        else:
            view = full_view(state, 1)
            legal = state.rules.legal_actions(state.hand)
            action = theirs.choose(view, legal)
            for token in state.shared.codec.tokens(action, view["state"]):
                state.apply_action(token)
    assert sum(state.returns()) == 0


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_engine_rollouts_finish_the_chosen_action_and_sum_to_zero(game: str, players: int) -> None:
    """ISMCTS's rollouts run on the engine: from a half-chosen action they finish an action
    those tokens begin, and a finished hand's returns sum to zero (C-4 settlement)."""
    rng = random.Random(5)
    rollout = EngineRollout(random.Random(6))
    half_chosen = 0
    for m in first_hand_positions(game, players, 12):
        state = openspiel_state(m)
        first = state.legal_actions()
        state.apply_action(rng.choice(first))
        if state.pending is not None and state.pending.prefix:
            half_chosen += 1
            prefix = state.pending.prefix
            for _ in range(5):
                action = finish_action(state, rng)
                assert action is not None
                seat = state.current_player()
                tokens = state.shared.codec.tokens(action, state.rules.view(state.hand, seat))
                assert tuple(tokens[: len(prefix)]) == prefix
        returns = rollout.evaluate(state)
        assert returns.shape == (players,)
        assert abs(float(returns.sum())) < 1e-9
    assert finish_action(openspiel_state(m), rng) is None  # nothing chosen yet
    # every Buck Euchre action is one token; the other games' captures, builds, melds and
    # lay-offs take several, and some of these positions stopped half way through one
    assert (half_chosen == 0) == (game == "buck-euchre")


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_a_seeded_ismcts_bot_chooses_alike_every_time(game: str, players: int) -> None:
    """Its worlds come from its own seeded dice, not OpenSpiel's unseeded sampler, so a
    tournament replays (and a stopped comparison continues) exactly."""
    for m in first_hand_positions(game, players, 3, seed=7):
        view, legal = m.view(m.to_move), m.legal_actions()
        chosen = {str(ISMCTSBot(game, 12, seed=4).choose(view, legal)) for _ in range(3)}
        assert len(chosen) == 1
