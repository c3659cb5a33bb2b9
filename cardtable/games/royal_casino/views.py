"""The shape of a seat's view of a Royal Casino hand, and of the game's options, as types.

``RoyalCasino.view`` builds the view (``rules.py``, compiled); readers annotate with these so
a renamed key is a type error wherever it is read.
"""

from __future__ import annotations

from typing import TypedDict

from cardtable.core.views import AnyView, MatchView, check_game


class BuildView(TypedDict):
    """A build on the table (RC-8 … RC-11): its cards, value, owner, single or multiple."""

    cards: list[str]
    value: int
    owner: int
    kind: str


class CaptureView(TypedDict):
    """A capture as every player saw it made (RC-24): the seat, the card it played, the table
    cards it took, and whether it swept the table (RC-18)."""

    seat: int
    card: str
    cards: list[str]
    sweep: bool


class RoyalCasinoView(TypedDict):
    """``RoyalCasino.view``: a seat's view of a hand (``Match.view``'s ``state``). ``piles``
    and ``pile_spades`` are None while the piles lie face down (RC-24); ``sweep_cards`` are
    each side's face-up sweep markers; ``captures`` the hand's captures in order."""

    hand: list[str] | None
    hand_sizes: list[int]
    loose: list[str]
    builds: list[BuildView]
    piles: list[list[str]] | None
    pile_sizes: list[int]
    pile_spades: list[int] | None
    sweeps: list[int]
    sweep_cards: list[list[str]]
    captures: list[CaptureView]
    stock: int
    deal: int
    deals: int
    dealer: int
    to_move: int | None
    last_capture: int | None
    must_trail: bool
    near_21: list[str | None]


class RoyalCasinoOptions(TypedDict):
    """The options of ``RoyalCasino.option_specs``, validated (RC-10, RC-18, RC-21, RC-24)."""

    target: int
    sweeps: bool
    partner_may_raise: bool
    open_piles: bool


def royal_casino_view(view: AnyView) -> MatchView[RoyalCasinoView, RoyalCasinoOptions]:
    """A view, read as Royal Casino's (ValueError for another game's)."""
    check_game(view, ("royal-casino",))
    return view
