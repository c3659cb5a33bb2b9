"""The groups of loose cards on a table (RC-5, RC-9 … RC-11), each answer worked out once.

A group is a set of loose cards whose table values add up to a value (RC-5). Every question the
move generator asks about the loose cards (which unions of disjoint groups worth v a card may
take, which loose cards may join a played card in a build) depends on their values alone, and
only on the cards worth at most the value asked about.

So the loose cards are *folded* onto one suit: when their ranks are all different (nearly
always: RC-16 forbids trailing a rank that lies loose, so only the four cards dealt to the table
can repeat one) they become a 13-bit rank mask, which is also the mask of the clubs of those
ranks. A question about value v only sees the ranks worth at most v (``fold`` gives the masks),
and its answer, in rank masks, is memoised under that: there are few such keys and they come
back all the time, so a position's plays are mostly dictionary lookups. ``fold`` also gives the
suit masks that turn an answer back into the table's cards. A loose set with a repeated rank is
not folded: its keys are card masks, and its answers are cards already.

Answers are tuples of masks, the empty set 0 first where it is one; callers never change them,
so equal answers are kept once (``_ANSWERS``). A folded set's groups are read off the groups of
distinct ranks worth each total (``RANK_GROUPS``, 108 of them), and the totals its groups reach
are a table over all 8,192 folded sets (``RANK_SUMS``), both built at import. A repeated-rank set
lists every subset of it worth at most 14 once (``by_sum``): nothing on the table is worth more
(RC-7), so no other subset is ever a group.
"""

from __future__ import annotations

from typing import Final

from cardtable.core.cards import ACE
from cardtable.core.untracked import untrack
from cardtable.games.royal_casino.memo import make_room
from cardtable.games.royal_casino.values import (
    HAND_VALUES,
    MAX_VALUE,
    RANK_MASK,
    TABLE_VALUE,
    VALUE_CARDS,
)

Masks = tuple[int, ...]
#: ``fold``: the folded loose set, the masks of what is worth at most 0 … 14 in its terms, and
#: the masks of clubs, diamonds, hearts and spades that unfold an answer into cards.
Folded = tuple[int, tuple[int, ...], int, int, int, int]

_ACES: Final = RANK_MASK[ACE]
_untrack: Final = untrack  # a plain module's function, read as a C static
_BIT_VALUE: Final = {1 << c: TABLE_VALUE[c] for c in range(52)}
_NONE: Final[Masks] = (0,)
_EMPTY: Final[Masks] = ()
SUIT: Final = (1 << 13) - 1
_BUILD_VALUES: Final = sum(1 << v for v in range(2, MAX_VALUE + 1))  # RC-7: 2 … 14
_TOTALS: Final = _BUILD_VALUES | 1 << 1  # what a loose group may be worth: 1 … 14
ALL_CARDS: Final = (1 << 52) - 1
#: By value v: the ranks (13-bit) and the cards (52-bit) worth at most v on the table.
RANKS_UP_TO: Final = tuple(
    sum(1 << r for r in range(13) if r + 1 <= v) for v in range(MAX_VALUE + 1)
)
CARDS_UP_TO: Final = tuple(
    sum(RANK_MASK[r] for r in range(13) if r + 1 <= v) for v in range(MAX_VALUE + 1)
)
#: By rank: the most a card of that rank is worth played from the hand (RC-2: an ace 14).
TOP_VALUE: Final = tuple(max(HAND_VALUES[rank]) for rank in range(13))


# Keys of the answers memoised in a LooseGroups: the kind of question plus its values.
_UNIONS, _PAIRED, _TAKES, _CAPTURES, _JOINS = 0, 16, 32, 48, 64

#: Memoised answers by folded key (see ``captured``, ``created``, ``worth``, ``sums_of``,
#: ``taken``, ``joined``): plain dicts of ints and tuples of ints, bounded by
#: ``_MEMO_LIMIT`` (see ``memo``). A question about the values up to V is kept under the
#: loose cards worth at most V, so that every table that agrees there shares the answer.
CAPTURED: Final[dict[int, Masks]] = {}
CREATED: Final[dict[int, Masks]] = {}
WORTH: Final[dict[int, Masks]] = {}
SUMS: Final[dict[int, int]] = {}
_TAKEN: Final[dict[int, Masks]] = {}
_JOINED: Final[dict[int, Masks]] = {}
_MEMO_LIMIT: Final = 1 << 18


def subsets_by_sum(loose: int) -> dict[int, Masks]:
    """For each total 0 … 14 that some subset of ``loose`` adds up to (table values), those
    subsets in the order they are found; total 0 is the empty set alone."""
    found = [(0, 0)]
    rest = loose
    while rest:
        bit = rest & -rest
        rest ^= bit
        x = _BIT_VALUE[bit]
        found += [(m | bit, s + x) for m, s in found if s + x <= MAX_VALUE]
    by_sum: dict[int, list[int]] = {}
    for m, s in found:
        if s in by_sum:
            by_sum[s].append(m)
        else:
            by_sum[s] = [m]
    return {total: tuple(masks) for total, masks in by_sum.items()}


def _rank_groups() -> tuple[Masks, ...]:
    by_sum = subsets_by_sum(SUIT)  # the clubs: one card of each rank
    return tuple(by_sum[total] for total in range(MAX_VALUE + 1))


#: By total 0 … 14: every set of distinct ranks (13-bit) whose values add up to it, the groups
#: a folded loose set has worth that total being those it holds (the empty set for 0).
RANK_GROUPS: Final = _rank_groups()


def _rank_sums() -> tuple[int, ...]:
    reach = [1]  # by folded set: the totals its subsets reach, as bits (the empty set 0)
    for ranks in range(1, 1 << 13):
        low = ranks & -ranks
        fewer = reach[ranks ^ low]
        reach.append(fewer | fewer << low.bit_length())  # rank r is worth r + 1
    return tuple(r & _TOTALS for r in reach)


#: By folded set (13-bit): ``sums_of`` it, worked out at import for all 8,192 (a few ms).
RANK_SUMS: Final = _rank_sums()


class LooseGroups:
    """The groups of one set of loose cards, each answer computed on first use."""

    __slots__ = ("answers", "by_sum", "loose")

    def __init__(self, loose: int) -> None:
        self.loose = loose
        # Distinct ranks (a folded set, or clubs alone) read their groups off ``RANK_GROUPS``;
        # only a repeated rank needs its subsets listed.
        self.by_sum = subsets_by_sum(loose) if loose >> 13 else None
        self.answers: dict[int, Masks] = {}

    def worth(self, total: int) -> Masks:
        """The groups worth ``total`` (0: the empty group alone)."""
        if self.by_sum is not None:
            return self.by_sum.get(total, _EMPTY)
        outside = ~self.loose
        return tuple([g for g in RANK_GROUPS[total] if not g & outside])

    def unions(self, v: int, aces_pair: bool = False) -> Masks:
        """Every union of pairwise disjoint groups worth ``v``, the empty union first (one play
        may take or join several groups, RC-5, RC-9). With ``aces_pair`` a lone loose ace is
        also a group (worth 14 to a played ace, RC-5)."""
        key = _PAIRED + v if aces_pair else _UNIONS + v
        found = self.answers.get(key)
        if found is None:
            groups = self.worth(v)
            if aces_pair and self.loose & _ACES:
                groups = (*groups, *_bits(self.loose & _ACES))
            found = self.answers[key] = _disjoint_unions(groups)
        return found

    def takes(self, v: int) -> Masks:
        """The loose parts a card played at value ``v`` may capture (RC-5): unions of groups
        worth ``v`` (loose aces pair with an ace played at 14) that hold at least one loose
        card of the card's rank if one lies loose (RC-6: which one is the player's choice); 0
        first when taking no loose card is allowed (builds only)."""
        key = _TAKES + v
        found = self.answers.get(key)
        if found is None:
            unions = self.unions(v, v == MAX_VALUE)
            same_rank = self.loose & VALUE_CARDS[v]  # an ace's rank whichever value it plays
            if same_rank:
                unions = tuple(u for u in unions if u & same_rank)
            found = self.answers[key] = unions
        return found

    def captures(self, values: tuple[int, ...]) -> Masks:
        """The loose parts a card worth ``values`` (an ace: 1 or 14, each part once) captures
        when no build lies on the table: ``takes`` without the empty part."""
        key = _CAPTURES + values[-1]
        found = self.answers.get(key)
        if found is None:
            found = tuple(sorted({m for v in values for m in self.takes(v) if m}))
            self.answers[key] = found
        return found

    def joins(self, vp: int, value: int) -> Masks:
        """The loose cards that may go into a build worth ``value`` with a card played at
        ``vp``: one group with the card, and any more loose groups worth ``value`` (RC-9 …
        RC-11; in a build of 14 a lone loose ace is such a group, RC-2). 0 (the card alone) is
        among them when ``vp == value``."""
        key = _JOINS + (vp << 4 | value)
        found = self.answers.get(key)
        if found is None:
            firsts = self.worth(value - vp) if vp <= value else _EMPTY
            more = self.unions(value, value == MAX_VALUE) if firsts else _NONE
            if len(more) == 1:
                found = firsts
            else:
                found = tuple(sorted({g | r for g in firsts for r in more if not g & r}))
            self.answers[key] = found
        return found

    def creations(self, values: tuple[int, ...], value: int) -> Masks:
        """The loose cards a card worth ``values`` may create a new build worth ``value`` with
        (RC-9: at least one loose card; the card alone is no build)."""
        found: Masks = ()
        for vp in values:
            joins = self.joins(vp, value)
            found += joins[1:] if joins and not joins[0] else joins
        if len(values) > 1 and value == MAX_VALUE and self.loose & _ACES:
            # An ace building 14 with a loose ace and a K can count 1 (with the K, the ace a
            # group of its own) or 14 (alone, the K and the ace a group): one play (RC-2).
            found = tuple(sorted(set(found)))
        return found


_groups: dict[int, LooseGroups] = {}


def groups_of(loose: int) -> LooseGroups:
    """The (memoised) groups of a folded or repeated-rank loose set."""
    found = _groups.get(loose)
    if found is None:
        make_room(_groups, _MEMO_LIMIT >> 4)
        found = _groups[loose] = LooseGroups(loose)
    return found


def fold(loose: int) -> Folded:
    """``loose`` folded (its rank mask, or with a repeated rank itself), the masks of what is
    worth at most each value in those terms, and the suit masks c, d, h, s that unfold an
    answer m into the loose cards ``(m & c) | (m & d) << 13 | (m & h) << 26 | (m & s) << 39``.
    """
    c, d, h, s = loose & SUIT, loose >> 13 & SUIT, loose >> 26 & SUIT, loose >> 39
    ranks = c | d | h | s
    if ranks.bit_count() == loose.bit_count():
        return ranks, RANKS_UP_TO, c, d, h, s
    return loose, CARDS_UP_TO, ALL_CARDS, 0, 0, 0  # masks that leave an answer as it is


def unfold(m: int, c: int, d: int, h: int, s: int) -> int:
    """The loose cards of answer ``m`` (see ``fold``)."""
    return (m & c) | (m & d) << 13 | (m & h) << 26 | (m & s) << 39


#: Every distinct answer, once: far fewer than the keys (most are one small rank mask or
#: two), so the memos share them, and a lookup that hits finds its answer already in cache.
_ANSWERS: Final[dict[Masks, Masks]] = {}


def _remember(memo: dict[int, Masks], key: int, found: Masks) -> Masks:
    make_room(_ANSWERS, _MEMO_LIMIT)
    _untrack(found)  # a tuple of ints: the memos stay untracked (``core.untracked``)
    found = memo[key] = _ANSWERS.setdefault(found, found)
    make_room(memo, _MEMO_LIMIT)
    return found


def captured(low: int, rank: int) -> Masks:
    """The loose parts a card of ``rank`` captures when no build lies on the table (RC-5,
    RC-6), ``low`` being the folded loose cards worth at most ``TOP_VALUE[rank]``; kept in
    ``CAPTURED[low << 4 | rank]``."""
    found = groups_of(low).captures(HAND_VALUES[rank])  # HAND_VALUES of the club of that rank
    return _remember(CAPTURED, low << 4 | rank, found)


def created(low: int, rank: int, value: int) -> Masks:
    """The loose cards a card of ``rank`` may create a build worth ``value`` with (RC-9),
    ``low`` being the folded loose cards worth at most ``value``; kept in
    ``CREATED[(low << 4 | rank) << 4 | value]``."""
    found = groups_of(low).creations(HAND_VALUES[rank], value)
    return _remember(CREATED, (low << 4 | rank) << 4 | value, found)


def worth(low: int, total: int) -> Masks:
    """The groups worth ``total`` (1 … 14), ``low`` being the folded loose cards worth at most
    ``total``: with no group worth V on the table, the loose cards a card worth vp creates a
    build worth V with are exactly one such group, of total V - vp (RC-9). Kept in
    ``WORTH[low << 4 | total]``."""
    return _remember(WORTH, low << 4 | total, groups_of(low).worth(total))


def sums_of(folded: int) -> int:
    """The totals 1 … 14 that some group of the folded loose cards adds up to, as a mask: a
    card worth vp creates a build worth V with loose cards only if a group is worth V - vp,
    or V itself when V = vp (RC-9). Kept in ``SUMS``."""
    reach = 1  # the empty group
    rest = folded
    while rest:
        bit = rest & -rest
        rest ^= bit
        reach |= reach << _BIT_VALUE[bit]
    make_room(SUMS, _MEMO_LIMIT)
    found = SUMS[folded] = reach & _TOTALS
    return found


def taken(folded: int, up_to: tuple[int, ...], v: int) -> Masks:
    """``LooseGroups.takes``: the loose parts a card played at ``v`` may capture, 0 first when
    it may take loose cards but none (when it captures builds only)."""
    low = folded & up_to[v]
    found = _TAKEN.get(low << 4 | v)
    if found is None:
        found = _remember(_TAKEN, low << 4 | v, groups_of(low).takes(v))
    return found


def joined(folded: int, up_to: tuple[int, ...], vp: int, value: int) -> Masks:
    """``LooseGroups.joins``: the loose cards that may join a card played at ``vp`` added to
    a build worth ``value`` (RC-11), none (0) first when ``vp == value``."""
    low = folded & up_to[value]
    key = (low << 4 | vp) << 4 | value
    found = _JOINED.get(key)
    if found is None:
        found = _remember(_JOINED, key, groups_of(low).joins(vp, value))
    return found


def group_unions(loose: int, v: int, aces_pair: bool = False) -> list[int]:
    """Every union of pairwise disjoint groups of ``loose`` worth ``v``, the empty one first."""
    folded, _, c, d, h, s = fold(loose)
    return [unfold(m, c, d, h, s) for m in groups_of(folded).unions(v, aces_pair)]


def _disjoint_unions(groups: Masks) -> Masks:
    """Every union of pairwise disjoint ``groups``, the empty union first, then ascending."""
    if not groups:
        return _NONE
    if len(groups) == 1:
        return (0, groups[0])
    unions = {0}
    for g in groups:
        unions |= {m | g for m in unions if not m & g}
    unions.discard(0)
    return (0, *sorted(unions))


def _bits(mask: int) -> list[int]:
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out
