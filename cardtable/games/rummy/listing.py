"""The two longest legal lists of a rummy turn, in notation order: every discard of a hand and
every lay-off of it on the table.

Compiled with the engine (setup.py), apart from the actions themselves (``actions``, which
makes each one once): these run at nearly every play decision, so their tables are ``Final``
and read as C statics. Discards come in notation order without sorting: a hand's faces are
respread so that bit i is the i-th card name in string order ("2c" < "2d" < ... < "Jh" < "Jo"
< "Js" < ... < "Ts"), one table look-up per suit, then read back eleven bits at a time from
precomputed tuples.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Final

from cardtable.core.cards import CARD_NAMES, JOKER
from cardtable.games.rummy.actions import (
    DISCARDS,
    MELD_LAYOFFS,
    Discard,
    Layoff,
    meld_layoffs,
)
from cardtable.games.rummy.shapes import OPEN_MASK
from cardtable.games.rummy.state import Table

_TEXT: Final = attrgetter("text")
TEXT_ORDER: Final = tuple(sorted(range(53), key=CARD_NAMES.__getitem__))
_TEXT_BIT: Final = {c: 1 << i for i, c in enumerate(TEXT_ORDER)}
_JOKER_TEXT_BIT: Final = _TEXT_BIT[JOKER]
#: The actions module's tables and maker, as ``Final`` (C statics once compiled).
_DISCARDS: Final = DISCARDS
_MELD_LAYOFFS_OF: Final = MELD_LAYOFFS
_meld_layoffs: Final = meld_layoffs


def _spread_table(suit: int) -> list[int]:
    """For each 13-bit rank pattern of ``suit``, those faces as text-order bits."""
    table = [0] * 8192
    for p in range(1, 8192):
        low = p & -p
        table[p] = table[p ^ low] | _TEXT_BIT[suit * 13 + low.bit_length() - 1]
    return table


_SPREAD_C: Final = _spread_table(0)
_SPREAD_D: Final = _spread_table(1)
_SPREAD_H: Final = _spread_table(2)
_SPREAD_S: Final = _spread_table(3)


def _chunk_table(k: int) -> list[tuple[Discard, ...]]:
    """For each 11-bit chunk ``k`` of a text-order spread, its discards in order."""
    table: list[tuple[Discard, ...]] = [()] * 2048
    for b in range(1, 2048):
        low = b & -b
        i = k * 11 + low.bit_length() - 1
        table[b] = (_DISCARDS[TEXT_ORDER[i]], *table[b ^ low]) if i < 53 else ()
    return table


_CHUNK0: Final = _chunk_table(0)
_CHUNK1: Final = _chunk_table(1)
_CHUNK2: Final = _chunk_table(2)
_CHUNK3: Final = _chunk_table(3)
_CHUNK4: Final = _chunk_table(4)


def discards(hand: int, forbidden: int) -> list[Discard]:
    """``discard`` of every face of the hand (a multiset int) but ``forbidden``, in notation
    order."""
    spread = (
        _SPREAD_C[hand & 0x1FFF]
        | _SPREAD_D[hand >> 13 & 0x1FFF]
        | _SPREAD_H[hand >> 26 & 0x1FFF]
        | _SPREAD_S[hand >> 39 & 0x1FFF]
    )
    if hand >> 104:
        spread |= _JOKER_TEXT_BIT
    if forbidden >= 0:
        spread &= ~_TEXT_BIT[forbidden]
    return [
        *_CHUNK0[spread & 2047],
        *_CHUNK1[spread >> 11 & 2047],
        *_CHUNK2[spread >> 22 & 2047],
        *_CHUNK3[spread >> 33 & 2047],
        *_CHUNK4[spread >> 44],
    ]


def table_layoffs(table: Table, hand: int) -> list[Layoff]:
    """Every lay-off of a card of ``hand`` (a multiset int) on ``table``, in notation order."""
    faces = table.open & hand
    found: list[Layoff] = []
    layoffs = _MELD_LAYOFFS_OF
    if hand >> 104:  # a joker may be declared as any face that extends a meld
        for number, s in enumerate(table.shapes, 1):
            for f, natural, joker in layoffs.get(number << 24 | s) or _meld_layoffs(s, number):
                if faces >> f & 1:
                    found.append(natural)
                found.append(joker)
    elif faces:
        for number, s in enumerate(table.shapes, 1):
            if OPEN_MASK[s] & faces:
                for f, natural, _ in layoffs.get(number << 24 | s) or _meld_layoffs(s, number):
                    if faces >> f & 1:
                        found.append(natural)
    if len(found) > 1:
        found.sort(key=_TEXT)
    return found
