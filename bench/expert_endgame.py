"""What the exact endgame of the ``expert`` level changes in Royal Casino: in the last deals
of two-player hands played by heuristic players, the expert's exact choice against the
choices its search (the expert's budget of playouts) and ``search:medium`` would have made
there, each valued by the exact search (the hand's points ahead with best play by both from
then on), and the CPU time of each.

    nice -n 19 .venv/bin/python bench/expert_endgame.py --deals 30 --seed 5100
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Iterator
from typing import Any

from cardtable.bots import make_bot
from cardtable.bots.catalog import bots_for
from cardtable.bots.endgame import Solver
from cardtable.bots.expert import ExpertBot
from cardtable.bots.search import rules_for
from cardtable.core.match import Match
from cardtable.core.views import View

GAME = "royal-casino"


def first_hand_decisions(seeds: range, stock: int) -> Iterator[tuple[int, int, View, list[Any]]]:
    """Every decision with a choice in the first hands of two-player matches (one a seed) played
    by heuristic players, where the stock holds ``stock`` cards: (seed, seat, view, legal)."""
    for deal in seeds:
        m = Match(GAME, players=2, seed=deal)
        players = [make_bot(GAME, "heuristic", deal * 2 + s) for s in range(2)]
        while m.to_move is not None and m.hand_number == 1:
            seat = m.to_move
            view, legal = m.view(seat), m.legal_actions()
            if view["state"]["stock"] == stock and len(legal) > 1:
                yield deal, seat, view, legal
            m.play(players[seat].choose(view, legal))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=30)
    p.add_argument("--seed", type=int, default=5100)
    a = p.parse_args()
    knows = bots_for(GAME)
    assert knows.endgame is not None
    exact_ms: list[float] = []
    search_ms: list[float] = []
    lost: list[float] = []
    lost_medium: list[float] = []
    for deal, seat, view, legal in first_hand_decisions(range(a.seed, a.seed + a.deals), 0):
        expert = make_bot(GAME, "expert", seed=deal)
        assert isinstance(expert, ExpertBot)
        start = time.process_time()
        exact = expert.choose(view, legal)
        exact_ms.append((time.process_time() - start) * 1e3)
        start = time.process_time()
        searched = expert.search.choose(view, legal)
        search_ms.append((time.process_time() - start) * 1e3)
        medium = make_bot(GAME, "search:medium", seed=deal).choose(view, legal)
        rules = rules_for(view)
        world = knows.sampler(rules, view["state"], seat, random.Random(0))()
        solver = Solver(rules, rules.side_of(seat), tuple(view["scores"]),
                        knows.decision_utility(view["state"]), knows.endgame.key,
                        node_limit=10**7)  # fmt: skip
        best = solver.value(rules.apply(world, exact), -math.inf, math.inf)
        other = solver.value(rules.apply(world, searched), -math.inf, math.inf)
        lost.append(best - other)
        worst = solver.value(rules.apply(world, medium), -math.inf, math.inf)
        lost_medium.append(best - worst)
    exact_ms.sort()
    differ = [x for x in lost if x > 1e-9]
    differ_medium = [x for x in lost_medium if x > 1e-9]
    print(json.dumps({
        "positions": len(lost),
        "search_choice_worse": len(differ),
        "points_lost_by_search_mean": round(statistics.fmean(lost), 3),
        "points_lost_when_worse_mean": round(statistics.fmean(differ), 3) if differ else 0.0,
        "medium_choice_worse": len(differ_medium),
        "points_lost_by_medium_mean": round(statistics.fmean(lost_medium), 3),
        "points_lost_by_medium_per_hand": round(sum(lost_medium) / a.deals, 3),
        "exact_cpu_ms_median": round(statistics.median(exact_ms), 2),
        "exact_cpu_ms_p90": round(exact_ms[int(0.9 * len(exact_ms))], 2),
        "exact_cpu_ms_max": round(exact_ms[-1], 2),
        "search_cpu_ms_median": round(statistics.median(search_ms), 1),
    }))  # fmt: skip
    assert min(lost + lost_medium) >= -1e-9, "the exact choice is never worse with best play"


if __name__ == "__main__":
    main()
