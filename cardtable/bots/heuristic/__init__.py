"""One heuristic bot per game, each a documented club-player strategy.

A game's module (named in ``MODULES``) defines ``HeuristicBot(seed)`` with ``choose(view,
legal)``, and may define ``playout(rules, state, rng)``: a fast policy the search bot uses to
play sampled worlds out (it sees only the sampled world, never the real hidden cards).
"""

from __future__ import annotations

import importlib
from types import ModuleType

MODULES = {
    "royal-casino": "royal_casino",
    "buck-euchre": "buck_euchre",
    "rummy-500": "rummy",
    "queen-city-rum": "rummy",
}


def module_for(game: str) -> ModuleType | None:
    """The heuristic module of a game, or None if it has none yet."""
    name = MODULES.get(game)
    if name is None:
        return None
    try:
        return importlib.import_module(f"cardtable.bots.heuristic.{name}")
    except ModuleNotFoundError as e:
        if e.name == f"cardtable.bots.heuristic.{name}":
            return None
        raise
