"""Fairness of every computer player, in every game (C-6): a bot sees its seat's view and
nothing else, so the same view gives the same choice (same seed) whatever the hidden cards are.

For each game and player count, positions in the first hand reached by heuristic players;
the cards hidden from the seat to move are shuffled among their places in the deck and the
hand replayed (``tests.support.bots.rearranged``), which shows that seat the same view over
other hidden cards; the bot must choose the same action.
"""

from __future__ import annotations

import random

import pytest

from cardtable import Match
from cardtable.bots import make_bot
from tests.support.bots import rearranged

CASES = [("royal-casino", 2), ("royal-casino", 3), ("royal-casino", 4), ("buck-euchre", 4),
         ("rummy-500", 2), ("rummy-500", 4), ("queen-city-rum", 2)]  # fmt: skip
LEVELS = ["heuristic", "search:easy"]
POSITIONS = 8


def positions(game: str, players: int) -> list[Match]:
    """First-hand positions with a choice to make, a few to a few dozen actions in."""
    out = []
    for seed in range(1, 200):
        m = Match(game, players=players, seed=seed, dealer=seed % players)
        bots = [make_bot(game, "heuristic", seed=seed * 10 + s) for s in range(players)]
        for _ in range(3 * (seed % 9)):
            if m.hand_number > 1 or m.to_move is None:
                break
            seat = m.to_move
            m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
        if m.hand_number == 1 and m.to_move is not None and len(m.legal_actions()) > 1:
            out.append(m)
        if len(out) == POSITIONS:
            break
    return out


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_same_view_gives_the_same_choice(game: str, players: int, level: str) -> None:
    rng = random.Random(11)
    compared = 0
    for m in positions(game, players):
        seat = m.to_move
        assert seat is not None
        tries = (rearranged(m, seat, rng) for _ in range(30))
        others = [o for o in tries if o is not None and o.state != m.state][:2]
        mine = make_bot(game, level, seed=5).choose(m.view(seat), m.legal_actions())
        for o in others:
            assert o.view(seat) == m.view(seat)
            theirs = make_bot(game, level, seed=5).choose(o.view(seat), o.legal_actions())
            assert str(theirs) == str(mine), (m.hands[0].actions, seat)
            compared += 1
    assert compared >= 2 * POSITIONS - 2, compared  # nearly every position, twice
