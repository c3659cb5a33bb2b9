"""What the computer players know of a game beyond its rules: one ``GameBots`` per game id.

The rules (``cardtable.games``) say what is legal, what a seat sees and how a hand scores. How
to play a game well lives here, on the bots' side: the heuristic strategy, the fast policy the
search plays sampled worlds out with, how it samples those worlds, and what it ranks its
actions by. A game with no bundle (``bots_for`` gives ``PLAIN``) is searched with random
playouts over ``Rules.determinize``'s worlds, ranked by points.

The bundles themselves are listed by game id in ``cardtable.bots.catalog``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from cardtable.bots.base import Bot
from cardtable.core.game import Action, Rules, Settlement
from cardtable.core.views import StateView, View

# A playout policy picks an action in a sampled world (any seat); it may look at that world,
# which holds only sampled cards.
Policy = Callable[[Rules[Any], Any, random.Random], Action]
# A sampler is made once per decision from the rules, the view's ``state``, the seat and the
# search's dice; it returns a function giving one sampled world per call. The view's ``state``
# is ``Any`` here: each game's functions take its own view type (``BuckEuchreView`` …).
Sampler = Callable[[Rules[Any], Any, int, random.Random], Callable[[], Any]]
# One world for a seat's view (the view's ``state``), from the rules, the seat and the dice.
Determinizer = Callable[[Rules[Any], Any, int, random.Random], Any]
# How good a finished hand was for a side, more is better.
Utility = Callable[[Rules[Any], Settlement, int], float]
# What identifies a world's position for an exact search's transposition table: everything
# the hand's outcome depends on (the order it was reached in left out).
Key = Callable[[Any], Hashable]
# How a sampled endgame values a world for one decision: from the rules, the seat, the scores
# and the utility, a function giving a position's value for the seat (one per world).
WorldValue = Callable[[Rules[Any], int, tuple[int, ...], Utility], Callable[[Any], float]]


class Reading(Protocol):
    """What one seat remembers of the others' play from one of its decisions to the next
    (the ``expert`` level's; one per seat, from its views alone)."""

    def worlds(self, view: View) -> Sampler | None:
        """Read ``view`` (the seat's decision) and give the search's sampler of worlds with
        what was read, or None to sample as the game's bundle does."""

    def chose(self, view: View, action: Action) -> None:
        """Remember the seat's own ``action``, chosen in ``view``."""


@dataclass(frozen=True)
class Endgame:
    """When a seat's view fixes the whole world, so that the hand's end can be searched
    exactly (``cardtable.bots.endgame``), and how to know a position again."""

    known: Callable[[Any], bool]
    """Whether a view's ``state`` leaves nothing hidden that a careful player cannot tell."""
    key: Key
    """A world's position for the transposition table."""


@dataclass(frozen=True)
class SampledEndgame:
    """When the exact search may play each sampled world of a decision to the hand's end (the
    view hides cards, but few enough are left that every world can be solved in time):
    perfect-information Monte Carlo with exact solving instead of playouts."""

    applies: Callable[[Any], bool]
    """Whether the decision in a view's ``state`` is one to solve world by world."""
    key: Key
    """A world's position for the transposition table."""
    worlds: int
    """How many sampled worlds to solve a decision."""
    value: WorldValue | None = None
    """How a world is solved: None, every other player as one side against the seat (exact
    α-β, ``cardtable.bots.endgame.Solver``); else the game's own solve of a world."""


def random_policy(rules: Rules[Any], state: Any, rng: random.Random) -> Action:
    """Uniformly random play: the policy of a game with no heuristic."""
    return rng.choice(rules.legal_actions(state))


def rules_determinize(rules: Rules[Any], view: StateView, seat: int, rng: random.Random) -> Any:
    """``Rules.determinize``: the hidden cards dealt at random among the places the view
    allows."""
    return rules.determinize(view, seat, rng)


def points_ahead(rules: Rules[Any], settlement: Settlement, side: int) -> float:
    """A side's points in the hand against the others' mean, signed so that more is better:
    what a search maximises unless the game's bundle says otherwise."""
    others = [p for i, p in enumerate(settlement.points) if i != side]
    mean = sum(others) / len(others) if others else 0.0
    return rules.score_direction * (settlement.points[side] - mean)


def by_points(view: StateView) -> bool:
    """No decision is ranked by the chance of winning the match."""
    return False


def no_shift(view: StateView, action: Action) -> float:
    """No action's estimate is known to run low or high."""
    return 0.0


@dataclass(frozen=True)
class GameBots:
    """A game's bot knowledge, read by ``make_bot``, the search bot and hints."""

    heuristic: Callable[[int | None], Bot] | None = None
    """The heuristic bot, made from a seed (None: the game has none yet)."""
    playout: Policy = random_policy
    """The search's policy in sampled worlds."""
    determinize: Determinizer = rules_determinize
    """One world for a view: ``Rules.determinize``, or a sampler that reads more of the table
    (the bids) than the rules imply."""
    worlds: Sampler | None = None
    """The search's sampler of worlds for one decision; None: ``determinize`` once per call."""
    hand_utility: Utility = points_ahead
    """What a search maximises, and reports its estimates in."""
    match_chance: Utility | None = None
    """The chance of winning the match after a hand, in percent, if the game knows it."""
    chance_decisions: Callable[[Any], bool] = by_points
    """Whether the decision in a view's ``state`` is one to rank by ``match_chance``."""
    estimate_shift: Callable[[Any, Action], float] = no_shift
    """What a search adds to its ranking of an action in a view's ``state`` where its
    playouts are known to misjudge that action."""

    endgame: Endgame | None = None
    """The exact search of the hand's end, for the ``expert`` level (None: the game has none)."""
    sampled_endgame: SampledEndgame | None = None
    """The exact search of each sampled world, for the ``expert`` level (None: none)."""
    reading: Callable[[], Reading] | None = None
    """A seat's memory of the others' play, for the ``expert`` level (None: none)."""

    def ranks_by_chance(self, view: StateView) -> bool:
        """Whether the search ranks the decision in ``view`` (a view's ``state``) by the chance
        of winning the match (hints then report that chance) rather than by points."""
        return self.match_chance is not None and self.chance_decisions(view)

    def decision_utility(self, view: StateView) -> Utility:
        """What the search ranks the actions of the decision in ``view`` (a view's ``state``)
        by: ``match_chance`` where ``ranks_by_chance``, else ``hand_utility``."""
        if self.match_chance is not None and self.chance_decisions(view):
            return self.match_chance
        return self.hand_utility

    def sampler(self, rules: Rules[Any], view: StateView, seat: int, rng: random.Random) -> Any:
        """One decision's sampler of worlds: ``worlds`` if the game has one, else
        ``determinize`` once per call."""
        if self.worlds is not None:
            return self.worlds(rules, view, seat, rng)
        determinize = self.determinize
        return lambda: determinize(rules, view, seat, rng)


PLAIN = GameBots()
"""The knowledge of a game nobody has taught the bots: random playouts, ranked by points."""
