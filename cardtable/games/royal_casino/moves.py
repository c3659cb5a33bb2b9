"""The legal plays of a position (RC-4 … RC-18), generated from the loose cards' subset sums.

Every loose subset whose values add up to at most 14 is listed once per loose set (cached), so
each question the rules ask becomes a lookup: which loose groups are worth v (RC-5), which
unions of disjoint such groups exist (several groups in one play), and which loose cards may
join a played card to make a group worth V (RC-9, RC-11). Plays are collected as masks, so two
groupings that take or join the same cards are one action; action objects are cached.

No play comes out twice: a card's captures differ in the cards taken (an ace's two values can
take the same cards, so its captures go through a set), and its builds differ in cards or
value (when a played ace builds 14, the table cards it joins add up to 13 modulo 14 if it
counts 1, and to 0 modulo 14 if it counts 14).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from operator import attrgetter

from cardtable.core.cards import ACE, cards_of
from cardtable.core.game import Action
from cardtable.games.royal_casino.actions import Build, Capture, Trail
from cardtable.games.royal_casino.table import State, TableBuild
from cardtable.games.royal_casino.values import (
    HAND_VALUES,
    MAX_VALUE,
    RANK_MASK,
    TABLE_VALUE,
)

BySum = dict[int, list[int]]

_TEXT = attrgetter("text")
_ACES = RANK_MASK[ACE]
_NONE = (0,)
_EMPTY: list[int] = []
_NO_JOINS: tuple[int, ...] = ()
_TRAILS = tuple(Trail(c) for c in range(52))
#: The build value a card in hand lets its player keep (RC-13): its rank, an ace 14.
_HOLDS = tuple(MAX_VALUE if HAND_VALUES[c][0] == 1 else HAND_VALUES[c][0] for c in range(52))
_BIT_VALUE = {1 << c: TABLE_VALUE[c] for c in range(52)}
_capture = lru_cache(maxsize=1 << 16)(Capture)
_build = lru_cache(maxsize=1 << 16)(Build)


@lru_cache(maxsize=1 << 12)
def subsets_by_sum(loose: int) -> BySum:
    """For each total 1 … 14 that some subset of ``loose`` adds up to (table values), those
    subsets; total 0 maps to the empty set. Callers never change the lists."""
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
    return by_sum


def group_unions(loose: int, v: int, aces_pair: bool = False) -> tuple[int, ...]:
    """Every union of pairwise disjoint loose groups worth ``v``, the empty union first.

    With ``aces_pair`` a lone loose ace is also a group (worth 14 to a played ace, RC-5)."""
    return _unions(subsets_by_sum(loose), loose, v, aces_pair)


def _unions(by_sum: BySum, loose: int, v: int, aces_pair: bool = False) -> tuple[int, ...]:
    groups = by_sum.get(v, _EMPTY)
    if aces_pair and loose & _ACES:
        groups = [*groups, *(1 << c for c in cards_of(loose & _ACES))]
    if not groups:
        return _NONE
    if len(groups) == 1:
        return (0, groups[0])
    unions = {0}
    for g in groups:
        unions |= {m | g for m in unions if not m & g}
    unions.discard(0)
    return (0, *sorted(unions))


def _joins(by_sum: BySum, loose: int, vp: int, value: int) -> Collection[int]:
    """The loose cards that may go into a build worth ``value`` with a played card worth
    ``vp``: one group with the card, any more loose groups worth ``value`` (RC-9, RC-11).
    0 (the card alone) is included when ``vp == value``."""
    firsts = by_sum.get(value - vp)
    if firsts is None:
        return _NO_JOINS
    more = _unions(by_sum, loose, value)
    if len(more) == 1:
        return firsts
    return {g | r for g in firsts for r in more if not g & r}


def sides_of(players: int) -> int:
    """RC-1: 4 players form two partnerships (0&2, 1&3); otherwise each player is a side."""
    return 2 if players == 4 else players


def legal_plays(state: State, partner_may_raise: bool) -> list[Action]:
    """Every legal play of the seat to move, once each, sorted by notation."""
    plays: list[Action] = []
    cards = cards_of(state.hands[state.turn])
    if state.builds:
        _plays_with_builds(plays, state, cards, partner_may_raise)
    elif state.loose:
        _plays_without_builds(plays, cards, state.loose)
    else:  # RC-18: after a sweep the only play is a trail
        plays += [_TRAILS[p] for p in cards]
    plays.sort(key=_TEXT)
    return plays


def _plays_without_builds(plays: list[Action], cards: list[int], loose: int) -> None:
    """The common case, kept lean: no build on the table, so nobody owns one (RC-17) and only
    loose cards are captured or built on."""
    by_sum = subsets_by_sum(loose)
    holds = [_HOLDS[c] for c in cards]
    for i, p in enumerate(cards):
        same_rank = loose & RANK_MASK[p % 13]
        if not same_rank:  # RC-16
            plays.append(_TRAILS[p])
        values = HAND_VALUES[p]
        if len(values) == 1:
            _loose_captures(plays, p, values[0], loose, by_sum, same_rank)
        else:
            _ace_captures(plays, p, loose, by_sum, same_rank, (), 0)
        held = holds[:i] + holds[i + 1 :]
        _creations(plays, p, values, set(held) if len(held) > 1 else held, loose, by_sum)


def _plays_with_builds(
    plays: list[Action], state: State, cards: list[int], partner_may_raise: bool
) -> None:
    """Plays when builds lie on the table: owners, raising and adding (RC-8 … RC-17)."""
    seat, loose, builds = state.turn, state.loose, state.builds
    by_sum = subsets_by_sum(loose)
    sides = sides_of(len(state.hands))
    side = seat % sides
    owned = [b for b in builds if b.owner == seat]
    raisable = [
        b for b in builds
        if not b.multiple and b.owner != seat
        and (b.owner % sides != side or partner_may_raise)
    ]  # fmt: skip
    addable = [b for b in builds if b.owner == seat or b.owner % sides != side]  # RC-11
    build_values = {b.value for b in builds}
    for p in cards:
        same_rank = loose & RANK_MASK[p % 13]
        if not owned and not same_rank:  # RC-15, RC-16, RC-17
            plays.append(_TRAILS[p])
        held = {_HOLDS[c] for c in cards if c != p}  # RC-13: values kept in hand after p
        # RC-13: builds the player owns whose value would leave the hand with p: this play
        # must capture them all, so it cannot be a build.
        must = 0
        for b in owned:
            if b.value not in held:
                must |= b.cards
        values = HAND_VALUES[p]
        if len(values) == 2:
            _ace_captures(plays, p, loose, by_sum, same_rank, builds, must)
        elif must or values[0] in build_values:
            _build_captures(plays, p, values[0], loose, by_sum, same_rank, builds, must)
        else:
            _loose_captures(plays, p, values[0], loose, by_sum, same_rank)
        if must:
            continue
        if loose:
            _creations(plays, p, values, held, loose, by_sum)
        for vp in values:
            for b in raisable:  # RC-10: the played card alone raises a single build
                value = b.value + vp
                if value in held:
                    plays += [_build(p, b.cards | r, value) for r in _unions(by_sum, loose, value)]
            for b in addable:  # RC-11: a group worth the build's value is added to it
                value = b.value
                if vp <= value and value in held:
                    joins = _joins(by_sum, loose, vp, value)
                    plays += [_build(p, b.cards | j, value) for j in joins]


def _loose_captures(
    plays: list[Action], p: int, v: int, loose: int, by_sum: BySum, same_rank: int
) -> None:
    """RC-5 captures of loose cards only by card ``p`` worth ``v`` (RC-6: with every loose
    card of its rank)."""
    groups = by_sum.get(v)
    if groups is None:
        return
    if len(groups) == 1:
        if groups[0] & same_rank == same_rank:
            plays.append(_capture(p, groups[0]))
    else:
        plays += [_capture(p, u) for u in _takes(by_sum, loose, v, same_rank) if u]


def _takes(by_sum: BySum, loose: int, v: int, same_rank: int) -> Sequence[int]:
    """The loose parts a card worth ``v`` may capture (RC-5): unions of disjoint groups
    worth ``v`` that hold every loose card of the card's rank (RC-6); 0 first if allowed."""
    groups = by_sum.get(v)
    if groups is None and not (v == MAX_VALUE and loose & _ACES):
        return () if same_rank else _NONE
    unions = _unions(by_sum, loose, v, v == MAX_VALUE)
    if not same_rank:
        return unions
    return [u for u in unions if u & same_rank == same_rank]


def _creations(
    plays: list[Action],
    p: int,
    values: tuple[int, ...],
    held: Collection[int],
    loose: int,
    by_sum: BySum,
) -> None:
    """RC-9 builds created by card ``p`` (worth one of ``values``) with loose cards, worth a
    value still ``held`` after the play (RC-13)."""
    for value in held:
        for vp in values:
            if vp > value:
                continue
            firsts = by_sum.get(value - vp)
            if firsts is None:
                continue
            if value not in by_sum:  # no loose group worth value: one group, with the card
                plays += [_build(p, g, value) for g in firsts if g]
            else:
                plays += [_build(p, j, value) for j in _joins(by_sum, loose, vp, value) if j]


def _build_captures(
    plays: list[Action],
    p: int,
    v: int,
    loose: int,
    by_sum: BySum,
    same_rank: int,
    builds: tuple[TableBuild, ...],
    must: int,
) -> None:
    """RC-5 captures by a card worth ``v``: loose parts (RC-6) with any builds worth ``v``,
    taking every card of ``must`` (the player's builds it must capture, RC-13)."""
    combos = [0]
    for b in builds:
        if b.value == v:
            combos += [c | b.cards for c in combos]
    if must:
        combos = [c for c in combos if c & must == must]
    plays += [
        _capture(p, u | c) for u in _takes(by_sum, loose, v, same_rank) for c in combos if u | c
    ]


def _ace_captures(
    plays: list[Action],
    p: int,
    loose: int,
    by_sum: BySum,
    same_rank: int,
    builds: tuple[TableBuild, ...],
    must: int,
) -> None:
    """RC-5 captures by an ace counting 1 or 14, each set of cards taken once."""
    found: list[Action] = []
    for v in HAND_VALUES[p]:
        _build_captures(found, p, v, loose, by_sum, same_rank, builds, must)
    plays += set(found)
