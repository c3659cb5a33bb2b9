"""The search bot: determinized Monte Carlo, sequential halving over common sampled worlds.

It sees only a seat's view. Each sampled world is consistent with that view (the game's
sampler of worlds in ``GameBots``; by default ``Rules.determinize``: the hidden cards dealt at
random). Every root action still in the race
is played out in the *same* worlds with the *same* playout dice, so two actions are compared
on identical luck and the noise of the deal cancels out of their difference (common random
numbers). The budget is spent in rounds; after each round the worse half of the actions is
dropped (sequential halving), so most playouts go to the close contenders. Finished hands are
ranked by ``GameBots.decision_utility`` (``hand_utility`` unless the game's bundle says
otherwise) and reported in ``hand_utility``'s points. It never looks at the real hidden
cards, so it cannot cheat.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtable.bots.catalog import bots_for
from cardtable.bots.knowledge import PLAIN, GameBots
from cardtable.core.game import Action, Rules, Settlement
from cardtable.core.registry import rules_class
from cardtable.core.views import View, own_seat

STRENGTHS = {"easy": 40, "medium": 300, "hard": 1500}


@lru_cache(maxsize=64)
def _rules(game: str, players: int, options: tuple[tuple[str, Any], ...]) -> Rules[Any]:
    return rules_class(game).create(players, dict(options))


def rules_for(view: Mapping[str, Any]) -> Rules[Any]:
    """The rules a view was made under (game, players and options are public); any mapping
    with those keys (the research environments build their views as plain dicts)."""
    return _rules(view["game"], view["players"], tuple(sorted(view["options"].items())))


@dataclass
class Estimate:
    """What the search learned of one root action."""

    action: Action
    visits: int
    mean: float  # average hand utility (points against the others' mean, more is better)
    wins: float  # share of sampled hands in which the side came out ahead
    value: float  # average of what the actions were ranked by (``GameBots.decision_utility``)
    spread: float = 0.0  # the standard error of ``value``: how far the samples leave it unsure


class SearchBot:
    """Chooses by sampling hidden cards from the view and playing the hand out many times."""

    def __init__(
        self,
        iterations: int = STRENGTHS["medium"],
        *,
        seed: int | None = None,
        time_limit: float | None = None,
        knowledge: GameBots = PLAIN,
    ) -> None:
        self.iterations = iterations  # playouts per decision, all root actions together
        self.time_limit = time_limit
        self.rng = random.Random(seed)
        self.knowledge = knowledge  # the playout policy, the worlds and what to rank by

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.analyse(view, legal)[0].action

    def analyse(self, view: View, legal: Sequence[Action]) -> list[Estimate]:
        """Every legal action with its estimate, best first (the last survivors of the
        halving first, then the actions dropped later before those dropped earlier)."""
        rules = rules_for(view)
        seat = own_seat(view)
        side = rules.side_of(seat)
        scores = tuple(view["scores"])
        game_view = view["state"]
        knows = self.knowledge
        utility = knows.hand_utility
        rank = knows.decision_utility(game_view)
        shift = [knows.estimate_shift(game_view, a) for a in legal]
        n = len(legal)
        totals, values, ahead, visits = [0.0] * n, [0.0] * n, [0.0] * n, [0] * n
        squares = [0.0] * n
        dropped_in = [0] * n  # the round an action was dropped (survivors: the last + 1)
        alive = list(range(n))
        rounds = max(1, math.ceil(math.log2(n)))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        sample = knows.sampler(rules, game_view, seat, self.rng)
        for r in range(rounds):
            worlds = max(1, self.iterations // (rounds * len(alive)))
            for _ in range(worlds):
                world = sample()
                dice = self.rng.getrandbits(64)
                for i in alive:
                    settled = self._playout(rules, world, legal[i], random.Random(dice), scores)
                    points = utility(rules, settled, side)
                    totals[i] += points
                    ranked = rank(rules, settled, side)
                    values[i] += ranked
                    squares[i] += ranked * ranked
                    ahead[i] += 1.0 if points > 0 else 0.5 if points == 0 else 0.0
                    visits[i] += 1
            if len(alive) == 1 or (deadline is not None and time.perf_counter() > deadline):
                break
            alive.sort(key=lambda i: (-values[i] / visits[i] - shift[i], i))
            for i in alive[(len(alive) + 1) // 2 :]:
                dropped_in[i] = r + 1
            alive = alive[: (len(alive) + 1) // 2]
        for i in alive:
            dropped_in[i] = rounds + 1
        out = [
            Estimate(a, visits[i], totals[i] / visits[i] if visits[i] else -math.inf,
                     ahead[i] / visits[i] if visits[i] else 0.0,
                     values[i] / visits[i] + shift[i] if visits[i] else -math.inf,
                     _standard_error(values[i], squares[i], visits[i]))
            for i, a in enumerate(legal)
        ]  # fmt: skip
        order = sorted(range(n), key=lambda i: (-dropped_in[i], -out[i].value, str(legal[i])))
        return [out[i] for i in order]

    def _playout(
        self,
        rules: Rules[Any],
        world: Any,
        action: Action,
        rng: random.Random,
        scores: tuple[int, ...],
    ) -> Settlement:
        """Play ``action`` in a sampled world, the hand out with the policy; how it settled."""
        state = rules.apply(world, action)
        policy = self.knowledge.playout
        while rules.to_move(state) is not None:
            state = rules.apply(state, policy(rules, state, rng))
        return rules.settle(state, scores)


def _standard_error(total: float, squares: float, n: int) -> float:
    """The standard error of a mean of ``n`` samples from their sum and sum of squares."""
    if n < 2:
        return math.inf
    variance = max(0.0, (squares - total * total / n) / (n - 1))
    return math.sqrt(variance / n)


def search_bot(
    game: str, iterations: int = STRENGTHS["medium"], seed: int | None = None
) -> SearchBot:
    """The search bot for ``game``, with what the bots know of it (``bots_for``): its playout
    policy, its sampler of worlds and what it ranks by."""
    return SearchBot(iterations, seed=seed, knowledge=bots_for(game))
