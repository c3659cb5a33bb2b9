"""The 24 cards of Buck Euchre (BE-1) and the hand masks over them.

The cards are laid out in the string order of their notation (``9c 9d … Th Ts``) and a hand
is a 24-bit mask over that layout, so reading a mask's bits from low to high already gives
the sorted legal list; precomputed lists for each byte of a mask make a legal list three
lookups and two concatenations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from cardtable.core.cards import CARD_NAMES, SUITS, suit_of
from cardtable.games.tricks import TrickTables

# -- cards (BE-1) ---------------------------------------------------------------------------------
DECK: Final[tuple[int, ...]] = tuple(
    sorted(s * 13 + r for s in range(4) for r in (0, 8, 9, 10, 11, 12))
)
LAYOUT: Final[tuple[int, ...]] = tuple(sorted(DECK, key=CARD_NAMES.__getitem__))
"""Bit ``i`` of a hand mask is the card ``LAYOUT[i]``: notation order, so masks list sorted."""
POS: Final[tuple[int, ...]] = tuple(LAYOUT.index(c) if c in LAYOUT else -1 for c in range(53))
LAYOUT_BITS: Final[tuple[int, ...]] = tuple(1 << i for i in range(len(LAYOUT)))
SUIT_AT: Final[tuple[int, ...]] = tuple(suit_of(c) for c in LAYOUT)
"""The suit of the card at each layout position."""
TABLES: Final = TrickTables(LAYOUT)
SEATS: Final = 4
T = TypeVar("T")
ALL_SEATS: Final = 0b1111

_SUIT_NAMES = ("club", "diamond", "heart", "spade")
_SUIT_PLURALS = ("clubs", "diamonds", "hearts", "spades")
_SUIT_WORDS = {
    **{s: i for i, s in enumerate(SUITS)},
    **{s: i for i, s in enumerate(_SUIT_NAMES)},
    **{s: i for i, s in enumerate(_SUIT_PLURALS)},
    "♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3,
}  # fmt: skip


def _byte_tables(values: Sequence[T]) -> tuple[tuple[list[T], ...], ...]:
    """For each of the three bytes of a layout mask and each value of that byte, the values of
    its cards in layout order: a mask's list is three lookups and two concatenations."""
    return tuple(
        tuple([values[8 * k + i] for i in range(8) if m >> i & 1] for m in range(256))
        for k in range(3)
    )


_CARD0, _CARD1, _CARD2 = _byte_tables(LAYOUT)


def layout_cards(mask: int) -> list[int]:
    """The cards of a layout mask, in canonical order (C-1)."""
    return sorted(_CARD0[mask & 255] + _CARD1[mask >> 8 & 255] + _CARD2[mask >> 16])


def layout_names(mask: int) -> list[str]:
    """The notation of the cards of a layout mask, in canonical order (C-1)."""
    return [CARD_NAMES[c] for c in layout_cards(mask)]


NAME_POS: dict[str, int] = {CARD_NAMES[c]: POS[c] for c in DECK}
"""Layout position of each card's notation."""
FULL: Final = (1 << len(LAYOUT)) - 1
