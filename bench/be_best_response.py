"""Buck Euchre: bids as a best response to club players (a pilot player,
docs/bots_buck_euchre.md, "Bids as a best response to club players"), entered by import path
with ``bench`` on the path:

    PYTHONPATH=bench nice -n 19 .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_best_response:tree,heuristic,heuristic,heuristic --matches 200 --seed 11 \\
        --sprt p0=0.35,p1=0.45 --workers 2 --fixed

Among club players a bid has an exact best response, given the worlds the bids allow: the
others' later bids and cards are known functions of what each of them sees, and only the seat's
own later choices are free, to be made alike in every world the seat cannot tell apart. Each
earlier pilot mended one of the three ways the search's playouts differ from that and moved
nothing alone: the seat's later cards chosen over its own information sets
(``be_own_tree``), the others' cards played as club players play them (``be_club_others``),
the bids read as the card play is read (commit 09cbfec). Here the first two are together: the
tree of ``be_own_tree`` over the seat's information sets, in playouts where every other seat
bids as the heuristic does (the playout policy's bids are the heuristic's own counts) and
plays the heuristic's card from its own view (``club_others``). Past the tree the seat plays
the heuristic's card from what it has seen. The card play is ``search:medium``'s.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace

from be_club_others import club_others
from be_own_tree import OwnTree

from cardtable.bots.base import Bot
from cardtable.core.game import Action
from cardtable.core.views import View, own_seat


class BestResponse(OwnTree):
    """``OwnTree`` whose playouts play the others' cards by ``club_others``."""

    def tree(self, view: View, legal: Sequence[Action]) -> Action:
        base = self.knowledge
        policy = functools.partial(club_others, seat=own_seat(view))
        self.knowledge = replace(base, playout=policy)
        try:
            return super().tree(view, legal)
        finally:
            self.knowledge = base


def tree(game: str, seed: int | None) -> Bot:
    """The bids above; the card play ``search:medium``'s."""
    return BestResponse(game, seed)
