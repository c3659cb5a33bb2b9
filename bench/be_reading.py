"""A pilot ``expert`` for Buck Euchre that reads how each other player plays its cards over
the match, entered by import path (docs/bots_buck_euchre.md, "Reading how each player plays
its cards"; tried, not kept):

    PYTHONPATH=bench nice -n 19 .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_reading:expert,search:medium,search:medium,search:medium \\
        --matches 300 --seed 7700 --sprt p0=0.25,p1=0.35 --workers 2 --fixed

The same seed as the shipped ``expert``'s run against three ``search:medium`` seats, so
``bench/paired.py`` compares the two match by match.

The search's sampler reads the card play as a table of club players would be read
(``worlds.playout_worlds``): a world in which another player's past card is not the one the
heuristic strategy would have played from that world's hand counts a hundredth
(``PLAYOUT_OFF_STRATEGY``). Against club players that is right; against players who choose
otherwise (a search plays the strategy's card about half the time) it throws away the worlds
nearest the truth.

So this pilot counts, for each other seat, how often its card was the strategy's, over
the hands that seat played out: then every card it held is known (the five it played), and
each of its plays with a choice (more than one card it could follow with, BE-10) is checked
against the strategy from what it could see then. A seat that plays the strategy's card with
chance ``q``, and otherwise another, makes a play off the strategy ``(1 - q) / q`` times as
likely as the strategy's own; that is a world's weight for such a play, never below
``PLAYOUT_OFF_STRATEGY``. The count starts from a prior of ``PRIOR_PLAYS`` plays of the
strategy's and ``PLAYOUT_OFF_STRATEGY`` times as many off it (a club player's odds), so a
seat is read as a club player until its play says otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, cast

from cardtable.bots.base import Bot
from cardtable.bots.buck_euchre.worlds import PLAYOUT_OFF_STRATEGY, past_plays, playout_worlds
from cardtable.bots.catalog import bots_for
from cardtable.bots.expert import EXPERT_PLAYOUTS, ExpertBot
from cardtable.bots.heuristic.buck_euchre import card_choice
from cardtable.bots.search import search_bot
from cardtable.core.game import Rules
from cardtable.core.views import View, own_seat
from cardtable.games.buck_euchre import SEATS, TABLES, BuckEuchreState, BuckEuchreView, Unseen

#: The prior's weight, in plays of the strategy's: about three hands played out.
PRIOR_PLAYS = 10.0


def choices(then: BuckEuchreState, hand: int) -> int:
    """How many cards of ``hand`` could be played in ``then`` (BE-10: follow the suit led)."""
    led = then.trick[0] if then.trick else None
    return TABLES.playable(hand, led, then.table.trump).bit_count()


class Reading:
    """One seat's count, per other seat, of its card plays and of those that were the
    heuristic strategy's, over the match's finished hands."""

    def __init__(self) -> None:
        self.hand = 0  # the last finished hand counted
        self.plays = [0] * SEATS
        self.agreed = [0] * SEATS

    def observe(self, view: View) -> None:
        """Count the last finished hand's plays, once: its final state as this seat saw it
        shows every trick, so each player's hand at each of its plays is what it played from
        then on. The dealer's discard is not seen, so it is read as unknown."""
        last = view.get("last_hand")
        if last is None or last["number"] <= self.hand:
            return
        self.hand = last["number"]
        seen = Unseen(cast(BuckEuchreView, last["state"]), own_seat(view))
        for who, then, card, since in past_plays(seen):
            if choices(then, since) < 2:
                continue  # a forced play says nothing of how the player chooses
            self.plays[who] += 1
            self.agreed[who] += card_choice(then, who, since, -1) == card

    def odds_off(self, seat: int) -> float:
        """``(1 - q) / q`` for ``seat``: its plays off the strategy against those on it, each
        with the prior's."""
        off = self.plays[seat] - self.agreed[seat] + PRIOR_PLAYS * PLAYOUT_OFF_STRATEGY
        return off / (self.agreed[seat] + PRIOR_PLAYS)

    def off(self) -> list[float]:
        """Per seat, a world's weight for a play of that seat's off the strategy."""
        return [max(PLAYOUT_OFF_STRATEGY, self.odds_off(seat)) for seat in range(SEATS)]

    def chose(self, view: View, action: object) -> None:
        """The seat's own choices say nothing about the others."""

    def worlds(self, view: View) -> ReadWorlds:
        """The search's sampler of worlds with each seat's weight, after observing ``view``."""
        self.observe(view)
        return ReadWorlds(self.off())


class ReadWorlds:
    """A sampler of worlds (``GameBots.worlds``): ``playout_worlds`` with per-seat weights."""

    def __init__(self, off: Sequence[float]) -> None:
        self.off = tuple(off)

    def __call__(
        self, rules: Rules[Any], view: Any, seat: int, rng: random.Random
    ) -> Callable[[], Any]:
        return playout_worlds(rules, view, seat, rng, self.off)


def expert(game: str, seed: int | None) -> Bot:
    """The shipped ``expert`` with the reading of each player's card play."""
    search = search_bot(game, EXPERT_PLAYOUTS[game], seed)
    knowledge = replace(bots_for(game), reading=Reading)
    search.knowledge = knowledge
    return ExpertBot(search, knowledge)
