"""Buck Euchre: the learned bidding's pilot players (docs/bots_buck_euchre.md, "Bids valued
by what they brought at the table"), entered by import path with ``bench`` on the path:

    PYTHONPATH=bench .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_pilot:ensemble,heuristic,heuristic,heuristic --matches 200 --seed 11 --fixed

- ``learned_search``: bids by the learned worth alone (``bidding.choose``); the dealer's
  discard and the card play by ``search:medium``;
- ``learned_heuristic``: the same bids, everything else by the heuristic;
- ``ensemble``: ``search:medium``, but where it ranks by the match chance (naming, staying or
  dropping) each bid goes by the search's estimate plus the learned worth, as ``expert`` does.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.bots import make_bot
from cardtable.bots.base import Bot
from cardtable.bots.buck_euchre import bidding
from cardtable.bots.catalog import bots_for
from cardtable.bots.search import search_bot
from cardtable.core.game import Action
from cardtable.core.views import View


class Learned:
    """The learned bids; every other decision by ``rest``."""

    def __init__(self, game: str, seed: int | None, rest: str) -> None:
        self.rest = make_bot(game, rest, seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        bid = bidding.choose(view, legal)
        return bid if bid is not None else self.rest.choose(view, legal)


class Ensemble:
    """``search:medium`` with the learned worth added to its estimates where it ranks by the
    match chance."""

    def __init__(self, game: str, seed: int | None) -> None:
        self.search = search_bot(game, seed=seed)
        self.knowledge = bots_for(game)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        worth = bidding.values(view)
        if worth is None or not self.knowledge.ranks_by_chance(view["state"]):
            return self.search.choose(view, legal)
        estimates = self.search.analyse(view, legal)
        return max(estimates, key=lambda e: e.value + worth[str(e.action)]).action


def learned_search(game: str, seed: int | None) -> Bot:
    return Learned(game, seed, "search:medium")


def learned_heuristic(game: str, seed: int | None) -> Bot:
    return Learned(game, seed, "heuristic")


def ensemble(game: str, seed: int | None) -> Bot:
    return Ensemble(game, seed)
