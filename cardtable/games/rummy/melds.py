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

from itertools import combinations
from operator import attrgetter

from cardtable.core.cards import JOKER
from cardtable.games.rummy.actions import Meld, meld_of_masks
from cardtable.games.rummy.hands import NAT
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


WINDOWS = _windows()


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


_SUIT_MELDS: dict[int, tuple[Meld, ...]] = {}
_RANK_MELDS: dict[int, tuple[Meld, ...]] = {}


def suit_melds(suit: int, pattern: int, jokers: int) -> tuple[Meld, ...]:
    """The runs makeable in ``suit`` from the ranks ``pattern`` and ``jokers`` jokers."""
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
_RUN_STARTS = sum(((1 << 11) - 1) << (13 * s) for s in range(4))
_ACES = sum(1 << (13 * s) for s in range(4))


def hand_melds(hand: int) -> list[Meld]:
    """Every distinct meld makeable from a hand (multiset int, see ``hands``)."""
    faces = hand & NAT
    if not faces:
        return []
    jokers = hand >> 104
    if not jokers:  # most hands: no three in sequence, no three of a rank
        c, d, h, s = (
            faces & SUIT_BITS,
            faces >> 13 & SUIT_BITS,
            faces >> 26 & SUIT_BITS,
            faces >> 39,
        )
        if not (
            faces & faces >> 1 & faces >> 2 & _RUN_STARTS
            or faces & faces >> 11 & faces >> 12 & _ACES
            or c & d & (h | s)
            or h & s & (c | d)
        ):
            return []
    jkey = min(jokers, 12) << 2
    out: list[Meld] = []
    get = _SUIT_MELDS.get
    for suit in range(4):
        pattern = faces >> (suit * 13) & SUIT_BITS
        if not pattern:
            continue
        if not jokers and not (
            pattern & pattern >> 1 & pattern >> 2 or (pattern & 1 and pattern >> 11 == 3)
        ):
            continue  # no three in sequence, no joker: no run
        found = get(pattern << 6 | jkey | suit)
        if found is None:
            found = suit_melds(suit, pattern, jokers)
        out += found
    c, d, h, s = (faces & SUIT_BITS, faces >> 13 & SUIT_BITS, faces >> 26 & SUIT_BITS, faces >> 39)
    if jokers == 0:
        ranks = c & d & (h | s) | h & s & (c | d)  # three suits or more
    elif jokers == 1:
        ranks = c & (d | h | s) | d & (h | s) | h & s  # two suits or more
    else:
        ranks = c | d | h | s
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


def _threes() -> tuple[tuple[int, ...], ...]:
    """For each face, the other two cards (a mask) of every three-card meld holding it."""
    out = []
    for x in range(52):
        suit, rank = divmod(x, 13)
        pairs = []
        for p in (0, 13) if rank == 0 else (rank,):
            for lo in range(max(p - 2, 0), min(p, 11) + 1):
                pairs.append(sum(1 << face_at(suit, q) for q in range(lo, lo + 3) if q != p))
        others = [s * 13 + rank for s in range(4) if s != suit]
        pairs += [1 << a | 1 << b for a, b in combinations(others, 2)]
        out.append(tuple(pairs))
    return tuple(out)


THREES = _threes()


def meld3_with(pool: int, card: int) -> bool:
    """Whether the natural ``card`` is in some meld makeable from the multiset ``pool`` (which
    holds it). Exact, and cheap: a meld holding a card exists exactly when a three-card one
    does (three consecutive cards of a longer run, three cards of a set of four)."""
    jokers = pool >> 104
    if jokers >= 2:
        return True
    faces = pool & NAT
    for pair in THREES[card]:  # noqa: SIM110 (a plain loop: this runs for every dug card)
        if faces & pair == pair or (jokers and faces & pair):
            return True
    return False


def forms_meld(pool: int, card: int) -> bool:
    """Whether ``card`` forms a meld with the multiset ``pool`` (which holds it)."""
    if card == JOKER:
        return any(m.jok for m in hand_melds(pool))
    return meld3_with(pool, card)
