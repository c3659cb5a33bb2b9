"""Random-play throughput of a game's engine: full hands per second and microseconds per
decision (legal actions + apply), measured on the Rules contract directly, the way search
bots use it. Prints figures; never used as a test.

    .venv/bin/python bench/engine.py royal-casino --players 2 --seconds 10
    CARDTABLE_PURE_PYTHON=1 .venv/bin/python bench/engine.py rummy-500   # never the compiled
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from cardtable import _pure
from cardtable.core.registry import rules_class


def measure(
    game: str,
    players: int | None,
    seconds: float,
    seed: int = 1,
    options: dict[str, object] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, Any]:
    """Deal and play random hands for about ``seconds`` of ``clock``; return the figures."""
    rules = rules_class(game).create(players, options or {})
    rng = random.Random(seed)
    deck = list(rules.deck())
    scores = rules.initial_scores()
    hands = decisions = 0
    legal_actions, apply, to_move = rules.legal_actions, rules.apply, rules.to_move
    choice = rng.choice
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for _ in range(20):
            rng.shuffle(deck)
            state = rules.deal(deck, hands % rules.players, scores)
            while to_move(state) is not None:
                state = apply(state, choice(legal_actions(state)))
                decisions += 1
            rules.settle(state, scores)
            hands += 1
    elapsed = clock() - start
    return {
        "game": rules.game_id,
        "players": rules.players,
        "hands": hands,
        "seconds": round(elapsed, 3),
        "hands_per_s": round(hands / elapsed, 1),
        "decisions_per_hand": round(decisions / hands, 1),
        "us_per_decision": round(elapsed / decisions * 1e6, 2),
        "python": platform.python_version(),
        # the rules class's module: mypyc-compiled (setup.py), or plain Python
        "compiled": _pure.compiled(sys.modules[type(rules).__module__]),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("--players", type=int)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    r = measure(a.game, a.players, a.seconds, a.seed)
    if a.json:
        print(json.dumps(r))
    else:
        print(
            f"{r['game']} ({r['players']} players): {r['hands_per_s']} random hands/s, "
            f"{r['us_per_decision']} µs/decision, {r['decisions_per_hand']} decisions/hand "
            f"({r['hands']} hands in {r['seconds']} s, Python {r['python']}, "
            f"{'compiled' if r['compiled'] else 'plain Python'})"
        )


if __name__ == "__main__":
    main()
