"""A hand (or the discard pile) as a multiset of *faces* packed into one int.

With two decks there are two cards of every face and up to four jokers, and identical faces are
interchangeable: the rules only ever ask which faces a player holds and how many, never which
physical card. So a hand is a multiset of faces, not a set of card identities. Bits 0-51 hold
the faces present at least once, bits 52-103 the faces present twice, and the joker count sits
from bit 104 up. With one deck the second layer stays empty and the low 52 bits are the plain
card bitmask of ``cardtable.core.cards``; meld enumeration only ever needs that distinct-face
layer, because a single meld never holds the same face twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from cardtable.core.cards import JOKER

NAT: Final = (1 << 52) - 1  # the distinct-face layer
SECOND: Final = 52  # bit offset of the second-copy layer
JOKER_UNIT: Final = 1 << 104  # one joker
NATURALS: Final = JOKER_UNIT - 1  # both natural layers


def add(h: int, f: int) -> int:
    """``h`` with one more ``f``."""
    if f == JOKER:
        return h + JOKER_UNIT
    b = 1 << f
    return h | (b << SECOND) if h & b else h | b


def remove(h: int, f: int) -> int:
    """``h`` with one ``f`` fewer (``f`` must be present)."""
    if f == JOKER:
        return h - JOKER_UNIT
    b2 = 1 << (f + SECOND)
    return h ^ b2 if h & b2 else h ^ (1 << f)


def forget(known: int, f: int) -> int:
    """A seat's known cards ``known`` after it plays ``f``: one copy fewer, if one was known
    (C-6)."""
    if f == JOKER:
        return known - JOKER_UNIT if known >> 104 else known
    second = 1 << (f + SECOND)
    return known ^ second if known & second else known & ~(1 << f)


def take_out(h: int, nat: int, jokers: int) -> int:
    """``h`` without one copy of each face in the mask ``nat`` and without ``jokers`` jokers."""
    second = (h >> SECOND) & nat
    return (h ^ (second << SECOND) ^ (nat & ~second)) - jokers * JOKER_UNIT


def count(h: int, f: int) -> int:
    """How many ``f`` are in ``h``."""
    if f == JOKER:
        return h >> 104
    return (h >> f & 1) + (h >> (f + SECOND) & 1)


def size(h: int) -> int:
    return (h & NATURALS).bit_count() + (h >> 104)


_SUIT_FACES: Final[dict[int, tuple[int, ...]]] = {}


def _suit_faces(suit: int, pattern: int) -> tuple[int, ...]:
    key = pattern << 2 | suit
    found = _SUIT_FACES.get(key)
    if found is None:
        found = _SUIT_FACES[key] = tuple(suit * 13 + r for r in range(13) if pattern >> r & 1)
    return found


def faces(h: int) -> list[int]:
    """Every face with its multiplicity, in canonical order (jokers last)."""
    out: list[int] = []
    if h >> SECOND & NAT:  # two decks: merge the layers
        both, second = h & NAT, (h >> SECOND) & NAT
        while both:
            low = both & -both
            f = low.bit_length() - 1
            out.append(f)
            if second & low:
                out.append(f)
            both ^= low
    else:
        for suit in range(4):
            pattern = h >> (13 * suit) & 0x1FFF
            if pattern:
                out += _suit_faces(suit, pattern)
    if h >> 104:
        out += [JOKER] * (h >> 104)
    return out


def of(cards: Iterable[int]) -> int:
    """The multiset of the given faces."""
    h = 0
    for f in cards:
        h = add(h, f)
    return h


def minus(h: int, g: int) -> int:
    """Multiset difference ``h - g`` for ``g`` contained in ``h``."""
    for f in faces(g):
        h = remove(h, f)
    return h
