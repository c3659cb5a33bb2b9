"""Behaviour fingerprint: one digest per game and player count over seeded random matches,
covering every legal list, every seat's view, every score and the finished record.

Run it on two commits; equal digests mean a change (a refactor, new error keys) left what the
engines do untouched. Prints figures; never a test.

    .venv/bin/python bench/behaviour_hash.py --matches 2000 --json > before.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from typing import Any

from cardtable.core.match import Match

#: Every game at every player count it allows.
TABLES = (
    ("royal-casino", 2),
    ("royal-casino", 3),
    ("royal-casino", 4),
    ("buck-euchre", 4),
    ("rummy-500", 2),
    ("rummy-500", 3),
    ("rummy-500", 4),
    ("rummy-500", 5),
    ("rummy-500", 6),
    ("queen-city-rum", 2),
)


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=str, separators=(",", ":")).encode()


def fingerprint(game: str, players: int, matches: int) -> dict[str, Any]:
    """The digest of ``matches`` random matches (seeds 0, 1, …; actions chosen by a generator
    seeded the same), with the decisions and hands played."""
    digest = hashlib.sha256()
    decisions = hands = 0
    started = time.perf_counter()
    for seed in range(matches):
        m = Match(game, players=players, seed=seed)
        rng = random.Random(seed)
        while not m.is_over:
            legal = m.legal_actions()
            digest.update(_dump([str(a) for a in legal]))
            for seat in range(players):
                digest.update(_dump(m.view(seat)))
            m.play(rng.choice(legal))
            digest.update(_dump(m.scores))
            decisions += 1
        digest.update(_dump(m.record()))
        hands += m.hand_number
    return {
        "digest": digest.hexdigest(),
        "matches": matches,
        "hands": hands,
        "decisions": decisions,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=2000, help="per game and player count")
    p.add_argument("--only", default="", help="one game id (all by default)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    out = {
        f"{game} ({players})": fingerprint(game, players, a.matches)
        for game, players in TABLES
        if not a.only or game == a.only
    }
    if a.json:
        print(json.dumps(out, indent=1))
        return
    for name, figures in out.items():
        print(f"{name:20} {figures['digest'][:16]}  {figures['matches']} matches, "
              f"{figures['hands']} hands, {figures['decisions']} decisions, "
              f"{figures['seconds']} s")  # fmt: skip


if __name__ == "__main__":
    main()
