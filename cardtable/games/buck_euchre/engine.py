"""Applying an action: one function per phase (BE-5 … BE-10)."""

from __future__ import annotations

from typing import Final, cast

from cardtable.core.game import Action
from cardtable.games.buck_euchre.actions import (
    Discard,
    Order,
    Play,
    Stay,
    Trump,
)
from cardtable.games.buck_euchre.cards import (
    ALL_SEATS,
    POS,
    SEATS,
    SUIT_AT,
    TABLES,
)
from cardtable.games.buck_euchre.state import (
    DECIDERS,
    DECIDING,
    DISCARDING,
    DOWN,
    NAMING,
    NEXT_IN,
    ORDERING,
    OVER,
    PLAYING,
    ROUND_FROM,
    TAKEN,
    BuckEuchreState,
    Table,
    _hands_with,
)
from cardtable.games.tricks import NO_TRUMP


# -- applying actions, one function per phase -----------------------------------------------------
def _apply_order(s: BuckEuchreState, a: Action) -> BuckEuchreState:
    t, seat = s.table, s.turn
    assert seat is not None
    if isinstance(a, Order):  # BE-5: the dealer picks the upcard up and must discard
        table = Table(t.dealer, t.upcard, t.kitty, TAKEN, -1, SUIT_AT[t.upcard], seat,
                      0, 0)  # fmt: skip
        hands = _hands_with(s.hands, t.dealer, 1 << t.upcard)
        return BuckEuchreState(table, DISCARDING, t.dealer, hands, (), -1, s.taken, (), -1)
    if seat == t.dealer:  # BE-6: all four passed, the upcard is turned down
        table = Table(t.dealer, t.upcard, t.kitty, DOWN, -1, -1, -1, 0, 0)
        return BuckEuchreState(table, NAMING, (seat + 1) % SEATS, s.hands, (), -1, s.taken, (), -1)
    return BuckEuchreState(t, ORDERING, (seat + 1) % SEATS, s.hands, (), -1, s.taken, (), -1)


def _apply_discard(s: BuckEuchreState, a: Discard) -> BuckEuchreState:
    t = s.table
    pos = POS[a.card]
    table = Table(t.dealer, t.upcard, t.kitty, t.fate, pos, t.trump, t.maker, 0, 0)
    return _start_deciding(s, table, _hands_with(s.hands, t.dealer, 1 << pos))


def _apply_name(s: BuckEuchreState, a: Action) -> BuckEuchreState:
    t, seat = s.table, s.turn
    assert seat is not None
    if isinstance(a, Trump):  # BE-6: the namer is the maker
        table = Table(t.dealer, t.upcard, t.kitty, t.fate, -1, a.suit, seat, 0, 0)
        return _start_deciding(s, table, s.hands)
    if seat == t.dealer:  # BE-7: all passed again, no trump and no maker
        table = Table(t.dealer, t.upcard, t.kitty, t.fate, -1, NO_TRUMP, -1, 0, 0)
        return _start_deciding(s, table, s.hands)
    return BuckEuchreState(t, NAMING, (seat + 1) % SEATS, s.hands, (), -1, s.taken, (), -1)


def _start_deciding(s: BuckEuchreState, table: Table, hands: tuple[int, ...]) -> BuckEuchreState:
    first = DECIDERS[table.dealer][table.maker][0]
    return BuckEuchreState(table, DECIDING, first, hands, (), -1, s.taken, (), -1)


def _apply_decide(s: BuckEuchreState, a: Action) -> BuckEuchreState:
    t, seat = s.table, s.turn
    assert seat is not None
    stayed, dropped = t.stayed, t.dropped
    if isinstance(a, Stay):
        stayed |= 1 << seat
    else:
        dropped |= 1 << seat
    table = Table(t.dealer, t.upcard, t.kitty, t.fate, t.discard, t.trump, t.maker, stayed,
                  dropped)  # fmt: skip
    order = DECIDERS[t.dealer][t.maker]
    if seat != order[-1]:
        nxt = order[order.index(seat) + 1]
        return BuckEuchreState(table, DECIDING, nxt, s.hands, (), -1, s.taken, (), -1)
    if (ALL_SEATS & ~dropped).bit_count() < 2:  # BE-9: the hand is not played
        return BuckEuchreState(table, OVER, None, s.hands, (), -1, s.taken, (), -1)
    leader = NEXT_IN[dropped][t.dealer]  # BE-10: after the dealer, or the next player still in
    return BuckEuchreState(table, PLAYING, leader, s.hands, (), leader, s.taken, (), -1)


_POWER: Final[tuple[tuple[tuple[int, ...], ...], ...]] = TABLES.power
_SUIT: Final[tuple[tuple[int, ...], ...]] = TABLES.suit


def _winner(trick: tuple[int, ...], trump: int) -> int:
    """``TABLES.winner``: the index in ``trick`` of the card that wins it (BE-10)."""
    power = _POWER[trump][_SUIT[trump][trick[0]]]
    best, top = 0, power[trick[0]]
    for i in range(1, len(trick)):
        p = power[trick[i]]
        if p > top:
            best, top = i, p
    return best


def _apply_play(s: BuckEuchreState, a: Play) -> BuckEuchreState:
    t, seat = s.table, s.turn
    assert seat is not None
    pos = POS[a.card]
    hands_ = list(s.hands)  # inline _hands_with: this is the hottest path
    hands_[seat] ^= 1 << pos
    hands = tuple(hands_)
    trick = (*s.trick, pos)
    round_ = ROUND_FROM[t.dropped][s.leader]
    if len(trick) < len(round_):
        return BuckEuchreState(t, PLAYING, NEXT_IN[t.dropped][seat], hands, trick, s.leader,
                               s.taken, s.last_trick, s.last_leader, s.earlier)  # fmt: skip
    winner = round_[_winner(trick, t.trump)]  # BE-10: the winner leads next
    won = 0
    for p in trick:
        won |= 1 << p
    taken = _hands_with(s.taken, winner, won)
    earlier = (*s.earlier, (s.last_leader, s.last_trick)) if s.last_trick else s.earlier
    if hands[winner]:
        return BuckEuchreState(t, PLAYING, winner, hands, (), winner, taken, trick, s.leader,
                               earlier)  # fmt: skip
    return BuckEuchreState(t, OVER, None, hands, (), winner, taken, trick, s.leader, earlier)


def next_state(s: BuckEuchreState, a: Action) -> BuckEuchreState:
    """The state after ``a``, a legal action of the seat to move (``Match`` has checked it, so
    each phase's function takes its own kind of action)."""
    phase = s.phase
    if phase == PLAYING:
        return _apply_play(s, cast(Play, a))
    if phase == DECIDING:
        return _apply_decide(s, a)
    if phase == ORDERING:
        return _apply_order(s, a)
    if phase == NAMING:
        return _apply_name(s, a)
    if phase == DISCARDING:
        return _apply_discard(s, cast(Discard, a))
    raise AssertionError("the hand is over")
