"""bench/behaviour.py, the fingerprint that refactors are checked against, is itself
reproducible and can fail: the same seeds give the same digests, another seed another."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import behaviour  # a script of bench/, found by the line above


def test_random_play_digests_repeat_and_depend_on_the_seed() -> None:
    for game, players in behaviour.configs():
        first = behaviour.random_play(game, players, 3, view_matches=1)
        again = behaviour.random_play(game, players, 3, view_matches=1)
        assert first.digest == again.digest, (game, players)
    other = behaviour.random_play("royal-casino", 2, 3, seed=1, view_matches=1)
    assert other.digest != behaviour.random_play("royal-casino", 2, 3, view_matches=1).digest


def test_views_count_in_the_digest() -> None:
    with_views = behaviour.random_play("buck-euchre", 4, 1)
    without = behaviour.random_play("buck-euchre", 4, 1, view_matches=0)
    assert with_views.digest != without.digest


def test_bot_digests_repeat_and_depend_on_the_seed() -> None:
    for level in behaviour.bot_levels("rummy-500", search=False):
        first = behaviour.bot_play("rummy-500", 3, level, 2)
        assert first.digest == behaviour.bot_play("rummy-500", 3, level, 2).digest, level
        assert first.digest != behaviour.bot_play("rummy-500", 3, level, 2, seed=5).digest


def test_compare_names_a_differing_row_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "before.json"
    args = ["--games", "royal-casino", "--matches", "2", "--bot-matches", "1"]
    assert behaviour.main([*args, "--json", str(saved)]) == 0
    assert behaviour.main([*args, "--compare", str(saved)]) == 0
    before = json.loads(saved.read_text())
    row = before["rows"]["royal-casino 3p heuristic"]
    row["digest"] = "0" * 64
    saved.write_text(json.dumps(before))
    capsys.readouterr()
    assert behaviour.main([*args, "--compare", str(saved)]) == 1
    assert "DIFFERS: royal-casino 3p heuristic" in capsys.readouterr().out
