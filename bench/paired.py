"""Two Buck Euchre strength runs on the same seed, compared match by match.

    .venv/bin/python bench/paired.py bench/expert/BASE.jsonl bench/expert/OTHER.jsonl ...

Runs of ``bench/sprt_run.py`` with the same ``--matches`` and ``--seed`` deal the same cards
to the same seats (every match's seed is in its line), so two players put in the first seat
meet the same deals. Most matches then end alike whoever sits there: the deals decide them.
Comparing the two runs match by match counts only the matches whose winner changed, so the
difference between the players is measured with far less noise than two separate win rates
give (a paired comparison, as McNemar's test makes it). For each file after the first it prints
the first bot's wins in each, the matches won only by one or only by the other, and the
difference in wins with its 95% interval (normal approximation over the matches both hold).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

Z95 = 1.96


def matches(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A run's first line and its matches' lines (a line cut short by a stop left out)."""
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    head = json.loads(lines[0])
    if head.get("mode") != "matches":
        raise SystemExit(f"{path}: a run of whole matches is needed (Buck Euchre's --matches)")
    rows = []
    for line in lines[1:]:
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a line cut short by a stop
    return head, rows


def first_bot_wins(path: Path) -> tuple[dict[str, Any], dict[int, tuple[int, bool]]]:
    """The run's first line, and for each match its seed and whether the first bot won it."""
    head, rows = matches(path)
    won: dict[int, tuple[int, bool]] = {}
    for row in rows:
        winner = row["winner"]
        won[row["index"]] = (row["seed"], winner is not None and row["sides"][winner] == 0)
    return head, won


def compare(base: dict[int, tuple[int, bool]], other: dict[int, tuple[int, bool]]) -> str:
    """The paired line for ``other`` against ``base`` over the matches both hold."""
    common = sorted(set(base) & set(other))
    for i in common:
        if base[i][0] != other[i][0]:
            raise SystemExit(f"match {i} was dealt from another seed: the runs are not paired")
    only_base = sum(base[i][1] and not other[i][1] for i in common)
    only_other = sum(other[i][1] and not base[i][1] for i in common)
    n = len(common)
    diff = only_other - only_base
    # the variance of a sum of n paired differences, each -1, 0 or +1
    mean = diff / n if n else 0.0
    variance = (only_base + only_other) / n - mean * mean if n else 0.0
    margin = Z95 * math.sqrt(max(0.0, variance) * n)
    return (
        f"{n} matches both played: {sum(other[i][1] for i in common)} won against "
        f"{sum(base[i][1] for i in common)}; only this one won {only_other}, only the base "
        f"{only_base}; difference {diff:+d} (95% {diff - margin:+.1f} to {diff + margin:+.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("others", type=Path, nargs="+")
    args = parser.parse_args()
    head, base = first_bot_wins(args.base)
    print(f"base: {head['levels'][0]}, seed {head['seed']}: {sum(w for _, w in base.values())}"
          f" of {len(base)}")  # fmt: skip
    for path in args.others:
        other_head, other = first_bot_wins(path)
        if other_head["seed"] != head["seed"] or other_head["requested"] != head["requested"]:
            raise SystemExit(f"{path}: another seed or plan than the base")
        print(f"{other_head['levels'][0]}: {compare(base, other)}")


if __name__ == "__main__":
    main()
