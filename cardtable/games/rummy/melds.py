"""Enumerating every meld a hand can make (R5-4, R5-5, QC-5), and the quick test of whether a
card can be melded at all.

Enumeration is per suit (runs) and per rank (sets): the melds makeable from a 13-bit pattern of
ranks held in one suit plus ``j`` jokers are computed once per pattern and cached as interned
actions, so listing a hand's melds is a handful of dictionary look-ups. A joker may stand for
any card of the meld's shape, including one the player holds: every distinct meld is a distinct
action, and the shapes keep the list finite (at most ``j`` jokers fill positions of one window
of a run, or the missing suits of a set).
"""

from __future__ import annotations

from functools import reduce
from itertools import combinations
from operator import attrgetter, or_
from typing import Final

from cardtable.core.cards import JOKER
from cardtable.games.rummy.actions import Meld, meld_of_masks
from cardtable.games.rummy.hands import NAT, of
from cardtable.games.rummy.shapes import SUIT_BITS, face_at

_TEXT = attrgetter("text")  # the cached tuples are in notation order, so sorting merges runs


# -- enumeration ----------------------------------------------------------------------------
def _windows() -> tuple[tuple[int, int], ...]:
    """Every run window of one suit as (13-bit rank mask, length); ``A..K`` and ``2..A``
    cover the same ranks and appear once."""
    found: dict[int, int] = {}
    for lo in range(14):
        for hi in range(lo + 2, 14):
            if not (lo == 0 and hi == 13):
                found.setdefault(sum(1 << (p % 13) for p in range(lo, hi + 1)), hi - lo + 1)
    return tuple(found.items())


WINDOWS: Final = _windows()


def _run_variants(pattern: int, jokers: int) -> list[tuple[int, int]]:
    """Every (naturals, jokers) pair of 13-bit rank masks forming a run from ``pattern``: a
    window whose missing ranks are jokers, and as many held ranks as jokers allow also."""
    found = []
    for window, length in WINDOWS:
        held = pattern & window
        if not held:
            continue
        spare = jokers - length + held.bit_count()
        if spare < 0:
            continue
        gaps = window ^ held
        found.append((held, gaps))
        if spare:
            bits = [1 << r for r in range(13) if held >> r & 1]
            for k in range(1, min(spare, len(bits) - 1) + 1):
                for as_joker in combinations(bits, k):
                    j = sum(as_joker)
                    found.append((held ^ j, gaps | j))
    return found


def _set_variants(suits: int, jokers: int) -> list[tuple[int, int]]:
    """Every (natural suits, joker suits) pair of 4-bit masks forming a set from ``suits``."""
    found = []
    for nat in range(1, 16):
        if nat & ~suits:
            continue
        for jok in range(16):
            n = nat.bit_count() + jok.bit_count()
            if not jok & nat and jok.bit_count() <= jokers and 3 <= n <= 4:
                found.append((nat, jok))
    return found


_SUIT_MELDS: Final[dict[int, tuple[Meld, ...]]] = {}
_RANK_MELDS: Final[dict[int, tuple[Meld, ...]]] = {}


def run_ranks(pattern: int, jokers: int) -> int:
    """The ranks of ``pattern`` that can be in a run with ``jokers`` jokers: with none, those
    in three held in sequence; with one, those with another held within two places (a run
    with one joker has at most one gap). The runs of a pattern are those of its run ranks, so
    the runs are cached by these alone: far fewer patterns."""
    if jokers >= 2:
        return pattern
    pos = pattern | (pattern & 1) << 13  # run positions: the ace is 0 and 13
    if jokers:
        near = pos & (pos >> 1 | pos >> 2 | pos << 1 | pos << 2)
    else:
        starts = pos & pos >> 1 & pos >> 2
        near = starts | starts << 1 | starts << 2
    return (near | near >> 13) & SUIT_BITS


def suit_melds(suit: int, pattern: int, jokers: int) -> tuple[Meld, ...]:
    """The runs makeable in ``suit`` from the ranks ``pattern`` and ``jokers`` jokers."""
    pattern = run_ranks(pattern, jokers)
    key = pattern << 6 | min(jokers, 12) << 2 | suit
    found = _SUIT_MELDS.get(key)
    if found is None:
        shift = suit * 13
        found = tuple(
            sorted(
                (meld_of_masks(n << shift, j << shift) for n, j in _run_variants(pattern, jokers)),
                key=_TEXT,
            )
        )
        _SUIT_MELDS[key] = found
    return found


def rank_melds(rank: int, suits: int, jokers: int) -> tuple[Meld, ...]:
    """The sets makeable of ``rank`` from the suits held and ``jokers`` jokers."""
    key = suits << 8 | min(jokers, 4) << 4 | rank
    found = _RANK_MELDS.get(key)
    if found is None:

        def spread(s: int) -> int:
            return sum(1 << (i * 13 + rank) for i in range(4) if s >> i & 1)

        found = tuple(
            sorted(
                (meld_of_masks(spread(n), spread(j)) for n, j in _set_variants(suits, jokers)),
                key=_TEXT,
            )
        )
        _RANK_MELDS[key] = found
    return found


def _rank_suits(faces: int, rank: int) -> int:
    return (
        (faces >> rank & 1)
        | (faces >> (rank + 12) & 2)
        | (faces >> (rank + 24) & 4)
        | (faces >> (rank + 36) & 8)
    )


# Bits where three consecutive ranks of one suit start (rank <= J), and where aces sit.
_RUN_STARTS: Final = sum(((1 << 11) - 1) << (13 * s) for s in range(4))
_ACES: Final = sum(1 << (13 * s) for s in range(4))


def hand_melds(hand: int) -> list[Meld]:
    """Every distinct meld makeable from a hand (multiset int, see ``hands``): the runs suit by
    suit, then the sets rank by rank."""
    faces = hand & NAT
    if not faces:
        return []
    jokers = hand >> 104
    if jokers:
        return _joker_melds(faces, jokers)
    # without a joker a run is whole windows of held ranks, so only ranks in three held in
    # sequence matter: the cache is keyed by those alone (far fewer patterns)
    starts = faces & faces >> 1 & faces >> 2 & _RUN_STARTS
    aces = faces & faces >> 11 & faces >> 12 & _ACES  # Q K A
    c, d, h, s = (faces & SUIT_BITS, faces >> 13 & SUIT_BITS, faces >> 26 & SUIT_BITS, faces >> 39)
    ranks = c & d & (h | s) | h & s & (c | d)  # three suits or more
    if not (starts or aces or ranks):
        return []
    out: list[Meld] = []
    runs = starts | starts << 1 | starts << 2 | aces | aces << 11 | aces << 12
    get = _SUIT_MELDS.get
    while runs:
        suit = ((runs & -runs).bit_length() - 1) // 13
        shift = suit * 13
        pattern = runs >> shift & SUIT_BITS
        out += get(pattern << 6 | suit) or suit_melds(suit, pattern, 0)
        runs &= ~(SUIT_BITS << shift)
    while ranks:
        low = ranks & -ranks
        rank = low.bit_length() - 1
        out += rank_melds(rank, _rank_suits(faces, rank), 0)
        ranks ^= low
    return out


def _joker_melds(faces: int, jokers: int) -> list[Meld]:
    """``hand_melds`` of a hand holding jokers: any held card may start a run or a set."""
    out: list[Meld] = []
    for suit in range(4):
        pattern = faces >> (suit * 13) & SUIT_BITS
        if pattern:
            out += suit_melds(suit, pattern, jokers)
    c, d, h, s = (faces & SUIT_BITS, faces >> 13 & SUIT_BITS, faces >> 26 & SUIT_BITS, faces >> 39)
    # one joker: ranks held in two suits or more; more jokers: any rank held
    ranks = c & (d | h | s) | d & (h | s) | h & s if jokers == 1 else c | d | h | s
    while ranks:
        low = ranks & -ranks
        rank = low.bit_length() - 1
        out += rank_melds(rank, _rank_suits(faces, rank), jokers)
        ranks ^= low
    return out


def melds_with(hand: int, card: int) -> list[Meld]:
    """The melds makeable from ``hand`` that use ``card`` (a joker: use some joker)."""
    if card == JOKER:
        return [m for m in hand_melds(hand) if m.jok]
    faces = hand & NAT
    jokers = hand >> 104
    suit, rank = divmod(card, 13)
    bit = 1 << card
    runs = suit_melds(suit, faces >> (suit * 13) & SUIT_BITS, jokers)
    sets = rank_melds(rank, _rank_suits(faces, rank), jokers)
    return [m for m in runs if m.nat & bit] + [m for m in sets if m.nat & bit]


def _run_pairs(x: int) -> tuple[int, ...]:
    """For the face ``x``, the other two cards (a mask) of every three-card run holding it."""
    suit, rank = divmod(x, 13)
    pairs = []
    for p in (0, 13) if rank == 0 else (rank,):
        for lo in range(max(p - 2, 0), min(p, 11) + 1):
            pairs.append(sum(1 << face_at(suit, q) for q in range(lo, lo + 3) if q != p))
    return tuple(pairs)


RUN_PAIRS: Final = tuple(_run_pairs(x) for x in range(52))
# For each face, the same rank in the three other suits: two of them make a set with it.
SAME_RANK: Final = tuple(
    sum(1 << (s * 13 + x % 13) for s in range(4)) & ~(1 << x) for x in range(52)
)
# For each face, every card that makes a three-card meld with it and one more card: with a
# joker as the third card, any one of them will do.
NEAR: Final = tuple(reduce(or_, RUN_PAIRS[x], SAME_RANK[x]) for x in range(52))
# For each face, its neighbours in its suit (an ace's are the two and the king): without a
# joker, a card no run of the table reaches directly can be reached only through one of them.
NEIGHBOURS: Final = tuple(
    1 << (x // 13 * 13 + (x + 1) % 13) | 1 << (x // 13 * 13 + (x - 1) % 13) for x in range(52)
)


# For each face, the cards of its suit that can make a run of three with it.
RUN_NEAR: Final = tuple(reduce(or_, RUN_PAIRS[x], 0) for x in range(52))


def _run_threes(x: int) -> frozenset[int]:
    """For the face ``x``: every pattern of its run neighbours (``faces & RUN_NEAR[x]``) that
    makes a three-card run with it."""
    bits = [1 << f for f in range(52) if RUN_NEAR[x] >> f & 1]
    found = set()
    for k in range(1 << len(bits)):
        pattern = sum(b for i, b in enumerate(bits) if k >> i & 1)
        if any(pattern & pair == pair for pair in RUN_PAIRS[x]):
            found.add(pattern)
    return frozenset(found)


# For each face, which patterns of those cards make a run of three with it: ``meld3`` tests a
# card with one look-up.
RUN_THREES: Final = tuple(_run_threes(x) for x in range(52))


def meld3(faces: int, jokers: int, x: int) -> bool:
    """Whether the natural ``x`` makes a three-card meld with the distinct faces ``faces`` and
    ``jokers`` jokers."""
    if jokers:
        return jokers >= 2 or bool(faces & NEAR[x])
    return (faces & SAME_RANK[x]).bit_count() >= 2 or faces & RUN_NEAR[x] in RUN_THREES[x]


def meld3_with(pool: int, card: int) -> bool:
    """Whether the natural ``card`` is in some meld makeable from the multiset ``pool`` (which
    holds it). Exact, and cheap: a meld holding a card exists exactly when a three-card one
    does (three consecutive cards of a longer run, three cards of a set of four)."""
    return meld3(pool & NAT, pool >> 104, card)


def forms_meld(pool: int, card: int) -> bool:
    """Whether ``card`` forms a meld with the multiset ``pool`` (which holds it)."""
    if card == JOKER:
        return any(m.jok for m in hand_melds(pool))
    return meld3_with(pool, card)


def rummy_open(table_open: int, pile: tuple[int, ...]) -> bool:
    """R5-10: the top discard could be laid off on the table (whose open places are the mask
    ``table_open``), or makes a meld with other discards."""
    card = pile[-1]
    if table_open >> card & 1 if card != JOKER else table_open:
        return True
    return forms_meld(of(pile), card)
