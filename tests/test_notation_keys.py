"""Every misreading of notation carries a catalogue key (``notation.*``) whose English is the
error's own message, so the table page says what is wrong with a typed move in Punjabi and
Tagalog too (C-5); every ``notation.*`` key is one some misreading carries."""

from __future__ import annotations

import pytest

from cardtable.cli import text
from cardtable.cli.text import catalogue, set_language
from cardtable.core.cards import CardSet, parse_cards
from cardtable.core.errors import NotationError
from cardtable.core.match import Match

BAD = [
    ("buck-euchre", "", "notation.empty"),
    ("buck-euchre", "order now", "notation.nothing_after"),
    ("buck-euchre", "play", "notation.one_card"),
    ("buck-euchre", "play Zz", "notation.not_a_card"),
    ("buck-euchre", "trump x", "notation.be.trump"),
    ("buck-euchre", "bid 3", "notation.be.unknown"),
    ("royal-casino", "trail 7h 8h", "notation.rc.trail"),
    ("royal-casino", "build 2h: 4c 6d", "notation.rc.build_value"),
    ("royal-casino", "sweep", "notation.rc.unknown"),
    ("royal-casino", "trail Jo", "notation.rc.no_jokers"),
    ("royal-casino", "capture 9c: 4d 4d", "notation.card_twice"),
    ("royal-casino", "capture 9c 8c: 4d", "notation.rc.one_played"),
    ("royal-casino", "capture", "notation.rc.played"),
    ("royal-casino", "capture 9c", "notation.rc.table"),
    ("royal-casino", "capture 9c: 9c", "notation.rc.both"),
    ("royal-casino", "trail Q", "notation.not_a_card"),
    ("rummy-500", "", "notation.r.empty"),
    ("rummy-500", "draw 2", "notation.nothing_after"),
    ("rummy-500", "take 9th 7h", "notation.r.ordinal"),
    ("rummy-500", "take 7h 8h 9h", "notation.r.pile"),
    ("rummy-500", "meld Jo 5h 6h", "notation.r.joker_for"),
    ("rummy-500", "meld 7h=5h 6h", "notation.r.only_joker"),
    ("rummy-500", "meld Jo=Jo 5h 6h", "notation.r.joker_joker"),
    ("rummy-500", "discard", "notation.r.discard"),
    ("rummy-500", "meld", "notation.r.meld"),
    ("rummy-500", "layoff 8h", "notation.r.layoff"),
    ("rummy-500", "layoff 8h on x", "notation.r.meld_number"),
    ("rummy-500", "shuffle", "notation.r.unknown"),
    ("rummy-500", "discard Zz", "notation.r.not_a_card"),
]


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def misread(game: str, typed: object) -> NotationError:
    with pytest.raises(NotationError) as caught:
        Match(game, seed=1).parse_action(typed)
    return caught.value


@pytest.mark.parametrize(("game", "typed", "key"), BAD)
def test_a_misread_move_is_keyed_and_its_english_is_the_message(
    game: str, typed: str, key: str
) -> None:
    e = misread(game, typed)
    assert e.key == key
    assert text.t(key, **e.params) == e.message  # str(e) adds where in the text it was
    for lang in ("pa", "tl"):
        set_language(lang)
        assert text.t(key, **e.params) != e.message


def test_every_notation_key_is_one_a_misreading_carries() -> None:
    seen = {misread(game, typed).key for game, typed, _ in BAD}
    seen.add(misread("buck-euchre", 5).key)  # not text at all
    for bad in (lambda: parse_cards("7h Zz"), lambda: CardSet.parse("7h 7h")):
        with pytest.raises(NotationError) as caught:
            bad()
        seen.add(caught.value.key)
    with pytest.raises(NotationError) as rc:
        from cardtable.games.royal_casino.actions import parse_play

        parse_play(5)  # type: ignore[arg-type]
    seen.add(rc.value.key)
    with pytest.raises(NotationError) as rummy:
        from cardtable.games.rummy.actions import parse

        parse(5)  # type: ignore[arg-type]
    seen.add(rummy.value.key)
    assert {k for k in catalogue("en") if k.startswith("notation.")} == seen
