"""The captures and builds the move generator meets, each made once (``actions``), compiled:
in long runs of play most positions offer plays not seen before, and making them is then much
of what listing the legal plays costs (docs/performance.md). Each is kept untracked by the
cycle collector, in memos that stay untracked, so a full collection never walks them
(``core.untracked``)."""

from __future__ import annotations

from typing import Any, Final

from cardtable.core.cards import CARD_NAMES
from cardtable.core.untracked import keep
from cardtable.games.royal_casino.actions import (
    BUILDS,
    CAPTURES,
    Build,
    Capture,
    UnfrozenBuild,
    UnfrozenCapture,
)
from cardtable.games.royal_casino.memo import INTERNED_LIMIT, make_room
from cardtable.games.royal_casino.texts import mask_text

_CAPTURE: Final[Any] = Capture
_BUILD: Final[Any] = Build
_MAKE_CAPTURE: Final[Any] = UnfrozenCapture
_MAKE_BUILD: Final[Any] = UnfrozenBuild
_keep: Final = keep  # a plain module's function, read as a C static


def capture_of(card: int, cards: int) -> Capture:
    """The capture of ``cards`` by ``card``, made once: ``CAPTURES[cards << 6 | card]``."""
    key = cards << 6 | card
    found = CAPTURES.get(key)
    if found is None:
        make_room(CAPTURES, INTERNED_LIMIT)
        text = "capture " + CARD_NAMES[card] + ": " + mask_text(cards)  # as Capture(card, cards)
        made: Any = _MAKE_CAPTURE(card, cards, text)
        made.__class__ = _CAPTURE
        found = _keep(CAPTURES, key, made)  # out of the cycle collector's way (``untracked``)
    return found


def build_of(card: int, cards: int, value: int) -> Build:
    """The build of ``card`` with ``cards`` worth ``value`` (2 … 14), made once:
    ``BUILDS[(cards << 6 | card) << 4 | value]``."""
    key = (cards << 6 | card) << 4 | value
    found = BUILDS.get(key)
    if found is None:
        make_room(BUILDS, INTERNED_LIMIT)
        text = "build " + CARD_NAMES[card] + ": " + mask_text(cards) + " =" + str(value)
        made: Any = _MAKE_BUILD(card, cards, value, text)
        made.__class__ = _BUILD
        found = _keep(BUILDS, key, made)
    return found
