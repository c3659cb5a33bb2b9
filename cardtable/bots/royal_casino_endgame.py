"""Royal Casino's exact endgame for the ``expert`` level (``cardtable.bots.endgame``).

In a two-player hand the last deal leaves the stock empty (RC-3), and every card the seat
does not hold is then on the table, in a capture both players saw made (the view's
``captures``: what a careful player remembers even while the piles lie face down, RC-24), or
in the other player's hand. So the other hand is known, and the rest of the hand, at most
eight plays, can be searched exactly. With three or four players the unseen cards are split
among several hands, which the view does not fix.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from cardtable.bots.knowledge import Endgame
from cardtable.games.royal_casino.views import RoyalCasinoView


def known(view: RoyalCasinoView) -> bool:
    """Whether the view fixes the whole world: two players and an empty stock."""
    return view["stock"] == 0 and len(view["hand_sizes"]) == 2


def key(world: Any) -> Hashable:
    """A sampled world's position: all its outcome depends on (the captures' order aside)."""
    return (world.turn, world.hands, world.loose, world.builds, world.piles, world.sweeps,
            world.last_capture, world.near, world.stock)  # fmt: skip


ENDGAME = Endgame(known=known, key=key)
