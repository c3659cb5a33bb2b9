"""OpenSpiel's ISMCTS against our search and heuristic bots, win rates with Wilson 95% intervals.

Royal Casino, Rummy 500 and Queen City Rum (two players): deal pairs, each deal played twice
with the seats swapped, won on points over the pair. Buck Euchre: whole matches, ISMCTS in one
seat of four and the opponent in the other three; each match's deals are played four times,
ISMCTS in each seat once (par: a quarter of the matches).

    .venv/bin/python examples/ismcts_vs_search.py                 # the full comparison
    .venv/bin/python examples/ismcts_vs_search.py --games buck-euchre --count 8 --out /tmp/x

Every finished game is appended at once to a file per game and opponent under ``--out``, so a
run stopped part way continues where it stopped when started again with the same arguments;
``--report`` only prints what the files hold. Deal pairs count once both games are in.

ISMCTS gets ``--simulations`` per decision (default 300, as many as search:medium's
playouts); see ``cardtable.research.bots`` for how it is set up.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
from pathlib import Path
from typing import Any

from cardtable.bots.tournament import (
    BotResult,
    GameResult,
    Plan,
    Table,
    execute,
    plan_tournament,
    summarise,
)

GAMES = ("royal-casino", "buck-euchre", "rummy-500", "queen-city-rum")
OUT = Path(__file__).resolve().parent.parent / "bench" / "ismcts"


def plan_for(game: str, ismcts: str, opponent: str, count: int, seed: int) -> Plan:
    """Buck Euchre: ``count`` matches, one ISMCTS seat; the others: ``count`` deal pairs."""
    if game == "buck-euchre":
        return plan_tournament(
            game, [ismcts, opponent, opponent, opponent], matches=count, seed=seed
        )
    return plan_tournament(game, [ismcts, opponent], deals=count, seed=seed)


class Log:
    """The finished games of one plan, one JSON line each after a first line naming the plan."""

    def __init__(self, path: Path, plan: Plan) -> None:
        self.path = path
        self.plan = plan
        self.head = {
            "game": plan.setup.game,
            "levels": list(plan.setup.levels),
            "mode": plan.mode,
            "requested": plan.requested,
            "seed": plan.setup.seed,
        }
        self.done: dict[int, GameResult] = {}
        self.cut = False  # the last line was cut short: the next row starts a line of its own
        if path.exists():
            text = path.read_text()
            self.cut = bool(text) and not text.endswith("\n")
            lines = text.splitlines()
            if lines and json.loads(lines[0]) != self.head:
                raise SystemExit(f"{path} holds another run: {lines[0]}")
            for line in lines[1:]:
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short by a stop: that game is played again
                self.done[row["index"]] = _result(row)

    def todo(self) -> list[Table]:
        return [t for t in self.plan.tables if t.index not in self.done]

    def add(self, result: GameResult) -> None:
        new = not self.path.exists()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a") as f:
            if new:
                f.write(json.dumps(self.head) + "\n")
            elif self.cut:
                f.write("\n")
                self.cut = False
            row = dataclasses.asdict(result)
            row.pop("record")
            f.write(json.dumps(row) + "\n")
            f.flush()
            os.fsync(f.fileno())
        self.done[result.index] = result

    def complete(self) -> list[GameResult]:
        """The games of the groups (deal pairs, or matches) that are all in."""
        by_group: dict[int, list[GameResult]] = {}
        for r in self.done.values():
            by_group.setdefault(r.group, []).append(r)
        whole = self.plan.mode == "deals"
        keep = [
            r for g in by_group.values() if not whole or len(g) == self.plan.per_group for r in g
        ]
        return sorted(keep, key=lambda r: r.index)

    def standing(self) -> tuple[int, tuple[BotResult, BotResult] | None]:
        """Deal pairs (or matches) done, and ISMCTS's line and its opponent's (that of one of
        its seats) once any is done."""
        games = self.complete()
        units = len(games) // self.plan.per_group if self.plan.mode == "deals" else len(games)
        if not games:
            return units, None
        bots = summarise(self.plan, games).bots
        return units, (bots[0], bots[1])

    def summary(self) -> dict[str, Any]:
        """What is done, JSON-ready."""
        units, lines = self.standing()
        levels = self.plan.setup.levels
        out: dict[str, Any] = {
            "game": self.plan.setup.game,
            "ismcts": levels[0],
            "opponent": levels[1],
            "mode": self.plan.mode,
            "done": units,
            "of": self.plan.requested,
        }
        if lines is not None:
            out["ismcts_result"] = _line(lines[0])
            out["opponent_result"] = _line(lines[1])
        return out


def _line(b: BotResult) -> dict[str, Any]:
    return b.to_json() | {"decided": b.games - b.ties}


def _result(row: dict[str, Any]) -> GameResult:
    return GameResult(
        row["index"],
        row["group"],
        row["seed"],
        tuple(row["sides"]),
        tuple(row["seats"]),
        tuple(tuple(p) for p in row["points"]),
        row["winner"],
    )


def run(logs: list[Log], workers: int) -> None:
    """Play every game the logs lack, ``workers`` at a time, each logged as it finishes."""
    for log in logs:
        todo = log.todo()
        if not todo:
            continue

        def keep(result: GameResult, log: Log = log) -> None:
            log.add(result)
            print(json.dumps(log.summary()), flush=True)

        execute(dataclasses.replace(log.plan, tables=tuple(todo)), workers, on_result=keep, batch=1)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--opponents", default="search:medium,heuristic")
    p.add_argument("--count", type=int, default=200, help="deal pairs (Buck Euchre: matches)")
    p.add_argument("--simulations", type=int, default=300)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, default=OUT)
    p.add_argument("--report", action="store_true", help="print what is done, play nothing")
    p.add_argument("--markdown", action="store_true", help="with --report: as a table")
    a = p.parse_args()
    ismcts = f"openspiel-ismcts:{a.simulations}"
    logs = []
    for game in a.games.split(","):
        for opponent in a.opponents.split(","):
            plan = plan_for(game, ismcts, opponent, a.count, a.seed)
            name = f"{game}--{opponent.replace(':', '-')}--{a.simulations}--{a.count}--{a.seed}"
            logs.append(Log(a.out / f"{name}.jsonl", plan))
    if not a.report:
        run(logs, a.workers)
    if a.markdown:
        print(markdown(logs))
        return
    for log in logs:
        print(json.dumps(log.summary()), flush=True)


def markdown(logs: list[Log]) -> str:
    """The logs' standings as the table of ``docs/research.md`` (from unrounded figures)."""
    lines = [
        "| game | ISMCTS against | played | decided (tied) | ISMCTS won | win rate "
        "| 95% CI (Wilson) | points a hand, ISMCTS / opponent |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for log in logs:
        plan = log.plan
        units, standing = log.standing()
        unit = "matches" if plan.mode == "matches" else "deal pairs"
        row = (
            f"| {plan.setup.game} | `{plan.setup.levels[1]}` | {units} of {plan.requested} {unit} "
        )
        if standing is None:
            lines.append(row + "| | | | | |")
            continue
        ours, theirs = standing
        lines.append(
            row + f"| {ours.games - ours.ties} ({ours.ties}) | {ours.wins} "
            f"| {ours.win_rate:.1%} | {ours.ci_low:.1%}–{ours.ci_high:.1%} "
            f"| {ours.points_per_hand:.2f} / {theirs.points_per_hand:.2f} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
