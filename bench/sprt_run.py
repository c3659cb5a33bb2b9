"""A strength run stopped by a sequential test, its games kept so that the figure replays.

    nice .venv/bin/python bench/sprt_run.py royal-casino --bots expert,search:medium \\
        --deals 400 --seed 1000 --sprt elo0=0,elo1=35 --backend ray --workers 1

The first bot is tested (``cardtable.bots.stats.Sprt``); for Buck Euchre give four bots (one
against three) and ``--matches``. Every finished game is appended at once to
``bench/expert/GAME--BOTS--COUNT--SEED.jsonl`` (the format of ``bench/ismcts``, with each
game's CPU seconds), so a run stopped part way goes on where it stopped when started again
with the same arguments, and ``--report`` prints what a file holds without playing. The
games are played a deal group at a time in plan order, and the test is applied to the games
of the plan so far, so the same arguments stop at the same game with one worker.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

from cardtable.bots.stats import Sprt, parse_sprt
from cardtable.bots.tournament import (
    GameResult,
    Plan,
    execute,
    first_bot_record,
    plan_tournament,
    summarise,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

from ismcts_vs_search import Log  # the ISMCTS comparison's log of games, one line each

OUT = Path(__file__).resolve().parent / "expert"


def log_path(plan: Plan) -> Path:
    levels = "--".join(level.replace(":", "-") for level in plan.setup.levels)
    return OUT / f"{plan.setup.game}--{levels}--{plan.requested}--{plan.setup.seed}.jsonl"


def cpu_seconds(path: Path, indices: set[int]) -> float:
    """The CPU seconds the file's games of ``indices`` cost, as their lines recorded them."""
    if not path.exists():
        return 0.0
    rows = [json.loads(line) for line in path.read_text().splitlines()[1:] if line.strip()]
    return float(sum(row.get("cpu_seconds", 0.0) for row in rows if row["index"] in indices))


def report(log: Log, test: Sprt, wall: float) -> dict[str, object]:
    """Where the run stands: the first bot's line, the test, and the CPU the games cost."""
    games = log.complete()
    wins, losses = first_bot_record(log.plan, games)
    low, high = test.bounds
    out: dict[str, object] = {
        "file": str(log.path.relative_to(OUT.parent.parent)),
        "games": len(games),
        "wins": wins,
        "losses": losses,
        "llr": round(test.llr(wins, losses), 3),
        "bounds": [round(low, 3), round(high, 3)],
        "verdict": test.decide(wins, losses),
        "cpu_seconds": round(cpu_seconds(log.path, {g.index for g in games}), 1),
        "wall_seconds_this_run": round(wall, 1),
    }
    if games:
        first = summarise(log.plan, games).bots[0]
        out["first_bot"] = first.to_json() | {"decided": first.games - first.ties}
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("--bots", required=True)
    p.add_argument("--deals", type=int)
    p.add_argument("--matches", type=int)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--sprt", required=True, help="as cardtable tournament --sprt")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--backend", default="process")
    p.add_argument("--report", action="store_true", help="print what is done, play nothing")
    p.add_argument(
        "--fixed",
        action="store_true",
        help="play every game of the plan: the test is reported but stops nothing (a "
        "fixed-length run's rate is unbiased, where a run stopped by its test is not)",
    )
    a = p.parse_args()
    test = parse_sprt(a.sprt)
    plan = plan_tournament(a.game, a.bots.split(","), deals=a.deals, matches=a.matches, seed=a.seed)
    log = Log(log_path(plan), plan)
    started = time.perf_counter()

    def keep(result: GameResult) -> None:
        log.add(result)

    def decided(_: object) -> bool:
        state = report(log, test, time.perf_counter() - started)
        print(json.dumps(state), flush=True)
        return state["verdict"] is not None and not a.fixed

    todo = log.todo()
    if not a.report and todo and not decided(None):
        execute(
            dataclasses.replace(plan, tables=tuple(todo)),
            a.workers,
            a.backend,
            on_result=keep,
            batch=plan.per_group,
            stop=decided,
        )
    print(json.dumps(report(log, test, time.perf_counter() - started)))


if __name__ == "__main__":
    main()
