"""Buck Euchre: score single decisions of bots against the real deal (analysis, not play).

Whole matches are slow to compare (200 matches of ``search:medium`` take minutes and still
carry ±7 points of noise), so this scores decisions one at a time:

1. ``--matches`` matches of ``search:medium`` in one seat (rotating) against three heuristic
   seats; every decision of that seat with a choice is kept.
2. Each legal action there is applied to the *real* deal (this script, unlike every bot, looks
   at the hidden cards) and the hand finished (``--finish``): by heuristic players, who play
   deterministically, or with the deciding seat's later decisions made by ``search:medium`` as
   in the match (``own``: slower, and fair to bots that do not play like the heuristic).
   The result is scored as a chance of winning the match: 1 or 0 if the hand ended it (BE-12,
   BE-13), else the search's ``win_chance``, exp(-0.05 s + 0.16 max(0, 12 - s)) over
   the four scores.
3. Each bot level of ``--bots`` chooses at every kept decision; printed per phase: the mean
   loss of win chance against the best action on the real cards (percentage points), and
   for each level after the first its paired difference from the first.

A heuristic finish overrates playouts that play like the heuristic (docs/bots_buck_euchre.md);
either way, confirm what it finds with ``cardtable tournament``.

    .venv/bin/python bench/be_decisions.py --matches 120 --bots heuristic,search:medium

Collecting the decisions is most of the time; ``--cache FILE`` keeps them (a pickle, made on
the first run and read on later ones with the same matches), and ``--phases`` scores only some
of them, so several levels or versions of a bot can be compared on one set of decisions.
"""

from __future__ import annotations

import argparse
import math
import pickle
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.bots import make_bot
from cardtable.bots.base import Bot
from cardtable.bots.buck_euchre.measures import win_chance
from cardtable.bots.search import rules_for
from cardtable.core.match import Match
from cardtable.core.views import View

GAME = "buck-euchre"
LEVEL = "search:medium"  # the seat whose decisions are kept
FINISHES = {
    "heuristic": "every player by the heuristic",
    "own": f"the deciding seat by {LEVEL} (as it played the match), the others by the heuristic",
}


@dataclass
class Decision:
    view: View
    legal: list[str]
    phase: str
    chance: list[float]  # per legal action, the win chance after it on the real deal


def finish(
    rules: Any, state: Any, scores: tuple[int, ...], seat: int, own: Bot | None, view: View
) -> float:
    """The hand from ``state`` played out, ``seat``'s win chance: heuristic players, but for
    ``seat`` itself when ``own`` is given (the bot that played the match there)."""
    bot = make_bot(GAME, "heuristic", 0)
    while (mover := rules.to_move(state)) is not None:
        legal = rules.legal_actions(state)
        if len(legal) > 1:
            seen: View = {**view, "seat": mover, "side": mover, "state": rules.view(state, mover)}
            action = (own if own is not None and mover == seat else bot).choose(seen, legal)
        else:
            action = legal[0]
        state = rules.apply(state, action)
    settled = rules.settle(state, scores)
    if settled.winner is not None:
        return 1.0 if settled.winner == seat else 0.0
    return win_chance(settled.scores, seat)


def decisions_of_match(args: tuple[int, str]) -> list[Decision]:
    """The search seat's decisions with a choice in one match, scored on the real deal with
    the hand finished as ``FINISHES[how]`` says."""
    seed, how = args
    seat = seed % 4
    m = Match(GAME, seed=seed)
    bots = [make_bot(GAME, LEVEL if s == seat else "heuristic", seed * 4 + s)
            for s in range(4)]  # fmt: skip
    out: list[Decision] = []
    while (mover := m.to_move) is not None:
        legal = m.legal_actions()
        view = m.view(mover)
        if mover == seat and len(legal) > 1:
            scores = tuple(m.scores)
            chance = []
            for a in legal:  # the same dice for every action's finish
                own = make_bot(GAME, LEVEL, seed * 1000 + len(out)) if how == "own" else None
                after = m.rules.apply(m.state, a)
                chance.append(finish(m.rules, after, scores, seat, own, view))
            phase = view["state"]["phase"]
            out.append(Decision(view, [str(a) for a in legal], phase, chance))
        m.play(legal[0] if len(legal) == 1 else bots[mover].choose(view, legal))
    return out


def losses(args: tuple[str, list[Decision], int]) -> list[float]:
    """Per decision, the win chance ``level`` gives up against the best action."""
    level, decisions, seed = args
    bot = make_bot(GAME, level, seed)
    out = []
    for d in decisions:
        legal = [rules_for(d.view).parse_action(t) for t in d.legal]
        chosen = str(bot.choose(d.view, legal))
        out.append(max(d.chance) - d.chance[d.legal.index(chosen)])
    return out


def collect(
    pool: ProcessPoolExecutor, seed: int, matches: int, how: str, cache: Path | None
) -> list[Decision]:
    """The decisions of ``matches`` matches from ``seed``, from ``cache`` when it holds them."""
    key = (seed, matches, how)
    if cache is not None and cache.exists():
        saved_key, saved = pickle.loads(cache.read_bytes())
        if saved_key != key:
            raise SystemExit(f"{cache} holds matches {saved_key}, not {key}")
        return list(saved)
    seeds = range(seed, seed + matches)
    decisions = [d for ds in pool.map(decisions_of_match, [(s, how) for s in seeds])
                 for d in ds]  # fmt: skip
    if cache is not None:
        cache.write_bytes(pickle.dumps((key, decisions)))
    return decisions


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=120)
    p.add_argument("--bots", default="heuristic,search:medium")
    p.add_argument("--seed", type=int, default=1000, help="the first match's seed")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--cache", type=Path, help="keep the decisions in this file, or read them")
    finishes = "; ".join(f"{k}: {v}" for k, v in FINISHES.items())
    p.add_argument("--finish", choices=FINISHES, default="heuristic",
                   help=f"who plays the hand out ({finishes})")  # fmt: skip
    p.add_argument("--phases", help="score only these phases (comma-separated), e.g. decide")
    a = p.parse_args()
    levels = a.bots.split(",")
    with ProcessPoolExecutor(a.workers) as pool:
        decisions = collect(pool, a.seed, a.matches, a.finish, a.cache)
        if a.phases:
            wanted, present = set(a.phases.split(",")), {d.phase for d in decisions}
            if not wanted <= present:
                missing, there = ", ".join(sorted(wanted - present)), ", ".join(sorted(present))
                raise SystemExit(f"no decisions in {missing}; there are: {there}")
            decisions = [d for d in decisions if d.phase in wanted]
        chunks = [decisions[i :: a.workers * 4] for i in range(a.workers * 4)]
        lost: dict[str, list[float]] = {}
        for level in levels:
            parts = list(pool.map(losses, [(level, c, i) for i, c in enumerate(chunks)]))
            lost[level] = [0.0] * len(decisions)
            for i, part in enumerate(parts):
                lost[level][i :: a.workers * 4] = part
    phases = sorted({d.phase for d in decisions})
    print(f"{len(decisions)} decisions from {a.matches} matches; loss of win chance, points:")
    print(f"{'level':16}" + "".join(f"{ph:>10}" for ph in [*phases, "all"]))
    for level in levels:
        row = []
        for ph in [*phases, "all"]:
            sel = [x for x, d in zip(lost[level], decisions, strict=True) if ph in ("all", d.phase)]
            row.append(f"{100 * statistics.fmean(sel):10.3f}")
        print(f"{level:16}" + "".join(row))
    first = lost[levels[0]]
    for level in levels[1:]:
        diff = [y - x for x, y in zip(first, lost[level], strict=True)]
        se = statistics.stdev(diff) / math.sqrt(len(diff))
        print(f"{level} loses {100 * statistics.fmean(diff):+.3f} ± {100 * se:.3f} points a "
              f"decision more than {levels[0]} (paired)")  # fmt: skip


if __name__ == "__main__":
    main()
