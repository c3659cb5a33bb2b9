"""``bench/paired.py`` compares two Buck Euchre runs on the same seed match by match: it
counts only the matches whose winner changed, and refuses runs dealt from other seeds."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import paired  # a script of bench/, found by the line above

HEAD = {"game": "buck-euchre", "mode": "matches", "requested": 4, "seed": 11}


def run(tmp: Path, name: str, winners: list[int | None], seeds: list[int]) -> Path:
    """A run's file: the first bot sits at seat 0 in even matches and seat 1 in odd ones."""
    lines = [json.dumps(HEAD | {"levels": [name, "heuristic", "heuristic", "heuristic"]})]
    for i, (winner, seed) in enumerate(zip(winners, seeds, strict=True)):
        sides = [0, 1, 2, 3] if i % 2 == 0 else [1, 0, 2, 3]
        lines.append(json.dumps({"index": i, "seed": seed, "sides": sides, "winner": winner}))
    path = tmp / f"{name}.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_only_the_matches_whose_winner_changed_count(tmp_path: Path) -> None:
    # first bot wins: base matches 0 and 1 (seat 0, then seat 1); other matches 0 and 2
    _, base = paired.first_bot_wins(run(tmp_path, "a", [0, 1, 2, None], [5, 6, 7, 8]))
    _, other = paired.first_bot_wins(run(tmp_path, "b", [0, 0, 0, 3], [5, 6, 7, 8]))
    assert [w for _, w in base.values()] == [True, True, False, False]
    assert [w for _, w in other.values()] == [True, False, True, False]
    line = paired.compare(base, other)
    assert "2 won against 2; only this one won 1, only the base 1; difference +0" in line


def test_runs_dealt_from_other_seeds_are_refused(tmp_path: Path) -> None:
    _, base = paired.first_bot_wins(run(tmp_path, "a", [0, 0], [5, 6]))
    _, other = paired.first_bot_wins(run(tmp_path, "b", [0, 0], [5, 9]))
    with pytest.raises(SystemExit, match="another seed"):
        paired.compare(base, other)
