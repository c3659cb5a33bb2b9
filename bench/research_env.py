"""Steps per second of the PettingZoo environment (``cardtable.research.pettingzoo``): reset,
then ``last()`` (the observation tensor and action mask) and a random legal token per step,
whole matches. Prints figures; never a test.

    .venv/bin/python bench/research_env.py rummy-500 --seconds 10
    .venv/bin/python bench/research_env.py rummy-500 --seconds 20 --rlcard   # beside RLCard
    .venv/bin/python bench/research_env.py rummy-500 --seconds 60 --rlcard --rounds 10
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from cardtable.research.pettingzoo import env


def env_steps(game: str, players: int | None, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Random play through the AEC API for about ``seconds`` of this process's CPU time:
    steps (tokens) and actions per second, including every reset."""
    e = env(game, players)
    rng = random.Random(seed)
    steps = episodes = 0
    actions_before = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        e.reset(seed=rng.randrange(2**32))
        while not e.terminations[e.agent_selection]:
            observation, _, _, _, _ = e.last()
            legal = observation["action_mask"].nonzero()[0]  # the mask is flat
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        actions_before += e.table.match.action_count
        episodes += 1
    elapsed = time.process_time() - start
    return {
        "game": game,
        "steps": steps,
        "steps_per_s": round(steps / elapsed, 1),
        "actions_per_s": round(actions_before / elapsed, 1),
        "steps_per_action": round(steps / max(1, actions_before), 3),
        "episodes": episodes,
        "seconds": elapsed,
    }


def against_rlcard(seconds: float, rounds: int = 4) -> dict[str, Any]:
    """Our PettingZoo Rummy 500 environment and RLCard's gin-rummy environment (reset + step
    with its own observation encoding, in the anchors' separate environment, a worker set up
    once) measured in ``rounds`` alternating slices, so that load on the machine falls on
    both alike: the pooled rates, their ratio, and the ratio of each round's pair with its 95%
    interval. bench/goals.py measures the same against its goal."""
    from alternate import alternate, interval
    from anchors import Anchor

    rates: list[list[float]] = [[], []]
    with Anchor("rlcard", "gin-rummy", warmup=0.5) as anchor:

        def ours(slice_s: float, r: int) -> tuple[float, float]:
            figures = env_steps("rummy-500", 2, slice_s, seed=r + 1)
            rates[0].append(figures["steps"] / figures["seconds"])
            return figures["steps"], figures["seconds"]

        def rlcard(slice_s: float, r: int) -> tuple[float, float]:
            figures = anchor.play(slice_s)
            steps, took = figures["steps"], figures["elapsed_s"]
            rates[1].append(steps / took)
            return steps, took

        ours_rate, rl_rate = alternate(ours, rlcard, seconds, rounds)
    out: dict[str, Any] = {
        "pettingzoo_rummy_500_steps_per_s": round(ours_rate, 1),
        "rlcard_gin_rummy_steps_per_s": round(rl_rate, 1),
        "ratio (goal >= 3)": round(ours_rate / rl_rate, 2),
    }
    if rounds >= 2:
        out["ratio per round"] = interval([a / b for a, b in zip(*rates, strict=True)])
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("--players", type=int)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--rlcard", action="store_true", help="Rummy 500 beside RLCard gin-rummy")
    p.add_argument("--rounds", type=int, default=4, help="alternating slices beside RLCard")
    a = p.parse_args()
    if a.rlcard:
        print(json.dumps(against_rlcard(a.seconds, a.rounds)))
    else:
        print(json.dumps(env_steps(a.game, a.players, a.seconds)))


if __name__ == "__main__":
    main()
