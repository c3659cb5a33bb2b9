"""The immutable state of a Royal Casino hand: hands, the table (loose cards and builds), the
sides' piles and sweeps, the hand's captures as they were made, and the undealt stock.
``apply`` returns new objects; nothing is ever copied deeply or changed in place.

The classes are compiled with the engine (setup.py): immutable (``Final`` attributes, which the
compiled classes enforce at run time too), made and read as C structs; not frozen dataclasses,
whose compiled form sets every field through ``object.__setattr__``. Each defines equality,
hashing, ``repr`` and pickling over its fields as the dataclass did.
"""

from __future__ import annotations

from typing import Final

TABLEBUILD_FIELDS = ("value", "cards", "owner", "multiple")


class TableBuild:
    """A build on the table (RC-7): its cards as a mask, capture value, owner seat (RC-8).

    The groups a build was made of are not kept: after a play no rule looks at them (a
    multiple build is fixed, RC-12, and any build is captured whole), and keeping them would
    let two plays with the same notation leave different tables. ``multiple`` is true exactly
    when the cards' table values add up to more than ``value`` (one group adds up to it).
    """

    __slots__ = TABLEBUILD_FIELDS

    def __init__(
        self,
        value: int,
        cards: int,
        owner: int,
        multiple: bool,
    ) -> None:
        self.value: Final = value
        self.cards: Final = cards
        self.owner: Final = owner
        self.multiple: Final = multiple

    def _fields(self) -> tuple[object, ...]:
        return (self.value, self.cards, self.owner, self.multiple)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TableBuild) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        inside = ", ".join(
            f"{n}={v!r}" for n, v in zip(TABLEBUILD_FIELDS, self._fields(), strict=True)
        )
        return "TableBuild(" + inside + ")"

    def __reduce__(self) -> tuple[object, ...]:
        return (TableBuild, self._fields())


#: A capture as every player saw it made (RC-24: the public history of the hand): the seat,
#: the card it played, the table cards it took (a mask), and whether it was a sweep (RC-18).
Taken = tuple[int, int, int, bool]


STATE_FIELDS = (
    "dealer",
    "turn",
    "hands",
    "loose",
    "builds",
    "piles",
    "sweeps",
    "last_capture",
    "stock",
    "near",
    "captures",
)


class State:
    """One moment of a hand. Seats index ``hands``; sides index ``piles``, ``sweeps`` and
    ``near`` (the RC-22 item each side is limited to this hand: 0 none, else 1 most cards,
    2 Big Casino, 3 Little Casino). ``turn`` is -1 once the hand is over; ``last_capture`` is
    the side that captured last, -1 before any capture. ``captures`` lists the hand's
    captures in order (``Taken``): with face-down piles (RC-24) a seat sees them made but not
    the piles they form. Builds are kept in the order of their lowest card."""

    __slots__ = STATE_FIELDS

    def __init__(
        self,
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
    ) -> None:
        self.dealer: Final = dealer
        self.turn: Final = turn
        self.hands: Final = hands
        self.loose: Final = loose
        self.builds: Final = builds
        self.piles: Final = piles
        self.sweeps: Final = sweeps
        self.last_capture: Final = last_capture
        self.stock: Final = stock
        self.near: Final = near
        self.captures: Final = captures

    def _fields(self) -> tuple[object, ...]:
        return (
            self.dealer,
            self.turn,
            self.hands,
            self.loose,
            self.builds,
            self.piles,
            self.sweeps,
            self.last_capture,
            self.stock,
            self.near,
            self.captures,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        pairs = zip(STATE_FIELDS, self._fields(), strict=True)
        inside = ", ".join(f"{n}={v!r}" for n, v in pairs)
        return "State(" + inside + ")"

    def __reduce__(self) -> tuple[object, ...]:
        return (State, self._fields())

    @property
    def table(self) -> int:
        """Every card on the table, loose or in a build."""
        mask = self.loose
        for b in self.builds:
            mask |= b.cards
        return mask


def new_build(value: int, cards: int, owner: int, multiple: bool) -> TableBuild:
    """``TableBuild(...)``, as ``apply`` has always called it."""
    return TableBuild(value, cards, owner, multiple)


def build_order(b: TableBuild) -> int:
    """Sort key of builds: their lowest card."""
    return b.cards & -b.cards
