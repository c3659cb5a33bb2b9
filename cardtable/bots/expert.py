"""The ``expert`` level: the search bot, and an exact search wherever the view fixes the world.

Where the seat's view leaves nothing hidden that a careful player cannot tell (the game's
``Endgame``: in two-player Royal Casino, the last deal of a hand), the one world the view
allows is searched exactly to the end of the hand (``cardtable.bots.endgame``); elsewhere,
or if that search would pass its node limit, the search bot chooses with the game's expert
budget. Where the game has a ``SampledEndgame`` (Buck Euchre's card play), each of a few
worlds drawn by the game's sampler is searched exactly and the action with the best mean value
over them is chosen (perfect-information Monte Carlo with exact solving): by default with the
others as one side against the seat, or as the game's ``SampledEndgame.value`` solves it.
Where the game has a ``Reading`` (the two-player rummies), the bot remembers the others'
play between its decisions and its search draws worlds that lean by it
(``cardtable.bots.rummy_reading``). All read only the seat's views: every world comes from a
sampler of the view, as every world of the search does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from cardtable.bots.catalog import bots_for
from cardtable.bots.endgame import Solver, TooLarge
from cardtable.bots.knowledge import GameBots, Utility
from cardtable.bots.search import SearchBot, rules_for, search_bot
from cardtable.core.game import Action, Rules
from cardtable.core.views import View, own_seat

#: The search's budget at this level: what a person waits for without minding (under a
#: second a decision on one core of this project's machine, docs/bots.md "Speed"; a rummy
#: playout costs more, so the rummies get fewer). A number of playouts, not seconds, so that
#: the same seed gives the same choices on any machine, busy or not.
EXPERT_PLAYOUTS = {"royal-casino": 4000, "buck-euchre": 4000}
EXPERT_OTHERWISE = 3000
#: Positions the exact search may visit in one decision before it leaves the choice to the
#: search (a Royal Casino last deal needs a few thousand at most; docs/bots.md).
NODE_LIMIT = 60_000


class ExpertBot:
    """The search bot of ``search``, which the exact endgame overrules where it applies."""

    def __init__(self, search: SearchBot, knowledge: GameBots, node_limit: int = NODE_LIMIT):
        self.search = search
        self.knowledge = knowledge
        self.node_limit = node_limit
        self.solved = 0  # decisions the exact search made (the rest the search made)
        self.reading = None if knowledge.reading is None else knowledge.reading()

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if self.reading is None:
            return self._choose(view, legal)
        worlds = self.reading.worlds(view)
        if worlds is not None:
            self.search.knowledge = replace(self.knowledge, worlds=worlds)
        try:
            action = self._choose(view, legal)
        finally:
            self.search.knowledge = self.knowledge
        self.reading.chose(view, action)
        return action

    def _choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        exact = self.exact(view)
        if exact is not None:
            notation = str(exact)
            for action in legal:
                if str(action) == notation:
                    self.solved += 1
                    return action
        if (sampled := self.knowledge.sampled_endgame) is not None and sampled.applies(
            view["state"]
        ):
            try:
                return self.solve_worlds(view, legal)
            except TooLarge:
                pass
        return self.search.choose(view, legal)

    def solve_worlds(self, view: View, legal: Sequence[Action]) -> Action:
        """The action with the best mean exact value over the game's ``SampledEndgame.worlds``
        sampled worlds (the first in ``legal`` on a tie). Raises ``TooLarge`` if one world's
        search passes the node limit."""
        sampled = self.knowledge.sampled_endgame
        assert sampled is not None
        values = self.world_values(view, legal, sampled.worlds)
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        self.solved += 1
        return legal[best]

    def world_values(self, view: View, legal: Sequence[Action], worlds: int) -> list[float]:
        """Each legal action's mean exact value over ``worlds`` worlds of the search's sampler
        (the game's, or the one its ``Reading`` gave for this decision), each world solved as
        ``world_value`` says."""
        sampled = self.knowledge.sampled_endgame
        assert sampled is not None
        rules = rules_for(view)
        seat = own_seat(view)
        state = view["state"]
        sample = self.search.knowledge.sampler(rules, state, seat, self.search.rng)
        utility = self.knowledge.decision_utility(state)
        scores = tuple(view["scores"])
        totals = [0.0] * len(legal)
        for _ in range(worlds):
            world = sample()
            value = self.world_value(rules, seat, scores, utility)
            for i, action in enumerate(legal):
                totals[i] += value(rules.apply(world, action))
        return [t / worlds for t in totals]

    def world_value(
        self, rules: Rules[Any], seat: int, scores: tuple[int, ...], utility: Utility
    ) -> Callable[[Any], float]:
        """A fresh solve of one world for ``seat``: the game's ``SampledEndgame.value``, else
        best play by all with the others as one side against the seat (``Solver``)."""
        sampled = self.knowledge.sampled_endgame
        assert sampled is not None
        if sampled.value is not None:
            return sampled.value(rules, seat, scores, utility)
        solver = Solver(rules, rules.side_of(seat), scores, utility, sampled.key,
                        order=self.knowledge.playout, node_limit=self.node_limit)  # fmt: skip
        return lambda state: solver.value(state, -math.inf, math.inf)

    def exact(self, view: View) -> Action | None:
        """The best action by the exact search, if the view fixes the world and the search
        stays within its node limit; else None."""
        endgame = self.knowledge.endgame
        state = view["state"]
        if endgame is None or not endgame.known(state):
            return None
        rules = rules_for(view)
        seat = own_seat(view)
        world = self.knowledge.sampler(rules, state, seat, random.Random(0))()
        solver = Solver(
            rules,
            rules.side_of(seat),
            tuple(view["scores"]),
            self.knowledge.decision_utility(state),
            endgame.key,
            order=self.knowledge.playout,
            node_limit=self.node_limit,
        )
        try:
            action, _ = solver.best(world)
        except TooLarge:
            return None
        return action


def expert_bot(game: str, seed: int | None = None) -> ExpertBot:
    """The ``expert`` level for ``game``: ``search_bot`` with the game's ``EXPERT_PLAYOUTS``
    and the game's exact endgame (``GameBots.endgame``), if it has one."""
    search = search_bot(game, EXPERT_PLAYOUTS.get(game, EXPERT_OTHERWISE), seed)
    return ExpertBot(search, bots_for(game))
