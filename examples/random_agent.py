"""A random agent in the PettingZoo environment: every agent picks a legal token at random.

.venv/bin/python examples/random_agent.py rummy-500 --players 3 --seed 1
"""

from __future__ import annotations

import argparse

import numpy as np

from cardtable.research.pettingzoo import env


def play(game: str, players: int | None, seed: int) -> dict[str, float]:
    """One match of random agents; each agent's total reward (its points, hand by hand)."""
    e = env(game, players)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("--players", type=int)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    print(play(a.game, a.players, a.seed))


if __name__ == "__main__":
    main()
