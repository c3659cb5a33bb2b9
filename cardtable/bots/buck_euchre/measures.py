"""What the search ranks Buck Euchre decisions by, and the constants it was calibrated with
(docs/bots_buck_euchre.md).

- ``hand_utility``: points against the others' mean, plus ``MATCH_WIN`` points if the hand
  wins the match for the side and minus as much if it wins it for another player: most matches
  end on a sweep (BE-13) long before the scores run out, so a search that counted a sweep as
  five points would give matches away.
- ``match_chance``: the chance of winning the match after the hand, in percent (BE-12, BE-13,
  else ``win_chance`` of the scores); the search ranks by it except when ordering up (BE-5).
- ``estimate_shift``: a first-round pass (BE-5) is ranked ``PASS_UNDERRATED`` points higher.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cardtable.bots.knowledge import points_ahead
from cardtable.core.game import Action, Rules, Settlement
from cardtable.games.buck_euchre import BuckEuchreView, Pass

PASS_UNDERRATED = 0.4  # ``estimate_shift``: points a first-round pass's estimate runs low by
MATCH_WIN = 20.0  # what winning the match is worth to a search, in points (``hand_utility``)
WIN_FIT = (
    0.05,
    0.16,
    12,
)  # ``win_chance``: a point's weight, its extra weight below the mark, the mark


def win_chance(scores: Sequence[int], seat: int) -> float:
    """``seat``'s chance of winning the match from the scores alone: in proportion to
    exp(-0.05 s + 0.16 max(0, 12 - s)) for a score s, fitted to 1,500 matches of heuristic
    players (docs/bots_buck_euchre.md). Below 12 a point is worth about five times as much
    (BE-11: scores count down; BE-12: the lowest at or below 0 wins)."""
    weight, extra, mark = WIN_FIT
    weights = [math.exp(-weight * s + extra * max(0, mark - s)) for s in scores]
    return weights[seat] / sum(weights)


def hand_utility(rules: Rules[Any], settlement: Settlement, side: int) -> float:
    """Points against the others' mean (``points_ahead``), plus ``MATCH_WIN`` points if the
    hand wins the match for ``side`` (BE-12, BE-13) and minus as much if it wins it for
    another player."""
    utility = points_ahead(rules, settlement, side)
    if settlement.winner is not None:
        utility += MATCH_WIN if settlement.winner == side else -MATCH_WIN
    return utility


def match_chance(rules: Rules[Any], settlement: Settlement, side: int) -> float:
    """``side``'s chance of winning the match after the hand, in percent: 100 or 0 if the
    hand ended it (BE-12, BE-13), else ``win_chance`` of the scores."""
    if settlement.winner is not None:
        return 100.0 if settlement.winner == side else 0.0
    return 100.0 * win_chance(settlement.scores, side)


def chance_decisions(view: BuckEuchreView) -> bool:
    """The search ranks by ``match_chance``, but when ordering up (BE-5) by ``hand_utility``:
    scored on single decisions with the real deal, the match chance chose better names, stays
    and card plays and worse first-round orders (docs/bots_buck_euchre.md)."""
    return bool(view["phase"] != "order")


def estimate_shift(view: BuckEuchreView, action: Action) -> float:
    """A first-round pass (BE-5) is ranked ``PASS_UNDERRATED`` points higher: over 150 matches
    its estimate came out 0.4 below what the hand then realised, since the playouts bid the
    seat's later turns as the heuristic would (docs/bots_buck_euchre.md)."""
    return PASS_UNDERRATED if view["phase"] == "order" and isinstance(action, Pass) else 0.0
