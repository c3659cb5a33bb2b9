"""Game ids to their Rules classes. Games register themselves when ``cardtable.games`` loads."""

from __future__ import annotations

from typing import Any, TypeVar

from cardtable.core.errors import OptionError
from cardtable.core.game import Rules

_GAMES: dict[str, type[Rules[Any]]] = {}
R = TypeVar("R", bound=type[Rules[Any]])


def register(cls: R) -> R:
    """Class decorator: make a Rules class available under its ``game_id``."""
    _GAMES[cls.game_id] = cls
    return cls


def normalize_game_id(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def rules_class(name: str) -> type[Rules[Any]]:
    """The Rules class for a game id (``royal-casino``; case, spaces and ``_`` tolerated)."""
    found = _GAMES.get(normalize_game_id(name))
    if found is None:
        known = ", ".join(sorted(_GAMES))
        raise OptionError(
            f"unknown game {name!r} (games: {known})",
            key="option.error.game",
            params={"name": repr(name), "games": known},
        )
    return found


def game_ids() -> list[str]:
    return sorted(_GAMES)


def listed_games() -> list[str]:
    """The games offered to people (``Rules.listed``), in the order they were registered."""
    return [gid for gid, cls in _GAMES.items() if cls.listed]
