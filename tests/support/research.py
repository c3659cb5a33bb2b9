"""Helpers of the research tests (this module holds no tests of its own)."""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from cardtable import Match
from cardtable.research.actions import codec_for
from cardtable.research.openspiel import CardtableState, register, short_name

CONFIGS = [
    ("royal-casino", 2),
    ("royal-casino", 4),
    ("buck-euchre", 4),
    ("rummy-500", 2),
    ("rummy-500", 4),
    ("queen-city-rum", 2),
]


def chance(state: Any, rng: random.Random) -> None:
    """Apply one chance outcome, drawn with its probability."""
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(rng.choices(outcomes, probs)[0])


def first_hand_positions(game: str, players: int, count: int, seed: int = 0) -> list[Match]:
    """Positions of first hands a few random actions in, with a decision owed."""
    out: list[Match] = []
    while len(out) < count:
        rng = random.Random(seed)
        m = Match(game, players=players, seed=seed)
        for _ in range(rng.randrange(3, 40)):
            if m.hand_number > 1 or m.is_over:
                break
            m.play(rng.choice(m.legal_actions()))
        if m.hand_number == 1 and not m.is_over:
            out.append(m)
        seed += 1
    return out


def openspiel_state(m: Match) -> CardtableState:
    """The OpenSpiel state of a match's first hand: its dealer and deck as chance outcomes,
    then every action as its tokens."""
    register()
    params: dict[str, Any] = {"players": m.players, **m.rules.options}
    state: CardtableState = pyspiel.load_game(short_name(m.game_id), params).new_initial_state()
    hand = m.hands[0]
    state.apply_action(hand.dealer)
    for c in hand.deck:
        state.apply_action(c)
    codec = codec_for(m.rules)
    for text in hand.actions:
        seat = state.current_player()
        for token in codec.tokens(text, m.rules.view(state.hand, seat)):
            state.apply_action(token)
    return state
