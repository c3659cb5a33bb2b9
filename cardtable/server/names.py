"""Display names: what a person may be called at the table, a club's name.

A name is any script (Gurmukhi, Tagalog, emoji), normalised to NFC, trimmed, with runs of
spaces made one, and 1–32 characters long. Characters that would let a name hide or disguise
itself are refused with a keyed reason the page translates: control characters, bidirectional
overrides and isolates (which turn the text around them), invisible and blank characters
(zero-width spaces, fillers), and lone surrogates. A zero-width joiner is kept between two
visible characters, where it joins an emoji sequence or a Gurmukhi conjunct.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

NAME_MAX = 32  # characters, after NFC
CLUB_NAME_MAX = 48
RAW_MAX = 256  # characters read at all: a longer input is refused before any work

ZWJ = "\u200d"
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters and symbols that draw nothing (the Hangul fillers, the blank Braille pattern, the
# combining grapheme joiner): a name made of them looks empty or like someone else's.
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180e")


class BadName(ValueError):
    """A name refused: a catalogue key (``name.*``) with its params, and an English sentence."""

    def __init__(self, key: str, message: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.message = message
        self.params = params or {}


def clean_name(raw: object, limit: int = NAME_MAX) -> str:
    """The name as it is stored and shown; ``BadName`` says why it cannot be one."""
    if not isinstance(raw, str):
        raise BadName("name.empty", "Choose a name")
    if len(raw) > RAW_MAX:
        raise BadName("name.too_long", f"At most {limit} characters", {"max": limit})
    for ch in raw:
        if 0xD800 <= ord(ch) <= 0xDFFF:
            raise BadName("name.surrogate", "The name has a broken character (a lone surrogate)")
    name = unicodedata.normalize("NFC", raw)
    for i, ch in enumerate(name):
        category = unicodedata.category(ch)
        if ch in BIDI:
            raise BadName(
                "name.bidi", "Names may not contain characters that turn the text's direction"
            )
        if ch == ZWJ and 0 < i < len(name) - 1 and _visible(name[i - 1]) and _visible(name[i + 1]):
            continue
        if category in ("Cc", "Co", "Cn"):
            raise BadName("name.control", "Names may not contain control characters")
        if ch in BLANK or category in ("Cf", "Zl", "Zp"):
            raise BadName("name.invisible", "Names may not contain invisible characters")
    name = " ".join(name.split())  # spaces (any width) trimmed, and one between words
    if not name:
        raise BadName("name.empty", "Choose a name")
    if not any(_visible(ch) and unicodedata.category(ch)[0] != "M" for ch in name):
        raise BadName("name.invisible", "Names may not contain invisible characters")
    if len(name) > limit:
        raise BadName("name.too_long", f"At most {limit} characters", {"max": limit})
    return name


def _visible(ch: str) -> bool:
    return not ch.isspace() and ch not in BLANK and unicodedata.category(ch)[0] not in ("C", "Z")


@dataclass(frozen=True, slots=True)
class Who:
    """A signed-in player as a table sees them: the public id and the display name."""

    player: str
    name: str
