"""The speed goals, each measured as a ratio with its 95% interval over alternating slices:
random play through the public ``Match`` API (``legal_actions()`` + ``play()``, whole matches)
beside the anchor engines (bench/anchors.py, each driven the lightest correct way its API
allows, in a worker process of its own), one slice of ours, then one of theirs, ``--rounds``
times. Each slice is timed in its own process's CPU time, so waiting for a core on a shared
machine counts for neither side. A goal is met when its whole interval clears it. Prints
figures; never a test.

    .venv/bin/python bench/goals.py                    # 8 rounds of 1 + 1 s per goal
    .venv/bin/python bench/goals.py --rounds 12 --slice 2 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from alternate import interval
from anchors import Anchor, ensure_venv

from cardtable.core.match import Match

#: (name, our game, players, anchor engine, anchor game, what is compared, goal)
RATIO_GOALS: tuple[tuple[str, str, int, str, str, str, float], ...] = (
    ("Buck Euchre / OpenSpiel euchre", "buck-euchre", 4, "openspiel", "euchre", "hands", 1.0),
    ("Rummy 500 / OpenSpiel gin_rummy", "rummy-500", 2, "openspiel", "gin_rummy", "hands", 5.0),
    ("Rummy 500 / RLCard gin-rummy", "rummy-500", 2, "rlcard", "gin-rummy", "hands", 10.0),
    ("PettingZoo Rummy 500 / RLCard gin-rummy env", "rummy-500", 2, "rlcard", "gin-rummy",
     "steps", 3.0),
)  # fmt: skip
#: (name, game, players, goal in hands per second)
RATE_GOALS: tuple[tuple[str, str, int, float], ...] = (
    ("Royal Casino hands/s, 2 players", "royal-casino", 2, 3000.0),
)


@dataclass(frozen=True)
class Result:
    """One goal: the mean of the per-round figures, its 95% interval, and the verdict."""

    name: str
    goal: float
    value: float
    low: float
    high: float
    ours: float  # our pooled rate (hands or steps per second)
    theirs: float | None  # the anchor's pooled rate
    rounds: int

    @property
    def met(self) -> str:
        if self.low >= self.goal:
            return "met"
        if self.high < self.goal:
            return "not met"
        return "undecided (the interval straddles the goal)"

    def line(self) -> str:
        against = "" if self.theirs is None else f" against {self.theirs:,.1f}/s"
        form = ",.0f" if self.goal >= 100 else ".2f"
        return (
            f"{self.name}: {self.value:{form}} (95% {self.low:{form}}–{self.high:{form}}), "
            f"goal ≥ {self.goal:,g}: {self.met}  [ours {self.ours:,.1f}/s{against}, "
            f"{self.rounds} rounds]"
        )


def match_hands(game: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Whole matches of uniformly random legal actions through ``Match`` for about ``seconds``
    of CPU time: the hands played (each dealt by the match) and the CPU time taken. Nothing is
    counted or timed inside a match."""
    choice = random.Random(seed).choice
    clock = time.process_time
    hands = 0
    start = clock()
    deadline = start + seconds
    while True:
        m = Match(game, players=players, seed=seed)
        seed += 1
        legal, play = m.legal_actions, m.play
        while not m.is_over:
            play(choice(legal()))
        hands += m.hand_number
        now = clock()
        if now >= deadline:
            return hands, now - start


def env_steps(seconds: float, seed: int) -> tuple[int, float]:
    """Steps of the PettingZoo Rummy 500 environment (bench/research_env.py) in CPU time."""
    from research_env import env_steps as steps

    figures = steps("rummy-500", 2, seconds, seed=seed)
    return figures["steps"], figures["seconds"]


def ratio_goal(
    goal: tuple[str, str, int, str, str, str, float], rounds: int, slice_s: float, python: Path
) -> Result:
    """Ours against the anchor in ``rounds`` alternating pairs of slices (the order flips each
    round, so a drift in the machine's load falls on both alike)."""
    name, game, players, engine, anchor_game, unit, target = goal
    ours: Callable[[float, int], tuple[int, float]]
    if unit == "steps":
        ours = env_steps
    else:
        ours = lambda s, r: match_hands(game, players, s, seed=1000 * r + 1)  # noqa: E731
    done = [0.0, 0.0]
    took = [0.0, 0.0]
    ratios = []
    with Anchor(engine, anchor_game, python=python) as anchor:

        def theirs(s: float) -> tuple[float, float]:
            figures = anchor.play(s)
            return figures["steps" if unit == "steps" else "games"], figures["elapsed_s"]

        for r in range(rounds):
            if r % 2:
                b_units, b_took = theirs(slice_s)
                a_units, a_took = ours(slice_s, r)
            else:
                a_units, a_took = ours(slice_s, r)
                b_units, b_took = theirs(slice_s)
            done[0] += a_units
            took[0] += a_took
            done[1] += b_units
            took[1] += b_took
            ratios.append((a_units / a_took) / (b_units / b_took))
    mean = interval(ratios)
    return Result(name, target, mean["ratio"], mean["low"], mean["high"],
                  done[0] / took[0], done[1] / took[1], rounds)  # fmt: skip


def rate_goal(goal: tuple[str, str, int, float], rounds: int, slice_s: float) -> Result:
    """Our hands per second in ``rounds`` slices: their mean and its 95% interval."""
    name, game, players, target = goal
    rates = []
    hands = cpu = 0.0
    for r in range(rounds):
        h, took = match_hands(game, players, slice_s, seed=1000 * r + 1)
        rates.append(h / took)
        hands += h
        cpu += took
    mean = interval(rates)
    return Result(name, target, round(statistics.fmean(rates), 1), mean["low"], mean["high"],
                  hands / cpu, None, rounds)  # fmt: skip


def measure_goals(rounds: int = 8, slice_s: float = 1.0, log: bool = True) -> list[Result]:
    """Every goal, one after another, each over ``rounds`` alternating pairs of slices."""
    python = ensure_venv()
    results = []
    for goal in RATE_GOALS:
        results.append(rate_goal(goal, rounds, slice_s))
        if log:
            print(results[-1].line(), flush=True)
    for ratio in RATIO_GOALS:
        results.append(ratio_goal(ratio, rounds, slice_s, python))
        if log:
            print(results[-1].line(), flush=True)
    return results


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--rounds", type=int, default=8, help="alternating pairs of slices per goal")
    p.add_argument("--slice", type=float, default=1.0, help="seconds of CPU time per slice")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    results = measure_goals(a.rounds, a.slice, log=not a.json)
    if a.json:
        out: list[dict[str, Any]] = [{**asdict(r), "met": r.met} for r in results]
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
