"""What the computer players know of Buck Euchre beyond its rules (``BOTS``).

- ``cardtable.bots.heuristic.buck_euchre``: the club player's strategy, over masks, that the
  heuristic bot plays and the search's playouts and card reading use;
- ``bids``: reading the bids as evidence about the unseen cards (BE-5 … BE-8);
- ``worlds``: the search's sampler of worlds, reading the card play too (BE-10);
- ``endgame``: the ``expert`` level's exact card play in each sampled world (BE-10);
- ``measures``: what the search ranks decisions by, and its calibrated constants.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.bots.buck_euchre import bids, endgame, measures
from cardtable.bots.buck_euchre.worlds import playout_worlds
from cardtable.bots.heuristic.buck_euchre import HeuristicBot, playout
from cardtable.bots.knowledge import GameBots
from cardtable.core.game import Rules
from cardtable.games.buck_euchre import BuckEuchreView


def read_bids(rules: Rules[Any], view: BuckEuchreView, seat: int, rng: random.Random) -> Any:
    """One world for ``seat``'s view, its deal weighed by the bids (``bids.determinize``)."""
    return bids.determinize(view, seat, rng)


BOTS = GameBots(
    heuristic=HeuristicBot,
    playout=playout,
    determinize=read_bids,
    worlds=playout_worlds,
    hand_utility=measures.hand_utility,
    match_chance=measures.match_chance,
    chance_decisions=measures.chance_decisions,
    estimate_shift=measures.estimate_shift,
    sampled_endgame=endgame.SAMPLED,
)
