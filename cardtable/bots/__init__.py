"""Computer players. A bot sees only a seat's view and the legal actions, never a state."""

from __future__ import annotations

from cardtable.bots.base import Bot
from cardtable.bots.random_bot import RandomBot
from cardtable.core.errors import OptionError

LEVELS = ("random",)


def make_bot(game: str, level: str, seed: int | None = None) -> Bot:
    """A computer player for ``game`` at ``level`` (see LEVELS), reproducible from ``seed``."""
    if level == "random":
        return RandomBot(seed)
    raise OptionError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]
