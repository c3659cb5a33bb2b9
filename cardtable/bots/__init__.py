"""Computer players. A bot sees only a seat's view and the legal actions, never a state.

Levels: ``random``; ``heuristic`` (one documented strategy per game); ``search`` with a
strength ``search:easy``, ``search:medium`` (the default for ``search``) or ``search:hard``,
a determinized Monte Carlo search that plays sampled worlds out with the heuristic policy.
With the research extra, ``openspiel-ismcts:N`` is OpenSpiel's ISMCTS with ``N`` simulations
per decision (``cardtable.research.bots``), for comparing our bots with it.
"""

from __future__ import annotations

import importlib

from cardtable.bots.base import Bot
from cardtable.bots.catalog import bots_for
from cardtable.bots.random_bot import RandomBot
from cardtable.bots.search import STRENGTHS, SearchBot, search_bot
from cardtable.core.errors import OptionError
from cardtable.core.registry import normalize_game_id

LEVELS = ("random", "heuristic", "search", *(f"search:{s}" for s in STRENGTHS))


def make_bot(game: str, level: str, seed: int | None = None) -> Bot:
    """A computer player for ``game`` at ``level`` (see LEVELS), reproducible from ``seed``."""
    game = normalize_game_id(game)
    level = level.strip().lower()
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        heuristic = bots_for(game).heuristic
        if heuristic is None:
            raise OptionError(f"no heuristic bot for {game} yet")
        return heuristic(seed)
    base, _, strength = level.partition(":")
    if base == "search":
        strength = strength or "medium"
        if strength not in STRENGTHS:
            raise OptionError(f"unknown strength {strength!r} (easy, medium, hard)")
        return search_bot(game, STRENGTHS[strength], seed)
    if base == "openspiel-ismcts":
        return _openspiel_bot(game, level, seed)
    raise OptionError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")


def _openspiel_bot(game: str, level: str, seed: int | None) -> Bot:
    """An OpenSpiel bot, from the research extra (imported by name: the research package is
    an outer ring that this one must not depend on)."""
    try:
        module = importlib.import_module("cardtable.research.bots")
    except ImportError:
        raise OptionError(
            "OpenSpiel bots need the research extra (pip install cardtable[research])"
        ) from None
    try:
        bot: Bot = module.level_bot(game, level, seed)
    except ValueError as e:
        raise OptionError(str(e)) from None
    return bot


__all__ = ["LEVELS", "Bot", "RandomBot", "SearchBot", "make_bot"]
