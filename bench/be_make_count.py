"""Buck Euchre's one make count against the three it replaced (docs/bots_buck_euchre.md).

Before, the heuristic bot (card lists), the search's playouts (masks) and its bid reading
(per-byte tables) each summed the make count (BE-5, BE-6) in their own order, and the bid
reading counted the dealer's six cards as the six less the least. Now ``make_count`` of
``cardtable.bots.heuristic.buck_euchre`` is the one count. This script loads the three old
counts from the source of an earlier commit (``git show``, nothing is copied here) and:

``cases``: over all 340,032 cases (every five cards, each of the four trumps, dealer or not)
how many bids, order or pass at the line 0, each old count decides otherwise than the new
one, and how often the old counts disagreed among themselves; then, for the dealer's first
round (its five cards and each upcard: 807,576 cases), how many orders and discards change.

    .venv/bin/python bench/be_make_count.py cases --base 9dda71c

``tournament``: the new heuristic against the old one, two seats each (alternating round the
table, each deal played with both seatings, as ``cardtable tournament`` seats two bots at four
seats; one worker), printing the tournament's JSON: the ``heuristic`` line's wins are the new
pair's (par 50%, with its Wilson interval).

    nice -n 10 .venv/bin/python bench/be_make_count.py tournament --base 9dda71c \\
        --matches 1000 --seed 1
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import cardtable.bots.tournament as tournament
from cardtable.bots import make_bot
from cardtable.bots.base import Bot
from cardtable.bots.heuristic import buck_euchre as new
from cardtable.games.buck_euchre import LAYOUT, TABLES

GAME = "buck-euchre"
OLD_HEURISTIC = "cardtable/bots/heuristic/buck_euchre.py"
OLD_BIDS = "cardtable/bots/buck_euchre/bids.py"


def old_module(name: str, source: str) -> types.ModuleType:
    """A module made from ``source`` (registered, so its dataclasses resolve)."""
    module = types.ModuleType(name)
    sys.modules[name] = module
    exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    return module


def load_old(base: str) -> tuple[Any, Any]:
    """The old heuristic module and the old bid reading at commit ``base``."""
    root = Path(__file__).resolve().parent.parent

    def show(path: str) -> str:
        return subprocess.run(
            ["git", "show", f"{base}:{path}"], cwd=root, check=True, capture_output=True, text=True
        ).stdout

    heuristic = old_module("_old_be_heuristic", show(OLD_HEURISTIC))
    bids_source = show(OLD_BIDS).replace(
        "from cardtable.bots.heuristic.buck_euchre import", "from _old_be_heuristic import"
    )
    return heuristic, old_module("_old_be_bids", bids_source)


def cases(base: str) -> None:
    """Print how many bids change for each old count, and the old counts' disagreements."""
    old, old_bids = load_old(base)
    users = ("heuristic", "playouts", "bid reading")
    changed = dict.fromkeys(users, 0)
    at_line = dict.fromkeys(users, 0)  # of the changed, those whose count is exactly the line
    disagree = {"heuristic/playouts": 0, "bid reading/playouts": 0, "heuristic/bid reading": 0}
    total = 0
    for combo in itertools.combinations(range(len(LAYOUT)), 5):
        mask = sum(1 << p for p in combo)
        cards = sorted(LAYOUT[p] for p in combo)
        for trump in range(4):
            for dealer in (False, True):
                total += 1
                count = new.make_count(mask, trump, dealer=dealer)
                now = count > 0
                h = old.make_value(cards, trump, dealer=dealer) > 0
                p = old._playout_make(mask, trump, dealer) > 0
                b = old_bids.make_count(mask, trump, dealer=dealer) > 0
                for user, before in zip(users, (h, p, b), strict=True):
                    changed[user] += before != now
                    at_line[user] += before != now and count == 0
                disagree["heuristic/playouts"] += h != p
                disagree["bid reading/playouts"] += b != p
                disagree["heuristic/bid reading"] += h != b
    dealer_changed = dict.fromkeys(users, 0)
    dealer_at_line = dict.fromkeys(users, 0)
    discards = {"heuristic": 0, "playouts": 0}  # the dealer's discard, having ordered
    dealer_total = 0
    for combo in itertools.combinations(range(len(LAYOUT)), 5):
        mask = sum(1 << p for p in combo)
        cards = sorted(LAYOUT[p] for p in combo)
        for up in range(len(LAYOUT)):
            if mask >> up & 1:
                continue
            dealer_total += 1
            trump = TABLES.suit[4][up]
            count = new.order_count(mask, up, dealer=True)
            now = count > 0
            six = mask | 1 << up
            discard = new.best_discard(six, trump)
            was = old.best_discard([*cards, LAYOUT[up]], trump)
            discards["heuristic"] += LAYOUT[discard] != was
            discards["playouts"] += discard != old._playout_discard(six, trump)
            h = old.order_value(cards, LAYOUT[up], dealer=True) > 0
            p = old._playout_make(six & ~(1 << old._playout_discard(six, trump)), trump, True) > 0
            b = old_bids.make_count(six, trump, dealer=True) > 0
            for user, before in zip(users, (h, p, b), strict=True):
                dealer_changed[user] += before != now
                dealer_at_line[user] += before != now and count == 0
    print(
        json.dumps(
            {
                "cases": total,
                "bids changed, by user": changed,
                "of them with the count exactly 0": at_line,
                "old counts disagreeing": disagree,
                "dealer first-round cases (five cards and an upcard)": dealer_total,
                "dealer orders changed, by user": dealer_changed,
                "of those with the count exactly 0": dealer_at_line,
                "dealer discards changed, by user": discards,
            },
            indent=1,
        )
    )


def run_tournament(base: str, matches: int, seed: int) -> None:
    """The new heuristic (two seats) against the old (two seats), one worker."""
    old, _ = load_old(base)
    plain = make_bot

    def with_old(game: str, level: str, seed: int | None = None) -> Bot:
        if level == "heuristic-old":
            bot: Bot = old.HeuristicBot(seed)
            return bot
        return plain(game, level, seed)

    setattr(tournament, "make_bot", with_old)  # noqa: B010 (the plain level names stay)
    results = tournament.run_tournament(
        GAME, ["heuristic", "heuristic-old"], matches=matches, seed=seed, players=4, workers=1
    )
    print(json.dumps(results.to_json()))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("what", choices=("cases", "tournament"))
    p.add_argument("--base", required=True, help="the commit holding the old counts")
    p.add_argument("--matches", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    if args.what == "cases":
        cases(args.base)
    else:
        run_tournament(args.base, args.matches, args.seed)


if __name__ == "__main__":
    main()
