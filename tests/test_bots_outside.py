"""Bots written outside cardtable: by import path, and offered by an installed package through
the ``cardtable.bots`` entry point; listed by ``cardtable bots``, played in tournaments, and
offered by the card room only when its operator allows it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.bots import make_bot
from cardtable.bots.tournament import run_tournament
from cardtable.core.errors import OptionError
from cardtable.server.app import games_catalogue
from cardtable.server.seats import levels_for

PACKAGE = Path(__file__).parent / "data" / "installed_bot"
CARDTABLE = Path(sys.executable).parent / "cardtable"


@pytest.fixture
def installed_bot(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The test package installed: its directory (module and dist-info) on the path, as
    site-packages is; the room's cached levels forgotten before and after."""
    monkeypatch.syspath_prepend(str(PACKAGE))
    levels_for.cache_clear()
    yield
    levels_for.cache_clear()


def with_package() -> dict[str, str]:
    return os.environ | {"PYTHONPATH": str(PACKAGE)}


def test_cardtable_bots_lists_the_levels_and_an_installed_packages_bot() -> None:
    out = subprocess.run(
        [CARDTABLE, "bots"], env=with_package(), capture_output=True, text=True, check=True
    ).stdout
    for level in ("random", "heuristic", "search:medium", "expert", "openspiel-ismcts:N"):
        assert level in out
    assert "cautious  cautious_cardtable_bot:make (from cautious-cardtable-bot)" in out
    bare = subprocess.run([CARDTABLE, "bots"], capture_output=True, text=True, check=True)
    assert "cautious" not in bare.stdout
    assert "no installed package offers a bot" in bare.stdout


def test_an_installed_bot_plays_a_tournament_by_its_name() -> None:
    done = subprocess.run(
        [CARDTABLE, "tournament", "royal-casino", "--bots", "cautious,random",
         "--deals", "4", "--workers", "1", "--json"],
        env=with_package(), capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert '"name": "cautious"' in done.stdout and '"games": 4' in done.stdout


def test_an_installed_bot_is_made_by_name_and_plays_only_what_is_legal(installed_bot: None) -> None:
    results = run_tournament("royal-casino", ["cautious", "heuristic"], deals=3, workers=1)
    assert [b.name for b in results.bots] == ["cautious", "heuristic"]
    assert results.bots[0].games == 3
    assert type(make_bot("royal-casino", "cautious", 1)).__name__ == "CautiousBot"


def test_a_factory_by_import_path_plays_and_bad_paths_say_why(installed_bot: None) -> None:
    results = run_tournament(
        "royal-casino", ["cautious_cardtable_bot:CautiousBot", "random"], deals=2, workers=1
    )
    assert results.bots[0].name == "cautious_cardtable_bot:CautiousBot"
    with pytest.raises(OptionError, match="cannot import the bot module 'no_such_module'"):
        run_tournament("royal-casino", ["no_such_module:Bot", "random"], deals=1)
    with pytest.raises(OptionError, match="has no 'Missing'"):
        make_bot("royal-casino", "cautious_cardtable_bot:Missing")
    with pytest.raises(OptionError, match="has no choose"):
        make_bot("royal-casino", "builtins:slice")  # a callable, but what it makes is no bot
    with pytest.raises(OptionError, match="makes no bot for royal-casino: TypeError"):
        make_bot("royal-casino", "os.path:join")
    with pytest.raises(OptionError, match="unknown bot level 'nobody'"):
        make_bot("royal-casino", "nobody")


def test_the_room_offers_installed_bots_only_when_its_operator_allows(installed_bot: None) -> None:
    assert "cautious" not in levels_for("royal-casino")
    assert "cautious" in levels_for("royal-casino", installed_bots=True)
    assert "expert" in levels_for("royal-casino")
    assert "cautious" not in games_catalogue()["seat_kinds"]
    offered = games_catalogue(installed_bots=True)
    assert "cautious" in offered["seat_kinds"]
    royal = next(g for g in offered["games"] if g["id"] == "royal-casino")
    assert "cautious" in royal["bot_levels"]
