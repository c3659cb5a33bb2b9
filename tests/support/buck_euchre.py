"""Set-up shared by the Buck Euchre tests: stacked decks written as the hands they deal.

``stack`` writes the deck top the way BE-3 deals it (2 cards each, then 3 each, from the
player after the dealer, then the upcard and the kitty), so a test can say who holds what.
tests/test_stacked_decks.py checks that arrangement against the engine, card by card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable import Match

SEATS = 4


def stack(dealer: int, hands: Sequence[str], upcard: str, kitty: str = "") -> str:
    """The deck top that deals ``hands[seat]`` (five cards each, in the order written: the
    first two in the first round, the last three in the second), the upcard and the kitty."""
    cards = [h.split() for h in hands]
    assert all(len(c) == 5 for c in cards), "five cards each"
    order = [(dealer + k) % SEATS for k in range(1, SEATS + 1)]
    first = [c for seat in order for c in cards[seat][:2]]
    second = [c for seat in order for c in cards[seat][2:]]
    return " ".join([*first, *second, upcard, *kitty.split()])


def deal(dealer: int, hands: Sequence[str], upcard: str, kitty: str = "", **options: Any) -> Match:
    """A match whose first hand is dealt from ``stack(...)``."""
    return Match(
        "buck-euchre", seed=0, dealer=dealer, deck=stack(dealer, hands, upcard, kitty), **options
    )


def legal(m: Match) -> list[str]:
    """The legal actions as notation, in the engine's order."""
    return [str(a) for a in m.legal_actions()]


def play(m: Match, actions: str) -> None:
    """Play actions written as notation separated by commas."""
    for text in actions.split(","):
        m.play(text.strip())


def hand(m: Match, seat: int) -> list[str]:
    """The cards ``seat`` holds, as its own view shows them."""
    cards = m.view(seat)["state"]["hand"]
    assert isinstance(cards, list)
    return cards
