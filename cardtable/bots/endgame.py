"""Exact search of a hand's end in one world: minimax with α-β pruning and a transposition
table (a "double-dummy" solver: every hand in the world is known to it).

A search bot calls it only on a world its seat's view fixes completely: then the world is
what the seat knows, not a guess, and the solver finds the play that scores best against
any defence, where playouts with a greedy policy only estimate it. In Royal Casino that is
the last deal of a two-player hand: the stock is empty and every card not in the seat's hand
is on the table, in the captures every player saw made (RC-24), or in the other hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any

from cardtable.bots.knowledge import Key, Policy, Utility
from cardtable.core.game import Action, Rules


class TooLarge(Exception):
    """The position has more nodes than the solver was allowed to visit."""


class Solver:
    """Solves worlds of one ``rules``, for one side, ranked by ``utility`` of the hand's
    settlement at ``scores``. ``node_limit`` bounds the positions searched per solve."""

    def __init__(
        self,
        rules: Rules[Any],
        side: int,
        scores: tuple[int, ...],
        utility: Utility,
        key: Key,
        *,
        order: Policy | None = None,
        node_limit: int = 200_000,
    ) -> None:
        self.rules = rules
        self.side = side
        self.scores = scores
        self.utility = utility
        self.key = key
        self.order = order  # the policy whose choice is searched first (better cut-offs)
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[Hashable, tuple[float, float]] = {}
        self._dice = random.Random(0)

    def best(self, world: Any) -> tuple[Action, float]:
        """The best action of the player to move in ``world`` (its side's or the other's,
        whoever moves), and the hand's value for ``side`` with best play by all. The first
        action of the policy's order wins a tie. Raises ``TooLarge`` past the node limit."""
        rules = self.rules
        mover = rules.to_move(world)
        if mover is None:
            raise ValueError("the hand is over: nothing to solve")
        maximise = rules.side_of(mover) == self.side
        alpha, beta = -math.inf, math.inf
        chosen: Action | None = None
        for action in self._ordered(world):
            v = self.value(rules.apply(world, action), alpha, beta)
            if chosen is None or (v > alpha if maximise else v < beta):
                chosen = action
                if maximise:
                    alpha = v
                else:
                    beta = v
        assert chosen is not None
        return chosen, alpha if maximise else beta

    def value(self, state: Any, alpha: float, beta: float) -> float:
        """The hand's value for ``side`` from ``state`` with best play, within (alpha, beta):
        exact inside the window, a bound at or beyond it (fail-hard α-β)."""
        rules = self.rules
        mover = rules.to_move(state)
        if mover is None:
            return self.utility(rules, rules.settle(state, self.scores), self.side)
        k = self.key(state)
        low, high = self.table.get(k, (-math.inf, math.inf))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        alpha, beta = max(alpha, low), min(beta, high)
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TooLarge
        maximise = rules.side_of(mover) == self.side
        a0, b0 = alpha, beta
        best = -math.inf if maximise else math.inf
        for action in self._ordered(state):
            v = self.value(rules.apply(state, action), alpha, beta)
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        if best <= a0:
            high = best  # failed low: the value is at most this
        elif best >= b0:
            low = best  # failed high: at least this
        else:
            low = high = best
        self.table[k] = (low, high)
        return best

    def _ordered(self, state: Any) -> list[Action]:
        """The legal actions, the policy's choice first."""
        legal = self.rules.legal_actions(state)
        if self.order is None or len(legal) < 2:
            return legal
        first = self.order(self.rules, state, self._dice)
        return [first, *(a for a in legal if a != first)]
