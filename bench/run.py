"""The whole benchmark in one run: every game's engine, views, deals and bots, and the anchor
engines (OpenSpiel euchre and gin_rummy, RLCard gin-rummy) measured on the same machine, then
every goal as a ratio with its 95% interval over alternating slices (bench/goals.py), each
judged by its interval. Prints figures; never a test.

    nice -n -5 .venv/bin/python bench/run.py      # about 4 minutes
    .venv/bin/python bench/run.py --seconds 3 --no-anchors --json

The engines run as installed: the Royal Casino and rummy engines compiled by mypyc where the
install could compile them (setup.py). Each compiled engine is also measured as plain Python
(``CARDTABLE_PURE_PYTHON=1``, in a fresh process), and both figures are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import measure
from match_api import compare

from cardtable.bots import LEVELS, make_bot
from cardtable.core.match import Match
from cardtable.core.registry import rules_class

GAMES = (("royal-casino", 2), ("buck-euchre", 4), ("rummy-500", 2), ("queen-city-rum", 2))
BOT_LEVELS = ("random", "heuristic", "search:easy", "search:medium", "search:hard", "expert")


def costs(game: str, players: int, samples: int = 2000) -> dict[str, float]:
    """Microseconds to deal a hand (create a state) and to build one seat's view."""
    rules = rules_class(game).create(players, {})
    rng = random.Random(3)
    deck = list(rules.deck())
    scores = rules.initial_scores()
    states = []
    start = time.perf_counter()
    for i in range(samples):
        rng.shuffle(deck)
        states.append(rules.deal(deck, i % players, scores))
    deal_us = (time.perf_counter() - start) / samples * 1e6
    positions = []
    for state in states[:200]:
        for _ in range(rng.randrange(12)):
            if rules.to_move(state) is None:
                break
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
        positions.append(state)
    start = time.perf_counter()
    for k in range(samples):
        rules.view(positions[k % len(positions)], k % players)
    view_us = (time.perf_counter() - start) / samples * 1e6
    return {"deal_us": round(deal_us, 2), "view_us": round(view_us, 2)}


def bot_times(game: str, players: int, level: str, decisions: int) -> dict[str, float] | None:
    """Median and 90th percentile milliseconds per decision of a bot level, over positions
    reached by random play."""
    base = level.split(":")[0]
    if base not in {lv.split(":")[0] for lv in LEVELS}:
        return None
    rng = random.Random(5)
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        m = Match(game, players=players, seed=seed)
        seed += 1
        bot = make_bot(game, level, seed=seed)
        for _ in range(rng.randrange(1, 30)):
            if m.is_over or m.hand_number > 1:
                break
            m.play(rng.choice(m.legal_actions()))
        if m.is_over or m.to_move is None:
            continue
        seat = m.to_move
        view, legal = m.view(seat), m.legal_actions()
        start = time.perf_counter()
        bot.choose(view, legal)
        times.append((time.perf_counter() - start) * 1e3)
    times.sort()
    return {"median_ms": round(statistics.median(times), 2),
            "p90_ms": round(times[int(len(times) * 0.9)], 2)}  # fmt: skip


def pure_python(game: str, players: int, seconds: float) -> dict[str, Any]:
    """``measure`` in a fresh process with ``CARDTABLE_PURE_PYTHON=1``: the plain Python
    engine, for comparison with the compiled one (setup.py)."""
    out = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("engine.py")), game,
         "--players", str(players), "--seconds", str(seconds), "--json"],
        env={**os.environ, "CARDTABLE_PURE_PYTHON": "1"},
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    figures: dict[str, Any] = json.loads(out.stdout)
    return figures


def research_env(seconds: float, with_rlcard: bool) -> dict[str, Any] | None:
    """Steps per second of the PettingZoo Rummy 500 environment (bench/research_env.py),
    beside RLCard's gin-rummy measured in alternating slices unless ``with_rlcard`` is off;
    None without the research extra."""
    try:
        from research_env import against_rlcard, env_steps
    except ImportError:
        return None
    if with_rlcard:
        return against_rlcard(2 * seconds)
    return env_steps("rummy-500", 2, seconds)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=10.0, help="per engine measurement")
    p.add_argument("--no-anchors", action="store_true", help="skip the anchor engines")
    p.add_argument("--bot-decisions", type=int, default=20)
    p.add_argument("--no-pure", action="store_true", help="skip the plain Python engines")
    p.add_argument("--rounds", type=int, default=10, help="alternating pairs of slices a goal")
    p.add_argument("--slice", type=float, default=1.0, help="CPU seconds of one slice")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    out: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine()}
    for game, players in GAMES:
        figures = measure(game, players, a.seconds)
        if figures["compiled"] and not a.no_pure:
            pure = pure_python(game, players, a.seconds)
            figures["pure_python"] = {k: pure[k] for k in ("hands_per_s", "us_per_decision")}
        figures["match_api"] = compare(game, players, a.seconds, rounds=8)
        figures.update(costs(game, players))
        figures["bots"] = {
            level: t
            for level in BOT_LEVELS
            if (t := bot_times(game, players, level, a.bot_decisions)) is not None
        }
        out[game] = figures
        if not a.json:
            print(
                f"{game}: {figures['hands_per_s']} hands/s, {figures['us_per_decision']} "
                f"µs/decision ({'compiled' if figures['compiled'] else 'plain Python'}), "
                f"plain Python {figures.get('pure_python', 'as above')}, "
                f"deal {figures['deal_us']} µs, view {figures['view_us']} µs, "
                f"Match API against Rules {figures['match_api']}, "
                f"bots {figures['bots']}",
                flush=True,
            )
    research = research_env(a.seconds, with_rlcard=False)
    if research is not None:
        out["pettingzoo_rummy_500"] = research
        if not a.json:
            print(f"PettingZoo rummy-500 (2 players): {research}", flush=True)
    for game, _ in GAMES:
        out.setdefault("ratios", {})[f"{game} Rules / Match hands/s (goal <= 1.3)"] = out[game][
            "match_api"
        ]["cost_ratio (goal <= 1.3)"]
    if not a.no_anchors:
        from anchors import format_table, measure_anchors
        from goals import measure_goals

        anchors = measure_anchors(a.seconds, old_driver=True)
        out["anchors"] = anchors
        if not a.json:
            print(format_table(anchors), flush=True)
            print(f"goals: {a.rounds} alternating pairs of {a.slice:g} s slices each", flush=True)
        goals = measure_goals(a.rounds, a.slice, log=not a.json)
        out["goals"] = [{**asdict(g), "met": g.met} for g in goals]
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        for name, value in out["ratios"].items():
            print(f"{name}: {value}")


if __name__ == "__main__":
    main()
