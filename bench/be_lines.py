"""A pilot ``expert`` for Buck Euchre that reads, over the match, how readily each other
player makes trump and stays in, entered by import path (docs/bots_buck_euchre.md, "Reading
how readily each player bids"):

    PYTHONPATH=bench nice -n 19 .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_lines:expert,search:medium,search:medium,search:medium \\
        --matches 300 --seed 7700 --sprt p0=0.25,p1=0.35 --workers 2 --fixed

The search reads the bids and plays the others' later bids in its playouts as a club player
would: order or name above a make count of 0, stay above a stay value of -1 (BE-5, BE-6,
BE-8). Against players who make and stay more readily (a search stays in about one decision
in five where the club player drops: ``bench/be_agreement.py``) it deals a maker too strong a
hand, and, when it drops, counts on the others dropping too, so that a maker is credited
five (BE-9) rather than sweeping (BE-13).

So this pilot keeps, for each other seat, a belief over how far its lines lie from the club
player's (``Leanings``): a grid of make and stay shifts, a prior centred on 0, and after every
hand the chance of that seat's bids under each shift: its passes and orders of the upcard,
its passes and naming in the second round, its stays and drops. A player who played the hand
out showed all its cards; a player who dropped did not, so its cards are dealt at random from
what the hand left unseen and the chance is averaged over those deals. The bid reading and
the playouts then bid for each seat at its mean shift (``bids.Bids`` and ``lined_playout``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import product
from typing import Any, cast

from cardtable.bots.base import Bot
from cardtable.bots.buck_euchre.bids import Bids, name_chance, order_chance, stay_chance
from cardtable.bots.buck_euchre.worlds import playout_worlds
from cardtable.bots.catalog import bots_for
from cardtable.bots.expert import EXPERT_PLAYOUTS, ExpertBot
from cardtable.bots.heuristic.buck_euchre import Leanings, best_name, lined_playout
from cardtable.bots.search import search_bot
from cardtable.core.cards import suit_of
from cardtable.core.game import Action, Rules
from cardtable.core.views import View, own_seat
from cardtable.games.buck_euchre import DOWN, LAYOUT, SEATS, TAKEN, BuckEuchreView, Unseen

#: The shifts a player's lines may have, in points above the club player's: below 0 makes or
#: stays more readily.
MAKE_SHIFTS = (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0)
STAY_SHIFTS = (-3.0, -2.0, -1.0, 0.0, 1.0)
#: The prior's spread (points): a player is read as a club player until its bids say otherwise.
PRIOR_SPREAD = 1.0
#: Deals of a hand's unseen cards over which a dropped player's bids are averaged.
DRAWS = 40

Chance = Callable[[list[int], list[int], float], float]


def events(bids: Bids, who: int) -> tuple[list[Chance], list[Chance]]:
    """``who``'s bids in a finished hand as ``bids`` reads them: its make bids (BE-5, BE-6)
    and its stay or drop (BE-8), each a chance under a shift of that line, given the hands as
    dealt and as held after the dealer's discard (``Bids.dealt_and_held``)."""
    u = bids.u
    dealer = who == u.dealer
    make: list[Chance] = []
    if who in bids.passed:
        make.append(lambda dealt, held, m: 1.0 - order_chance(dealt[who], u.up, dealer, m))
    if bids.ordered == who:
        make.append(lambda dealt, held, m: order_chance(dealt[who], u.up, dealer, m))
    if u.fate == DOWN:  # the second round (BE-6): passes up to the namer, or all four
        turned = suit_of(LAYOUT[u.up])
        order = bids.order
        passed = order[: order.index(u.maker)] if u.maker >= 0 else order
        if who in passed:
            make.append(lambda dealt, held, m: 1.0 - name_line(dealt[who], turned, m))
        if u.maker == who:
            make.append(lambda dealt, held, m: name_chance(dealt[who], u.trump, m))
    stay: list[Chance] = []
    if who != u.maker and u.stayed >> who & 1:
        stay.append(lambda dealt, held, s: stay_chance(held[who], u.trump, s))
    if who != u.maker and u.dropped >> who & 1:
        stay.append(lambda dealt, held, s: 1.0 - stay_chance(held[who], u.trump, s))
    return make, stay


def name_line(hand: int, turned: int, shift: float) -> float:
    """The chance of naming the best suit (BE-6) at a make shift of ``shift``."""
    _, suit = best_name(hand, turned)
    return name_chance(hand, suit, shift)


class Lines:
    """One seat's belief, per other seat, over the grid of make and stay shifts."""

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.hand = 0  # the last finished hand counted
        self.rng = random.Random(seed)
        self.grid = list(product(MAKE_SHIFTS, STAY_SHIFTS))
        prior = [-(m * m + s * s) / (2 * PRIOR_SPREAD**2) for m, s in self.grid]
        self.log = [list(prior) for _ in range(SEATS)]

    def observe(self, view: View) -> None:
        """Count the last finished hand's bids, once."""
        last = view.get("last_hand")
        if last is None or last["number"] <= self.hand:
            return
        self.hand = last["number"]
        u = Unseen(cast(BuckEuchreView, last["state"]), self.seat)
        if u.fate not in (TAKEN, DOWN):
            return  # BE-4: a club turned, nobody bid
        bids = Bids(u)
        draws = []
        for _ in range(DRAWS):
            hands, _, discard = u.draw(self.rng)
            draws.append(bids.dealt_and_held(hands, discard))
        for who in range(SEATS):
            make, stay = events(bids, who) if who != self.seat else ([], [])
            if not make and not stay:
                continue
            for k, (m, s) in enumerate(self.grid):
                mean = (
                    sum(
                        math.prod(e(d, h, m) for e in make) * math.prod(e(d, h, s) for e in stay)
                        for d, h in draws
                    )
                    / DRAWS
                )
                self.log[who][k] += math.log(max(mean, 1e-12))

    def leanings(self) -> Leanings:
        """Each seat's mean make and stay shift under the belief (0 for this seat)."""
        make, stay = [0.0] * SEATS, [0.0] * SEATS
        for who in range(SEATS):
            if who == self.seat:
                continue
            top = max(self.log[who])
            weights = [math.exp(v - top) for v in self.log[who]]
            total = sum(weights)
            make[who] = sum(w * m for w, (m, _) in zip(weights, self.grid, strict=True)) / total
            stay[who] = sum(w * s for w, (_, s) in zip(weights, self.grid, strict=True)) / total
        return Leanings(tuple(make), tuple(stay))


class LinesWorlds:
    """A sampler of worlds (``GameBots.worlds``): ``playout_worlds`` at given leanings."""

    def __init__(self, leanings: Leanings) -> None:
        self.leanings = leanings

    def __call__(
        self, rules: Rules[Any], view: Any, seat: int, rng: random.Random
    ) -> Callable[[], Any]:
        return playout_worlds(rules, view, seat, rng, leanings=self.leanings)


class LinedExpert(ExpertBot):
    """The shipped ``expert`` whose bid reading and playouts bid for each other seat at the
    lines read from its bids so far."""

    lines: Lines | None = None  # made at the first decision, when the seat is known

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if self.lines is None:
            self.lines = Lines(own_seat(view))
        self.lines.observe(view)
        leanings = self.lines.leanings()
        self.search.knowledge = replace(
            self.knowledge, worlds=LinesWorlds(leanings), playout=lined_playout(leanings)
        )
        try:
            return self._choose(view, legal)
        finally:
            self.search.knowledge = self.knowledge


def expert(game: str, seed: int | None) -> Bot:
    """The shipped ``expert`` with the reading of each player's bidding lines."""
    search = search_bot(game, EXPERT_PLAYOUTS[game], seed)
    return LinedExpert(search, bots_for(game))
