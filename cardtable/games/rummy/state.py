"""The immutable state of a rummy hand: the table of melds, the player's duties this turn, and
the hand state itself.

Everything is ints and tuples: ``apply`` builds a new state and shares the rest (the dealt deck,
untouched hands, the table), so nothing is ever deep-copied.

``apply`` makes a state for every action, and a frozen dataclass sets each field through
``object.__setattr__``, which costs several times a plain assignment. So the engine makes its
states and table melds through ``new_state`` and ``new_meld``: an object of an *unfrozen twin*
(the same slots in the same order) is filled plainly, then its ``__class__`` is switched to the
frozen class. The result is exactly the object the frozen class would have made.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.frozen import unfrozen_twin
from cardtable.games.rummy.shapes import OPEN_MASK, RUN_FLAG

DRAWING, PLAYING, CALLING, OVER = range(4)  # the phases of a turn
PHASE_NAMES = ("draw", "play", "rummy call", "over")
# how the player in turn got this turn's cards
STOCK, TOP, DUG, CALLED = range(4)
SOURCE_NAMES = ("stock", "top discard", "dug", "rummy call")


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table. ``shape`` (see ``shapes``) grows as cards are laid off. The cards
    are listed in the order they were put down, as three parallel tuples: the card (a face,
    or the joker), the face it stands for, and the seat that put it down. The first
    ``melded`` are the meld made by ``maker``; the rest were laid off, each credited to whoever
    laid it off (R5-9)."""

    shape: int
    maker: int
    melded: int
    cards: tuple[int, ...]
    faces: tuple[int, ...]
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Table:
    """The melds on the table, numbered 1, 2, ... in the order made (R5-9), summed up for the
    move generator by ``Table.of`` whenever a meld is made or grows: the shapes, the mask of
    faces that extend some meld, and the suits that have a run."""

    melds: tuple[TableMeld, ...]
    shapes: tuple[int, ...]
    open: int
    run_suits: int  # bit s: some run of suit s is on the table

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


EMPTY_TABLE = Table((), (), 0, 0)


@dataclass(frozen=True, slots=True)
class Duty:
    """What the player in turn owes before the discard: ``source`` says how they drew (from
    the stock, the top discard, deeper, by a Rummy call), ``required`` the cards they must
    still meld or lay off (R5-7, R5-10, R5-11, QC-8), ``forbidden`` the face they may not
    discard (R5-8, QC-4), -1 for none."""

    source: int
    required: tuple[int, ...]
    forbidden: int


FREE = Duty(STOCK, (), -1)
#: By card: took the single top discard with cards left in the stock, so it may not be
#: discarded back (R5-8).
TOP_DUTIES = tuple(Duty(TOP, (), c) for c in range(53))
_DUG_DUTIES = tuple(Duty(DUG, (c,), -1) for c in range(53))


def dug_duty(card: int) -> Duty:
    """Dug down to ``card`` in the discard pile: it must be melded or laid off (R5-7)."""
    return _DUG_DUTIES[card]


@dataclass(frozen=True, slots=True)
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

    dealer: int
    phase: int
    turn: int
    asked: int
    hands: tuple[int, ...]
    known: tuple[int, ...]
    deck: tuple[int, ...]
    top: int
    pile: tuple[int, ...]
    table: Table
    duty: Duty
    melders: int
    floaters: int
    out: int

    @property
    def stock_size(self) -> int:
        return len(self.deck) - self.top


_StateTwin = unfrozen_twin(RummyState)
_UnfrozenMeld = unfrozen_twin(TableMeld)
_UnfrozenTable = unfrozen_twin(Table)


def _new_table(
    melds: tuple[TableMeld, ...], shapes: tuple[int, ...], open_faces: int, run_suits: int
) -> Table:
    """``Table(...)``, made faster the same way."""
    made = _UnfrozenTable(melds, shapes, open_faces, run_suits)
    made.__class__ = Table
    table: Table = made
    return table


def new_state(
    dealer: int, phase: int, turn: int, asked: int, hands: tuple[int, ...],
    known: tuple[int, ...], deck: tuple[int, ...], top: int, pile: tuple[int, ...],
    table: Table, duty: Duty, melders: int, floaters: int, out: int,
) -> RummyState:  # fmt: skip
    """``RummyState(...)``, made about five times faster (see the module docstring)."""
    made = _StateTwin(
        dealer, phase, turn, asked, hands, known, deck, top, pile, table, duty, melders,
        floaters, out,
    )  # fmt: skip
    made.__class__ = RummyState
    state: RummyState = made
    return state


def new_meld(
    shape: int, maker: int, melded: int, cards: tuple[int, ...], faces: tuple[int, ...],
    seats: tuple[int, ...],
) -> TableMeld:  # fmt: skip
    """``TableMeld(...)``, made faster the same way."""
    made = _UnfrozenMeld(shape, maker, melded, cards, faces, seats)
    made.__class__ = TableMeld
    meld: TableMeld = made
    return meld


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
