"""``cardtable tournament``: the table, the JSON, options and errors."""

from __future__ import annotations

import json
import re

import typer
from typer.testing import CliRunner

from cardtable.bots.tournament import run_tournament
from cardtable.cli.tournament import tournament
from tests.support import toygame  # noqa: F401  (registers toy-high-card)

TOY = "toy-high-card"
app = typer.Typer()


@app.callback()
def cardtable() -> None:
    """The command group, as in cardtable.cli.main."""


app.command()(tournament)
runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["tournament", *args])
    return result.exit_code, result.output


def test_table_shows_every_bot_with_rate_interval_points_and_elo() -> None:
    code, out = run(TOY, "--bots", "random,random", "--matches", "20", "--workers", "1")
    assert code == 0, out
    assert "Toy High Card, 2 players: 20 matches" in out
    for column in ("bot", "games", "wins", "rate", "95% CI", "a hand", "Elo"):
        assert column in out  # "win rate" and "points a hand" on two lines (80 columns)
    assert "random#1" in out and "random#2" in out
    header = next(line for line in out.splitlines() if "95% CI" in line)
    assert "ties" not in header  # ties happen only in deals mode
    assert "seats rotate over 2 tables per deal" in out
    # not a terminal (a log, a pipe): progress as plain lines, no bar glued to the table
    assert re.search(r"^games (\d+)/\1$", out, re.MULTILINE), out
    assert "━" not in out


def test_json_is_the_library_result() -> None:
    code, out = run(TOY, "--bots", "random, random", "--deals", "15", "--seed", "4", "--json")
    assert code == 0, out
    got = json.loads(out)
    want = run_tournament(TOY, ["random", "random"], deals=15, seed=4, workers=1).to_json()
    assert got == want
    assert got["mode"] == "deals" and got["games"] == 30
    assert got["tables"] == [["random#1", "random#2"], ["random#2", "random#1"]]
    assert set(got["bots"][0]) == {
        "name", "level", "games", "wins", "ties", "losses", "win_rate", "ci95", "hands",
        "points_per_hand", "elo",
    }  # fmt: skip


def test_json_identical_for_any_number_of_workers() -> None:
    outs = {
        run(TOY, "--bots", "random,random", "--matches", "30", "--json", "--workers", w)[1]
        for w in ("1", "2")
    }
    assert len(outs) == 1


def test_deals_table_has_ties_and_options_reach_the_game() -> None:
    code, out = run(TOY, "--bots", "random,random", "--deals", "5", "-o", "target=9", "--json")
    assert code == 0 and json.loads(out)["options"]["target"] == 9
    code, out = run(TOY, "--bots", "random,random", "--deals", "5", "--workers", "1")
    assert code == 0 and "ties" in out and "5 deals" in out


def test_rounded_up_matches_are_explained() -> None:
    code, out = run(TOY, "--bots", "random,random,random", "--matches", "4", "--workers", "1")
    assert code == 0, out
    assert "4 matches asked, 6 played to complete the rotation" in out


def test_errors_exit_2_with_a_message_and_play_nothing() -> None:
    cases = [
        ((TOY, "--bots", "random,genius"), "unknown bot level 'genius'"),
        (("chess", "--bots", "random,random"), "unknown game 'chess'"),
        ((TOY, "--bots", "random"), "at least two bots"),
        ((TOY, "--bots", "random,random", "--matches", "2", "--deals", "2"), "not both"),
        ((TOY, "--bots", "random,random", "-o", "target"), "name=value"),
        ((TOY, "--bots", "random,random", "-o", "target=0"), "at least 1"),
        ((TOY, "--bots", "random,random", "--backend", "mpi"), "unknown backend"),
    ]
    for args, message in cases:
        code, out = run(*args)
        assert code == 2, (args, out)
        assert message in out, (args, out)
    code, out = run(TOY)  # --bots is required
    assert code == 2 and "--bots" in out
