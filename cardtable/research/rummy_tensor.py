"""The rummies' observation tensor read straight from the engine's state (``RummyState``),
without building the seat's JSON view first: building that view was most of an
environment step. The numbers are those of ``view_tensor(Match.view(seat))``, byte for byte
(tests/test_research_fast.py compares them on random positions of both rummies and every
player count), and they come from what that view shows the seat only (C-6), gathered by
``cardtable.games.rummy.seen`` (compiled with the engine).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.game import Rules
from cardtable.games.rummy.seen import Places
from cardtable.games.rummy.state import RummyState
from cardtable.research.observations import KNOWN_BY, MELDED_BY, Floats, assemble, layout_of

GAMES = ("rummy-500", "queen-city-rum")


class Plan:
    """One rummy layout (a game, its players and options) and where its planes start."""

    def __init__(self, rules: Rules[Any]) -> None:
        lay = self.layout = layout_of(rules)
        n = rules.players
        at = lay.offset
        self.places = Places(
            n, len(rules.deck()), float(rules.options.get("target", 500)),  # type: ignore[arg-type]
            at("hand"), at("discard pile"), at("discard depth"), at("discard top"),
            at("jokers stand for"), [at(MELDED_BY[r]) for r in range(n)],
            [at(KNOWN_BY[r]) for r in range(n)], at("must use"), at("may not discard"),
        )  # fmt: skip

    def tensor(self, st: RummyState, seat: int, scores: list[int], tail: int = 0) -> Floats:
        """``view_tensor`` of ``seat``'s view of ``st`` with the match's ``scores``, followed
        by ``tail`` zeros (room for the tokens chosen)."""
        return assemble(self.layout, *self.places.fill(st, seat, scores), tail)


def rummy_tensor(
    rules: Rules[Any], st: RummyState, seat: int, scores: list[int], tail: int = 0
) -> Floats:
    """``Plan(rules).tensor(...)``; an environment keeps its ``Plan``, which keeps the parts
    that stay the same from one step to the next."""
    return Plan(rules).tensor(st, seat, scores, tail)
