"""Prompts and the instruction line fit an 80-column terminal in every language: each prompt
leaves at least 25 columns to type in (the Tagalog between-hands prompt took 73, so what was
typed wrapped at once), and the line under every table fits one row (the Tagalog one took two
of the 24). Measured as the terminal measures them (``text.width``: a Gurmukhi spacing vowel
sign takes a column)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtable.cli.text import LANGUAGES, set_language, t, width

COLUMNS = 80
TYPING = 25  # columns a prompt leaves for what is typed after it
#: every prompt the terminal asks at, with long enough values: a two-digit hand, a file name
PROMPTS = [
    ("term.play.prompt", {}),
    ("term.play.next_hand", {"n": 12}),
    ("term.play.confirm_quit", {}),
    ("term.play.confirm_quit_saved", {"path": "match.json"}),
    ("term.play.overwrite", {"path": "match.json"}),
    ("term.end.prompt", {}),
    ("term.replay.prompt", {}),
]
LINES = ["term.play.how"]  # printed under every table


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    set_language("en")


def test_the_measure_is_the_terminals() -> None:
    assert width("ਕੀ") == 2 and width("ਕਿੰ") == 2 and width("10♥") == 3


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("key", "params"), PROMPTS, ids=[k for k, _ in PROMPTS])
def test_a_prompt_leaves_room_to_type(lang: str, key: str, params: dict[str, object]) -> None:
    set_language(lang)
    prompt = t(key, **params)
    assert width(prompt) <= COLUMNS - TYPING, (width(prompt), prompt)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", LINES)
def test_the_instruction_line_fits_one_row(lang: str, key: str) -> None:
    set_language(lang)
    assert width(t(key)) <= COLUMNS, t(key)
