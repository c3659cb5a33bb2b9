"""``cardtable simulate``: whole matches between random players with every invariant checked,
its summary as a table or JSON, and how far it has got while it runs; its table and a
tournament's in the person's language."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.cli.text import set_language


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


def test_the_summary_and_a_tournaments_table_in_the_persons_language() -> None:
    """Every word of the two tables is the terminal's language (``cardtable --lang``); the
    figures, the bots' names and the notation (SPRT, H1, LLR, Elo) stay as they are."""
    try:
        code, out = run_app("--lang", "tl", "simulate", "royal-casino", "--matches", "2")
        assert code == 0, out
        assert "Royal Casino: 2 pasumalang laban" in out and "sinuri sa bawat hakbang" in out
        assert re.findall(r"^laban (\d+)/2$", out, re.MULTILINE)[-1] == "2"
        assert "random matches" not in out and "checked" not in out
        code, out = run_app(
            "--lang", "pa", "tournament", "royal-casino", "--bots", "heuristic,random",
            "--deals", "60", "--seed", "4", "--workers", "1", "--sprt", "p0=0.5,p1=0.8",
        )  # fmt: skip
        assert code == 0, out
        said = " ".join(out.split())  # the caption wraps at the table's width
        assert "ਰਾਇਲ ਕੈਸੀਨੋ, 2 ਖਿਡਾਰੀ:" in said and "ਜਿੱਤਾਂ" in said and "Elo" in said
        assert "ਮੰਨੀ ਗਈ" in said and "H1" in said
        for english in ("players", "wins", "seats rotate", "accepted", "SPRT of"):
            assert english not in said, english
    finally:
        set_language("en")


def run_app(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.output
