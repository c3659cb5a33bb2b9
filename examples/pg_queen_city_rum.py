"""A self-play policy-gradient agent, numpy only, that learns Queen City Rum discards.

The agent plays seat 0 of the Gymnasium environment (``cardtable.research.gymnasium``), one
hand per episode. Its discards come from a softmax policy over the legal ``discard`` tokens,
linear in a few features of each card read from the observation tensor (pairs and near-runs
in the hand, the card's value, whether it extends a meld on the table, whether the discard
pile shows its neighbours). Its other decisions follow one fixed rule: meld and lay off
whenever a mask allows it (first such token), otherwise draw from the stock. Training is
self-play: the opponent seat is the agent itself, with the same weights (a PettingZoo-style
loop over the AEC environment), updated by REINFORCE with a running baseline on each seat's
hand points against the other's.

Evaluation plays the trained agent against our ``random`` bot, and the same agent with
untrained (zero) weights, i.e. uniformly random discards, as the baseline, over the same
seeded hands; a hand is won on points, ties left out, with a Wilson 95% interval.

    .venv/bin/python examples/pg_queen_city_rum.py --train 3000 --eval 1000
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np

from cardtable.bots.stats import wilson_interval
from cardtable.core.cards import CARD_NAMES
from cardtable.research import gymnasium as gym_env
from cardtable.research import pettingzoo as pz_env
from cardtable.research.actions import codec_for
from cardtable.research.observations import layout
from cardtable.research.table import TokenTable

GAME = "queen-city-rum"
LAY = layout(GAME)
HAND = LAY.offset("hand")
PILE = LAY.offset("discard pile")
MELDS = [LAY.offset(f"melded by seat+{r}") for r in range(2)]
CODEC = codec_for(TokenTable(GAME, 2, {}).match.rules)
VALUES = np.array([15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10] * 4 + [0], np.float64) / 15
FEATURES = 7


TOKENS = {CODEC.index[f"discard {CARD_NAMES[c]}"]: c for c in range(52)}  # token → column
DRAW = CODEC.index["draw"]
PLAYS = [t for t, name in enumerate(CODEC.names) if name.startswith(("meld", "end meld", "on"))]
LAYOFFS = [t for t, name in enumerate(CODEC.names) if name.startswith("layoff")]


def card_features(obs: np.ndarray[Any, Any], column: int) -> np.ndarray[Any, Any]:
    """Why a card might be kept or let go, from the observation only."""
    hand = obs[HAND : HAND + 52].reshape(4, 13)
    table = (obs[MELDS[0] : MELDS[0] + 52] + obs[MELDS[1] : MELDS[1] + 52]).reshape(4, 13)
    pile = obs[PILE : PILE + 52].reshape(4, 13)
    suit, rank = divmod(column, 13)
    same_rank = hand[:, rank].sum() - 1
    near = sum(hand[suit, rank + d] for d in (-2, -1, 1, 2) if 0 <= rank + d < 13)
    extends = sum(table[suit, rank + d] for d in (-1, 1) if 0 <= rank + d < 13)
    extends += table[:, rank].sum() >= 3
    seen = pile[:, rank].sum() + sum(pile[suit, rank + d] for d in (-1, 1) if 0 <= rank + d < 13)
    return np.array(
        [same_rank, near, float(extends > 0), VALUES[column], seen, same_rank * near, 1.0]
    )


class Agent:
    """Softmax over legal discards, linear in ``card_features``; a fixed rule otherwise."""

    def __init__(self, rng: np.random.Generator, weights: np.ndarray[Any, Any] | None = None):
        self.rng = rng
        self.w = np.zeros(FEATURES) if weights is None else weights
        self.trace: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], int]] = []

    def act(self, obs: dict[str, Any], learn: bool) -> int:
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        discards = [int(t) for t in legal if int(t) in TOKENS]
        if len(discards) < len(legal) or not discards:
            for group in (PLAYS, LAYOFFS):
                for t in group:
                    if mask[t]:
                        return t
            return DRAW if mask[DRAW] else int(legal[0])
        x = np.stack([card_features(obs["observation"], TOKENS[t]) for t in discards])
        logits = x @ self.w
        p = np.exp(logits - logits.max())
        p /= p.sum()
        i = int(self.rng.choice(len(discards), p=p))
        if learn:
            self.trace.append((x, p, i))
        return discards[i]

    def gradient(self) -> np.ndarray[Any, Any]:
        """Sum over this episode's discards of ∇ log π(chosen)."""
        g = np.zeros(FEATURES)
        for x, p, i in self.trace:
            g += x[i] - p @ x
        self.trace = []
        return g


def train(hands: int, seed: int, rate: float) -> np.ndarray[Any, Any]:
    """Self-play: both seats share the weights; REINFORCE on the hand's points margin."""
    rng = np.random.default_rng(seed)
    seats = [Agent(rng), Agent(rng)]
    seats[1].w = seats[0].w  # one set of weights
    baseline = 0.0
    e = pz_env.env(GAME, hands=1)
    for episode in range(hands):
        e.reset(seed=seed * 1_000_003 + episode)
        points = [0.0, 0.0]
        for agent in e.agent_iter():
            obs, reward, done, truncated, _ = e.last()
            seat = e.seats[agent]
            points[seat] += float(reward)
            e.step(None if done or truncated else seats[seat].act(obs, learn=True))
        for seat in (0, 1):
            margin = points[seat] - points[1 - seat]
            advantage = margin - baseline
            seats[0].w += rate * advantage * seats[seat].gradient() / 50.0
            baseline += 0.01 * (margin - baseline)
    return seats[0].w


def evaluate(weights: np.ndarray[Any, Any], hands: int, seed: int) -> tuple[int, int, float]:
    """Hands won and decided against the random bot, and the mean points margin."""
    rng = np.random.default_rng(seed)
    agent = Agent(rng, weights)
    e = gym_env.env(GAME, opponents="random", hands=1)
    wins = decided = 0
    margin = 0.0
    for h in range(hands):
        obs, _ = e.reset(seed=seed * 7919 + h)
        done = False
        while not done:
            obs, _, done, _, _ = e.step(agent.act(obs, learn=False))
        points = e.table.match.hands[0].settlement
        assert points is not None
        mine, theirs = points.points
        margin += mine - theirs
        decided += mine != theirs
        wins += mine > theirs
    return wins, decided, margin / hands


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--train", type=int, default=3000, help="self-play hands")
    p.add_argument("--eval", type=int, default=1000, help="hands against random, per agent")
    p.add_argument("--rate", type=float, default=0.01)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    start = time.perf_counter()
    w = train(a.train, a.seed, a.rate)
    trained_s = time.perf_counter() - start
    print(f"trained on {a.train} self-play hands in {trained_s:.0f} s; weights {np.round(w, 3)}")
    for name, weights in (("learned discards", w), ("random discards", np.zeros(FEATURES))):
        wins, decided, margin = evaluate(weights, a.eval, a.seed + 100)
        low, high = wilson_interval(wins, decided)
        rate = wins / decided if decided else math.nan
        print(
            f"{name} against random: won {wins} of {decided} decided hands ({rate:.1%}, "
            f"95% CI {low:.1%}–{high:.1%}), mean margin {margin:+.1f} points per hand"
        )


if __name__ == "__main__":
    main()
