"""Decision times of bot levels on one core: the median, mean and 90th percentile, in the CPU time
of this process (what a decision costs one core, however busy the machine is) and in wall
time, over positions reached by random play (as ``bench/run.py`` takes them).

    nice .venv/bin/python bench/decision_times.py --levels expert,search:medium --decisions 40
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from cardtable.bots import make_bot
from cardtable.core.match import Match

GAMES = (("royal-casino", 2), ("buck-euchre", 4), ("rummy-500", 2), ("queen-city-rum", 2))


def positions(game: str, players: int, count: int, steps: int = 30) -> list[Match]:
    """``count`` positions of random play in a first hand (up to ``steps`` actions in), each
    with someone to move."""
    rng = random.Random(5)
    out: list[Match] = []
    seed = 0
    while len(out) < count:
        m = Match(game, players=players, seed=seed)
        seed += 1
        for _ in range(rng.randrange(1, steps)):
            if m.is_over or m.hand_number > 1:
                break
            m.play(rng.choice(m.legal_actions()))
        if not m.is_over and m.to_move is not None and m.hand_number == 1:
            out.append(m)
    return out


def times(game: str, players: int, level: str, count: int, steps: int = 30) -> dict[str, float]:
    cpu: list[float] = []
    wall: list[float] = []
    for i, m in enumerate(positions(game, players, count, steps)):
        bot = make_bot(game, level, seed=i)
        seat = m.to_move
        view, legal = m.view(seat), m.legal_actions()
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        bot.choose(view, legal)
        cpu.append((time.process_time() - start_cpu) * 1e3)
        wall.append((time.perf_counter() - start_wall) * 1e3)
    cpu.sort()
    wall.sort()
    p90 = int(len(cpu) * 0.9)
    return {
        "cpu_median_ms": round(statistics.median(cpu), 1),
        "cpu_mean_ms": round(statistics.fmean(cpu), 1),  # a match's time is the sum: the mean
        "cpu_p90_ms": round(cpu[p90], 1),
        "wall_median_ms": round(statistics.median(wall), 1),
        "wall_p90_ms": round(wall[p90], 1),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", default="expert")
    p.add_argument("--decisions", type=int, default=40)
    p.add_argument("--games", default=",".join(g for g, _ in GAMES))
    p.add_argument(
        "--steps",
        type=int,
        default=30,
        help="random actions into the hand, at most (48 reach a two-player Royal Casino "
        "hand's last deal)",
    )
    a = p.parse_args()
    players = dict(GAMES)
    for game in a.games.split(","):
        for level in a.levels.split(","):
            row = {"game": game, "level": level, "decisions": a.decisions}
            timed = times(game, players[game], level, a.decisions, a.steps)
            print(json.dumps(row | timed), flush=True)


if __name__ == "__main__":
    main()
