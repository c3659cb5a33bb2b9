"""The immutable state of a Royal Casino hand: hands, the table (loose cards and builds), the
sides' piles and sweeps, the hand's captures as they were made, and the undealt stock.
``apply`` returns new objects; nothing is ever copied deeply or changed in place.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.frozen import unfrozen_twin


@dataclass(frozen=True, slots=True)
class TableBuild:
    """A build on the table (RC-7): its cards as a mask, capture value, owner seat (RC-8).

    The groups a build was made of are not kept: after a play no rule looks at them (a
    multiple build is fixed, RC-12, and any build is captured whole), and keeping them would
    let two plays with the same notation leave different tables. ``multiple`` is true exactly
    when the cards' table values add up to more than ``value`` (one group adds up to it).
    """

    value: int
    cards: int
    owner: int
    multiple: bool


#: A capture as every player saw it made (RC-24: the public history of the hand): the seat,
#: the card it played, the table cards it took (a mask), and whether it was a sweep (RC-18).
Taken = tuple[int, int, int, bool]


@dataclass(frozen=True, slots=True)
class State:
    """One moment of a hand. Seats index ``hands``; sides index ``piles``, ``sweeps`` and
    ``near`` (the RC-22 item each side is limited to this hand: 0 none, else 1 most cards,
    2 Big Casino, 3 Little Casino). ``turn`` is -1 once the hand is over; ``last_capture`` is
    the side that captured last, -1 before any capture. ``captures`` lists the hand's
    captures in order (``Taken``): with face-down piles (RC-24) a seat sees them made but not
    the piles they form. Builds are kept in the order of their lowest card."""

    dealer: int
    turn: int
    hands: tuple[int, ...]
    loose: int
    builds: tuple[TableBuild, ...]
    piles: tuple[int, ...]
    sweeps: tuple[int, ...]
    last_capture: int
    stock: tuple[int, ...]
    near: tuple[int, ...]
    captures: tuple[Taken, ...]

    @property
    def table(self) -> int:
        """Every card on the table, loose or in a build."""
        mask = self.loose
        for b in self.builds:
            mask |= b.cards
        return mask


_UnfrozenState = unfrozen_twin(State)
_UnfrozenBuild = unfrozen_twin(TableBuild)
_new = object.__new__


def new_build(value: int, cards: int, owner: int, multiple: bool) -> TableBuild:
    """``TableBuild(...)``, made faster (see ``frozen``) for ``apply``."""
    made = _new(_UnfrozenBuild)
    made.value = value
    made.cards = cards
    made.owner = owner
    made.multiple = multiple
    made.__class__ = TableBuild
    build: TableBuild = made
    return build


def new_state(
    dealer: int,
    turn: int,
    hands: tuple[int, ...],
    loose: int,
    builds: tuple[TableBuild, ...],
    piles: tuple[int, ...],
    sweeps: tuple[int, ...],
    last_capture: int,
    stock: tuple[int, ...],
    near: tuple[int, ...],
    captures: tuple[Taken, ...],
) -> State:
    """``State(...)``, made about three times faster (see ``frozen``): ``apply`` makes one
    for every play."""
    made = _new(_UnfrozenState)  # its fields set one by one: cheaper than calling __init__
    made.dealer = dealer
    made.turn = turn
    made.hands = hands
    made.loose = loose
    made.builds = builds
    made.piles = piles
    made.sweeps = sweeps
    made.last_capture = last_capture
    made.stock = stock
    made.near = near
    made.captures = captures
    made.__class__ = State
    state: State = made
    return state


def build_order(b: TableBuild) -> int:
    """Sort key of builds: their lowest card."""
    return b.cards & -b.cards
