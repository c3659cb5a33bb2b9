"""The baseline: a uniformly random legal action, reproducible from its seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.core.game import Action
from cardtable.core.views import View


class RandomBot:
    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))
