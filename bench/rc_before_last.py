"""What the ``expert`` level's solve of sampled worlds costs in Royal Casino's deal before the
last (``cardtable.bots.royal_casino_endgame.SAMPLED``): in the first hands of two-player
matches played by ``heuristic`` players, every decision with a choice in that deal, by the
cards the seat holds, timed in CPU: the expert's solve of its worlds (``ExpertBot.solve_worlds``,
which it makes with at most ``SOLVE_FROM`` cards), and with four cards the same solve, which
the expert leaves to the search. Prints figures; never a test.

    nice -n 19 .venv/bin/python bench/rc_before_last.py --deals 12 --seed 9000
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict

from cardtable.bots import make_bot
from cardtable.bots.expert import ExpertBot
from cardtable.bots.royal_casino_endgame import DEAL
from cardtable.core.match import Match

GAME = "royal-casino"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=12)
    p.add_argument("--seed", type=int, default=9000)
    a = p.parse_args()
    cpu_ms: dict[int, list[float]] = defaultdict(list)
    for deal in range(a.seed, a.seed + a.deals):
        m = Match(GAME, players=2, seed=deal)
        players = [make_bot(GAME, "heuristic", deal * 2 + s) for s in range(2)]
        while m.to_move is not None and m.hand_number == 1:
            seat = m.to_move
            view, legal = m.view(seat), m.legal_actions()
            state = view["state"]
            if state["stock"] == 2 * DEAL and len(legal) > 1:
                expert = make_bot(GAME, "expert", seed=deal)
                assert isinstance(expert, ExpertBot)
                start = time.process_time()
                expert.solve_worlds(view, legal)
                cpu_ms[len(state["hand"])].append((time.process_time() - start) * 1e3)
            m.play(players[seat].choose(view, legal))
    for held in sorted(cpu_ms):
        times = sorted(cpu_ms[held])
        print(json.dumps({"cards_held": held, "decisions": len(times),
                          "cpu_median_ms": round(statistics.median(times), 1),
                          "cpu_p90_ms": round(times[int(0.9 * (len(times) - 1))], 1),
                          "cpu_max_ms": round(times[-1], 1)}))  # fmt: skip


if __name__ == "__main__":
    main()
