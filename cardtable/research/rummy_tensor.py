"""The rummies' observation tensor read straight from the engine's state (``RummyState``),
without building the seat's JSON view first: building that view was most of an
environment step. The numbers are those of ``view_tensor(Match.view(seat))``, byte for byte
(tests/test_research_fast.py compares them on random positions of both rummies and every
player count), and they come from what that view shows the seat only (C-6), gathered by
``cardtable.games.rummy.seen`` (compiled with the engine).

The tensor is made as the float32 bytes of its planes and scalars joined (``Places``), then
read by numpy once: summing a list of places with numpy cost several calls per step, and
numpy's cost per call (about half a microsecond) was most of a step.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardtable.core.game import Rules
from cardtable.games.rummy.seen import Places
from cardtable.games.rummy.state import RummyState
from cardtable.research.observations import KNOWN_BY, MELDED_BY, Floats, layout_of

GAMES = ("rummy-500", "queen-city-rum")


class Plan:
    """One rummy layout (a game, its players and options) and its ``Places``, which keep the
    parts that stay the same from one step to the next."""

    def __init__(self, rules: Rules[Any]) -> None:
        lay = self.layout = layout_of(rules)
        n = rules.players
        order = (
            "hand", "discard pile", "discard depth", "discard top", *MELDED_BY[:n],
            "jokers stand for", *KNOWN_BY[:n], "must use", "may not discard",
        )  # fmt: skip
        if lay.planes != order:  # the order ``Places`` joins the planes in
            raise ValueError(f"not a rummy layout: {lay.planes}")
        target = float(rules.options.get("target", 500))  # type: ignore[arg-type]
        self.places = Places(n, len(rules.deck()), target)

    def view_bytes(self, st: RummyState, seat: int, scores: list[int]) -> bytes:
        """The float32 bytes of ``view_tensor`` of ``seat``'s view of ``st`` with the match's
        ``scores``."""
        return self.places.tensor_bytes(st, seat, scores)

    def tensor(self, st: RummyState, seat: int, scores: list[int], tail: int = 0) -> Floats:
        """``view_tensor`` of ``seat``'s view of ``st`` with the match's ``scores``, followed
        by ``tail`` zeros (room for the tokens chosen): a new, writable array."""
        data = bytearray(self.places.tensor_bytes(st, seat, scores))
        data += bytes(4 * tail)
        return np.frombuffer(data, np.float32)


def rummy_tensor(
    rules: Rules[Any], st: RummyState, seat: int, scores: list[int], tail: int = 0
) -> Floats:
    """``Plan(rules).tensor(...)``; an environment keeps its ``Plan``, which keeps the parts
    that stay the same from one step to the next."""
    return Plan(rules).tensor(st, seat, scores, tail)
