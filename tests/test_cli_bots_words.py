"""``cardtable bots`` in the person's language: each level's description is a keyed message
(``term.bots.*``; they were English in code whatever ``--lang`` said), ``search`` says it is
``search:medium``, and a wrapped description hangs under its first word instead of starting at
column 0, where it looked like another level."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from rich.console import Console
from typer.testing import CliRunner

import cardtable.cli.main
from cardtable.bots import LEVELS
from cardtable.cli.main import app
from cardtable.cli.text import set_language, t

ENGLISH = ("uniformly random", "rules of thumb", "determinized search", "playouts",
           "simulations a decision", "no installed package")  # fmt: skip


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def listed(lang: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """What ``cardtable --lang lang bots`` prints on an 80-column terminal."""
    monkeypatch.setattr(cardtable.cli.main, "console", Console(width=80, highlight=False))
    result = CliRunner().invoke(app, ["--lang", lang, "bots"], prog_name="cardtable")
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("lang", ["en", "pa", "tl"])
def test_the_levels_are_described_in_the_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = listed(lang, monkeypatch)
    flat = " ".join(out.split())
    set_language(lang)
    game = t("game.royal-casino")
    for level in LEVELS:
        note = t("term.bots." + level.replace(":", "_"), game=game)
        assert f"{level} {note}" in flat, level
    assert t("term.bots.openspiel") in flat
    said = t("term.bots.search")
    set_language("en")
    assert "search:medium" in said and said != "search:medium"
    if lang != "en":
        for words in ENGLISH:
            assert words not in out, words


@pytest.mark.parametrize("lang", ["en", "pa", "tl"])
def test_a_wrapped_description_hangs_under_its_first_word(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = listed(lang, monkeypatch).splitlines()
    names = (*LEVELS, "openspiel-ismcts:N")
    table = [line for line in lines if line.split(" ", 1)[0] in names or line.startswith(" ")]
    assert len(table) > len(names)  # some description wraps at 80 columns (expert's does)
    first = re.match(r"\S+ +", lines[0])
    assert first is not None
    start = first.end()  # where the first description starts
    for line in lines[: len(table)]:
        assert line in table, line  # no line of the list starts at column 0 but a name
        if line.startswith(" "):
            assert len(line) - len(line.lstrip(" ")) == start, line
