"""The browser catalogues (cardtable/server/static/i18n/*.json) as a reader needs them: the same
keys and placeholders in every language, every counted text with its "other" form, and the
Punjabi forms that agree in gender and number with what they name (a native speaker's review
list is docs/translation_review.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

CATALOGUES = Path(__file__).parent.parent / "cardtable" / "server" / "static" / "i18n"
LANGUAGES = ("en", "pa", "tl")


def catalogue(code: str) -> dict[str, str]:
    found: dict[str, str] = json.loads((CATALOGUES / f"{code}.json").read_text("utf-8"))
    return found


def fill(text: str, **params: object) -> str:
    """A text with its placeholders filled, as i18n.js fills them."""
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), text)


def card_name(strings: dict[str, str], rank: str, suit: str) -> str:
    """A card's name as cards.js says it: a rank with a form of its own uses its key."""
    key = f"card.name.{rank}" if f"card.name.{rank}" in strings else "card.name"
    return fill(strings[key], rank=strings[f"card.rank.{rank}"], suit=strings[f"card.suit.{suit}"])


@pytest.mark.parametrize("code", LANGUAGES)
def test_same_keys_and_placeholders(code: str) -> None:
    en, other = catalogue("en"), catalogue(code)
    assert set(other) == set(en), set(en) ^ set(other)
    for key, text in en.items():
        assert set(re.findall(r"\{(\w+)\}", other[key])) == set(re.findall(r"\{(\w+)\}", text)), key


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_counted_text_has_its_other_form(code: str) -> None:
    """tp() falls back to a key's "_other" form: every counted "_one" has one (a key that
    also exists bare, such as "lobby.share_one" beside "lobby.share", is a text of its own)."""
    strings = catalogue(code)
    for key in strings:
        stem, _, form = key.rpartition("_")
        if form == "one" and stem not in strings:
            assert f"{stem}_other" in strings, key


def test_the_punjabi_queen_is_feminine() -> None:
    """ਰਾਣੀ (queen) is feminine: "ਹੀਰਿਆਂ ਦੀ ਰਾਣੀ", never "ਹੀਰਿਆਂ ਦਾ ਰਾਣੀ"; the masculine ranks
    keep ਦਾ."""
    pa = catalogue("pa")
    assert card_name(pa, "Q", "d") == "ਹੀਰਿਆਂ ਦੀ ਰਾਣੀ"
    assert card_name(pa, "K", "d") == "ਹੀਰਿਆਂ ਦਾ ਰਾਜਾ"
    assert card_name(pa, "A", "s") == "ਸਪੇਡਜ਼ ਦਾ ਏਸ"
    assert card_name(catalogue("en"), "Q", "d") == "Queen of diamonds"


def test_a_partnership_wins_in_the_plural() -> None:
    """A partnership ("ਸੀਟਾਂ 2 + 4", seats: feminine plural) takes a plural verb; a single
    seat or a person (whose gender the page does not know) is named without a verb to agree."""
    pa = catalogue("pa")
    side = fill(pa["rc.side"], seats="2 + 4")
    team = fill(pa["table.winner_team"], side=side)
    assert team == "ਸੀਟਾਂ 2 + 4 ਜਿੱਤ ਗਈਆਂ"
    assert "ਜਿੱਤਿਆ" not in team
    alone = fill(pa["table.winner"], side=fill(pa["table.seat"], n=3))
    assert "ਜਿੱਤਿਆ" not in alone and "ਸੀਟ 3" in alone
    assert fill(catalogue("en")["table.winner_team"], side="Seats 2 + 4") == "Seats 2 + 4 win"
