"""The examples run (briefly): a random agent's match, and the policy-gradient agent's
training step and evaluation on a few hands."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_agent_plays_a_match() -> None:
    totals = load("random_agent").play("queen-city-rum", None, 3)
    assert set(totals) == {"player_0", "player_1"}
    assert max(totals.values()) >= 101  # QC-9: someone reached the target


def test_policy_gradient_trains_and_evaluates() -> None:
    pg = load("pg_queen_city_rum")
    w = pg.train(20, seed=2, rate=0.01)
    assert w.shape == (pg.FEATURES,) and np.any(w != 0)  # the discards moved the weights
    wins, decided, _ = pg.evaluate(w, 5, seed=3)
    assert 0 <= wins <= decided <= 5
