"""Computer players. A bot sees only a seat's view and the legal actions, never a state.

Levels: ``random``; ``heuristic`` (one documented strategy per game); ``search`` with a
strength ``search:easy``, ``search:medium`` (the default for ``search``) or ``search:hard``,
a determinized Monte Carlo search that plays sampled worlds out with the heuristic policy;
``expert``, the same search with the budget a person waits for, and an exact search of
the hand's end where the view fixes the world (``cardtable.bots.expert``). With the research extra,
``openspiel-ismcts:N`` is OpenSpiel's ISMCTS with ``N`` simulations per decision
(``cardtable.research.bots``), for comparing our bots with it. Bots written elsewhere are
named by import path (``package.module:factory``) or by the name an installed package gives
them (``cardtable.bots.plugins``).
"""

from __future__ import annotations

import importlib

from cardtable.bots.base import Bot
from cardtable.bots.catalog import bots_for
from cardtable.bots.expert import ExpertBot, expert_bot
from cardtable.bots.plugins import (
    entry_point_factory,
    installed,
    is_import_path,
    load_factory,
    made_by,
)
from cardtable.bots.random_bot import RandomBot
from cardtable.bots.search import STRENGTHS, SearchBot, search_bot
from cardtable.core.errors import OptionError
from cardtable.core.extras import MissingExtraError, missing_extra
from cardtable.core.registry import normalize_game_id

LEVELS = ("random", "heuristic", "search", *(f"search:{s}" for s in STRENGTHS), "expert")
#: The levels that choose in well under a millisecond; every other one (the searches, and
#: any bot written elsewhere) may take a second, and the card room runs it apart.
QUICK_LEVELS = frozenset({"random", "heuristic"})
BUILT_IN = frozenset(level.partition(":")[0] for level in LEVELS) | {"openspiel-ismcts"}


def is_outside(level: str) -> bool:
    """Whether ``level`` names a bot written outside cardtable: a factory's import path, or
    a name an installed package gives its bot."""
    return level.strip().partition(":")[0].lower() not in BUILT_IN


def make_bot(game: str, level: str, seed: int | None = None) -> Bot:
    """A computer player for ``game`` at ``level``, reproducible from ``seed``: one of
    LEVELS, ``openspiel-ismcts:N``, a factory's import path ``package.module:factory``, or
    the name of a bot an installed package offers (``cardtable.bots.plugins``)."""
    game = normalize_game_id(game)
    level = level.strip()
    if is_outside(level):
        return _outside_bot(game, level, seed)
    level = level.lower()
    if level == "expert":
        return expert_bot(game, seed)
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
            raise OptionError(
                f"unknown strength {strength!r} (easy, medium, hard)",
                key="bot.error.strength",
                params={"strength": repr(strength)},
            )
        return search_bot(game, STRENGTHS[strength], seed)
    if base == "openspiel-ismcts":
        return _openspiel_bot(game, level, seed)
    raise unknown_level(level)


def unknown_level(level: str) -> OptionError:
    """A level that is none of ours, no import path and no installed bot, keyed for a client."""
    levels = ", ".join(LEVELS)
    return OptionError(
        f"unknown bot level {level!r} (levels: {levels}; or a factory as package.module:factory,"
        " or a bot an installed package offers: cardtable bots)",
        key="bot.error.level",
        params={"level": repr(level), "levels": levels},
    )


def _outside_bot(game: str, level: str, seed: int | None) -> Bot:
    """A bot written elsewhere: by import path, or installed under the name ``level``."""
    if is_import_path(level):
        return made_by(load_factory(level), level, game, seed)
    entry = installed().get(level)
    if entry is None:
        raise unknown_level(level)
    return made_by(entry_point_factory(entry), level, game, seed)


def _openspiel_bot(game: str, level: str, seed: int | None) -> Bot:
    """An OpenSpiel bot, from the research extra (imported by name: the research package is
    an outer ring that this one must not depend on)."""
    try:
        module = importlib.import_module("cardtable.research.bots")
    except MissingExtraError as e:
        module_name = e.name or "pyspiel"
        raise OptionError(
            missing_extra("research", module_name, "the openspiel-ismcts level")
        ) from None
    try:
        bot: Bot = module.level_bot(game, level, seed)
    except ValueError as e:
        raise OptionError(str(e)) from None
    return bot


__all__ = ["LEVELS", "QUICK_LEVELS", "Bot", "ExpertBot", "RandomBot", "SearchBot", "make_bot"]
