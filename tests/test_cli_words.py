"""English words left in the Punjabi and Tagalog terminal: the direction of play (RC-25), the
``FILE`` of ``save FILE``, "standard error", "invariant", "entry point group", "built-in" and
"import path" are words a person reads, so they are said in the language (commands, notation
and names such as ``cardtable.bots`` or the docs' section "Write your own bot" stay)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.cli.text import catalogue, set_language

ENGLISH = re.compile(
    r"counter-clockwise|\bFILE\b|standard error|\binvariants?\b|entry point|built-in|"
    r"import path|\bengine\b"
)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    set_language("en")


@pytest.mark.parametrize("lang", ["pa", "tl"])
def test_no_english_words_of_these_kinds_in_the_terminals_messages(lang: str) -> None:
    left = {
        key: text
        for key, text in catalogue(lang).items()
        if (key.startswith("term.") or key == "rc.direction") and ENGLISH.search(text)
    }
    assert not left


@pytest.mark.parametrize(
    ("lang", "around"),
    [("tl", 'ang bahaging "Write your own bot"'), ("pa", 'ਭਾਗ "Write your own bot"')],
)
def test_the_apps_help_in_tagalog_and_punjabi(lang: str, around: str) -> None:
    env = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}
    result = CliRunner().invoke(app, ["--lang", lang, "bots", "--help"], env=env,
                                prog_name="cardtable")  # fmt: skip
    said = " ".join(result.output.split())
    assert result.exit_code == 0 and around in said, said
    assert "entry point group" not in said and "import path" not in said


def test_the_tagalog_direction_of_play_and_hint() -> None:
    tl = catalogue("tl")
    assert "(salungat sa ikot ng orasan, RC-25)" in tl["term.rc.around"]
    assert "± isang karaniwang mali" in tl["term.hint.head"]
    assert "save TALAKSAN" in tl["term.play.next_hand"] and "save TALAKSAN" in tl["term.end.prompt"]
