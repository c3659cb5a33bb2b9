"""Pilot Buck Euchre players that leave one bidding phase to the club player (the heuristic
bot) and search the rest: is the search's own choice there better than a club player's?

The search's stays run 1.2 points too bright (its playouts play the seat's later cards
knowing the sampled hands, docs/bots_buck_euchre.md), and the shipped ``expert`` is set in
19% of its hands where a heuristic seat is set in 12%. ``stays_medium`` is ``search:medium``
with its stays and drops (BE-8) chosen as the heuristic bot chooses them; ``orders_medium``,
``names_medium`` and ``discards_medium`` the same for ordering up (BE-5), naming trump (BE-6)
and the dealer's discard (BE-5).

    PYTHONPATH=bench nice -n 19 .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_phases:stays_medium,heuristic,heuristic,heuristic \\
        --matches 200 --seed 11 --sprt p0=0.35,p1=0.45 --workers 1 --fixed
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.bots.base import Bot
from cardtable.bots.heuristic.buck_euchre import HeuristicBot
from cardtable.bots.search import STRENGTHS, search_bot
from cardtable.core.game import Action
from cardtable.core.views import View


class ClubPhases:
    """``bot``, but in the ``phases`` of the bidding the heuristic bot's choice."""

    def __init__(self, bot: Bot, phases: frozenset[str], seed: int | None) -> None:
        self.bot = bot
        self.phases = phases
        self.club = HeuristicBot(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view["state"]["phase"] in self.phases:
            return self.club.choose(view, legal)
        return self.bot.choose(view, legal)


def _medium(phase: str, game: str, seed: int | None) -> Bot:
    return ClubPhases(search_bot(game, STRENGTHS["medium"], seed), frozenset({phase}), seed)


def stays_medium(game: str, seed: int | None) -> Bot:
    """``search:medium``, its stays and drops (BE-8) the club player's."""
    return _medium("decide", game, seed)


def orders_medium(game: str, seed: int | None) -> Bot:
    """``search:medium``, its first-round orders and passes (BE-5) the club player's."""
    return _medium("order", game, seed)


def names_medium(game: str, seed: int | None) -> Bot:
    """``search:medium``, its namings and second-round passes (BE-6) the club player's."""
    return _medium("name", game, seed)


def discards_medium(game: str, seed: int | None) -> Bot:
    """``search:medium``, its discards as the dealer (BE-5) the club player's."""
    return _medium("discard", game, seed)
