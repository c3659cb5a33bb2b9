"""The one interface every computer player implements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from cardtable.core.game import Action
from cardtable.core.views import View


class Bot(Protocol):
    """Chooses an action for the seat whose ``view`` it is given (C-6: views only)."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action: ...
