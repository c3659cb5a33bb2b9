"""Buck Euchre's exact card play in sampled worlds, for the ``expert`` level.

A hand is five cards a player (BE-4), so once the play has begun (BE-10) each world the
sampler draws (``worlds.playout_worlds``: dealt as the bids and the plays so far say) can be
played to the end exactly by a double-dummy α-β search with a transposition table
(``cardtable.bots.endgame.Solver``): perfect-information Monte Carlo with an exact solve of
each world instead of greedy playouts, whose clairvoyant finish misjudged the play
(docs/bots_buck_euchre.md, "What limits the search").
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from cardtable.bots.knowledge import SampledEndgame
from cardtable.games.buck_euchre import BuckEuchreView

#: The exact search takes over in the play once the seat holds at most this many cards.
SOLVE_FROM = 4
#: Worlds solved a decision (each action is solved in every one of them).
SOLVED_WORLDS = 40


def applies(view: BuckEuchreView) -> bool:
    """Whether the decision is a card play (BE-10) with at most ``SOLVE_FROM`` cards held."""
    return view["phase"] == "play" and len(view["hand"] or ()) <= SOLVE_FROM


def key(world: Any) -> Hashable:
    """A world's position in the play: who moves, the hands, the trick so far, its leader and
    how many cards each seat has taken (the tricks won, all the settlement reads, BE-11)."""
    return (world.turn, world.hands, world.trick, world.leader,
            tuple(m.bit_count() for m in world.taken))  # fmt: skip


SAMPLED = SampledEndgame(applies=applies, key=key, worlds=SOLVED_WORLDS)
