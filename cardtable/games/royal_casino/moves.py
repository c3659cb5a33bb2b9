"""The legal plays of a position (RC-4 … RC-18).

What a card can do with the loose cards is looked up in the memoised answers of ``groups``,
asked about the loose cards folded onto ranks and cut down to those worth at most the value in
question, so most of a position's work is lookups: a card's captures (RC-5, RC-6), the loose
cards it can create a build with (RC-9), those that may join a raised build (RC-10) or a build
added to (RC-11). Plays are collected as masks, so two groupings that take or join the same
cards are one action, and each action object is made once (``actions``).

This module runs for every decision of every search, so its two loops over the hand are written
out by hand (in CPython a call costs as much as the lookup it would wrap): in them
``(m & c) | (m & d) << 13 | (m & h) << 26 | (m & s) << 39`` unfolds an answer ``m`` into
cards (``groups.fold``), ``CAPTURES.get(…) or capture_of(…)`` finds a play or makes it, and
``sums``, the totals some loose group reaches, says which build values a card can create at all
and whether it captures at all: a card captures exactly when a group is worth one of its values
(RC-5; if it must take loose cards of its rank, RC-6, those are groups worth it too). Most cards
capture nothing, and ``sums`` of a folded table is a small table built at import
(``groups.RANK_SUMS``), so those cards never reach the big memos, whose lookups are what a
decision mostly costs (random play keeps meeting new tables, so they miss the processor's cache).

No play comes out twice: a card's captures differ in the cards taken (an ace's two values can
take the same cards, so its captures go through a set), and its builds differ in cards or
value (when a played ace builds 14 with loose aces, counting 1 or 14 can join the same cards,
so those go through a set too). A lone loose ace is a group worth 14 (RC-2: aces pair with
aces), so ``sums`` holds 14 whenever an ace lies loose. A raise adds the played card alone
(RC-10).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Final

from cardtable.core.game import Action
from cardtable.games.royal_casino.actions import BUILDS, CAPTURES, TRAILS
from cardtable.games.royal_casino.groups import (
    ALL_CARDS,
    CAPTURED,
    CARDS_UP_TO,
    CREATED,
    RANK_SUMS,
    RANKS_UP_TO,
    SUIT,
    SUMS,
    TOP_VALUE,
    WORTH,
    Masks,
    captured,
    created,
    fold,
    joined,
    sums_of,
    taken,
    worth,
)
from cardtable.games.royal_casino.interned import build_of, capture_of
from cardtable.games.royal_casino.table import State, TableBuild
from cardtable.games.royal_casino.values import HAND_VALUES, MAX_VALUE, RANK_MASK

_TEXT: Final = attrgetter("text")
#: The cards of each card's rank (RC-6).
_SAME_RANK: Final = tuple(RANK_MASK[c % 13] for c in range(52))
#: The build value a card in hand lets its player keep (RC-13): its rank, an ace 14; as a bit.
_HOLD_BIT: Final = tuple(1 << (MAX_VALUE if c % 13 == 0 else c % 13 + 1) for c in range(52))
#: The values a card may be played at (RC-2), as bits.
_VALUE_BITS: Final = tuple(sum(1 << v for v in HAND_VALUES[c]) for c in range(52))
#: By rank: the build values a card may make alone with loose groups worth that value (RC-9:
#: an 8 onto a loose 8, or onto a 5 and a 3), as bits: its value, and for an ace also 14.
_OWN_VALUES: Final = tuple(sum(1 << v for v in HAND_VALUES[rank]) for rank in range(13))
#: RC-2: a lone loose ace is a group worth 14 (aces pair with aces, as eights with eights).
_ACES: Final = RANK_MASK[0]
_PAIR_BIT: Final = 1 << MAX_VALUE

#: The plain actions module's tables and makers, held here as ``Final`` so that the compiled
#: module reads them as C statics rather than from its globals' dictionary at every use.
_TRAILS: Final = TRAILS
_CAPTURES: Final = CAPTURES
_BUILDS: Final = BUILDS
_capture_of: Final = capture_of
_build_of: Final = build_of


def sides_of(players: int) -> int:
    """RC-1: 4 players form two partnerships (0&2, 1&3); otherwise each player is a side."""
    return 2 if players == 4 else players


def legal_plays(state: State, partner_may_raise: bool) -> list[Action]:
    """Every legal play of the seat to move, once each, sorted by notation."""
    hand = state.hands[state.turn]
    plays: list[Action]
    if state.builds:
        plays = _plays_with_builds(state, hand, partner_may_raise)
    elif state.loose:
        plays = _plays_without_builds(hand, state.loose)
    else:  # RC-18: after a sweep the only play is a trail
        plays = [_TRAILS[p] for p in _cards_of(hand)]
    if len(plays) > 1:
        plays.sort(key=_TEXT)
    return plays


def _cards_of(hand: int) -> list[int]:
    cards = []
    while hand:
        low = hand & -hand
        hand ^= low
        cards.append(low.bit_length() - 1)
    return cards


def _kept_values(cards: list[int]) -> tuple[int, int]:
    """RC-13: the build values the hand holds, and those it holds twice or more, as bits: after
    a card is played the hand still holds its value only if it held it twice."""
    held = twice = 0
    for p in cards:
        bit = _HOLD_BIT[p]
        twice |= held & bit
        held |= bit
    return held, twice


def _plays_without_builds(hand: int, loose: int) -> list[Action]:
    """The common case: no build on the table, so nobody owns one (RC-17) and only loose
    cards are captured (RC-5, RC-6) or built on (RC-9)."""
    plays: list[Action] = []
    # groups.fold, written out: the loose cards onto ranks unless a rank repeats.
    c, d, h, s = loose & SUIT, loose >> 13 & SUIT, loose >> 26 & SUIT, loose >> 39
    folded = c | d | h | s
    if folded.bit_count() == loose.bit_count():
        up_to, sums = RANKS_UP_TO, RANK_SUMS[folded]
    else:
        folded, up_to, c, d, h, s = loose, CARDS_UP_TO, ALL_CARDS, 0, 0, 0
        sums = SUMS.get(folded) or sums_of(folded)
    if loose & _ACES:
        sums |= _PAIR_BIT
    cards = _cards_of(hand)
    for p in cards:
        if not loose & _SAME_RANK[p]:  # RC-15, RC-16
            plays.append(_TRAILS[p])
        if not sums & _VALUE_BITS[p]:  # no group is worth the card: no capture (RC-5)
            continue
        rank = p % 13
        low = folded & up_to[TOP_VALUE[rank]]
        found = CAPTURED.get(low << 4 | rank)
        if found is None:
            found = captured(low, rank)
        for m in found:
            m = (m & c) | (m & d) << 13 | (m & h) << 26 | (m & s) << 39
            plays.append(_CAPTURES.get(m << 6 | p) or _capture_of(p, m))
    if len(cards) < 2:  # RC-13: a build needs another card of its value kept in hand
        return plays
    held, twice = _kept_values(cards)
    for p in cards:
        bit = _HOLD_BIT[p]
        rank = p % 13
        kept = held if twice & bit else held ^ bit  # RC-13: values kept in hand after p
        values = kept & (sums << rank + 1 | sums & _OWN_VALUES[rank])  # RC-9
        while values:
            low = values & -values
            values ^= low
            value = low.bit_length() - 1
            if sums >> value & 1:  # as in _creations
                low = folded & up_to[value]
                found = CREATED.get((low << 4 | rank) << 4 | value)
                if found is None:
                    found = created(low, rank, value)
            else:
                total = value - rank - 1
                low = folded & up_to[total]
                found = WORTH.get(low << 4 | total)
                if found is None:
                    found = worth(low, total)
            for m in found:
                m = (m & c) | (m & d) << 13 | (m & h) << 26 | (m & s) << 39
                plays.append(_BUILDS.get((m << 6 | p) << 4 | value) or _build_of(p, m, value))
    return plays


def _creations(folded: int, up_to: tuple[int, ...], sums: int, rank: int, value: int) -> Masks:
    """The loose cards a card of ``rank`` creates a build worth ``value`` with (RC-9)."""
    if sums >> value & 1:  # groups worth the value may join too
        low = folded & up_to[value]
        found = CREATED.get((low << 4 | rank) << 4 | value)
        return created(low, rank, value) if found is None else found
    total = value - rank - 1  # else just one group, worth the value less the card's
    low = folded & up_to[total]
    found = WORTH.get(low << 4 | total)
    return worth(low, total) if found is None else found


def _plays_with_builds(state: State, hand: int, partner_may_raise: bool) -> list[Action]:
    """Plays when builds lie on the table: owners, raising and adding (RC-8 … RC-17)."""
    plays: list[Action] = []
    cards = _cards_of(hand)
    held, twice = _kept_values(cards)
    loose = state.loose
    folded, up_to, c, d, h, s = fold(loose)
    sums = RANK_SUMS[folded] if up_to is RANKS_UP_TO else SUMS.get(folded) or sums_of(folded)
    if loose & _ACES:
        sums |= _PAIR_BIT
    builds, owned, raisable, addable = _builds_by_role(state, partner_may_raise)
    build_values = 0
    for b in builds:
        build_values |= 1 << b.value
    for p in cards:
        bit = _HOLD_BIT[p]
        kept = held if twice & bit else held ^ bit  # RC-13: values kept in hand after p
        # RC-13: builds the player owns whose value would leave the hand with p: this play
        # must capture them all, so it cannot be a build.
        must = 0
        for b in owned:
            if not kept >> b.value & 1:
                must |= b.cards
        if not owned and not loose & _SAME_RANK[p]:  # RC-15, RC-16, RC-17
            plays.append(_TRAILS[p])
        rank = p % 13
        if must or build_values & _VALUE_BITS[p]:
            takes: set[int] = set()
            for v in HAND_VALUES[p]:
                combos = _build_combos(v, builds, must)
                for m in taken(folded, up_to, v):
                    m = (m & c) | (m & d) << 13 | (m & h) << 26 | (m & s) << 39
                    takes.update([m | x for x in combos if m | x])
            plays += [_CAPTURES.get(m << 6 | p) or _capture_of(p, m) for m in takes]
            if must:
                continue
        elif sums & _VALUE_BITS[p]:  # else no group is worth the card: no capture (RC-5)
            low = folded & up_to[TOP_VALUE[rank]]
            found = CAPTURED.get(low << 4 | rank)
            if found is None:
                found = captured(low, rank)
            for m in found:
                m = (m & c) | (m & d) << 13 | (m & h) << 26 | (m & s) << 39
                plays.append(_CAPTURES.get(m << 6 | p) or _capture_of(p, m))
        values = kept & (sums << rank + 1 | sums & _OWN_VALUES[rank])  # RC-9
        while values:
            low = values & -values
            values ^= low
            value = low.bit_length() - 1
            for m in _creations(folded, up_to, sums, rank, value):
                m = (m & c) | (m & d) << 13 | (m & h) << 26 | (m & s) << 39
                plays.append(_BUILDS.get((m << 6 | p) << 4 | value) or _build_of(p, m, value))
        for vp in HAND_VALUES[p]:
            for b in raisable:  # RC-10: the played card alone raises a single build
                value = b.value + vp
                if kept >> value & 1:
                    m = b.cards
                    plays.append(_BUILDS.get((m << 6 | p) << 4 | value) or _build_of(p, m, value))
        for b in addable:  # RC-11: a group worth the build's value is added to it
            value = b.value
            if kept >> value & 1:
                parts = joined(folded, up_to, HAND_VALUES[p][0], value)
                if value == MAX_VALUE and rank == 0:  # an ace counting 1 or alone 14 (RC-2)
                    parts = _either(parts, joined(folded, up_to, MAX_VALUE, value))
                for m in parts:
                    m = b.cards | (m & c) | (m & d) << 13 | (m & h) << 26 | (m & s) << 39
                    plays.append(_BUILDS.get((m << 6 | p) << 4 | value) or _build_of(p, m, value))
    return plays


Builds = list[TableBuild]


def _builds_by_role(
    state: State, partner_may_raise: bool
) -> tuple[tuple[TableBuild, ...], Builds, Builds, Builds]:
    """The builds on the table; those the seat to move owns (RC-8); the single builds it may
    raise (RC-10: not its own nor, by default, its partner's); those it may add to (RC-11:
    any but its partner's)."""
    seat, builds = state.turn, state.builds
    sides = sides_of(len(state.hands))
    owned: Builds = []
    raisable: Builds = []
    addable: Builds = []
    for b in builds:
        if b.owner == seat:
            owned.append(b)
            addable.append(b)
        elif b.owner % sides != seat % sides:
            addable.append(b)
            if not b.multiple:
                raisable.append(b)
        elif partner_may_raise and not b.multiple:
            raisable.append(b)
    return builds, owned, raisable, addable


def _build_combos(v: int, builds: tuple[TableBuild, ...], must: int) -> list[int]:
    """RC-5: the sets of builds worth ``v`` one capture may take, each holding every card of
    ``must`` (the player's builds it must capture, RC-13)."""
    combos = [0]
    for b in builds:
        if b.value == v:
            combos += [x | b.cards for x in combos]
    if must:
        combos = [x for x in combos if x & must == must]
    return combos


def _either(first: Masks, second: Masks) -> Masks:
    """The parts found counting a played ace 1 or 14, once each (RC-2)."""
    return tuple(sorted({*first, *second}))
