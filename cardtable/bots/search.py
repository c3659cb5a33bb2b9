"""The search bot: determinized Monte Carlo with UCB1 at the root.

It sees only a seat's view. Each iteration samples a world consistent with that view
(``Rules.determinize``: the hidden cards dealt at random), tries one root action chosen by
UCB1, plays the hand out with a playout policy, and scores the finished hand with
``Rules.hand_utility``. It never looks at the real hidden cards, so it cannot cheat.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtable.core.game import JSON, Action, Rules
from cardtable.core.registry import rules_class

# A playout policy picks an action in a sampled world (any seat); it may look at that world,
# which holds only sampled cards.
Policy = Callable[[Rules[Any], Any, random.Random], Action]

STRENGTHS = {"easy": 40, "medium": 300, "hard": 1500}


def random_policy(rules: Rules[Any], state: Any, rng: random.Random) -> Action:
    return rng.choice(rules.legal_actions(state))


@lru_cache(maxsize=64)
def _rules(game: str, players: int, options: tuple[tuple[str, Any], ...]) -> Rules[Any]:
    return rules_class(game).create(players, dict(options))


def rules_for(view: JSON) -> Rules[Any]:
    """The rules a view was made under (game, players and options are public)."""
    return _rules(view["game"], view["players"], tuple(sorted(view["options"].items())))


@dataclass
class Estimate:
    """What the search learned of one root action."""

    action: Action
    visits: int
    mean: float  # average hand utility (points against the others' mean, more is better)
    wins: float  # share of sampled hands in which the side came out ahead


class SearchBot:
    """Chooses by sampling hidden cards from the view and playing the hand out many times."""

    def __init__(
        self,
        iterations: int = STRENGTHS["medium"],
        *,
        seed: int | None = None,
        time_limit: float | None = None,
        policy: Policy = random_policy,
        exploration: float = 1.0,
    ) -> None:
        self.iterations = iterations
        self.time_limit = time_limit
        self.rng = random.Random(seed)
        self.policy = policy
        self.exploration = exploration

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.analyse(view, legal)[0].action

    def analyse(self, view: JSON, legal: Sequence[Action]) -> list[Estimate]:
        """Every legal action with its estimate, best first."""
        rules = rules_for(view)
        seat: int = view["seat"]
        side = rules.side_of(seat)
        scores = tuple(view["scores"])
        game_view = view["state"]
        n = len(legal)
        visits = [0] * n
        totals = [0.0] * n
        ahead = [0.0] * n
        low, high = math.inf, -math.inf
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        rng, policy = self.rng, self.policy
        for it in range(self.iterations):
            if deadline is not None and it >= n and time.perf_counter() > deadline:
                break
            world = rules.determinize(game_view, seat, rng)
            if it < n:
                pick = it
            else:
                spread = (high - low) or 1.0
                log_t = math.log(it)
                pick = max(
                    range(n),
                    key=lambda i: (
                        totals[i] / visits[i]
                        + self.exploration * spread * math.sqrt(log_t / visits[i])
                    ),
                )
            state = rules.apply(world, legal[pick])
            while rules.to_move(state) is not None:
                state = rules.apply(state, policy(rules, state, rng))
            utility = rules.hand_utility(rules.settle(state, scores), side)
            low, high = min(low, utility), max(high, utility)
            visits[pick] += 1
            totals[pick] += utility
            ahead[pick] += 1.0 if utility > 0 else 0.5 if utility == 0 else 0.0
        out = [
            Estimate(a, visits[i], totals[i] / visits[i] if visits[i] else -math.inf,
                     ahead[i] / visits[i] if visits[i] else 0.0)
            for i, a in enumerate(legal)
        ]  # fmt: skip
        out.sort(key=lambda e: (-e.mean, -e.visits, str(e.action)))
        return out
