"""The notation of a set of table cards (RULES.md N), compiled: a capture's or a build's text
is made each time the move generator meets a play it has not made before, which in a long
run of play is most of the cost of the plays it makes (``actions``).

Cards are numbered suit by suit (``cardtable.core.cards``), so a mask's canonical text is its
suits' texts joined in order; each suit's text of a 13-card pattern is made once.
"""

from __future__ import annotations

from typing import Final

from cardtable.core.cards import CARD_NAMES
from cardtable.games.royal_casino.memo import INTERNED_LIMIT, make_room

_SUIT: Final = 13
_LOW: Final = (1 << _SUIT) - 1

#: Each suit's text of a pattern of its 13 cards (index: suit * 8192 + pattern), made when
#: first needed; "" for a pattern not made yet or for no card.
_suit_texts: Final[list[str]] = [""] * (4 * (1 << _SUIT))
_texts: Final[dict[int, str]] = {}


def _suit_text(suit: int, pattern: int) -> str:
    """The cards of one suit's 13-bit ``pattern``, in canonical order."""
    i = suit << _SUIT | pattern
    text = _suit_texts[i]
    if not text:
        names = []
        base = suit * _SUIT
        while pattern:
            low = pattern & -pattern
            names.append(CARD_NAMES[base + low.bit_length() - 1])
            pattern ^= low
        text = _suit_texts[i] = " ".join(names)
    return text


def mask_text(mask: int) -> str:
    """Cards of a mask as canonical text: ``4c 6d 9d`` (memoised: the same sets of table
    cards recur)."""
    text = _texts.get(mask)
    if text is None:
        parts = []
        for suit in range(4):
            pattern = (mask >> (suit * _SUIT)) & _LOW
            if pattern:
                parts.append(_suit_text(suit, pattern))
        make_room(_texts, INTERNED_LIMIT)
        text = _texts[mask] = " ".join(parts)
    return text
