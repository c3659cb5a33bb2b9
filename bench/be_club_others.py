"""A pilot Buck Euchre search whose playouts play the other seats' cards as club players do,
each from what it could see (docs/bots_buck_euchre.md, "The others' cards played as club
players play them").

    PYTHONPATH=bench nice -n 19 .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_club_others:medium,heuristic,heuristic,heuristic \\
        --matches 200 --seed 11 --sprt p0=0.35,p1=0.45 --workers 2 --fixed

The search's playout policy plays every seat's cards knowing the sampled world: each player
takes a trick with the cheapest card nobody after it can beat there (``playout``). Against
club players that is wrong for the others twice over: they cannot see the world, and what
they play is known exactly, the heuristic bot's ``card_choice`` from their own view. Here the
other seats' cards in the playouts (BE-10) are ``card_choice`` on the sampled world, which
reads only what that seat could see; the searching seat's own later cards, and every bid,
stay the playout policy's. Only the card play of the playouts changes.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cardtable.bots.base import Bot
from cardtable.bots.heuristic.buck_euchre import card_choice, playout
from cardtable.bots.knowledge import GameBots
from cardtable.bots.search import STRENGTHS, SearchBot, search_bot
from cardtable.core.game import Action
from cardtable.core.views import View, own_seat
from cardtable.games.buck_euchre import LAYOUT, PLAYING, PLAYS


def club_others(rules: Any, state: Any, rng: random.Random, *, seat: int) -> Action:
    """The playout policy, but another seat's card is the club player's from its view."""
    if state.phase == PLAYING and state.turn != seat:
        return PLAYS[LAYOUT[card_choice(state, state.turn)]]
    return playout(rules, state, rng)


class Searched:
    """A search whose knowledge (``GameBots``) is remade for each decision by
    ``knowledge_for``, and restored after it: the pilots' way of changing one piece."""

    def __init__(self, search: SearchBot) -> None:
        self.search = search
        self.knowledge = search.knowledge

    def knowledge_for(self, view: View) -> GameBots:
        return self.knowledge

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self.search.knowledge = self.knowledge_for(view)
        try:
            return self.search.choose(view, legal)
        finally:
            self.search.knowledge = self.knowledge


class ClubOthers(Searched):
    """``search:medium`` with ``club_others`` as its playout policy."""

    def knowledge_for(self, view: View) -> GameBots:
        policy = functools.partial(club_others, seat=own_seat(view))
        return replace(self.knowledge, playout=policy)


def medium(game: str, seed: int | None) -> Bot:
    """``search:medium`` whose playouts play the others' cards as club players do."""
    return ClubOthers(search_bot(game, STRENGTHS["medium"], seed))
