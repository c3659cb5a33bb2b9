"""Buck Euchre's exact card play in sampled worlds, for the ``expert`` level.

A hand is five cards a player (BE-4), so once the play has begun (BE-10) each world the
sampler draws (``worlds.playout_worlds``: dealt as the bids and the plays so far say) can be
played to the end exactly: perfect-information Monte Carlo with an exact solve of each world
instead of greedy playouts, whose clairvoyant finish misjudged the play
(docs/bots_buck_euchre.md, "What limits the search").

Each world is solved as the seat's best answer to club players (``ClubAnswer``): the seat's
own cards searched exactly, every other player's card the club player's (``card_choice``,
from what that player could see in the world). Each player plays for itself and nobody at
the table sees another's cards, so the worst case of the others as one side that sees every
card (``cardtable.bots.endgame.Solver``, the default solve) is a table that does not exist;
solving against club players won 8 more matches of 200 than it against three heuristic
seats, the same deals (docs/bots_buck_euchre.md, "The card play solved against club
players"). It is the model of the others that the sampler's reading of the play already
holds.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from cardtable.bots.heuristic.buck_euchre import card_choice
from cardtable.bots.knowledge import SampledEndgame, Utility
from cardtable.core.game import Rules
from cardtable.games.buck_euchre import LAYOUT, PLAYS, BuckEuchreView

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


class ClubAnswer:
    """The value for ``seat`` of a world's play to the hand's end, its own cards the best
    for it and every other player's the club player's (``card_choice``), ranked by
    ``utility`` of the settlement at ``scores``; positions are remembered by ``key``."""

    def __init__(
        self, rules: Rules[Any], seat: int, scores: tuple[int, ...], utility: Utility
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.scores = scores
        self.utility = utility
        self.table: dict[Hashable, float] = {}

    def __call__(self, state: Any) -> float:
        rules = self.rules
        mover = rules.to_move(state)
        if mover is None:
            return self.utility(rules, rules.settle(state, self.scores), self.seat)
        k = key(state)
        known = self.table.get(k)
        if known is not None:
            return known
        if mover == self.seat:
            value = max(self(rules.apply(state, a)) for a in rules.legal_actions(state))
        else:
            value = self(rules.apply(state, PLAYS[LAYOUT[card_choice(state, mover)]]))
        self.table[k] = value
        return value


def club_answer(
    rules: Rules[Any], seat: int, scores: tuple[int, ...], utility: Utility
) -> Callable[[Any], float]:
    """A fresh ``ClubAnswer`` for one world (``SampledEndgame.value``)."""
    return ClubAnswer(rules, seat, scores, utility)


SAMPLED = SampledEndgame(applies=applies, key=key, worlds=SOLVED_WORLDS, value=club_answer)
