"""Behaviour fingerprint: one sha256 per game and player count over seeded matches, so that a
refactor of the engines or the bots can show it changed nothing a player or a record could see.

Part one plays ``--matches`` matches per game and player count (every listed game of the
registry at every count it allows), match ``i`` dealt from seed ``SEED + i`` and its actions
chosen by ``random.Random(SEED + i)``. Into the digest go the legal actions at every step (as
text, in the engine's order), the record and the scores at the end, and for the first
``--view-matches`` of them the views (``json.dumps`` with sorted keys): at every step the seat
to move's and a spectator's, every seat's at each hand's first step and at the end.

Why not every seat's view at every step of every match: views are nearly all of the cost.
Random rummy matches run to 1,500-2,000 steps at 5-8 players; dumping every view of 2,000 of
them per player count would take hours. Two views a step, fed in as only what changed since
the same seat's last view (``ViewDigest``), and 100 matches of views, bring the whole run to
about ten minutes, of which the legal lists of all the matches are about six.

Part two is the bots' choices: for the first ``--bot-matches`` of the same seeds, every seat
played by one bot level the game offers (``levels_for``; the search levels only with
``--search``, as they are slow), and every chosen action, the record and the scores hashed.

Run it on two commits and compare:

    .venv/bin/python bench/behaviour.py --json before.json
    .venv/bin/python bench/behaviour.py --compare before.json    # exit 1 naming what differs

Prints figures; the fast check that it can tell two behaviours apart is
tests/test_behaviour_script.py.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import cardtable
from cardtable import _pure
from cardtable.bots import make_bot
from cardtable.core.match import Match
from cardtable.core.registry import game_ids, rules_class
from cardtable.server.seats import levels_for

RANDOM = "random play"  # the chooser of part one's rows


@dataclass(frozen=True)
class Row:
    """One fingerprint: a game, a player count and who chose the actions."""

    game: str
    players: int
    chooser: str  # RANDOM, or the bot level of part two
    matches: int
    view_matches: int  # of them, those whose views were hashed too
    digest: str
    seconds: float

    @property
    def key(self) -> str:
        return f"{self.game} {self.players}p {self.chooser}"


def configs(games: Sequence[str] = ()) -> list[tuple[str, int]]:
    """Every listed game (or those named) at every player count it allows."""
    wanted = [rules_class(g).game_id for g in games]
    return [
        (g, n)
        for g in wanted or game_ids()
        if wanted or rules_class(g).listed
        for n in rules_class(g).player_counts
    ]


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"))  # built once: cheaper


def _dump(value: object) -> bytes:
    return _ENCODER.encode(value).encode()


class ViewDigest:
    """Feeds views into a digest cheaply. A view goes in as its entries' names (when they
    differ from the same seat's previous view's) and the entries (those of ``state`` one by
    one) that differ from that view's, by name: the stream still determines every view, so
    it tells two behaviours apart as well as dumping each view whole, but most of a view
    (the melds, the pile, the history, the last hand) stays put from one step to the next
    and is compared, not serialized."""

    def __init__(self, digest: Any, leave_out: frozenset[str] = frozenset()) -> None:
        self.digest = digest
        self.leave_out = leave_out  # entries a later version added, to compare with an older
        self.last: dict[int | None, dict[str, object]] = {}

    def update(self, seat: int | None, view: Mapping[str, Any]) -> None:
        flat = {k: v for k, v in view.items() if k != "state" and k not in self.leave_out}
        state = view.get("state")
        if isinstance(state, dict):
            flat.update((f"state.{k}", v) for k, v in state.items())
        else:
            flat["state"] = state
        last = self.last.get(seat, {})
        names = None if flat.keys() == last.keys() else sorted(flat)
        changed = {k: v for k, v in flat.items() if k not in last or last[k] != v}
        self.digest.update(_dump([seat, names, changed]))
        self.last[seat] = flat


def random_play(
    game: str,
    players: int,
    matches: int,
    seed: int = 0,
    view_matches: int | None = None,
    leave_out: frozenset[str] = frozenset(),
) -> Row:
    """Part one: the legal lists, records and scores of ``matches`` random matches, and the
    views of the first ``view_matches`` of them (all by default). Those views are, at each
    step, the seat to move's and a spectator's, and every seat's at the first step of each
    hand and at the end: every seat at every step would cost the seats' number times as
    much, and views are most of the cost even so (views are checked step by step for a few
    hundred matches where the rest runs thousands)."""
    started = time.perf_counter()
    digest = hashlib.sha256()
    everyone: list[int | None] = [*range(players), None]
    view_matches = matches if view_matches is None else min(view_matches, matches)
    for match_seed in range(seed, seed + matches):
        m = Match(game, players=players, seed=match_seed)
        rng = random.Random(match_seed)
        views = ViewDigest(digest, leave_out) if match_seed < seed + view_matches else None
        hand = 0
        while not m.is_over:
            legal = m.legal_actions()
            digest.update(_dump([str(a) for a in legal]))
            if views is not None:
                seats = everyone if m.hand_number != hand else (m.to_move, None)
                hand = m.hand_number
                for seat in seats:
                    views.update(seat, m.view(seat))
            m.play(rng.choice(legal))
        if views is not None:
            for seat in everyone:
                views.update(seat, m.view(seat))
        digest.update(_dump(m.record()))
        digest.update(_dump(m.scores))
    seconds = time.perf_counter() - started
    return Row(game, players, RANDOM, matches, view_matches, digest.hexdigest(), round(seconds, 1))


def bot_play(game: str, players: int, level: str, matches: int, seed: int = 0) -> Row:
    """Part two: every action ``level`` chooses in ``matches`` matches, each seat its own bot
    (seeded from the match's seed and the seat), then the record and the scores."""
    started = time.perf_counter()
    digest = hashlib.sha256()
    for match_seed in range(seed, seed + matches):
        m = Match(game, players=players, seed=match_seed)
        bots = [make_bot(game, level, match_seed * 16 + seat) for seat in range(players)]
        while not m.is_over:
            seat = m.to_move
            assert seat is not None
            action = bots[seat].choose(m.view(seat), m.legal_actions())
            digest.update(str(action).encode() + b"\n")
            m.play(action)
        digest.update(_dump(m.record()))
        digest.update(_dump(m.scores))
    seconds = time.perf_counter() - started
    return Row(game, players, level, matches, 0, digest.hexdigest(), round(seconds, 1))


def bot_levels(game: str, search: bool) -> list[str]:
    """The levels ``game`` offers, the searching ones (``search:*`` and ``expert``, the search
    with a larger budget) only if asked (``search`` alone is ``search:medium`` again, so left
    out)."""
    searching = {lv for lv in levels_for(game) if "search" in lv or lv == "expert"}
    return [lv for lv in levels_for(game) if lv != "search" and (search or lv not in searching)]


def print_row(row: Row) -> None:
    print(
        f"{row.game:16} {row.players:>2}  {row.chooser:14} {row.matches:>6}  "
        f"{row.digest[:16]}  {row.seconds:>7.1f} s",
        flush=True,
    )


def compare(rows: Sequence[Row], path: Path) -> int:
    """Name the rows whose digest differs from the file's; 1 if any does (or none compared)."""
    before = json.loads(path.read_text())
    theirs: dict[str, dict[str, Any]] = before["rows"]
    differ = compared = 0
    for row in rows:
        old = theirs.get(row.key)
        if old is None:
            print(f"not in {path}: {row.key}")
        elif (old["matches"], old["view_matches"]) != (row.matches, row.view_matches):
            print(f"not compared (other numbers of matches there): {row.key}")
        else:
            compared += 1
            if old["digest"] != row.digest:
                differ += 1
                print(f"DIFFERS: {row.key}: {old['digest'][:16]} before, {row.digest[:16]} now")
    print(f"{compared} rows compared with {path}, {differ} differ")
    return 1 if differ or not compared else 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--matches", type=int, default=2000, help="random matches per row")
    p.add_argument(
        "--view-matches", type=int, default=100, help="of them, those whose views are hashed"
    )
    p.add_argument("--bot-matches", type=int, default=50, help="matches per bot level")
    p.add_argument("--games", default="", help="game ids, comma separated (all listed games)")
    p.add_argument("--seed", type=int, default=0, help="the first match's seed")
    p.add_argument("--search", action="store_true", help="the search levels too (slow)")
    p.add_argument("--json", type=Path, help="write the rows to this file")
    p.add_argument("--compare", type=Path, help="compare with a file written by --json")
    p.add_argument(
        "--leave-out",
        default="",
        help="view entries not hashed, comma separated (ones added since the file compared)",
    )
    a = p.parse_args(argv)
    leave_out = frozenset(k for k in a.leave_out.split(",") if k.strip())
    if a.compare is not None and json.loads(a.compare.read_text()).get("seed") != a.seed:
        p.error(f"{a.compare} was made with another --seed")
    started = time.perf_counter()
    rows: list[Row] = []
    print(f"{'game':16} {'n':>2}  {'chooser':14} {'matches':>6}  {'sha256':16}  {'time':>9}")
    todo = configs([g for g in a.games.split(",") if g.strip()])
    for game, players in todo:
        rows.append(random_play(game, players, a.matches, a.seed, a.view_matches, leave_out))
        print_row(rows[-1])
    for game, players in todo:
        for level in bot_levels(game, a.search) if a.bot_matches else []:
            rows.append(bot_play(game, players, level, a.bot_matches, a.seed))
            print_row(rows[-1])
    total = time.perf_counter() - started
    print(f"{total:.0f} s in all")
    if a.json is not None:
        compiled = {g: _pure.compiled(sys.modules[rules_class(g).__module__]) for g in game_ids()}
        out = {
            "version": cardtable.__version__,
            "seed": a.seed,
            "compiled": compiled,
            "seconds": round(total),
            "rows": {r.key: asdict(r) for r in rows},
        }
        a.json.write_text(json.dumps(out, indent=1) + "\n")
    return compare(rows, a.compare) if a.compare is not None else 0


if __name__ == "__main__":
    sys.exit(main())
