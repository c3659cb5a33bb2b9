"""What a seat may see (C-6); the package docstring says what is public and why."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from cardtable.core.cards import CARD_NAMES
from cardtable.core.views import AnyView, MatchView, check_game
from cardtable.games.buck_euchre.cards import (
    LAYOUT,
    SEATS,
    layout_names,
)
from cardtable.games.buck_euchre.scoring import tricks_won
from cardtable.games.buck_euchre.state import (
    DOWN,
    NAMING,
    ORDERING,
    PHASE_NAMES,
    PLAYING,
    ROUND_FROM,
    TAKEN,
    UP,
    BuckEuchreState,
)
from cardtable.games.tricks import trump_name


# -- the shape of a view ---------------------------------------------------------------------------
class Trick(TypedDict):
    """A completed trick: who led, who won, its cards by seat (None: out, or not yet played)."""

    leader: int
    winner: int
    cards: list[str | None]


class BuckEuchreView(TypedDict):
    """``view_of``: a seat's view of a Buck Euchre hand (``Match.view``'s ``state``)."""

    phase: str
    dealer: int
    upcard: str | None
    turned_down: str | None
    picked_up: str | None
    trump: str | None
    maker: int | None
    passed: list[int]
    stayed: list[int]
    dropped: list[int]
    hand_sizes: list[int]
    leader: int | None
    trick: list[str | None]
    last_trick: Trick | None
    tricks_won: list[int]
    hand: list[str] | None
    set_aside: list[str] | None
    discard: str | None
    earlier_tricks: NotRequired[list[Trick]]


class BuckEuchreOptions(TypedDict):
    """The options of ``BuckEuchre.option_specs``, validated (BE-11, BE-13)."""

    start: int
    five_tricks_win: bool


def buck_euchre_view(view: AnyView) -> MatchView[BuckEuchreView, BuckEuchreOptions]:
    """A view, read as Buck Euchre's (ValueError for another game's)."""
    check_game(view, ("buck-euchre",))
    return view


# -- views ----------------------------------------------------------------------------------------
def _seats(mask: int) -> list[int]:
    return [seat for seat in range(SEATS) if mask >> seat & 1]


def _passed(s: BuckEuchreState) -> list[int]:
    """Who has passed in the current round of bidding (public)."""
    if s.phase not in (ORDERING, NAMING) or s.turn is None:
        return []
    d = s.table.dealer
    return [(d + k) % SEATS for k in range(1, (s.turn - d - 1) % SEATS + 1)]


def view_of(s: BuckEuchreState, seat: int | None) -> BuckEuchreView:
    """What ``seat`` may see (C-6); the module docstring says what is public and why.

    Tricks are listed by seat (``None`` for a seat that has not played to it or is out), the
    way they lie on the table in front of each player. ``earlier_tricks`` (the completed tricks
    before ``last_trick``) appears once there is one: everyone at the table saw those cards
    played, and a player who remembers them knows who is void in what.
    """
    t = s.table
    upcard = CARD_NAMES[LAYOUT[t.upcard]]
    dealer_has = (s.hands[t.dealer] | (1 << t.discard if t.discard >= 0 else 0)) >> t.upcard & 1
    view: BuckEuchreView = {
        "phase": PHASE_NAMES[s.phase],
        "dealer": t.dealer,
        "upcard": upcard if t.fate == UP else None,
        "turned_down": upcard if t.fate == DOWN else None,
        "picked_up": upcard if t.fate == TAKEN and dealer_has else None,
        "trump": None if t.trump < 0 else trump_name(t.trump),
        "maker": None if t.maker < 0 else t.maker,
        "passed": _passed(s),
        "stayed": _seats(t.stayed),
        "dropped": _seats(t.dropped),
        "hand_sizes": [0 if t.dropped >> i & 1 else s.hands[i].bit_count() for i in range(SEATS)],
        "leader": s.leader if s.phase == PLAYING else None,
        "trick": _by_seat(s.trick, s.leader, t.dropped),
        "last_trick": None,
        "tricks_won": tricks_won(s),
        "hand": None,
        "set_aside": None,
        "discard": None,
    }
    if s.last_trick:
        view["last_trick"] = {
            "leader": s.last_leader,
            "winner": s.leader,
            "cards": _by_seat(s.last_trick, s.last_leader, t.dropped),
        }
    if s.earlier:  # every card played this hand is public (who played it, to which trick)
        winners = [leader for leader, _ in s.earlier[1:]] + [s.last_leader]
        view["earlier_tricks"] = [
            {"leader": leader, "winner": won, "cards": _by_seat(trick, leader, t.dropped)}
            for (leader, trick), won in zip(s.earlier, winners, strict=True)
        ]
    if seat is not None:
        own = layout_names(s.hands[seat])
        dropped = bool(t.dropped >> seat & 1)
        view["hand"] = [] if dropped else own
        view["set_aside"] = own if dropped else []
        if seat == t.dealer and t.discard >= 0:
            view["discard"] = CARD_NAMES[LAYOUT[t.discard]]
    return view


def _by_seat(trick: tuple[int, ...], leader: int, dropped: int) -> list[str | None]:
    """The cards of a trick indexed by the seat that played them."""
    cards: list[str | None] = [None] * SEATS
    for seat, pos in zip(ROUND_FROM[dropped][leader], trick, strict=False):
        cards[seat] = CARD_NAMES[LAYOUT[pos]]
    return cards
