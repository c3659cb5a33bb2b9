"""Computer players. A bot sees only a seat's view and the legal actions, never a state.

Levels: ``random``; ``heuristic`` (one documented strategy per game); ``search`` with a
strength ``search:easy``, ``search:medium`` (the default for ``search``) or ``search:hard``,
a determinized Monte Carlo search that plays sampled worlds out with the heuristic policy.
"""

from __future__ import annotations

from cardtable.bots.base import Bot
from cardtable.bots.heuristic import module_for
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
    module = module_for(game)
    if level == "heuristic":
        if module is None:
            raise OptionError(f"no heuristic bot for {game} yet")
        bot: Bot = module.HeuristicBot(seed)
        return bot
    base, _, strength = level.partition(":")
    if base == "search":
        strength = strength or "medium"
        if strength not in STRENGTHS:
            raise OptionError(f"unknown strength {strength!r} (easy, medium, hard)")
        return search_bot(game, STRENGTHS[strength], seed)
    raise OptionError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Bot", "RandomBot", "SearchBot", "make_bot"]
