"""A bot offered by an installed package through the ``cardtable.bots`` entry point (the test
puts this directory, with its dist-info, on the path, which is how an installed package is
found): it plays the first legal action that is not a trail in Royal Casino, else the first."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable import Action, View
from cardtable.actions import royal_casino


class CautiousBot:
    def __init__(self, game: str, seed: int | None) -> None:
        self.game = game

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        keeps = [a for a in legal if not isinstance(a, royal_casino.Trail)]
        return (keeps or list(legal))[0]


def make(game: str, seed: int | None) -> CautiousBot:
    """The factory the entry point names."""
    return CautiousBot(game, seed)
