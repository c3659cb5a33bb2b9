"""The research environments as off-the-shelf RL code expects them: Gymnasium ids registered
on import, bounded observation spaces that hold every observation, a PettingZoo name per game,
the legal actions named in ``info``, the flat actions (one id per legal action, with a mask)
passing Gymnasium's and PettingZoo's own checkers, and OpenSpiel utility bounds from the
options that hold every return."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import cardtable.research
from cardtable.core.match import Match
from cardtable.research import openspiel, pettingzoo
from cardtable.research.table import FLAT_EXTRA, FlatTable

GAMES = ["royal-casino", "buck-euchre", "rummy-500", "queen-city-rum"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("actions", ["tokens", "flat"])
def test_gymnasium_make_passes_gymnasium_s_checker(game: str, actions: str) -> None:
    name = cardtable.research.GYMNASIUM_IDS[game]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning either (open bounds used to warn)
        e = gymnasium.make(name, opponents="random", actions=actions)
        check_env(e.unwrapped, skip_render_check=True)
    assert e.spec is not None and e.spec.id == name


@pytest.mark.parametrize("game", GAMES)
def test_the_flat_environment_passes_pettingzoo_s_api_test(game: str) -> None:
    e = pettingzoo.env(game, actions="flat")
    api_test(e, num_cycles=300)
    assert e.metadata["name"] == pettingzoo.NAMES[game] + "_flat"


def test_each_game_has_its_own_pettingzoo_name() -> None:
    names = {pettingzoo.env(g).metadata["name"] for g in GAMES}
    assert names == set(pettingzoo.NAMES.values()) and len(names) == 4


@pytest.mark.parametrize(("game", "players"), [(g, None) for g in GAMES] + [("rummy-500", 6)])
@pytest.mark.parametrize("actions", ["tokens", "flat"])
def test_observations_lie_in_their_bounded_space_and_info_names_the_legal_actions(
    game: str, players: int | None, actions: str
) -> None:
    """Random play over whole hands: every observation is in the (finite) space; the mover's
    ``info`` lists the legal actions in notation and names every id its mask offers; a flat
    id plays the action it names."""
    e = pettingzoo.env(game, players, actions=actions, hands=2)
    space = e.observation_spaces["player_0"]["observation"]
    assert isinstance(space, gymnasium.spaces.Box)
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all()
    rng = np.random.default_rng(2)
    e.reset(seed=5)
    for _ in range(400):
        agent = e.agent_selection
        obs, _, done, _, info = e.last()
        if done:
            break
        assert e.observation_space(agent).contains(obs)
        m = e.table.match
        assert info["legal_actions"] == sorted(str(a) for a in m.legal_actions())
        offered = np.flatnonzero(obs["action_mask"])
        assert sorted(info["action_names"]) == list(offered)
        pick = int(rng.choice(offered))
        before = len(m.hands[-1].actions)
        e.step(pick)
        if actions == "flat" and m.hands and len(m.hands) == e.table.match.hand_number:
            played = m.hands[-1].actions[before:]
            assert not played or played[0] == info["action_names"][pick]


def test_flat_ids_below_the_tokens_keep_their_meaning() -> None:
    """A one-token action's flat id is its token, whatever else is legal: Buck Euchre's
    ``play Ah`` has one id in every position."""
    table = FlatTable("buck-euchre", None, {})
    names = table.codec.names
    rng = random.Random(1)
    seen = 0
    for seed in range(3):
        table.reset(seed)
        while not table.over:
            for i, a in table.ids().items():
                assert i < table.codec.num_actions and names[i] == str(a)
                seen += 1
            table.play(rng.choice(table.match.legal_actions()))
    assert seen > 100


def test_flat_ids_have_room_for_every_multi_token_action_seen() -> None:
    """The most legal actions of several tokens in one position of random Royal Casino and
    Rummy 500 play stays below ``FLAT_EXTRA``, so no legal action is left out of the mask."""
    most = 0
    rng = random.Random(3)
    for game in ("royal-casino", "rummy-500"):
        table = FlatTable(game, None, {}, hands=1)
        for seed in range(4):
            table.reset(seed)
            while not table.over:
                assert table.pending is not None
                most = max(most, sum(len(s) > 1 for s in table.pending.options))
                assert len(table.ids()) == len(table.pending.options)
                table.play(rng.choice(table.match.legal_actions()))
    assert 0 < most < FLAT_EXTRA


@pytest.mark.parametrize(("game", "players"), [(g, None) for g in GAMES] + [("royal-casino", 3)])
def test_openspiel_utility_bounds_hold_every_random_hand_and_are_tight(
    game: str, players: int | None
) -> None:
    rules = Match(game, players=players, seed=0).rules
    low, high = openspiel.utility_bounds(rules)
    rng = random.Random(7)
    for seed in range(20):
        m = Match(game, players=players, seed=seed)
        while m.hand_number == 1 and not m.is_over:
            m.play(rng.choice(m.legal_actions()))
        for r in openspiel.hand_returns(m.rules, m.hands[0].final):
            assert low <= r <= high
    if game == "buck-euchre":
        assert (low, high) == (-(5 + 5 / 3), 10.0)  # was ±480 (20 points a card)
    assert high - low < 40 * len(rules.deck())
