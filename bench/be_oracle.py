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

``--oracle`` also takes one bidding phase alone (``order``, ``name``, ``decide``: staying or
dropping, ``discard``), to tell which of the bids the hidden cards would change most.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardtable.bots import make_bot
from cardtable.bots.base import Bot
from cardtable.bots.knowledge import Sampler
from cardtable.bots.search import STRENGTHS, search_bot
from cardtable.bots.stats import wilson_interval
from cardtable.bots.tournament import Table, derive_seed, plan_tournament
from cardtable.core.game import JSON, Rules
from cardtable.core.match import Match

GAME = "buck-euchre"
LEVELS = ("search:medium", "heuristic", "heuristic", "heuristic")  # the search is bot 0
BIDDING = frozenset({"order", "discard", "name", "decide"})
PLAY = frozenset({"play"})
PHASES = {
    "none": frozenset(),
    "bidding": BIDDING,
    "play": PLAY,
    "all": BIDDING | PLAY,
    **{phase: frozenset({phase}) for phase in BIDDING},
}  # one bidding phase alone


def oracle_search(m: Match, phases: frozenset[str], seed: int) -> Bot:
    """``search:medium`` whose only world, in ``phases``, is ``m``'s real deal."""
    search = search_bot(GAME, STRENGTHS["medium"], seed)
    fair: Sampler = search.knowledge.sampler

    def sampler(rules: Rules[Any], view: JSON, seat: int, rng: random.Random) -> Callable[[], Any]:
        if view["phase"] in phases:
            return lambda: m.state
        return fair(rules, view, seat, rng)

    search.knowledge = dataclasses.replace(search.knowledge, worlds=sampler)
    return search


def play_match(args: tuple[str, int, Table]) -> bool:
    """One match of the tournament's plan (``plan_tournament``, whose deal and bot seeds it
    uses); whether the search seat won it."""
    oracle, seed, table = args
    m = Match(GAME, seed=table.seed)
    bots = []
    for seat, b in enumerate(table.seats):
        bot_seed = derive_seed(seed, "bot", table.index, seat)  # as ``play_table`` seeds them
        bots.append(oracle_search(m, PHASES[oracle], bot_seed) if b == 0
                    else make_bot(GAME, LEVELS[b], bot_seed))  # fmt: skip
    while (mover := m.to_move) is not None:
        m.play(bots[mover].choose(m.view(mover), m.legal_actions()))
    return m.winner == table.seats.index(0)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--oracle", choices=sorted(PHASES), default="bidding")
    p.add_argument("--workers", type=int, default=2)
    a = p.parse_args()
    plan = plan_tournament(GAME, LEVELS, matches=a.matches, seed=a.seed)
    jobs = [(a.oracle, a.seed, table) for table in plan.tables]
    with ProcessPoolExecutor(a.workers) as pool:
        won = sum(pool.map(play_match, jobs))
    low, high = wilson_interval(won, len(jobs))
    print(f"oracle {a.oracle}: the search seat won {won} of {len(jobs)} matches "
          f"({won / len(jobs):.1%}, 95% CI {low:.1%}-{high:.1%})")  # fmt: skip


if __name__ == "__main__":
    main()
