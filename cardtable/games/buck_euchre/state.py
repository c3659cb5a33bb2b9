"""The phases of a Buck Euchre hand, its seat tables, and its frozen states.

What the deal and the bidding fixed lives in a ``Table`` shared by every state of the play
(BE-3 … BE-9), so a card played builds only the play fields.
"""

from __future__ import annotations

from typing import Final

from cardtable.games.buck_euchre.cards import SEATS

# -- phases and seats -----------------------------------------------------------------------------
ORDERING: Final = 0
DISCARDING: Final = 1
NAMING: Final = 2
DECIDING: Final = 3
PLAYING: Final = 4
OVER: Final = 5
PHASE_NAMES = ("order", "discard", "name", "decide", "play", "over")
UP: Final = 0
TAKEN: Final = 1
DOWN: Final = 2
"""Where the upcard is: face up on the table, in the dealer's hand, or turned down (BE-5/6)."""

NEXT_IN: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        next(
            ((s + k) % SEATS for k in range(1, SEATS + 1) if not dropped >> (s + k) % SEATS & 1), -1
        )
        for s in range(SEATS)
    )
    for dropped in range(16)
)
"""``NEXT_IN[dropped][seat]``: the next seat after ``seat`` still in the hand (BE-8, BE-10)."""

ROUND_FROM: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple((s + k) % SEATS for k in range(SEATS) if not dropped >> (s + k) % SEATS & 1)
        for s in range(SEATS)
    )
    for dropped in range(16)
)
"""``ROUND_FROM[dropped][leader]``: the seats still in, in playing order from ``leader``."""

DEAL_ORDER: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((d + 1 + k // packet) % SEATS for packet in (2, 3) for k in range(SEATS * packet))
    for d in range(SEATS)
)
"""``DEAL_ORDER[dealer][i]``: who receives the i-th card dealt: 2 each, then 3 each (BE-3)."""


TABLE_FIELDS = ("dealer", "upcard", "kitty", "fate", "discard", "trump", "maker", "stayed",
                "dropped")  # fmt: skip
STATE_FIELDS = ("table", "phase", "turn", "hands", "trick", "leader", "taken", "last_trick",
                "last_leader", "earlier")  # fmt: skip
"""The fields of ``Table`` and ``BuckEuchreState``, in the order their constructors take them."""


class Table:
    """What the deal and the bidding fixed: constant once the play starts (BE-3 … BE-9).

    Immutable: its attributes are ``Final``, which the compiled class (setup.py) enforces at
    run time too. A plain class rather than a frozen dataclass because a compiled frozen
    dataclass builds every object through ``object.__setattr__``, twenty times slower.
    """

    __slots__ = TABLE_FIELDS

    def __init__(
        self,
        dealer: int,
        upcard: int,  # layout position
        kitty: int,  # layout mask, never seen by anyone
        fate: int,  # UP, TAKEN or DOWN
        discard: int,  # layout position, -1 before the dealer discards
        trump: int,  # a suit, NO_TRUMP, or -1 while undecided
        maker: int,  # seat, or -1 (none yet, club upcard, no trump)
        stayed: int,  # seat mask of players who said stay
        dropped: int,  # seat mask of players who dropped
    ) -> None:
        self.dealer: Final = dealer
        self.upcard: Final = upcard
        self.kitty: Final = kitty
        self.fate: Final = fate
        self.discard: Final = discard
        self.trump: Final = trump
        self.maker: Final = maker
        self.stayed: Final = stayed
        self.dropped: Final = dropped

    def _fields(self) -> tuple[int, ...]:
        return (self.dealer, self.upcard, self.kitty, self.fate, self.discard, self.trump,
                self.maker, self.stayed, self.dropped)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Table) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            "Table("
            + ", ".join(f"{n}={v!r}" for n, v in zip(TABLE_FIELDS, self._fields(), strict=True))
            + ")"
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (Table, self._fields())


class BuckEuchreState:
    """One moment of a hand. ``turn`` is the seat to act (None once the hand is over).

    Immutable, as ``Table`` (and for the same reason not a frozen dataclass).
    """

    __slots__ = STATE_FIELDS

    def __init__(
        self,
        table: Table,
        phase: int,
        turn: int | None,
        hands: tuple[int, ...],  # layout mask per seat; a dropped player's set-aside cards too
        trick: tuple[int, ...],  # layout positions of the current trick, in play order
        leader: int,  # who led the current trick (once the hand is over: who won the last one)
        taken: tuple[int, ...],  # layout mask of the cards in the tricks each seat won
        last_trick: tuple[int, ...],  # the last completed trick, in play order
        last_leader: int,  # who led it
        earlier: tuple[tuple[int, tuple[int, ...]], ...] = (),
    ) -> None:
        self.table: Final = table
        self.phase: Final = phase
        self.turn: Final = turn
        self.hands: Final = hands
        self.trick: Final = trick
        self.leader: Final = leader
        self.taken: Final = taken
        self.last_trick: Final = last_trick
        self.last_leader: Final = last_leader
        self.earlier: Final = earlier
        """The completed tricks before ``last_trick``, oldest first, as (leader, cards in
        play order): public, so that a seat's view carries every card played this hand."""

    def _fields(self) -> tuple[object, ...]:
        return (self.table, self.phase, self.turn, self.hands, self.trick, self.leader,
                self.taken, self.last_trick, self.last_leader, self.earlier)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BuckEuchreState) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            "BuckEuchreState("
            + ", ".join(f"{n}={v!r}" for n, v in zip(STATE_FIELDS, self._fields(), strict=True))
            + ")"
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (BuckEuchreState, self._fields())


def _hands_with(hands: tuple[int, ...], seat: int, mask: int) -> tuple[int, ...]:
    """The hands with ``mask`` toggled in ``seat``'s hand."""
    out = list(hands)
    out[seat] ^= mask
    return tuple(out)


DECIDERS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple((d + k) % SEATS for k in range(1, SEATS + 1) if (d + k) % SEATS != maker)
        for maker in (*range(SEATS), -1)
    )
    for d in range(SEATS)
)
"""``DECIDERS[dealer][maker]``: who decides stay or drop, in order from the player after the
dealer (BE-8). The entry for no maker comes last, so ``maker == -1`` indexes it directly."""
