"""``cardtable simulate``: whole matches between random players with every invariant checked,
its summary as a table or JSON, and how far it has got while it runs."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from cardtable.cli.main import app


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["simulate", *args])
    return result.exit_code, result.output


def test_json_summary_of_random_matches_with_invariants_checked() -> None:
    code, out = run("royal-casino", "--matches", "3", "--seed", "5", "--json")
    assert code == 0, out
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["game"] == "royal-casino" and summary["matches"] == 3
    assert summary["invariants_checked"] is True
    assert sum(summary["wins_per_side"].values()) == 3
    assert summary["hands"] >= 3


def test_the_table_and_progress_as_lines_when_not_a_terminal() -> None:
    code, out = run("queen-city-rum", "--matches", "4", "--no-check")
    assert code == 0, out
    assert re.findall(r"^matches (\d+)/4$", out, re.MULTILINE)[-1] == "4"
    assert "Queen City Rum: 4 random matches" in out and "not checked" in out
    assert not re.search(r"^matches .*━", out, re.MULTILINE)  # no bar's last frame in a file
