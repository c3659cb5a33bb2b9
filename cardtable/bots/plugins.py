"""Bots written outside cardtable: a factory named by import path, or offered by an installed
package through the ``cardtable.bots`` entry point group.

A *factory* is any callable taking the game id and a seed (``None``: unseeded) and returning
a bot, an object with ``choose(view, legal) -> action`` (``cardtable.bots.base.Bot``); a bot
class whose ``__init__`` takes those two arguments is one. It is named ``package.module:name``
(as ``python -m`` would import the module), or installed under a name of its own:

.. code-block:: toml

    [project.entry-points."cardtable.bots"]
    cautious = "cautious_bot:CautiousBot"

after which ``cautious`` is a level like ``heuristic`` (``cardtable bots`` lists them).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from cardtable.bots.base import Bot
from cardtable.core.errors import OptionError

GROUP = "cardtable.bots"
Factory = Callable[[str, int | None], Bot]

_IMPORT_PATH = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")


def is_import_path(level: str) -> bool:
    """Whether ``level`` has the shape of a factory's import path, ``module:name`` (the
    built-in ``search:hard`` has it too: ``make_bot`` tells those apart first)."""
    return bool(_IMPORT_PATH.match(level))


def installed() -> dict[str, EntryPoint]:
    """The bots installed packages offer, by name (read afresh: a package may be installed
    while the program runs)."""
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def load_factory(path: str) -> Factory:
    """The factory at ``module:name`` (OptionError saying why it cannot be had)."""
    module_name, _, attr = path.partition(":")
    try:
        target: Any = importlib.import_module(module_name)
    except ImportError as e:
        raise OptionError(f"cannot import the bot module {module_name!r}: {e}") from None
    for part in attr.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise OptionError(f"{module_name!r} has no {attr!r}") from None
    if not callable(target):
        raise OptionError(f"{path} is not callable: a bot factory takes the game and a seed")
    factory: Factory = target
    return factory


def entry_point_factory(entry: EntryPoint) -> Factory:
    """The factory an installed package offers under ``entry.name``."""
    try:
        target: Any = entry.load()
    except Exception as e:  # a broken package: say which, not a traceback deep inside it
        raise OptionError(f"the bot {entry.name!r} ({entry.value}) does not load: {e}") from None
    if not callable(target):
        raise OptionError(f"the bot {entry.name!r} ({entry.value}) is not callable")
    factory: Factory = target
    return factory


def made_by(factory: Factory, name: str, game: str, seed: int | None) -> Bot:
    """The bot ``factory`` makes for ``game``; OptionError if the factory refuses (a bot for
    other games, say) or what it makes cannot choose."""
    try:
        bot = factory(game, seed)
    except Exception as e:
        raise OptionError(f"{name} makes no bot for {game}: {type(e).__name__}: {e}") from None
    if not callable(getattr(bot, "choose", None)):
        raise OptionError(f"{name} made {type(bot).__name__}, which has no choose(view, legal)")
    return bot
