"""The sequential test of a tournament's first bot (``--sprt``): Wald's bounds and ratio by
hand, its error rates on synthetic streams of wins and losses, and a tournament that stops as
soon as the test decides."""

from __future__ import annotations

import math
import random

import pytest
import typer
from typer.testing import CliRunner

from cardtable.bots.stats import Sprt, parse_sprt
from cardtable.bots.tournament import first_bot_record, plan_tournament, run_tournament
from cardtable.cli.tournament import tournament


def test_bounds_and_ratio_by_hand() -> None:
    test = Sprt(0.5, 0.6, alpha=0.05, beta=0.1)
    assert test.bounds == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))
    # 7 wins, 3 losses: 7 ln(0.6/0.5) + 3 ln(0.4/0.5)
    assert test.llr(7, 3) == pytest.approx(7 * math.log(1.2) + 3 * math.log(0.8))
    assert test.decide(7, 3) is None
    assert test.decide(60, 30) == "H1"  # 60 ln 1.2 + 30 ln 0.8 = 4.24 > ln 18 = 2.89
    assert test.decide(30, 40) == "H0"  # 30 ln 1.2 + 40 ln 0.8 = -3.46 < ln(0.1/0.95) = -2.25


def test_elo_hypotheses_are_the_expected_scores() -> None:
    test = Sprt.from_elo(0, 35)
    assert test.p0 == 0.5
    assert test.p1 == pytest.approx(1 / (1 + 10 ** (-35 / 400)))
    assert test.elo == (0, 35)


def run_stream(test: Sprt, p: float, rng: random.Random, cap: int = 20_000) -> str | None:
    """Feed the test wins (chance ``p``) and losses one at a time until it decides."""
    wins = losses = 0
    for _ in range(cap):
        if rng.random() < p:
            wins += 1
        else:
            losses += 1
        verdict = test.decide(wins, losses)
        if verdict is not None:
            return verdict
    return None


@pytest.mark.parametrize(("truth", "wrong", "rate"), [(0.5, "H1", "alpha"), (0.6, "H0", "beta")])
def test_error_rates_on_synthetic_streams(truth: float, wrong: str, rate: str) -> None:
    """Streams drawn under H0 accept H1 about alpha of the time at most, and under H1 accept
    H0 about beta of the time at most (Wald's bounds are conservative); every stream stops."""
    test = Sprt(0.5, 0.6, alpha=0.1, beta=0.1)
    rng = random.Random(36)
    verdicts = [run_stream(test, truth, rng) for _ in range(400)]
    assert None not in verdicts
    errors = verdicts.count(wrong) / len(verdicts)
    # 400 runs: a true rate of 0.1 gives above 0.14 with chance under 1%.
    assert errors < 0.14, (rate, errors)
    assert errors > 0.01  # the streams are random: some do mislead the test


def test_a_stronger_effect_decides_sooner() -> None:
    test = Sprt(0.5, 0.6)
    rng = random.Random(7)

    def length(p: float) -> int:
        wins = losses = 0
        while test.decide(wins, losses) is None:
            wins, losses = (wins + 1, losses) if rng.random() < p else (wins, losses + 1)
        return wins + losses

    strong = sum(length(0.8) for _ in range(50))
    near = sum(length(0.6) for _ in range(50))
    assert strong * 3 < near


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("elo0=0,elo1=35", Sprt.from_elo(0, 35)),
        ("p0=0.5, p1=0.55, alpha=0.01, beta=0.2", Sprt(0.5, 0.55, 0.01, 0.2)),
        ("P0=0.25,P1=0.35", Sprt(0.25, 0.35)),
    ],
)
def test_parse(text: str, want: Sprt) -> None:
    assert parse_sprt(text) == want


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("elo0=0", "either elo0 and elo1"),
        ("elo0=0,p1=0.6", "either elo0 and elo1"),
        ("p0=0.5,p1=0.5", "two different win rates"),
        ("p0=0.5,p1=x", "p1 must be a number"),
        ("p0=0.5,p1=0.6,alpha=0.7", "alpha and beta"),
        ("margin=3", "elo0=A,elo1=B"),
    ],
)
def test_parse_refuses_with_why(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_sprt(text)


def test_a_tournament_stops_as_soon_as_the_test_decides() -> None:
    test = Sprt(0.5, 0.8)
    r = run_tournament("royal-casino", ["heuristic", "random"], deals=60, seed=4, workers=1,
                       sprt=test)  # fmt: skip
    assert r.sprt is not None and r.sprt.verdict == "H1"
    pairs = len(r.games) // 2
    assert pairs < 60 and len(r.games) % 2 == 0  # stopped early, on whole deal pairs
    wins, losses = r.sprt.wins, r.sprt.losses
    assert (wins, losses) == (r.bots[0].wins, r.bots[0].losses)
    assert test.decide(wins, losses) == "H1"
    # One pair less and it had not decided: it stopped at the first pair that decided.
    plan = plan_tournament("royal-casino", ["heuristic", "random"], deals=60, seed=4)
    assert test.decide(*first_bot_record(plan, r.games[:-2])) is None
    assert r.to_json()["sprt"]["verdict"] == "H1"


def test_an_undecided_test_plays_every_game_asked() -> None:
    r = run_tournament("royal-casino", ["heuristic", "random"], deals=2, seed=4, workers=1,
                       sprt=Sprt(0.5, 0.55))  # fmt: skip
    assert r.sprt is not None and r.sprt.verdict is None
    assert len(r.games) == 4


def test_the_first_bot_of_buck_euchre_one_against_three() -> None:
    """Matches mode with four sides: a match is a win for the first bot or a loss."""
    plan = plan_tournament("buck-euchre", ["heuristic", "random", "random", "random"],
                           matches=4, seed=1)  # fmt: skip
    r = run_tournament("buck-euchre", ["heuristic", "random", "random", "random"], matches=4,
                       seed=1, workers=1, sprt=Sprt(0.25, 0.9))  # fmt: skip
    wins, losses = first_bot_record(plan, r.games)
    assert wins + losses == len(r.games)  # every match has one winner
    assert wins == sum(1 for g in r.games if g.winner is not None and g.sides[g.winner] == 0)


app = typer.Typer()


@app.callback()
def cardtable() -> None:
    """The command group, as in cardtable.cli.main."""


app.command()(tournament)


def test_the_command_prints_where_the_test_stopped() -> None:
    runner = CliRunner()
    args = ["tournament", "royal-casino", "--bots", "heuristic,random", "--deals", "60",
            "--seed", "4", "--workers", "1"]  # fmt: skip
    out = runner.invoke(app, [*args, "--sprt", "p0=0.5,p1=0.8"], env={"COLUMNS": "200"}).output
    out = " ".join(out.split())  # the caption wraps at the table's width
    assert "SPRT of the first bot (p0 50.0%, p1 80.0%, alpha 0.05, beta 0.05): H1 accepted" in out
    bad = runner.invoke(app, [*args, "--sprt", "elo0=0"])
    assert bad.exit_code == 2 and "elo0 and elo1" in bad.output
