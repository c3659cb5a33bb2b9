"""How the Buck Euchre matches of strength runs ended, for the first bot and the others.

    .venv/bin/python bench/match_ends.py bench/expert/FILE.jsonl ...

For each games file of ``bench/sprt_run.py`` (whole matches): how many matches the first bot
won and how (a score reaching 0, or its own sweep, BE-12 and BE-13), how it lost (another's
score reaching 0, or another's sweep with the first bot out of the hand or in it and set),
and per hand its points and how often it was set (5 points, BE-11) beside the others' mean;
then how often it was out of the hand (0 points: it dropped, BE-8) and, of the hands it was
out of and of those it was in, the share that another player ended with a sweep. A winner
whose score is still above 0 won by a sweep; points count down (less is better).
"""

from __future__ import annotations

import argparse
import collections
import json
from pathlib import Path
from typing import Any

from paired import matches  # the same reading of a games file, cut lines left out

START = 25  # BE-11: everyone starts at 25
SET = 5  # BE-11: a player still in who fails is set 5


def ends(path: Path) -> dict[str, float]:
    """The counts and rates of the module docstring for one games file."""
    _, rows = matches(path)
    return summary(rows)


def summary(rows: list[dict[str, Any]]) -> dict[str, float]:
    """The counts and rates of the module docstring for matches given as a games file's
    lines: each with ``sides`` (the bot in each seat, the first bot 0), ``points`` (each
    hand's points by seat) and ``winner`` (a seat, or None)."""
    out: collections.Counter[str] = collections.Counter()
    hands = 0
    mine = theirs = mine_set = theirs_set = 0.0
    out_of = {True: 0, False: 0}  # hands it was out of (True) and in (False)
    swept_in = {True: 0, False: 0}  # of those, the hands another ended with a sweep
    for row in rows:
        me = row["sides"].index(0)
        others = [s for s in range(len(row["sides"])) if s != me]
        for points in row["points"]:
            out_of[points[me] == 0] += 1
            hands += 1
            mine += points[me]
            mine_set += points[me] == SET
            theirs += sum(points[s] for s in others) / len(others)
            theirs_set += sum(points[s] == SET for s in others) / len(others)
        winner = row["winner"]
        if winner is None:
            out["no winner"] += 1
            continue
        swept = START + sum(p[winner] for p in row["points"]) > 0
        last = row["points"][-1][me]
        swept_in[last == 0] += swept and winner != me  # the last hand ended it
        if winner == me:
            out["won by its sweep" if swept else "won reaching 0"] += 1
        elif not swept:
            out["lost: another reached 0"] += 1
        else:
            out["lost: another's sweep, it set" if last == SET else "lost: another's sweep"] += 1
    result: dict[str, float] = {"matches": len(rows), **out}
    result["points a hand"] = round(mine / hands, 3) if hands else 0.0
    result["the others' points a hand"] = round(theirs / hands, 3) if hands else 0.0
    result["set, share of hands"] = round(mine_set / hands, 3) if hands else 0.0
    result["the others set, share of hands"] = round(theirs_set / hands, 3) if hands else 0.0
    result["out of the hand, share of hands"] = round(out_of[True] / hands, 3) if hands else 0.0
    for away, name in ((True, "out of"), (False, "in")):
        share = swept_in[away] / out_of[away] if out_of[away] else 0.0
        result[f"another's sweep, share of the hands it was {name}"] = round(share, 3)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    for path in parser.parse_args().files:
        print(path.name, json.dumps(ends(path)))


if __name__ == "__main__":
    main()
