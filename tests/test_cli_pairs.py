"""A label is not split from its value at the end of an 80-column line: a place around the
table and its seat ("across:" / "Seat 2 (4 cards)", RC-25) and a scoring item and its points
("Little Casino (2♠)" / "1", RC-20) are joined by no-break spaces (U+00A0), which the
terminal's wrapping keeps together (``text.py``), so the line wraps before the label."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from cardtable.bots import RandomBot
from cardtable.cli import results
from cardtable.cli.render import PLACES, Look, table
from cardtable.cli.text import NBSP, set_language, t
from cardtable.core.match import Match

RC_ITEMS = {"cards": 3, "spades": 1, "little casino": 1, "big casino": 2}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    set_language("en")


def drawn(renderable: object, width: int = 80) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, highlight=False, markup=False).print(renderable)
    return [line.replace(NBSP, " ").rstrip() for line in out.getvalue().splitlines()]


def matches(players: int) -> Iterator[Match]:
    """Random Royal Casino matches, at every move."""
    for seed in range(2):
        m = Match("royal-casino", players=players, seed=seed, target=11)
        bots = [RandomBot(seed * 10 + s) for s in range(players)]
        while not m.is_over:
            yield m
            seat = m.to_move
            assert seat is not None
            m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
        yield m


@pytest.mark.parametrize("lang", ["en", "pa", "tl"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_place_around_the_table_stays_with_its_seat(lang: str, players: int) -> None:
    set_language(lang)
    labels = [t(f"term.rc.place.{p}", who="").strip() for p in PLACES]
    seen = 0
    for i, m in enumerate(matches(players)):
        if i % 7:
            continue
        for line in drawn(table(m.view(i % players), Look(letters=True))):
            for label in labels:
                for found in re.finditer(re.escape(label), line):
                    seen += 1
                    rest = line[found.end() :]
                    assert rest.strip() and ")" in rest, line  # the seat and its card count
    assert seen


@pytest.mark.parametrize("lang", ["en", "pa", "tl"])
def test_a_scoring_item_stays_with_its_points(lang: str) -> None:
    set_language(lang)
    checked = 0
    for m in matches(2):
        if not m.is_over:
            continue
        for number, hand in enumerate(m.hands, 1):
            assert hand.settlement is not None
            sentences = results.hand_sentences(m, number, 0, False)
            console = Console(width=80)
            lines = drawn(results.bullets(sentences, console))
            items = hand.settlement.breakdown
            for item in ("little casino", "big casino", "ace of spades", "sweeps"):
                for n in items[item]:
                    if n:
                        checked += 1
                        said = f"{t(f'item.{item}')} {n}"
                        assert any(said in line for line in lines), (said, lines)
    assert checked
