"""The research environments pass their libraries' own checks: PettingZoo's ``api_test`` for
every game and player count, Gymnasium's ``check_env``; and the action encodings reach every
legal action and nothing else."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from cardtable import Match
from cardtable.research import gymnasium as gym_env
from cardtable.research import pettingzoo as pz_env
from cardtable.research.actions import Pending, codec_for
from cardtable.research.observations import layout, view_tensor
from cardtable.research.table import observation
from tests.support.research import CONFIGS


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_pettingzoo_api_test(game: str, players: int) -> None:
    api_test(pz_env.env(game, players), num_cycles=400)


@pytest.mark.parametrize("game", ["royal-casino", "buck-euchre", "rummy-500", "queen-city-rum"])
def test_gymnasium_check_env(game: str) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*infinity.*")  # the Box bounds are open
        check_env(gym_env.env(game, opponents="random"), skip_render_check=False)


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_every_legal_action_has_its_own_tokens_and_the_masks_reach_only_them(
    game: str, players: int
) -> None:
    """In random first hands: tokens are unique per legal action, and walking the masks at
    random ends in a legal action every time, and eventually in each of them."""
    rng = random.Random(4)
    checked = 0
    for seed in range(3):
        m = Match(game, players=players, seed=seed)
        codec = codec_for(m.rules)
        while m.hand_number == 1 and not m.is_over:
            view = m.view(m.to_move)
            legal = m.legal_actions()
            pending = Pending(codec, legal, view["state"])
            assert set(pending.options.values()) == set(legal)
            for seq in pending.options:
                assert all(0 <= t < codec.num_actions for t in seq)
                assert not any(o[: len(seq)] == seq for o in pending.options if o != seq)
            walk = Pending(codec, legal, view["state"])
            done = None
            while done is None:
                mask = walk.mask()
                assert mask.sum() > 0
                done = walk.push(int(rng.choice(np.flatnonzero(mask))))
            assert done in legal
            m.play(done)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_the_tensor_holds_the_seat_s_hand_and_scores(game: str, players: int) -> None:
    """The planes say what the view says: the hand plane is the hand, seat-relative scores."""
    m = Match(game, players=players, seed=2)
    rng = random.Random(1)
    while m.hand_number == 1:
        m.play(rng.choice(m.legal_actions()))
    seat = m.to_move
    assert seat is not None
    view: dict[str, Any] = dict(m.view(seat))  # the research modules take views as plain dicts
    x = view_tensor(view)
    lay = layout(game, players)
    assert x.shape == (lay.size,)
    hand = x[lay.offset("hand") : lay.offset("hand") + 53]
    from cardtable.research.observations import COLUMN

    expect = np.zeros(53)
    for name in view["state"]["hand"]:
        expect[COLUMN[name]] += 1
    assert np.array_equal(hand, expect)
    block = next(name for name, _, _ in lay.rows() if name.startswith("scores"))
    first = x[lay.offset(block)]
    side = m.rules.side_of(seat)
    assert first != 0 or m.scores[side] == 0
    assert np.sign(first) == np.sign(m.scores[side])


def test_rewards_follow_the_scores() -> None:
    """Per-hand rewards add up to each side's score change, signed for count-down games."""
    for game, players in [("buck-euchre", 4), ("queen-city-rum", 2)]:
        e = pz_env.env(game, players)
        e.reset(seed=5)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        rng = random.Random(2)
        for agent in e.agent_iter(5000):
            obs, reward, term, trunc, _ = e.last()
            totals[agent] += reward
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        m = e.table.match
        assert m.is_over
        rules = m.rules
        start = rules.initial_scores()
        for seat, agent in enumerate(e.possible_agents):
            side = rules.side_of(seat)
            assert totals[agent] == rules.score_direction * (m.scores[side] - start[side])


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_environment_observations_are_the_tensors_of_match_views(game: str, players: int) -> None:
    """The environment's shortcut (``seat_view``) gives exactly the tensor of
    ``Match.view(seat)``, for the agent to move (with its chosen tokens) and the others."""
    e = pz_env.env(game, players)
    e.reset(seed=3)
    rng = random.Random(5)
    codec = e.table.codec
    for _ in range(150):
        agent = e.agent_selection
        if e.terminations[agent]:
            break
        m = e.table.match
        for other, seat in e.seats.items():
            mine = e.table.pending if other == agent else None
            expect = observation(dict(m.view(seat)), mine, codec)
            assert np.array_equal(e.observe(other)["observation"], expect)
        e.step(int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))


def test_the_core_library_does_not_import_the_research_extra() -> None:
    """numpy, PettingZoo, Gymnasium and OpenSpiel load only with ``cardtable.research``."""
    code = (
        "import sys, cardtable, cardtable.bots.tournament, cardtable.cli.main, cardtable.server\n"
        "cardtable.bots.make_bot('buck-euchre', 'search:easy', 1)\n"
        "extra = ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel')\n"
        "print(sorted(m for m in extra if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_ansi_render_draws_the_agent_s_view() -> None:
    e = pz_env.env("royal-casino", 2, render_mode="ansi")
    e.reset(seed=4)
    seat = e.seats[e.agent_selection]
    text = e.render()
    assert text is not None
    hand = e.table.match.view(seat)["state"]["hand"]
    assert all(card in text for card in hand)
