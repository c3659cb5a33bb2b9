"""The immutable state of a rummy hand: the table of melds, the player's duties this turn, and
the hand state itself.

Everything is ints and tuples: ``apply`` builds a new state and shares the rest (the dealt deck,
untouched hands, the table), so nothing is ever deep-copied.

The classes are compiled with the engine (setup.py): immutable (their attributes are
``Final``, which the compiled classes enforce at run time too), made and read as C structs.
They are not frozen dataclasses because a compiled frozen dataclass sets every field through
``object.__setattr__``, many times slower; each defines equality, hashing, ``repr`` and
pickling over its fields as the dataclass did.
"""

from __future__ import annotations

from typing import Final

from cardtable.games.rummy.shapes import OPEN_MASK, RUN_FLAG

# the phases of a turn
DRAWING: Final = 0
PLAYING: Final = 1
CALLING: Final = 2
OVER: Final = 3
PHASE_NAMES = ("draw", "play", "rummy call", "over")
# how the player in turn got this turn's cards
STOCK: Final = 0
TOP: Final = 1
DUG: Final = 2
CALLED: Final = 3
SOURCE_NAMES = ("stock", "top discard", "dug", "rummy call")


TABLEMELD_FIELDS = ("shape", "maker", "melded", "cards", "faces", "seats")


class TableMeld:
    """A meld on the table. ``shape`` (see ``shapes``) grows as cards are laid off. The cards
    are listed in the order they were put down, as three parallel tuples: the card (a face,
    or the joker), the face it stands for, and the seat that put it down. The first
    ``melded`` are the meld made by ``maker``; the rest were laid off, each credited to whoever
    laid it off (R5-9)."""

    __slots__ = TABLEMELD_FIELDS

    def __init__(
        self,
        shape: int,
        maker: int,
        melded: int,
        cards: tuple[int, ...],
        faces: tuple[int, ...],
        seats: tuple[int, ...],
    ) -> None:
        self.shape: Final = shape
        self.maker: Final = maker
        self.melded: Final = melded
        self.cards: Final = cards
        self.faces: Final = faces
        self.seats: Final = seats

    def _fields(self) -> tuple[object, ...]:
        return (self.shape, self.maker, self.melded, self.cards, self.faces, self.seats)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TableMeld) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return _repr("TableMeld", TABLEMELD_FIELDS, self._fields())

    def __reduce__(self) -> tuple[object, ...]:
        return (TableMeld, self._fields())


TABLE_FIELDS = ("melds", "shapes", "open", "run_suits")


class Table:
    """The melds on the table, numbered 1, 2, ... in the order made (R5-9), summed up for the
    move generator by ``Table.of`` whenever a meld is made or grows: the shapes, the mask of
    faces that extend some meld, and the suits that have a run."""

    __slots__ = TABLE_FIELDS

    def __init__(
        self,
        melds: tuple[TableMeld, ...],
        shapes: tuple[int, ...],
        open: int,
        run_suits: int,  # bit s: some run of suit s is on the table
    ) -> None:
        self.melds: Final = melds
        self.shapes: Final = shapes
        self.open: Final = open
        self.run_suits: Final = run_suits

    def _fields(self) -> tuple[object, ...]:
        return (self.melds, self.shapes, self.open, self.run_suits)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Table) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return _repr("Table", TABLE_FIELDS, self._fields())

    def __reduce__(self) -> tuple[object, ...]:
        return (Table, self._fields())

    @staticmethod
    def of(melds: tuple[TableMeld, ...]) -> Table:
        shapes = tuple([m.shape for m in melds])
        open_faces = run_suits = 0
        for s in shapes:
            open_faces |= OPEN_MASK[s]
            if s >= RUN_FLAG:
                run_suits |= 1 << (s >> 8 & 3)
        return Table(melds, shapes, open_faces, run_suits)

    def plus(self, made: TableMeld) -> Table:
        """This table with the new meld ``made`` (R5-4): only that meld's faces are added."""
        s = made.shape
        run_suits = self.run_suits | 1 << (s >> 8 & 3) if s >= RUN_FLAG else self.run_suits
        return _new_table(
            (*self.melds, made), (*self.shapes, s), self.open | OPEN_MASK[s], run_suits
        )

    def grown(self, i: int, meld: TableMeld) -> Table:
        """This table with meld ``i`` (from 0) replaced by ``meld``, the same meld with a card
        laid off (R5-9): a run stays a run of its suit, so only the open faces change."""
        shapes = (*self.shapes[:i], meld.shape, *self.shapes[i + 1 :])
        open_faces = 0
        for s in shapes:
            open_faces |= OPEN_MASK[s]
        melds = (*self.melds[:i], meld, *self.melds[i + 1 :])
        return _new_table(melds, shapes, open_faces, self.run_suits)


EMPTY_TABLE: Final = Table((), (), 0, 0)


DUTY_FIELDS = ("source", "required", "forbidden")


class Duty:
    """What the player in turn owes before the discard: ``source`` says how they drew (from
    the stock, the top discard, deeper, by a Rummy call), ``required`` the cards they must
    still meld or lay off (R5-7, R5-10, R5-11, QC-8), ``forbidden`` the face they may not
    discard (R5-8, QC-4), -1 for none."""

    __slots__ = DUTY_FIELDS

    def __init__(
        self,
        source: int,
        required: tuple[int, ...],
        forbidden: int,
    ) -> None:
        self.source: Final = source
        self.required: Final = required
        self.forbidden: Final = forbidden

    def _fields(self) -> tuple[object, ...]:
        return (self.source, self.required, self.forbidden)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Duty) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return _repr("Duty", DUTY_FIELDS, self._fields())

    def __reduce__(self) -> tuple[object, ...]:
        return (Duty, self._fields())


FREE: Final = Duty(STOCK, (), -1)
#: By card: took the single top discard with cards left in the stock, so it may not be
#: discarded back (R5-8).
TOP_DUTIES: Final = tuple(Duty(TOP, (), c) for c in range(53))
_DUG_DUTIES: Final = tuple(Duty(DUG, (c,), -1) for c in range(53))


def dug_duty(card: int) -> Duty:
    """Dug down to ``card`` in the discard pile: it must be melded or laid off (R5-7)."""
    return _DUG_DUTIES[card]


RUMMYSTATE_FIELDS = (
    "dealer",
    "phase",
    "turn",
    "asked",
    "hands",
    "known",
    "deck",
    "top",
    "pile",
    "table",
    "duty",
    "melders",
    "floaters",
    "out",
)


class RummyState:
    """One hand of rummy.

    ``turn`` is the seat whose turn it is (in the ``CALLING`` phase, the seat that just
    discarded, while ``asked`` is the seat being asked whether it calls Rummy; else -1). Hands
    and ``known`` are face multisets (see ``hands``): ``known[s]`` are the cards seat ``s`` was
    seen taking from the discard pile and still holds (C-6). The stock is ``deck[top:]``; the
    discard pile is listed bottom first. ``melders`` and ``floaters`` are seat bitmasks: who
    has made a meld of their own this hand (QC-6), who is floating (R5-14). ``out`` is the
    seat whose hand emptied and ended the hand (-1: none, or the stock ran out).
    """

    __slots__ = RUMMYSTATE_FIELDS

    def __init__(
        self,
        dealer: int,
        phase: int,
        turn: int,
        asked: int,
        hands: tuple[int, ...],
        known: tuple[int, ...],
        deck: tuple[int, ...],
        top: int,
        pile: tuple[int, ...],
        table: Table,
        duty: Duty,
        melders: int,
        floaters: int,
        out: int,
    ) -> None:
        self.dealer: Final = dealer
        self.phase: Final = phase
        self.turn: Final = turn
        self.asked: Final = asked
        self.hands: Final = hands
        self.known: Final = known
        self.deck: Final = deck
        self.top: Final = top
        self.pile: Final = pile
        self.table: Final = table
        self.duty: Final = duty
        self.melders: Final = melders
        self.floaters: Final = floaters
        self.out: Final = out

    def _fields(self) -> tuple[object, ...]:
        return (
            self.dealer,
            self.phase,
            self.turn,
            self.asked,
            self.hands,
            self.known,
            self.deck,
            self.top,
            self.pile,
            self.table,
            self.duty,
            self.melders,
            self.floaters,
            self.out,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RummyState) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return _repr("RummyState", RUMMYSTATE_FIELDS, self._fields())

    def __reduce__(self) -> tuple[object, ...]:
        return (RummyState, self._fields())

    @property
    def stock_size(self) -> int:
        return len(self.deck) - self.top


def _new_table(
    melds: tuple[TableMeld, ...], shapes: tuple[int, ...], open_faces: int, run_suits: int
) -> Table:
    return Table(melds, shapes, open_faces, run_suits)


def new_state(
    dealer: int, phase: int, turn: int, asked: int, hands: tuple[int, ...],
    known: tuple[int, ...], deck: tuple[int, ...], top: int, pile: tuple[int, ...],
    table: Table, duty: Duty, melders: int, floaters: int, out: int,
) -> RummyState:  # fmt: skip
    """``RummyState(...)``, as the engine has always called it."""
    return RummyState(
        dealer, phase, turn, asked, hands, known, deck, top, pile, table, duty, melders,
        floaters, out,
    )  # fmt: skip


def new_meld(
    shape: int, maker: int, melded: int, cards: tuple[int, ...], faces: tuple[int, ...],
    seats: tuple[int, ...],
) -> TableMeld:  # fmt: skip
    """``TableMeld(...)``, as the engine has always called it."""
    return TableMeld(shape, maker, melded, cards, faces, seats)


def _repr(name: str, names: tuple[str, ...], values: tuple[object, ...]) -> str:
    return name + "(" + ", ".join(f"{n}={v!r}" for n, v in zip(names, values, strict=True)) + ")"


def replaced(t: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``t`` with item ``i`` replaced (per-seat hands, a table's shapes)."""
    return (*t[:i], value, *t[i + 1 :])


def depth_of(pile: tuple[int, ...], card: int, nth: int) -> int:
    """How deep the ``nth`` ``card`` from the top of the pile lies (1: the top; 0: absent)."""
    seen = 0
    for d in range(1, len(pile) + 1):
        if pile[-d] == card:
            seen += 1
            if seen == nth:
                return d
    return 0
