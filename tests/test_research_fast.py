"""The rummies' fast observation tensor (``rummy_tensor``, read from the engine's state) is
byte-identical to ``view_tensor`` of the seat's view, for every seat of random positions of
whole matches, in both rummies, every player count and the options that change the tensor;
and the environment's observations and action tokens are what the views give."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from cardtable import Match
from cardtable.research import pettingzoo as pz_env
from cardtable.research.actions import Pending
from cardtable.research.observations import view_tensor
from cardtable.research.rummy_tensor import rummy_tensor
from cardtable.research.table import observation

CASES = [
    *(("rummy-500", n, {}) for n in range(2, 9)),
    ("rummy-500", 2, {"decks": 2, "jokers": 0, "target": 200, "floating": True}),
    ("rummy-500", 3, {"jokers": 1, "hand_size": 10, "dead_last_discard": True}),
    ("queen-city-rum", 2, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_the_fast_rummy_tensor_is_the_view_s_tensor(
    game: str, players: int, options: dict[str, Any]
) -> None:
    rng = random.Random(players)
    compared = 0
    for seed in range(40):
        m = Match(game, players=players, seed=seed, **options)
        for _ in range(rng.randrange(20, 400)):  # some positions deep into the match
            if m.is_over:
                break
            m.play(rng.choice(m.legal_actions()))
        for _ in range(25):
            for seat in range(m.players):
                fast = rummy_tensor(m.rules, m.state, seat, m.scores, tail=3)
                slow = view_tensor(dict(m.view(seat)))
                assert fast[:-3].tobytes() == slow.tobytes()
                assert not fast[-3:].any()
                compared += 1
            if m.is_over:
                break
            m.play(rng.choice(m.legal_actions()))
    assert compared >= 1000


@pytest.mark.parametrize(("game", "players"), [("rummy-500", 2), ("rummy-500", 5)])
def test_the_environment_s_observations_are_the_views_tensors_over_whole_matches(
    game: str, players: int
) -> None:
    e = pz_env.env(game, players, hands=2)  # a hand's end and the next hand's start
    rng = random.Random(11)
    for seed in range(3):
        e.reset(seed=seed)
        while not e.terminations[e.agent_selection]:
            agent = e.agent_selection
            m, codec = e.table.match, e.table.codec
            slow = Pending(codec, m.legal_actions(), m.view(e.seats[agent])["state"])
            assert e.table.pending is not None and e.table.pending.options == slow.options
            for other, seat in e.seats.items():
                mine = e.table.pending if other == agent else None
                got = e.observe(other)["observation"]
                assert got.tobytes() == observation(dict(m.view(seat)), mine, codec).tobytes()
            e.step(int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))
