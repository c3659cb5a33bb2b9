"""Royal Casino's exact endgame for the ``expert`` level (``cardtable.bots.endgame``).

In a two-player hand the last deal leaves the stock empty (RC-3), and every card the seat
does not hold is then on the table, in a capture both players saw made (the view's
``captures``: what a careful player remembers even while the piles lie face down, RC-24), or
in the other player's hand. So the other hand is known, and the rest of the hand, at most
eight plays, can be searched exactly. With three or four players the unseen cards are split
among several hands, which the view does not fix.

In the deal before the last the other hand and the last deal's eight cards are hidden, but few
enough plays remain (at most sixteen) that each world the sampler draws can be solved to the
hand's end: perfect-information Monte Carlo with an exact solve of each world
(``SampledEndgame``), once the seat holds at most ``SOLVE_FROM`` cards of that deal (with four
the worlds are too large to solve enough of them within the second).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from cardtable.bots.knowledge import Endgame, SampledEndgame
from cardtable.games.royal_casino.views import RoyalCasinoView

#: Cards a player is dealt each deal (RC-3); in the deal before the last of a two-player hand
#: the stock holds the last deal's two hands.
DEAL = 4
#: The sampled worlds are solved once the seat holds at most this many cards of that deal.
SOLVE_FROM = 3
#: Worlds solved a decision (each legal action is solved in every one of them).
SOLVED_WORLDS = 24


def known(view: RoyalCasinoView) -> bool:
    """Whether the view fixes the whole world: two players and an empty stock."""
    return view["stock"] == 0 and len(view["hand_sizes"]) == 2


def key(world: Any) -> Hashable:
    """A sampled world's position: all its outcome depends on (the captures' order aside)."""
    return (world.turn, world.hands, world.loose, world.builds, world.piles, world.sweeps,
            world.last_capture, world.near, world.stock)  # fmt: skip


def before_last(view: RoyalCasinoView) -> bool:
    """Whether the decision is in the deal before the last of a two-player hand, with at most
    ``SOLVE_FROM`` cards held."""
    return (
        len(view["hand_sizes"]) == 2
        and view["stock"] == 2 * DEAL
        and len(view["hand"] or ()) <= SOLVE_FROM
    )


ENDGAME = Endgame(known=known, key=key)
SAMPLED = SampledEndgame(applies=before_last, key=key, worlds=SOLVED_WORLDS)
