"""No observation tensor or information state depends on a card hidden from its player: the
hidden cards rearranged (``rearranged``, as in the bots' fairness tests), they are
byte-identical, in all four games, and so is the rummies' tensor read from the engine's state
(``rummy_tensor``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardtable.research.observations import view_tensor
from cardtable.research.rummy_tensor import GAMES, rummy_tensor
from tests.support.bots import rearranged
from tests.support.research import CONFIGS, first_hand_positions, openspiel_state


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_rearranged_hidden_cards_leave_every_observation_byte_identical(
    game: str, players: int
) -> None:
    rng = random.Random(9)
    compared = 0
    for m in first_hand_positions(game, players, 10):
        ours = openspiel_state(m)
        for seat in range(m.players):
            other = None
            for _ in range(20):
                other = rearranged(m, seat, rng)
                if other is not None and other.state != m.state:
                    break
                other = None
            if other is None:
                continue
            theirs = openspiel_state(other)
            assert str(theirs) != str(ours)  # the hidden cards did move
            ours_now, theirs_now = dict(m.view(seat)), dict(other.view(seat))
            assert view_tensor(theirs_now).tobytes() == view_tensor(ours_now).tobytes()
            if game in GAMES:  # the environments' tensor, read from the engine's state
                fast = rummy_tensor(m.rules, m.state, seat, m.scores)
                assert rummy_tensor(other.rules, other.state, seat, other.scores).tobytes() == (
                    fast.tobytes()
                )
            for read in ("information_state", "observation"):
                a = getattr(ours, f"{read}_string")(seat)
                b = getattr(theirs, f"{read}_string")(seat)
                assert a == b
                ta = np.asarray(getattr(ours, f"{read}_tensor")(seat), np.float32).tobytes()
                tb = np.asarray(getattr(theirs, f"{read}_tensor")(seat), np.float32).tobytes()
                assert ta == tb
            compared += 1
    assert compared >= 10
