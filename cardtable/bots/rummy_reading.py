"""The expert's reading of the other player in two-player rummy: the cards they discarded, the
cards they left on the pile, and the cards they took (C-6), remembered between decisions.

A club player who sees the other discard the 9c does not expect them to hold the 9h or the 10c:
a sound player sheds dead cards and keeps pairs and near-runs (docs/bots_rummy.md). A card
left on top of the pile while they drew from the stock says the same; a card they took says
the opposite, that they hold its partners. ``Reading`` keeps those cards from one of the seat's
decisions to the next, from its views alone (the discard pile and ``known``), and gives the
search's sampler a ``leaning`` (``cardtable.games.rummy.worlds.determinize``): each hidden
card's weight of being in the other hand is the product of one odds ratio per relation it has
to those cards (naive Bayes). ``ODDS`` was counted in heuristic self-play by
``bench/rummy_reading.py``, on seeds no strength run uses.

With more than two players a card added to the pile cannot be told apart by seat from the
pile alone, so the reading leaves those worlds as they were.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardtable.core.cards import parse_card
from cardtable.core.game import Action, Rules
from cardtable.core.views import View, own_seat
from cardtable.games.rummy.worlds import determinize

#: How a hidden card may stand to a card the other player was seen to handle.
RELATIONS = (
    "discarded rank",  # the same rank as a card they discarded
    "discarded near",  # the same suit, one or two ranks from a card they discarded
    "left rank",  # the same rank as a card they left on top of the pile
    "left near",
    "taken rank",  # the same rank as a card they took and still hold (C-6)
    "taken near",
)

#: Per game and relation: (odds ratio of being in the other hand where the relation holds,
#: where it does not). Counted by ``bench/rummy_reading.py --hands 3000 --seed 60000``
#: (heuristic self-play; the seeds of the strength runs are below 10,000), before the
#: heuristic stopped taking a discard that only swaps one card for another: a recount with
#: today's heuristic moves no ratio by more than 0.02 (Queen City Rum's "taken near" 2.085 to
#: 2.104), so these stay, and the strength runs made with them still replay.
ODDS: dict[str, dict[str, tuple[float, float]]] = {
    "rummy-500": {
        "discarded rank": (0.342, 1.18),
        "discarded near": (0.477, 1.18),
        "left rank": (0.496, 1.099),
        "left near": (0.612, 1.094),
        "taken rank": (1.025, 0.999),
        "taken near": (1.173, 0.994),
    },
    "queen-city-rum": {
        "discarded rank": (0.671, 1.122),
        "discarded near": (0.73, 1.124),
        "left rank": (0.842, 1.043),
        "left near": (0.837, 1.054),
        "taken rank": (2.061, 0.973),
        "taken near": (2.085, 0.966),
    },
}


def _near(a: int, b: int) -> bool:
    """Same suit, one or two ranks apart (the ace next to both the two and the king)."""
    if a // 13 != b // 13:
        return False
    d = abs(a % 13 - b % 13)
    return min(d, 13 - d) in (1, 2)


def relations(card: int, discarded: set[int], left: set[int], taken: set[int]) -> Iterator[str]:
    """The relations (``RELATIONS``) a face holds to the cards the other player handled."""
    for name, cards in (("discarded", discarded), ("left", left), ("taken", taken)):
        if any(card % 13 == c % 13 for c in cards):
            yield f"{name} rank"
        if any(_near(card, c) for c in cards):
            yield f"{name} near"


class Reading:
    """What one seat has seen the other seat do this hand, from its own views (two players)."""

    def __init__(self) -> None:
        self.hand = -1
        self.pile: list[str] | None = None  # the pile as the seat left it, after its discard
        self.discarded: set[int] = set()
        self.left: set[int] = set()

    def observe(self, view: View) -> None:
        """Read the other seat's turn since the seat's last discard from the pile: they took
        its top ``k`` cards (``k`` may be 0: they left them) and discarded one."""
        if view["hand_number"] != self.hand:
            self.hand, self.pile = view["hand_number"], None
            self.discarded, self.left = set(), set()
        state = view["state"]
        before, pile = self.pile, list(state["discard_pile"])
        if before is None or state["phase"] != "draw" or view["players"] != 2 or not pile:
            return
        self.pile = None  # each turn of theirs is read once
        kept = len(pile) - 1
        if kept > len(before) or pile[:kept] != before[:kept]:
            return  # not one take and one discard since (a decision was not seen)
        self.discarded.add(parse_card(pile[-1]))
        if kept == len(before) and before:
            self.left.add(parse_card(before[-1]))

    def chose(self, view: View, action: Action) -> None:
        """Remember the pile as the seat leaves it, if ``action`` is its discard."""
        words = str(action).split()
        if words[0] == "discard":
            self.pile = [*view["state"]["discard_pile"], words[-1]]

    def leaning(self, view: View) -> list[list[float] | None] | None:
        """Per seat, each face's weight of being in that hand (None: no reading)."""
        if not (self.discarded or self.left):  # nothing read (or more than two players)
            return None
        odds = ODDS[view["game"]]
        other = 1 - own_seat(view)
        taken = {parse_card(c) for c in view["state"]["known"][other]}
        weights = []
        for card in range(52):
            holds = set(relations(card, self.discarded, self.left, taken))
            w = 1.0
            for name in RELATIONS:
                w *= odds[name][0 if name in holds else 1]
            weights.append(w)
        weights.append(1.0)  # the joker: wild, in anyone's plan
        out: list[list[float] | None] = [None, None]
        out[other] = weights
        return out

    def worlds(self, view: View) -> LeaningWorlds | None:
        """The search's sampler of worlds with the reading, after observing ``view``."""
        self.observe(view)
        leaning = self.leaning(view)
        return None if leaning is None else LeaningWorlds(leaning)


class LeaningWorlds:
    """A sampler of worlds (``GameBots.worlds``): ``determinize`` with a ``leaning``."""

    def __init__(self, leaning: Sequence[Sequence[float] | None]) -> None:
        self.leaning = leaning

    def __call__(
        self, rules: Rules[Any], view: Any, seat: int, rng: random.Random
    ) -> Callable[[], Any]:
        leaning = self.leaning
        return lambda: determinize(rules, view, seat, rng, leaning)  # type: ignore[arg-type]
