"""What the bots know of each game (``GameBots``, ``cardtable.bots.catalog``): every listed game
has its bundle, and a game without one is searched with random playouts ranked by points."""

from __future__ import annotations

import random

from cardtable import Match
from cardtable.bots.catalog import BOTS, bots_for
from cardtable.bots.knowledge import PLAIN, points_ahead, random_policy
from cardtable.core.game import Settlement
from cardtable.core.registry import game_ids, rules_class


def test_every_listed_game_has_its_bundle_with_a_heuristic_and_a_playout() -> None:
    listed = [g for g in game_ids() if rules_class(g).listed]
    assert listed and set(listed) <= set(BOTS)
    for game in listed:
        knows = bots_for(game)
        assert knows.heuristic is not None and knows.playout is not random_policy, game


def test_a_game_without_a_bundle_is_searched_plainly() -> None:
    assert bots_for("no-such-game") is PLAIN
    assert PLAIN.heuristic is None and PLAIN.playout is random_policy
    assert PLAIN.decision_utility({"phase": "play"}) is points_ahead
    assert not PLAIN.ranks_by_chance({"phase": "play"})
    m = Match("royal-casino", seed=3)
    world = PLAIN.sampler(m.rules, m.view(0)["state"], 0, random.Random(1))()
    assert m.rules.view(world, 0) == m.view(0)["state"]


def test_points_ahead_is_the_sides_points_against_the_others_mean_more_is_better() -> None:
    rules = rules_class("buck-euchre").create(4, {})  # scores count down (BE-11)
    settled = Settlement((-3, 5, 0, -1), (22, 30, 25, 24), {})
    assert points_ahead(rules, settled, 0) == -(-3 - (5 + 0 - 1) / 3)
    assert points_ahead(rules, settled, 1) < 0
