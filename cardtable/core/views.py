"""The shape of what a seat sees (C-6), as types: ``Match.view``'s envelope, generic over the
game's own part (its ``state``) and its options.

A view is plain JSON on the wire and in records; these ``TypedDict``s change nothing at run
time. They let ``mypy --strict`` tie each key a reader uses to the key a view builder writes,
so a renamed key fails the type check in every layer that reads it. Each game defines its
``state`` and options types beside its view code, with one narrowing function that checks
``view["game"]`` (``rummy_view``, ``buck_euchre_view``, ``royal_casino_view``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypedDict, TypeVar

S = TypeVar("S")  # the game's part: its ``Rules.view``
Opts = TypeVar("Opts")  # the game's options

#: A game's part of a view, where the game is not known: read by key, values unchecked.
StateView = Mapping[str, Any]


class PastHand(TypedDict):
    """A finished hand in ``history``: its score items and the scores after it."""

    number: int
    breakdown: dict[str, list[int]]
    scores: list[int]


class LastHand(TypedDict, Generic[S]):
    """The last finished hand as the seat saw it at its end, shown until the next one ends."""

    number: int
    breakdown: dict[str, list[int]]
    state: S


class MatchView(TypedDict, Generic[S, Opts]):
    """``Match.view``: the match around the hand, then the hand itself (``state``)."""

    game: str
    players: int
    options: Opts
    seat: int | None
    side: int | None
    sides: list[int]
    hand_number: int
    dealer: int
    to_move: int | None
    scores: list[int]
    hand_scores: dict[str, list[int]] | None
    history: list[PastHand]
    is_over: bool
    winner: int | None
    legal_actions: list[str]
    state: S
    last_hand: LastHand[S] | None


#: A view of any game: the envelope's keys are checked, the game's part is not.
View = MatchView[StateView, Mapping[str, object]]
#: What a reader of any game accepts (a ``View``, or one narrowed to its game).
AnyView = MatchView[Any, Any]


def check_game(view: AnyView, games: tuple[str, ...]) -> None:
    """Refuse a view of another game than the reader's: its keys would not be these."""
    if view["game"] not in games:
        raise ValueError(f"a view of {view['game']!r}, not of {' or '.join(games)}")


def own_seat(view: AnyView) -> int:
    """The seat whose view it is: a player's, never a spectator's (a bot plays a seat)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view has no seat to play")
    return seat
