"""Bounded option ranges for every game: each option is declared with its allowed values (a
list, or whole numbers from ``low`` to ``high``), so the library, the card room's API and the
lobby (whose number inputs take ``min``/``max`` from the API) refuse the same values with the
same message. A target of 10^18 was a match that never ends. See docs/security.md."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.core.errors import OptionError
from cardtable.core.game import OptionSpec
from cardtable.core.match import Match
from cardtable.core.registry import game_ids, rules_class

from .test_server_helpers import make_app

GAMES = ["royal-casino", "buck-euchre", "rummy-500", "queen-city-rum"]


def number_options(game: str) -> list[OptionSpec]:
    return [s for s in rules_class(game).option_specs if s.choices is None and s.low is not None]


def test_bounded_option_ranges_for_every_game() -> None:
    assert set(GAMES) <= set(game_ids())
    for game in game_ids():
        for spec in rules_class(game).option_specs:
            if isinstance(spec.default, bool) or spec.choices is not None:
                continue
            assert isinstance(spec.default, int), (game, spec.name)
            assert spec.low is not None and spec.high is not None, (game, spec.name)
            assert spec.low <= spec.default <= spec.high, (game, spec.name)


@pytest.mark.parametrize(("game", "high"), [("rummy-500", 5000), ("queen-city-rum", 1000)])
def test_rummy_targets_are_bounded(game: str, high: int) -> None:
    assert Match(game, target=high).rules.options["target"] == high
    for value in (high + 1, 10**18):
        with pytest.raises(OptionError, match=f"option target must be at most {high}, not"):
            Match(game, target=value)


def test_an_option_declared_without_bounds_is_refused() -> None:
    with pytest.raises(TypeError, match="needs choices, or low and high bounds"):
        OptionSpec("target", 500, "points that end the game", low=1)
    with pytest.raises(TypeError, match="needs choices, or low and high bounds"):
        OptionSpec("name", "x", "free text")
    with pytest.raises(OptionError, match="at most 10"):
        OptionSpec("target", 500, "a default outside its own range", low=1, high=10)


def test_library_api_and_lobby_refuse_the_same_values(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        catalogue = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        for game in GAMES:
            sent = {o["name"]: o for o in catalogue[game]["options"]}
            for spec in number_options(game):
                # what the lobby's number input gets as its min and max
                assert (sent[spec.name]["low"], sent[spec.name]["high"]) == (spec.low, spec.high)
                assert spec.low is not None and spec.high is not None
                for value in (spec.low - 1, spec.high + 1, 10**18):
                    with pytest.raises(OptionError) as refused:
                        Match(game, **{spec.name: value})
                    r = client.post(
                        "/api/tables", json={"game": game, "options": {spec.name: value}}
                    )
                    assert r.status_code == 400 and str(refused.value) in r.text, (game, r.text)
        assert client.get("/api/tables").json()["tables"] == []  # nothing was created
