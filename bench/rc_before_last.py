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

from expert_endgame import GAME, first_hand_decisions  # heuristic play to the wanted deal

from cardtable.bots import make_bot
from cardtable.bots.expert import ExpertBot
from cardtable.bots.royal_casino_endgame import DEAL


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=12)
    p.add_argument("--seed", type=int, default=9000)
    a = p.parse_args()
    cpu_ms: dict[int, list[float]] = defaultdict(list)
    for deal, _, view, legal in first_hand_decisions(range(a.seed, a.seed + a.deals), 2 * DEAL):
        expert = make_bot(GAME, "expert", seed=deal)
        assert isinstance(expert, ExpertBot)
        start = time.process_time()
        expert.solve_worlds(view, legal)
        cpu_ms[len(view["state"]["hand"])].append((time.process_time() - start) * 1e3)
    for held in sorted(cpu_ms):
        times = sorted(cpu_ms[held])
        print(json.dumps({"cards_held": held, "decisions": len(times),
                          "cpu_median_ms": round(statistics.median(times), 1),
                          "cpu_p90_ms": round(times[int(0.9 * (len(times) - 1))], 1),
                          "cpu_max_ms": round(times[-1], 1)}))  # fmt: skip


if __name__ == "__main__":
    main()
