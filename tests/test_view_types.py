"""The view and options types catch a wrong key: mypy, run on ``tests/typing_checks`` with
the project's settings, reports every marked line and nothing else. And each game's options
type says what its ``option_specs`` say: the same names, each typed as its default."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
from mypy import api

from cardtable.core.match import Match
from cardtable.core.registry import rules_class
from cardtable.games.buck_euchre import BuckEuchreOptions
from cardtable.games.royal_casino.views import RoyalCasinoOptions
from cardtable.games.rummy.views import RummyOptions

ROOT = Path(__file__).resolve().parent.parent
WRONG = ROOT / "tests" / "typing_checks" / "wrong_keys.py"
OPTIONS: dict[str, type] = {
    "royal-casino": RoyalCasinoOptions,
    "buck-euchre": BuckEuchreOptions,
    "rummy-500": RummyOptions,
    "queen-city-rum": RummyOptions,
}


def expected_errors(path: Path) -> dict[int, str]:
    """Line number -> the error text its ``# expect:`` comment (the line above) names."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {
        n + 2: m.group(1).strip()
        for n, line in enumerate(lines)
        if (m := re.match(r"\s*# expect: (.*)", line))
    }


def test_mypy_reports_each_wrong_key_and_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # where mypy finds cardtable and its cache, from any folder
    out, err, status = api.run(
        [str(WRONG), "--config-file", str(ROOT / "pyproject.toml"), "--no-error-summary"]
    )
    assert status == 1, err or out
    found: dict[int, str] = {}
    for line in out.splitlines():
        m = re.match(r"(.+?):(\d+): error: (.*)", line)
        if m and Path(m.group(1)).resolve() == WRONG:
            found[int(m.group(2))] = m.group(3)
        else:
            assert ": note: " in line, line  # an error elsewhere, or mypy's own
    expected = expected_errors(WRONG)
    assert len(expected) >= 10 and sorted(found) == sorted(expected), out
    for number, text in expected.items():
        assert text in found[number], (number, found[number])


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_the_options_type_names_every_option_with_its_defaults_type(game: str) -> None:
    rules = rules_class(game).create()
    hints = typing.get_type_hints(OPTIONS[game])
    for spec in rules.option_specs:
        assert hints[spec.name] is type(spec.default), spec.name
    assert rules.typed_options(OPTIONS[game]) is rules.options  # the same dict, typed
    if game != "queen-city-rum":  # Queen City Rum has only one of rummy's options
        assert set(hints) == {spec.name for spec in rules.option_specs}


def test_typed_options_refuses_a_type_without_the_games_options() -> None:
    rules = rules_class("rummy-500").create()
    with pytest.raises(TypeError, match="has no option"):
        rules.typed_options(BuckEuchreOptions)


def test_views_are_plain_dicts_at_run_time() -> None:
    """The types change nothing a client or a record sees: a view is still a dict."""
    for game in OPTIONS:
        view = Match(game, seed=1).view(0)
        assert type(view) is dict and type(view["state"]) is dict
