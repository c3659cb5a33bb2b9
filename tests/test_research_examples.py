"""The examples run (briefly): a random agent's match, and the policy-gradient agent's
training step and evaluation on a few hands."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

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


def test_a_stopped_comparison_continues_to_what_an_unbroken_one_plays(tmp_path: Path) -> None:
    """``ismcts_vs_search`` keeps each finished game: cut its file short (a stop part way,
    the last line half written) and the rerun plays exactly the missing games."""
    ex = load("ismcts_vs_search")

    def log(name: str) -> Any:
        plan = ex.plan_for("royal-casino", "openspiel-ismcts:4", "random", 3, 1)
        return ex.Log(tmp_path / f"{name}.jsonl", plan)

    unbroken = log("unbroken")
    ex.run([unbroken], 1)
    lines = unbroken.path.read_text().splitlines()
    assert len(lines) == 1 + 6  # the plan, then three deal pairs of two games
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join(lines[:4]) + "\n" + lines[4][:20])
    again = log("broken")
    assert sorted(again.done) == sorted(json.loads(x)["index"] for x in lines[1:4])
    assert again.summary()["done"] == 1  # one pair has both games in, the other only one
    table = ex.markdown([again, log("empty")]).splitlines()
    assert table[2].startswith("| royal-casino | `random` | 1 of 3 deal pairs | ")
    assert table[3] == "| royal-casino | `random` | 0 of 3 deal pairs | | | | | |"
    ex.run([again], 1)
    assert again.summary() == unbroken.summary()
    assert log("broken").summary() == unbroken.summary()  # as read back from the file
    rows = broken.read_text().splitlines()

    def played(line: str) -> str:
        """A game's line without the CPU time it took (a rerun takes other times)."""
        game = json.loads(line)
        game.pop("cpu_seconds", None)
        return json.dumps(game, sort_keys=True)

    again_played = sorted(played(x) for x in rows[1:4] + rows[5:])
    assert again_played == sorted(played(x) for x in lines[1:])  # the cut line is played again
    other = ex.plan_for("royal-casino", "openspiel-ismcts:4", "heuristic", 3, 1)
    with pytest.raises(SystemExit, match="holds another run"):
        ex.Log(broken, other)
