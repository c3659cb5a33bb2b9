"""The one interface every computer player implements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from cardtable.core.game import JSON, Action


class Bot(Protocol):
    """Chooses an action for the seat whose ``view`` it is given (C-6: views only)."""

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action: ...
