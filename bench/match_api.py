"""Random play through the public ``Match`` API (``legal_actions()`` + ``play()``) against
random play on the ``Rules`` contract underneath (``bench/engine.py``), measured in turns
so that load on the machine falls on both alike, and in this process's CPU time so that
time spent waiting for a core counts for neither. Prints figures; never a test.

    .venv/bin/python bench/match_api.py --seconds 10
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from alternate import alternate, ratio_interval
from engine import measure

from cardtable.core.match import Match

GAMES = (("royal-casino", 2), ("buck-euchre", 4), ("rummy-500", 2), ("queen-city-rum", 2))


def match_play(
    game: str,
    players: int,
    seconds: float,
    seed: int = 1,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, Any]:
    """Whole matches of random legal actions through ``Match`` for about ``seconds`` of
    ``clock``: hands per second (each hand dealt by the match) and microseconds per decision."""
    rng = random.Random(seed)
    choice = rng.choice
    hands = decisions = 0
    start = clock()
    deadline = start + seconds
    match_seed = seed
    while clock() < deadline:
        m = Match(game, players=players, seed=match_seed)
        match_seed += 1
        while not m.is_over:
            m.play(choice(m.legal_actions()))
            decisions += 1
        hands += m.hand_number
    elapsed = clock() - start
    return {
        "hands": hands,
        "seconds": elapsed,
        "hands_per_s": round(hands / elapsed, 1),
        "us_per_decision": round(elapsed / decisions * 1e6, 2),
    }


def compare(game: str, players: int, seconds: float, rounds: int = 4) -> dict[str, Any]:
    """``Rules`` and ``Match`` measured in ``rounds`` alternating slices (``alternate``);
    hands per second of each, and the ratio of the costs per hand."""

    def rules(slice_s: float, r: int) -> tuple[float, float]:
        figures = measure(game, players, slice_s, seed=r + 1, clock=time.process_time)
        return figures["hands"], figures["seconds"]

    def match(slice_s: float, r: int) -> tuple[float, float]:
        figures = match_play(game, players, slice_s, seed=r + 1, clock=time.process_time)
        return figures["hands"], figures["seconds"]

    if rounds > 4:  # enough pairs for an interval on the ratio
        return {"cost_ratio (goal <= 1.3)": ratio_interval(rules, match, seconds, rounds)}
    rules_rate, match_rate = alternate(rules, match, seconds, rounds)
    return {
        "rules_hands_per_s": round(rules_rate, 1),
        "match_hands_per_s": round(match_rate, 1),
        "cost_ratio (goal <= 1.3)": round(rules_rate / match_rate, 2),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=10.0, help="per game, both APIs together")
    p.add_argument("--json", action="store_true")
    p.add_argument("--rounds", type=int, default=4, help="over 4: the ratio's 95%% interval")
    a = p.parse_args()
    out = {f"{g} ({n})": compare(g, n, a.seconds / 2, a.rounds) for g, n in GAMES}
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        for name, figures in out.items():
            print(name, figures, flush=True)


if __name__ == "__main__":
    main()
