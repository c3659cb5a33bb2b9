"""What each seat sees of a rummy hand (C-6), where every card lies (``zones``), and which
cards a seat may not know (``hidden``, for leak checks).

The discard pile (in order) and the melds (numbered, who made each, who laid off what) are
public, and so are the cards a seat was seen taking from the discard pile until it melds or
discards them (``known``, per seat); of other hands only the size, of the stock only the
count. A finished hand lays every hand down to be counted (R5-12, QC-7).

Views are asked for often (every seat, every step, and the last hand again at every step of
the next), so the parts that never change are rendered once: each meld by identity (a meld is
immutable and shared by all later states), and the hands of the last finished state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NotRequired, TypedDict

from cardtable.core.cards import CARD_NAMES, JOKER
from cardtable.core.views import AnyView, MatchView, check_game
from cardtable.games.rummy import hands as H
from cardtable.games.rummy.shapes import is_run, run_bounds
from cardtable.games.rummy.state import (
    CALLING,
    OVER,
    PHASE_NAMES,
    SOURCE_NAMES,
    RummyState,
    TableMeld,
)


class LaidOff(TypedDict):
    """A card laid off on a meld, and the seat that laid it off."""

    seat: int
    card: str


class MeldView(TypedDict):
    """``meld_view``: one meld on the table."""

    number: int
    by: int
    kind: str
    cards: list[str]
    laid_off: list[LaidOff]


class RummyView(TypedDict):
    """``state_view``: a seat's view of a Rummy 500 or Queen City Rum hand."""

    phase: str
    dealer: int
    turn: int
    asked: int | None
    stock: int
    discard_pile: list[str]
    melds: list[MeldView]
    hand_sizes: list[int]
    known: list[list[str]]
    has_melded: list[int]
    floating: list[int]
    hand: list[str] | None
    drew: str
    must_use: list[str]
    may_not_discard: str | None
    went_out: int | None


class RummyOptions(TypedDict):
    """The options of both presets, validated: Queen City Rum has only ``target`` (QC-9);
    Rummy 500's automatic ``decks`` and ``hand_size`` (0) are resolved (R5-1, R5-3)."""

    target: int
    decks: NotRequired[int]
    jokers: NotRequired[int]
    hand_size: NotRequired[int]
    scoring: NotRequired[str]
    rummy_calls: NotRequired[bool]
    floating: NotRequired[bool]
    dead_last_discard: NotRequired[bool]


GAMES = ("rummy-500", "queen-city-rum")


def rummy_view(view: AnyView) -> MatchView[RummyView, RummyOptions]:
    """A view, read as a rummy game's (ValueError for another game's)."""
    check_game(view, GAMES)
    return view


def names(cards: Sequence[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


# The last finished state viewed, with its hands' cards; and the last state ``hidden`` was
# asked about, with its stock and each hand's unknown cards. Read into a local before use.
_memo: dict[str, Any] = {}


def state_view(st: RummyState, seat: int | None) -> RummyView:
    """The view of ``seat`` (None: a spectator)."""
    if st.phase == OVER:  # a finished hand is viewed again at every step of the next one
        laid_down = _memo.get("laid down")
        if laid_down is None or laid_down[0] is not st:
            laid_down = _memo["laid down"] = (st, tuple(names(H.faces(h)) for h in st.hands))
        shown = laid_down[1]
    else:
        shown = tuple(names(H.faces(k)) if k else [] for k in st.known)
    seats = range(len(st.hands))
    return {
        "phase": PHASE_NAMES[st.phase],
        "dealer": st.dealer,
        "turn": st.turn,
        "asked": st.asked if st.phase == CALLING else None,
        "stock": st.stock_size,
        "discard_pile": names(st.pile),
        "melds": [meld_view(i, m) for i, m in enumerate(st.table.melds, 1)],
        "hand_sizes": [H.size(h) for h in st.hands],
        "known": [list(cards) for cards in shown],
        "has_melded": [s for s in seats if st.melders >> s & 1],
        "floating": [s for s in seats if st.floaters >> s & 1],
        "hand": None if seat is None else names(H.faces(st.hands[seat])),
        "drew": SOURCE_NAMES[st.duty.source],
        "must_use": names(st.duty.required),
        "may_not_discard": None if st.duty.forbidden < 0 else CARD_NAMES[st.duty.forbidden],
        "went_out": st.out if st.out >= 0 else None,
    }


# Rendered melds, by identity. The entry keeps the meld alive, so its id is not reused while
# it is cached.
_RENDERED: dict[int, tuple[TableMeld, str, tuple[str, ...], tuple[tuple[int, str], ...]]] = {}


def meld_view(number: int, m: TableMeld) -> MeldView:
    """One meld: its cards in order (a run by position, a set by suit), who made it, and who
    laid off what, in the order laid off."""
    hit = _RENDERED.get(id(m))
    if hit is None or hit[0] is not m:
        if len(_RENDERED) > 4096:
            _RENDERED.clear()
        hit = _RENDERED[id(m)] = (m, *_render(m))
    return {
        "number": number,
        "by": m.maker,
        "kind": hit[1],
        "cards": list(hit[2]),
        "laid_off": [{"seat": seat, "card": card} for seat, card in hit[3]],
    }


def _render(m: TableMeld) -> tuple[str, tuple[str, ...], tuple[tuple[int, str], ...]]:
    run = is_run(m.shape)
    low_ace = run and run_bounds(m.shape)[1] == 0
    shown = [
        CARD_NAMES[f] if c != JOKER else "Jo=" + CARD_NAMES[f]
        for c, f in zip(m.cards, m.faces, strict=True)
    ]

    def place(i: int) -> int:
        face = m.faces[i]
        if not run:
            return face // 13
        rank = face % 13
        return 13 if rank == 0 and not low_ace else rank

    cards = tuple(shown[i] for i in sorted(range(len(shown)), key=place))
    laid = tuple((m.seats[i], shown[i]) for i in range(m.melded, len(shown)))
    return "run" if run else "set", cards, laid


def zones(st: RummyState) -> dict[str, list[int]]:
    """Every card by where it lies; a joker in a meld is listed as the joker it is."""
    z = {"stock": list(st.deck[st.top :]), "discard pile": list(st.pile)}
    for s, h in enumerate(st.hands):
        z[f"hand {s}"] = H.faces(h)
    for i, m in enumerate(st.table.melds, 1):
        z[f"meld {i}"] = list(m.cards)
    return z


def hidden(st: RummyState, seat: int | None) -> list[int]:
    """The stock and the other hands, except the cards seen taken from the pile (C-6); once
    the hand is over, only the stock."""
    memo = _memo.get("unknown")
    if memo is None or memo[0] is not st:  # asked for every seat of one state in turn
        unknown = tuple(
            H.faces(H.minus(h, k) if k else h) for h, k in zip(st.hands, st.known, strict=True)
        )
        memo = _memo["unknown"] = (st, list(st.deck[st.top :]), unknown)
    _, stock, unknown = memo
    out = list(stock)
    if st.phase == OVER:
        return out
    for s, cards in enumerate(unknown):
        if s != seat:
            out += cards
    return out
