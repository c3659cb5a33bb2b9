"""How numbers and words read to a player: one minus sign (U+2212, as Buck Euchre's "−3")
for every score and points in the terminal (Rummy 500 printed an ASCII "-2"); a refusal writes
the ten as the cards do, "9 10 Q" (QC-5, R5-5; it said "9 T Q"); the Punjabi winner sentence
of Royal Casino says sides, not teams, as English does (RC-21, RC-23)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from cardtable.bots import RandomBot
from cardtable.cli import results
from cardtable.cli.render import header, refusal
from cardtable.cli.text import set_language
from cardtable.core.errors import IllegalActionError
from cardtable.core.match import Match
from cardtable.games.rummy.explain import _describe_bad_meld

ASCII_MINUS = re.compile(r"(?<![\w-])-\d")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    set_language("en")


def played(game: str, seed: int, **options: object) -> Match:
    m = Match(game, seed=seed, **options)
    bots = [RandomBot(seed * 10 + s) for s in range(m.players)]
    while not m.is_over:
        seat = m.to_move
        assert seat is not None
        m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
    return m


@pytest.mark.parametrize("lang", ["en", "pa", "tl"])
def test_a_refusal_writes_the_ten_as_the_cards_do(lang: str) -> None:
    set_language(lang)
    nine, ten, queen = 8, 9, 11  # ranks of one suit (ace first): 9, T, Q (QC-5)
    found = _describe_bad_meld(1 << nine | 1 << ten | 1 << queen, 0)
    assert found is not None
    key, params, _ = found
    assert key == "refusal.rummy.not_in_sequence" and params == {"ranks": "9 T Q"}
    e = IllegalActionError("not a run", "QC-5", key=key, params=dict(params))
    assert "9 10 Q" in refusal(e, letters=False) and "T" not in refusal(e, False).split()
    assert "9 T Q" in refusal(e, letters=True)  # with suit letters the cards read Td too


def test_every_score_and_points_use_one_minus_sign() -> None:
    m = played("rummy-500", 33, target=500)  # its hand 1 scores below zero for a seat
    assert min(m.hands[0].settlement.points) < 0  # type: ignore[union-attr]
    for number in range(1, len(m.hands) + 1):
        for line in results.hand_sentences(m, number, 0, False):
            assert not ASCII_MINUS.search(line), line
    assert "−" in " ".join(results.hand_sentences(m, 1, 0, False))
    view = m.view(0)
    view["scores"] = [-2, 7]
    assert "You −2" in header(view).plain and not ASCII_MINUS.search(header(view).plain)


def test_the_punjabi_winner_sentence_of_two_players_says_sides() -> None:
    set_language("pa")
    m = played("royal-casino", 1, target=11)
    said = results.end_reason(m, 0)
    assert "ਟੀਮ" not in said and "ਧਿਰ" in said
