"""Buck Euchre: what the search would win if it saw the hidden cards (a bound, never a bot).

The search samples the cards it cannot see (``docs/bots_buck_euchre.md``). This script plays
the deals and seating of

    cardtable tournament buck-euchre --bots search:medium,heuristic,heuristic,heuristic \\
        --matches N --seed S

with one change: in the phases named by ``--oracle`` the search seat's only sampled world is
the real deal (this script, unlike every bot, looks at the hidden cards). It prints how many
matches the search seat won, so the phases where better reading of the table could pay are
told apart from those where it cannot (``--oracle none`` is the fair search).

    .venv/bin/python bench/be_oracle.py --matches 100 --seed 11 --oracle bidding
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardtable.bots import make_bot
from cardtable.bots.search import STRENGTHS, search_bot
from cardtable.bots.stats import wilson_interval
from cardtable.bots.tournament import derive_seed, tables
from cardtable.core.game import JSON, Rules
from cardtable.core.match import Match

GAME = "buck-euchre"
PHASES = {
    "none": set(),
    "bidding": {"order", "discard", "name", "decide"},
    "play": {"play"},
    "all": {"order", "discard", "name", "decide", "play"},
}


def play_match(args: tuple[str, int, int, int, tuple[int, ...]]) -> bool:
    """One match of the tournament's plan (deal group, index, the bot of every seat, the
    search being bot 0); whether the search seat won it."""
    oracle, seed, group, index, seats = args
    m = Match(GAME, seed=derive_seed(seed, "deal", group))
    bots = []
    for seat, b in enumerate(seats):
        bot_seed = derive_seed(seed, "bot", index, seat)
        if b:
            bots.append(make_bot(GAME, "heuristic", bot_seed))
            continue
        search = search_bot(GAME, STRENGTHS["medium"], bot_seed)
        fair = search.sampler

        def sampler(
            rules: Rules[Any], view: JSON, who: int, rng: random.Random, fair: Any = fair
        ) -> Callable[[], Any]:
            if view["phase"] in PHASES[oracle]:
                return lambda: m.state
            sample: Callable[[], Any] = fair(rules, view, who, rng)
            return sample

        search.sampler = sampler
        bots.append(search)
    while (mover := m.to_move) is not None:
        m.play(bots[mover].choose(m.view(mover), m.legal_actions()))
    return m.winner == seats.index(0)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--oracle", choices=sorted(PHASES), default="bidding")
    p.add_argument("--workers", type=int, default=2)
    a = p.parse_args()
    group = tables(4, 4)
    jobs = [
        (a.oracle, a.seed, g, g * len(group) + t, seats)
        for g in range(math.ceil(a.matches / len(group)))
        for t, seats in enumerate(group)
    ]
    with ProcessPoolExecutor(a.workers) as pool:
        won = sum(pool.map(play_match, jobs))
    low, high = wilson_interval(won, len(jobs))
    print(f"oracle {a.oracle}: the search seat won {won} of {len(jobs)} matches "
          f"({won / len(jobs):.1%}, 95% CI {low:.1%}-{high:.1%})")  # fmt: skip


if __name__ == "__main__":
    main()
