"""Buck Euchre: bids chosen by a search over the seat's own information sets (a pilot player,
docs/bots_buck_euchre.md, "Bids searched over what the seat will know"), entered by import
path with ``bench`` on the path:

    PYTHONPATH=bench .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_own_tree:tree,heuristic,heuristic,heuristic --matches 200 --seed 11 \\
        --sprt p0=0.35,p1=0.45 --workers 2 --fixed

The search's playouts play the seat's own later cards knowing the sampled hands (strategy
fusion), so its stays run too bright. Here, at a bid (BE-5, BE-6, BE-8) and at the dealer's
discard, each playout walks a tree of the seat's *own* decisions keyed by what the seat has
seen since the bid (every public action in order; another's discard is hidden), so that a
later card of the seat is chosen alike in every world it cannot tell apart (UCB1 over the
actions, one new node a playout); the others play the search's playout policy in the sampled
world, as in the search. Past the tree the seat plays as the heuristic would from what it has
seen (``card_choice``), never from the sampled hands. ``WORLDS`` worlds are drawn as the
search draws them (the bids read, ``bots_for``) and the playouts go round them; the decision
is the root action with the best mean. The card play is ``search:medium``'s.

- ``tree``: as above, ``PLAYOUTS`` playouts a bid;
- ``tree_fused``: the same tree, but past it the seat plays the search's playout policy.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from cardtable.bots.base import Bot
from cardtable.bots.catalog import bots_for
from cardtable.bots.heuristic.buck_euchre import card_choice
from cardtable.bots.search import rules_for, search_bot
from cardtable.core.game import Action
from cardtable.core.views import View, own_seat
from cardtable.games.buck_euchre import LAYOUT, PLAYING, PLAYS

PLAYOUTS = 2000
WORLDS = 300  # worlds drawn a decision; the playouts go round them
EXPLORE = 0.5  # UCB1's constant, times the spread of the values seen
BIDDING = ("order", "name", "decide", "discard")


class Node:
    """One information set of the seat: each action's visits and summed value."""

    __slots__ = ("n", "total", "visits")

    def __init__(self) -> None:
        self.visits: dict[str, int] = {}
        self.total: dict[str, float] = {}
        self.n = 0


class OwnTree:
    """Bids by the tree of the module docstring; every other decision by ``search:medium``."""

    def __init__(self, game: str, seed: int | None, *, fused: bool = False) -> None:
        self.search = search_bot(game, seed=seed)
        self.knowledge = bots_for(game)
        self.rng = random.Random(seed)
        self.fused = fused

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view["state"]["phase"] not in BIDDING:
            return self.search.choose(view, legal)
        return self.tree(view, legal)

    def tree(self, view: View, legal: Sequence[Action]) -> Action:
        rules = rules_for(view)
        seat = own_seat(view)
        side = rules.side_of(seat)
        scores = tuple(view["scores"])
        knows = self.knowledge
        rank = knows.decision_utility(view["state"])
        policy = knows.playout
        sample = knows.sampler(rules, view["state"], seat, self.rng)
        worlds = [sample() for _ in range(WORLDS)]
        nodes: dict[tuple[str, ...], Node] = {}
        low, high = math.inf, -math.inf
        for i in range(PLAYOUTS):
            state = worlds[i % WORLDS]
            seen: tuple[str, ...] = ()
            path: list[tuple[Node, str]] = []
            in_tree = True
            first = True
            while (who := rules.to_move(state)) is not None:
                if who == seat:
                    actions = legal if first else rules.legal_actions(state)
                    first = False
                    if len(actions) == 1:
                        action = actions[0]
                    elif in_tree:
                        node = nodes.get(seen)
                        if node is None:  # a new information set: one node a playout
                            node = nodes[seen] = Node()
                            in_tree = False
                        action = self._pick(node, actions, high - low)
                        path.append((node, str(action)))
                    elif self.fused or state.phase != PLAYING:
                        action = policy(rules, state, self.rng)
                    else:  # the heuristic's card from what the seat has seen
                        action = PLAYS[LAYOUT[card_choice(state, seat)]]
                    seen = (*seen, str(action))
                else:
                    action = policy(rules, state, self.rng)
                    seen = (*seen, rules.public_action(action))
                state = rules.apply(state, action)
            value = rank(rules, rules.settle(state, scores), side)
            low, high = min(low, value), max(high, value)
            for node, text in path:
                node.n += 1
                node.visits[text] = node.visits.get(text, 0) + 1
                node.total[text] = node.total.get(text, 0.0) + value
        root = nodes[()]
        return max(legal, key=lambda a: (root.total[str(a)] / root.visits[str(a)], str(a)))

    def _pick(self, node: Node, actions: Sequence[Action], spread: float) -> Action:
        """UCB1 over ``actions``: each tried once first (in a random order), then the best
        mean plus ``EXPLORE`` times the spread of the values seen, scaled by the visits."""
        untried = [a for a in actions if str(a) not in node.visits]
        if untried:
            return self.rng.choice(untried)
        c = EXPLORE * (spread if spread > 0 else 1.0)
        log_n = math.log(node.n)

        def score(a: Action) -> float:
            v = node.visits[str(a)]
            return node.total[str(a)] / v + c * math.sqrt(log_n / v)

        return max(actions, key=score)


def tree(game: str, seed: int | None) -> Bot:
    return OwnTree(game, seed)


def tree_fused(game: str, seed: int | None) -> Bot:
    return OwnTree(game, seed, fused=True)
