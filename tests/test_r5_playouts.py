"""Rummy 500 over 2,000 whole random matches, every step checked (``random_match``: every card
in one place, sorted unique round-tripping legal lists, views that leak nothing, records that
replay): 2 to 8 players, one and two decks, with and without jokers, every option.

Random players rarely reach 500, so most matches play to a small ``target`` (50, or 150 for a
few longer ones): a match still ends only when one player alone holds the highest total at
or past the target (R5-13), and every hand must end (R5-11, R5-14)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core.invariants import random_match
from cardtable.games.rummy.state import OVER

# (players, first seed, matches, fixed options): 2,000 matches in all
CHUNKS: list[tuple[int, int, int, dict[str, Any]]] = [
    *[(2, start, 230, {}) for start in range(0, 1150, 230)],
    (2, 5000, 100, {"target": 150}),
    (3, 0, 125, {}),
    (3, 500, 125, {"rummy_calls": False}),
    (4, 0, 100, {"floating": True}),
    (4, 500, 100, {"dead_last_discard": True, "floating": True}),
    (5, 0, 75, {"scoring": "5-10-15"}),
    (6, 0, 75, {"jokers": 1}),
    (8, 0, 75, {"jokers": 2, "floating": True}),  # two decks, four jokers
    (8, 500, 75, {"jokers": 2, "floating": True, "dead_last_discard": True}),
]
assert sum(chunk[2] for chunk in CHUNKS) == 2000


def _options(seed: int, fixed: dict[str, Any]) -> dict[str, Any]:
    """Vary the other options by seed."""
    options: dict[str, Any] = {"target": 50, "jokers": seed % 3}
    if seed % 4 == 1:
        options["scoring"] = "5-10-15"
    if seed % 5 == 2:
        options["dead_last_discard"] = True
    if seed % 7 == 3:
        options["floating"] = True
    options.update(fixed)
    return options


@pytest.mark.parametrize(("players", "start", "count", "fixed"), CHUNKS)
def test_r5_random_matches_keep_every_invariant(
    players: int, start: int, count: int, fixed: dict[str, Any]
) -> None:
    hands = 0
    for seed in range(start, start + count):
        options = _options(seed, fixed)
        m = random_match("rummy-500", seed=seed, players=players, **options)
        assert m.is_over and m.winner is not None
        top = max(m.scores)
        assert m.scores[m.winner] == top >= options["target"]
        assert m.scores.count(top) == 1  # R5-13
        for hand in m.hands:  # every hand ended: by a player's empty hand, or on the stock
            final = hand.final
            assert hand.settlement is not None and final.phase == OVER
            assert final.out >= 0 or final.top == len(final.deck)
            if final.out >= 0:
                assert final.hands[final.out] == 0
        hands += len(m.hands)
    assert hands >= count
