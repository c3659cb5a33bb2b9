"""``bench/match_ends.py`` tells how Buck Euchre matches ended for the first bot: a winner
whose score is still above 0 won by a sweep (BE-12, BE-13), and a 5 is a set (BE-11)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import match_ends  # a script of bench/, found by the line above


def test_each_match_end_is_told_apart(tmp_path: Path) -> None:
    head = {"game": "buck-euchre", "mode": "matches", "levels": ["a", "b", "b", "b"]}
    matches = [
        # the first bot (seat 0) sweeps in the second hand while at 21: won by its sweep
        ([0, 1, 2, 3], [[-4, 0, 5, 0], [-5, 5, 0, 0]], 0),
        # the first bot sits at seat 1; seat 2 reaches 0 over five hands
        ([1, 0, 2, 3], [[0, 0, -5, 0]] * 5, 2),
        # seat 3 sweeps while the first bot (seat 0) is set in that hand
        ([0, 1, 2, 3], [[5, 0, 0, -5]], 3),
        # seat 3 sweeps with the first bot (seat 2) out of the hand
        ([2, 1, 0, 3], [[0, 5, 0, -5]], 3),
    ]
    lines = [json.dumps(head)]
    for i, (sides, points, winner) in enumerate(matches):
        lines.append(json.dumps({"index": i, "sides": sides, "points": points, "winner": winner}))
    path = tmp_path / "run.jsonl"
    path.write_text("\n".join(lines) + "\n")
    got = match_ends.ends(path)
    assert got["matches"] == 4
    assert got["won by its sweep"] == 1
    assert got["lost: another reached 0"] == 1
    assert got["lost: another's sweep, it set"] == 1
    assert got["lost: another's sweep"] == 1
    assert "won reaching 0" not in got
    # 9 hands: the first bot's points -4, -5, 0 x5, +5, 0 = -4; set once
    assert got["points a hand"] == round(-4 / 9, 3)
    assert got["set, share of hands"] == round(1 / 9, 3)
    # out of 6 hands (the five of match 2, the one of match 4), another's sweep ended 1;
    # in 3 (both of match 1, where the sweep is its own, and match 3's), another's ended 1
    assert got["out of the hand, share of hands"] == round(6 / 9, 3)
    assert got["another's sweep, share of the hands it was out of"] == round(1 / 6, 3)
    assert got["another's sweep, share of the hands it was in"] == round(1 / 3, 3)
