"""OpenSpiel's ISMCTS against our search and heuristic bots: a deals-mode tournament per game
(each deal played twice, seats swapped), win rates with Wilson 95% intervals.

    .venv/bin/python examples/ismcts_vs_search.py --deals 200            # the full comparison
    .venv/bin/python examples/ismcts_vs_search.py --games buck-euchre --deals 10 --workers 1

ISMCTS gets ``--simulations`` per decision (default 300, as many as search:medium's
playouts); see ``cardtable.research.bots`` for how it is set up.
"""

from __future__ import annotations

import argparse
import json
import time

from cardtable.bots.tournament import run_tournament

GAMES = ("royal-casino", "buck-euchre", "rummy-500", "queen-city-rum")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--opponents", default="search:medium,heuristic")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--simulations", type=int, default=300)
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    ismcts = f"openspiel-ismcts:{a.simulations}"
    for game in a.games.split(","):
        for opponent in a.opponents.split(","):
            start = time.perf_counter()
            r = run_tournament(
                game, [ismcts, opponent], deals=a.deals, workers=a.workers, seed=a.seed
            )
            line = {
                "game": game,
                "deals": a.deals,
                "seconds": round(time.perf_counter() - start, 1),
                **{
                    b.name: {
                        "wins": b.wins,
                        "ties": b.ties,
                        "decided": b.games - b.ties,
                        "win_rate": round(b.win_rate, 3),
                        "ci95": [round(b.ci_low, 3), round(b.ci_high, 3)],
                        "points_per_hand": round(b.points_per_hand, 2),
                    }
                    for b in r.bots
                },
            }
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
