"""C-7, no dead ends: can the player still finish the turn from here?

A turn in play finishes with a legal discard, or by emptying the hand when that is allowed
(QC-6). Before the discard the *required* cards (the deepest card dug from the discard pile,
R5-7; the discarded card a Rummy caller took, R5-10; any card taken from the pile once the
stock is empty, R5-11/QC-8) must be melded or laid off; one face may not be discarded (R5-8).
Every action is legal only if the turn can still be finished after it, and taking from the
discard pile only if the turn can be finished after the take: this module answers that.

The search only tries moves that can matter: placing a required card (a lay-off, or a meld
holding it) and *helper* lay-offs that extend a run of a required card's suit towards it. Any
other meld or lay-off in a finishing sequence can be left out: its cards stay in the hand,
where they can only help the discard (three or more cards always leave a discardable one, and
a single left-over card is tried as a lay-off at the close). A meld that a required card is
laid off on later can be made with that card in it directly, so helpers are lay-offs only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import attrgetter

from cardtable.core.cards import JOKER
from cardtable.games.rummy.hands import NAT, count, remove, size, take_out
from cardtable.games.rummy.melds import NEIGHBOURS, meld3_with, melds_with
from cardtable.games.rummy.shapes import (
    EXTEND,
    OPEN,
    RUN_FLAG,
    SUIT_BITS,
    can_lay_off,
    is_run,
)
from cardtable.games.rummy.state import replaced
from cardtable.games.rummy.variant import Variant

Position = tuple[int, tuple[int, ...], tuple[int, ...], bool]  # hand, shapes, required, own
_SIZE = attrgetter("size")
Close = Callable[[int, tuple[int, ...], bool], bool]


def only_card(hand: int) -> int:
    """The card of a one-card hand."""
    if hand >> 104:
        return JOKER
    return (hand & NAT).bit_length() - 1


def can_close(v: Variant, hand: int, shapes: tuple[int, ...], forbidden: int, own: bool) -> bool:
    """Nothing more is required: can the turn end with a discard or by going out?"""
    n = size(hand)
    if n >= 2:
        if forbidden < 0 or count(hand, forbidden) < n:
            return True  # discard another card; at least one stays, nobody goes out
        return _close_by_laying_off(v, hand, shapes, forbidden, own)
    if n == 0:
        return True
    if v.out_needs_meld and not own:
        return False  # discarding or laying off the last card would go out (QC-6)
    x = only_card(hand)
    placeable = can_lay_off(x, shapes)
    if x != forbidden and not (v.dead_last_discard and placeable):  # R5-8, R5-15
        return True
    return placeable


def _close_by_laying_off(
    v: Variant, hand: int, shapes: tuple[int, ...], forbidden: int, own: bool
) -> bool:
    """Every card left is the face that may not be discarded: lay copies off until not."""
    for i, s in enumerate(shapes):
        for f in OPEN[s]:
            if forbidden == JOKER or f == forbidden:
                rest = remove(hand, forbidden)
                grown = replaced(shapes, i, EXTEND[s, f])
                if rest == 0:
                    if own or not v.out_needs_meld:
                        return True
                elif can_close(v, rest, grown, forbidden, own):
                    return True
    return False


def can_finish(
    v: Variant,
    hand: int,
    shapes: tuple[int, ...],
    required: tuple[int, ...],
    forbidden: int,
    own: bool,
) -> bool:
    """Can the turn be finished: the required cards placed, then a discard or going out?"""
    if not required:
        return can_close(v, hand, shapes, forbidden, own)

    def close(hand: int, shapes: tuple[int, ...], own: bool) -> bool:
        if hand == 0:
            return own or not v.out_needs_meld
        return can_close(v, hand, shapes, forbidden, own)

    return _search((hand, shapes, tuple(sorted(required)), own), close, set())


def finishable(
    v: Variant,
    hand: int,
    shapes: tuple[int, ...],
    opens: int,
    required: tuple[int, ...],
    forbidden: int,
    own: bool,
) -> bool:
    """``can_finish``, answered at once in the common cases. ``opens`` is the mask of faces
    that extend a meld of ``shapes``. Every shortcut is exact: a placement leaving two cards
    or more, one of which may be discarded, always finishes."""
    n = size(hand)
    if not required:
        if (n >= 3 and forbidden != JOKER) or (n >= 2 and forbidden < 0):
            return True
        return can_close(v, hand, shapes, forbidden, own)
    if len(required) == 1 and required[0] != JOKER:
        x = required[0]
        spare = 2 if forbidden < 0 else 3  # cards that must stay after placing x
        if opens >> x & 1:
            if n - 1 >= spare:
                return True
        elif meld3_with(hand, x):
            if n - 3 >= spare:
                return True
        else:
            gap = chain_gap(hand, shapes, x)
            if gap is None:
                return False  # x can be neither laid off nor melded
            if n - gap - 1 >= spare:
                return True
    return can_finish(v, hand, shapes, required, forbidden, own)


def chain_gap(hand: int, shapes: tuple[int, ...], x: int) -> int | None:
    """The fewest cards to lay off on a run of the table, between its end and the natural
    card ``x``, so that ``x`` can be laid off after them (None: no run can reach it)."""
    jokers = hand >> 104
    if not jokers and not hand & NEIGHBOURS[x]:
        return None  # a run that does not reach x already needs x's neighbour to get there
    suit = x // 13
    pattern = hand >> (suit * 13) & SUIT_BITS
    best: int | None = None
    for shape in shapes:
        if shape < RUN_FLAG or shape >> 8 & 3 != suit:
            continue
        lo, hi = shape >> 4 & 15, shape & 15
        for p in (0, 13) if x % 13 == 0 else (x % 13,):
            if p > hi + 1 and not (lo == 0 and p == 13):
                first, stop = hi + 1, p
            elif p < lo - 1 and not (hi == 13 and p == 0):
                first, stop = p + 1, lo
            else:
                continue
            between = (1 << stop) - (1 << first)  # run positions 0-13
            ranks = between & SUIT_BITS | between >> 13  # position 13 is the ace
            if (ranks & ~pattern).bit_count() <= jokers and (best is None or stop - first < best):
                best = stop - first
    return best


def can_place(hand: int, shapes: tuple[int, ...], required: tuple[int, ...]) -> bool:
    """Can the required cards be melded or laid off at all (whatever happens after)?"""
    return _search((hand, shapes, tuple(sorted(required)), False), _anyway, set())


def _anyway(hand: int, shapes: tuple[int, ...], own: bool) -> bool:
    return True


def _search(pos: Position, close: Close, seen: set[Position]) -> bool:
    if pos in seen:
        return False
    seen.add(pos)
    for nxt in _moves(pos):
        hand, shapes, required, own = nxt
        if required and hand:
            if _search(nxt, close, seen):
                return True
        elif close(hand, shapes, own):
            return True
    return False


def without(required: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``required`` with one ``card`` fewer (if it is there)."""
    if card not in required:
        return required
    i = required.index(card)
    return required[:i] + required[i + 1 :]


def placed(required: tuple[int, ...], nat: int, jokers: int) -> tuple[int, ...]:
    """``required`` after a meld of naturals ``nat`` and ``jokers`` jokers is made."""
    out = []
    for c in required:
        if c == JOKER:
            if jokers:
                jokers -= 1
                continue
        elif nat >> c & 1:
            nat ^= 1 << c
            continue
        out.append(c)
    return tuple(out)


def _moves(pos: Position) -> Iterator[Position]:
    hand, shapes, required, own = pos
    for x in dict.fromkeys(required):  # lay a required card off
        for i, s in enumerate(shapes):
            for f in OPEN[s]:
                if x == JOKER or f == x:
                    grown = replaced(shapes, i, EXTEND[s, f])
                    yield remove(hand, x), grown, without(required, x), own
    for x in dict.fromkeys(required):  # meld a required card
        for m in sorted(melds_with(hand, x), key=_SIZE):
            yield (
                take_out(hand, m.nat, len(m.jokers)),
                (*shapes, m.shape),
                placed(required, m.nat, len(m.jokers)),
                True,
            )
    suits = {x // 13 for x in required if x != JOKER}
    for i, s in enumerate(shapes):  # extend a run towards a required card
        if is_run(s) and (s >> 8 & 3) in suits:
            for f in OPEN[s]:
                if f in required:
                    continue
                grown = replaced(shapes, i, EXTEND[s, f])
                if hand >> f & 1:
                    yield remove(hand, f), grown, required, own
                if hand >> 104:
                    yield remove(hand, JOKER), grown, without(required, JOKER), own
