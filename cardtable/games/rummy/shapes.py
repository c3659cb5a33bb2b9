"""The geometry of melds on the table (R5-4, R5-9, QC-5): a meld is summed up by its *shape*.

A run lives on the 14 *positions* of one suit: 0 is the low ace, 1 the two, ..., 12 the king
and 13 the high ace, so an ace is low or high but a run never holds both (``K A 2`` is not a
run). A shape is a small int: a run is its suit and its lowest and highest positions, a set its
rank and its suits. The shape says which faces extend the meld (``OPEN``) and what it becomes
when one is laid off (``EXTEND``); both tables are built once at import.

Decisions (RULES.md is silent): a thirteen-card run counts its ace high; an ace laid off on a
``2 ... K`` run, which could go at either end, goes high (it scores 15 there, 1 low).
"""

from __future__ import annotations

from typing import Final

from cardtable.core.cards import JOKER

SUIT_BITS: Final = 0x1FFF
RUN_FLAG: Final = 1 << 20


def face_at(suit: int, pos: int) -> int:
    """The face at run position ``pos`` (0-13) of ``suit``."""
    return suit * 13 + pos % 13


def run_shape(suit: int, lo: int, hi: int) -> int:
    return RUN_FLAG | suit << 8 | lo << 4 | hi


def set_shape(rank: int, suits: int) -> int:
    return rank << 4 | suits


def is_run(shape: int) -> bool:
    return shape >= RUN_FLAG


def run_bounds(shape: int) -> tuple[int, int, int]:
    """(suit, lowest position, highest position) of a run shape."""
    return shape >> 8 & 3, shape >> 4 & 15, shape & 15


def _run_ends(suit: int, lo: int, hi: int) -> tuple[int | None, int | None]:
    """The faces that extend a run at its high and low end (None where it cannot grow)."""
    high = face_at(suit, hi + 1) if hi < 13 and not (hi == 12 and lo == 0) else None
    low = face_at(suit, lo - 1) if lo > 0 and not (lo == 1 and hi == 13) else None
    return high, low


def _build_tables() -> tuple[dict[int, tuple[int, ...]], dict[tuple[int, int], int]]:
    open_faces: dict[int, tuple[int, ...]] = {}
    extend: dict[tuple[int, int], int] = {}
    for suit in range(4):
        for lo in range(14):
            for hi in range(lo + 2, 14):
                if lo == 0 and hi == 13:
                    continue
                shape = run_shape(suit, lo, hi)
                high, low = _run_ends(suit, lo, hi)
                ends: list[int] = []
                if high is not None:
                    ends.append(high)
                    extend[shape, high] = run_shape(suit, lo, hi + 1)
                if low is not None and low != high:  # an ace on 2..K goes high (decision)
                    ends.append(low)
                    extend[shape, low] = run_shape(suit, lo - 1, hi)
                open_faces[shape] = tuple(sorted(ends))
    for rank in range(13):
        for suits in range(16):
            if suits.bit_count() < 3:
                continue
            shape = set_shape(rank, suits)
            missing = [s for s in range(4) if not suits >> s & 1]
            open_faces[shape] = tuple(s * 13 + rank for s in missing)
            for s in missing:
                extend[shape, s * 13 + rank] = set_shape(rank, suits | 1 << s)
    return open_faces, extend


_OPEN_EXTEND = _build_tables()
OPEN: Final = _OPEN_EXTEND[0]
EXTEND: Final = _OPEN_EXTEND[1]
OPEN_MASK: Final[dict[int, int]] = {s: sum(1 << f for f in fs) for s, fs in OPEN.items()}


def open_mask(shapes: tuple[int, ...]) -> int:
    """Every face that extends some meld of the table."""
    m = 0
    for s in shapes:
        m |= OPEN_MASK[s]
    return m


def can_lay_off(card: int, shapes: tuple[int, ...]) -> bool:
    """Whether ``card`` (a joker: as some card) extends a meld on the table (R5-9)."""
    m = open_mask(shapes)
    return m != 0 if card == JOKER else bool(m >> card & 1)


def _contiguous(bits: int) -> tuple[int, int] | None:
    """(lowest, highest) bit of a non-empty run of consecutive one bits, else None."""
    low = (bits & -bits).bit_length() - 1
    x = bits >> low
    return (low, low + x.bit_length() - 1) if x & (x + 1) == 0 else None


def shape_of(nat: int, jok: int) -> int | None:
    """The shape of the meld of natural faces ``nat`` and joker declarations ``jok`` (disjoint
    masks), or None if it is not a meld: 3+ cards, a natural among them (R5-5), one rank (a set,
    so at most 4 and all suits different) or one suit in sequence (a run, ace low or high)."""
    cards = nat | jok
    if nat == 0 or nat & jok or cards.bit_count() < 3 or cards >> 52:
        return None
    first = (cards & -cards).bit_length() - 1
    rank, suit = first % 13, first // 13
    suits = 0
    for s in range(4):
        if cards >> (s * 13 + rank) & 1:
            suits |= 1 << s
    if cards == sum(1 << (s * 13 + rank) for s in range(4) if suits >> s & 1):
        return set_shape(rank, suits)
    pattern = cards >> (suit * 13)
    if pattern & ~SUIT_BITS:
        return None
    if pattern == SUIT_BITS:  # all thirteen ranks: the ace counts high (decision)
        return run_shape(suit, 1, 13)
    low_form = _contiguous(pattern)
    if low_form is not None:
        return run_shape(suit, *low_form)
    if pattern & 1:  # the ace as position 13
        high_form = _contiguous(pattern >> 1 | 1 << 12)
        if high_form is not None:
            return run_shape(suit, high_form[0] + 1, high_form[1] + 1)
    return None


def shape_faces(shape: int) -> int:
    """The faces (mask) a shape occupies."""
    if is_run(shape):
        suit, lo, hi = run_bounds(shape)
        return sum(1 << face_at(suit, p) for p in range(lo, hi + 1))
    rank, suits = shape >> 4, shape & 15
    return sum(1 << (s * 13 + rank) for s in range(4) if suits >> s & 1)
