"""Bot tournaments: many seeded games between bots, seats rotated so that luck evens out.

Two modes:

- **matches**: whole matches, played to the game's end.
- **deals**: single hands ("duplicate" play). Each deal is dealt from one seed and played once
  per table of its deal group (for two bots: twice, seats swapped); the bot scoring more
  points over the group wins the deal, equal totals are a tie. Single hands are far cheaper
  than matches, and replaying the same cards with the seats exchanged removes most of the
  luck of the deal, so this is how slow bots are compared.

Seating. A table gives each scoring *side* one bot, and every seat of that side gets its own
copy of it: partners (4-player Royal Casino, RC-1) are always the same bot, so a side's result
belongs to exactly one bot. With ``k`` bots and ``S`` sides, side ``j`` of table ``(r, q)`` gets
bot ``((j - r) mod S + q) mod k`` for ``r < S`` and ``q < k``, repeated tables dropped: the
bots fill the sides cyclically, and over the tables of a deal group every bot sits on every
side, hence in every seat, equally often. Examples (bots A, B):

- 2 players: ``A B`` and ``B A``.
- 4-player Buck Euchre (four sides): ``A B A B`` and ``B A B A``: two copies of each bot,
  never side by side, so each bot's win rate is 50% when they are equally strong.
- 4-player Royal Casino (sides 0+2 and 1+3): ``A B A B`` and ``B A B A``: A's partnership
  against B's, each partnership in both places.
- 3 players: six tables (``A B A``, ``A A B``, ``B A A``, ``B A B``, ``B B A``, ``A B B``).
- more bots than sides (three bots, two players): ``A B``, ``B A``, ``B C``, ``C B``, ``C A``,
  ``A C``: cyclic pairs, not every pairing (the ratings still link them all).

In matches mode every table of a group plays the same seed, hence the same deals, and the
number of matches is rounded up to whole groups so the rotation is always complete. Each
bot is seeded from the tournament seed, the game's index and its seat only, and results are
gathered in index order, so any number of workers gives identical results.

Scores: a game whose lower scores win (Buck Euchre, BE-11: scores count down from 25) is
compared with the sign reversed when deals are decided; points per hand are reported as the
game scores them. The game says which way through ``Rules.score_direction``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Literal

from cardtable.bots import make_bot, stats
from cardtable.core.errors import CardtableError, OptionError
from cardtable.core.extras import MissingExtraError, import_extra
from cardtable.core.game import JSON, Rules
from cardtable.core.match import Match
from cardtable.core.registry import rules_class

Mode = Literal["matches", "deals"]
Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` each time games finish."""

BACKENDS = ("process", "ray")
DEFAULT_MATCHES = 100


# -- seating -------------------------------------------------------------------------------
def tables(bots: int, sides: int) -> list[tuple[int, ...]]:
    """The tables of one deal group: for each, the bot index of every side (see above)."""
    if bots < 1 or sides < 1:
        raise ValueError("need at least one bot and one side")
    out: list[tuple[int, ...]] = []
    for q in range(bots):
        for r in range(sides):
            table = tuple(((j - r) % sides + q) % bots for j in range(sides))
            if table not in out:
                out.append(table)
    return out


def seats_of(rules: Rules[Any], by_side: Sequence[int]) -> tuple[int, ...]:
    """The bot index of every seat, from the bot index of every side."""
    return tuple(by_side[rules.side_of(seat)] for seat in range(rules.players))


def score_sign(rules: Rules[Any]) -> int:
    """+1 if higher scores are better in this game, -1 if lower ones are (Buck Euchre)."""
    return rules.score_direction


def derive_seed(*parts: object) -> int:
    """A stable 48-bit seed from the parts (same on every machine and Python process)."""
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def bot_names(levels: Sequence[str]) -> list[str]:
    """Display names: the level, numbered when a level is entered more than once."""
    seen: dict[str, int] = {}
    names = []
    for level in levels:
        seen[level] = seen.get(level, 0) + 1
        names.append(f"{level}#{seen[level]}" if levels.count(level) > 1 else level)
    return names


# -- one game --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Setup:
    """What every game of a tournament shares; small and picklable, sent to each worker."""

    game: str
    players: int
    options: tuple[tuple[str, object], ...]
    levels: tuple[str, ...]
    seed: int
    one_hand: bool
    keep_records: bool
    modules: tuple[str, ...]  # imported by a worker so the game is registered there


@dataclass(frozen=True)
class Table:
    """One game to play: its index, deal group, deal seed and who sits where."""

    index: int
    group: int
    seed: int
    sides: tuple[int, ...]  # bot index per side
    seats: tuple[int, ...]  # bot index per seat


@dataclass(frozen=True)
class GameResult:
    """How one game went: points per hand and side, and the winning side if it ended."""

    index: int
    group: int
    seed: int
    sides: tuple[int, ...]
    seats: tuple[int, ...]
    points: tuple[tuple[int, ...], ...]
    winner: int | None
    record: JSON | None = None
    cpu_seconds: float = field(default=0.0, compare=False)  # the game's cost, its process's CPU


def play_table(setup: Setup, table: Table) -> GameResult:
    """Play one game (a whole match, or in deals mode its first hand) between the bots."""
    started = time.process_time()
    options: dict[str, Any] = dict(setup.options)
    m = Match(setup.game, players=setup.players, seed=table.seed, **options)
    bots = [
        make_bot(m.game_id, setup.levels[b], derive_seed(setup.seed, "bot", table.index, seat))
        for seat, b in enumerate(table.seats)
    ]
    while not m.is_over and not (setup.one_hand and m.hand_number > 1):
        seat = m.to_move
        assert seat is not None  # C-5: someone owes a decision until the match is over
        level = setup.levels[table.seats[seat]]
        action = bots[seat].choose(m.view(seat), m.legal_actions())
        try:
            m.play(action)
        except CardtableError as e:
            raise RuntimeError(
                f"bot {level!r} in seat {seat} of game {table.index} chose {action}: {e}"
            ) from e
    points = tuple(h.settlement.points for h in m.hands if h.settlement is not None)
    return GameResult(
        table.index,
        table.group,
        table.seed,
        table.sides,
        table.seats,
        points[:1] if setup.one_hand else points,
        m.winner,
        m.record() if setup.keep_records else None,
        time.process_time() - started,
    )


def play_batch(setup: Setup, batch: Sequence[Table]) -> list[GameResult]:
    """A worker's unit of work: a few games, after registering the game in this process."""
    for module in setup.modules:
        importlib.import_module(module)
    return [play_table(setup, table) for table in batch]


# -- the plan --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """Every game of a tournament, decided before any is played."""

    setup: Setup
    title: str
    mode: Mode
    requested: int
    per_group: int
    sign: int  # +1 if higher scores win, -1 if lower ones do
    tables: tuple[Table, ...]


def plan_tournament(
    game: str,
    bots: Sequence[str],
    *,
    matches: int | None = None,
    deals: int | None = None,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    keep_records: bool = False,
) -> Plan:
    """Validate the request (OptionError saying what is wrong) and lay out every game."""
    rules = rules_class(game).create(players, dict(options or {}))
    levels = tuple(b.strip() for b in bots if b.strip())
    if len(levels) < 2:
        raise OptionError("a tournament needs at least two bots (the same level may repeat)")
    for level in levels:
        make_bot(rules.game_id, level, 0)  # OptionError for an unknown level
    if matches is not None and deals is not None:
        raise OptionError("give a number of matches or of deals, not both")
    mode: Mode = "deals" if deals is not None else "matches"
    requested = deals if deals is not None else DEFAULT_MATCHES if matches is None else matches
    if requested < 1:
        raise OptionError(f"the number of {mode} must be at least 1")
    group_tables = tables(len(levels), rules.sides)
    per_group = len(group_tables)
    groups = requested if mode == "deals" else math.ceil(requested / per_group)
    planned = tuple(
        Table(
            g * per_group + t,
            g,
            derive_seed(seed, "deal", g),
            by_side,
            seats_of(rules, by_side),
        )
        for g in range(groups)
        for t, by_side in enumerate(group_tables)
    )
    setup = Setup(
        rules.game_id,
        rules.players,
        tuple(sorted(rules.options.items())),
        levels,
        seed,
        mode == "deals",
        keep_records,
        (type(rules).__module__,),
    )
    return Plan(setup, rules.title, mode, requested, per_group, score_sign(rules), planned)


# -- running ---------------------------------------------------------------------------------
def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _batches(
    items: Sequence[Table], workers: int, size: int | None = None
) -> list[tuple[Table, ...]]:
    """Split the games into about eight batches per worker: few enough to keep pickling
    cheap, many enough to balance the load and move the progress bar smoothly (``size``
    given: batches of that many games)."""
    if size is None:
        size = max(1, math.ceil(len(items) / (workers * 8))) if workers > 1 else 1
    return [tuple(items[i : i + size]) for i in range(0, len(items), size)]


def execute(
    plan: Plan,
    workers: int = 1,
    backend: str = "process",
    progress: Progress | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    batch: int | None = None,
    stop: Callable[[Sequence[GameResult]], bool] | None = None,
) -> list[GameResult]:
    """Play every game of the plan; the results in game order whatever the workers.

    ``on_result`` sees each game as its batch comes back (in the order batches finish), so a
    caller can keep results as they arrive; ``batch`` fixes how many games a worker plays
    at a time (1: each game comes back on its own). ``stop`` is asked after each batch with
    the games so far; once it says so, no further batch is started (batches already running
    finish, and their games are dropped), and the games so far are returned."""
    if workers < 1:
        raise OptionError("workers must be at least 1")
    if batch is not None and batch < 1:
        raise OptionError("a batch is at least one game")
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})")
    total = len(plan.tables)
    report = progress or (lambda done, total: None)
    batches = _batches(plan.tables, workers, batch)
    out: list[GameResult] = []
    stopped = False

    def arrived(results: list[GameResult]) -> bool:
        """Keep a batch's games; True once the caller's ``stop`` says enough."""
        nonlocal stopped
        if stopped:
            return True
        for result in results:
            if on_result is not None:
                on_result(result)
            out.append(result)
        report(len(out), total)
        stopped = stop is not None and stop(out)
        return stopped

    report(0, total)
    if backend == "ray":
        _run_ray(plan.setup, batches, arrived, workers)
    elif workers == 1 or len(batches) == 1:
        for games in batches:
            if arrived(play_batch(plan.setup, games)):
                break
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(batches))) as pool:
            futures = [pool.submit(play_batch, plan.setup, games) for games in batches]
            for future in as_completed(futures):
                if arrived(future.result()):
                    for left in futures:
                        left.cancel()
                    break
    return sorted(out, key=lambda r: r.index)


def _import_ray() -> Any:
    try:
        return import_extra("ray", "ray", "the ray backend")
    except MissingExtraError as e:
        raise OptionError(str(e)) from None


def _run_ray(
    setup: Setup,
    batches: Sequence[tuple[Table, ...]],
    arrived: Callable[[list[GameResult]], bool],
    workers: int,
) -> None:
    """The same batches as Ray tasks: on the cluster named by RAY_ADDRESS, or on a local Ray
    of ``workers`` CPUs (a Ray already started in this process is used as it is)."""
    ray = _import_ray()
    if not ray.is_initialized():
        # A cluster has its own size: Ray refuses num_cpus when connecting to one.
        ray.init(**({} if os.environ.get("RAY_ADDRESS") else {"num_cpus": workers}))
    task = ray.remote(play_batch)
    pending = [task.remote(setup, batch) for batch in batches]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            if arrived(ray.get(ref)):
                for left in pending:
                    ray.cancel(left)
                return


# -- results ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class BotResult:
    """One bot's line of the results table.

    ``games`` counts the matches (or deals) it took part in; ``win_rate`` is wins over the
    decided ones (games minus ties) with its Wilson 95% interval; ``points_per_hand`` is what
    a side played by this bot scored in an average hand; ``elo`` its Bradley-Terry rating on
    the Elo scale (the bots average 1500)."""

    name: str
    level: str
    games: int
    wins: int
    ties: int
    losses: int
    win_rate: float
    ci_low: float
    ci_high: float
    hands: int
    points_per_hand: float
    elo: float

    def to_json(self) -> JSON:
        """The line, JSON-ready and rounded as the results print it."""
        return {
            "name": self.name,
            "level": self.level,
            "games": self.games,
            "wins": self.wins,
            "ties": self.ties,
            "losses": self.losses,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(self.ci_low, 4), round(self.ci_high, 4)],
            "hands": self.hands,
            "points_per_hand": round(self.points_per_hand, 3),
            "elo": round(self.elo, 1),
        }


@dataclass(frozen=True)
class Results:
    """A finished tournament: one line per bot, and every game in order."""

    game: str
    title: str
    players: int
    options: dict[str, object]
    mode: Mode
    seed: int
    requested: int
    groups: int
    per_group: int
    bots: tuple[BotResult, ...]
    games: tuple[GameResult, ...]
    sprt: SprtOutcome | None = None  # where the sequential test stopped, if one was run

    def to_json(self) -> JSON:
        """The summary, JSON-ready (the games themselves are left out)."""
        names = [b.name for b in self.bots]
        extra = {} if self.sprt is None else {"sprt": self.sprt.to_json()}
        return extra | {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "mode": self.mode,
            "seed": self.seed,
            "requested": self.requested,
            "games": len(self.games),
            "deal_groups": self.groups,
            "tables_per_group": self.per_group,
            "tables": [[names[b] for b in g.seats] for g in self.games[: self.per_group]],
            "bots": [b.to_json() for b in self.bots],
        }


@dataclass(frozen=True)
class SprtOutcome:
    """Where a sequential test of the first bot stood when the tournament stopped."""

    test: stats.Sprt
    wins: int
    losses: int
    verdict: stats.Verdict | None  # None: the planned games ran out first

    @property
    def llr(self) -> float:
        return self.test.llr(self.wins, self.losses)

    def to_json(self) -> JSON:
        low, high = self.test.bounds
        return {
            "p0": round(self.test.p0, 4),
            "p1": round(self.test.p1, 4),
            "elo": None if self.test.elo is None else list(self.test.elo),
            "alpha": self.test.alpha,
            "beta": self.test.beta,
            "wins": self.wins,
            "losses": self.losses,
            "llr": round(self.llr, 3),
            "bounds": [round(low, 3), round(high, 3)],
            "verdict": self.verdict,
        }


def first_bot_record(plan: Plan, games: Sequence[GameResult]) -> tuple[int, int]:
    """The first bot's decided wins and losses (ties and units it sat out left out): what a
    sequential test of it counts. Deal groups count once all their tables are in."""
    complete: dict[int, int] = {}
    for g in games:
        complete[g.group] = complete.get(g.group, 0) + 1
    whole = [g for g in games if plan.mode == "matches" or complete[g.group] == plan.per_group]
    wins = losses = 0
    for c in contests(plan, whole):
        if 0 not in c.players:
            continue
        if c.leaders == {0}:
            wins += 1
        elif 0 not in c.leaders:  # (0 among several leaders: a tie)
            losses += 1
    return wins, losses


@dataclass(frozen=True)
class Contest:
    """One decided unit (a match, or a deal over its group): who played and who came first."""

    players: frozenset[int]
    leaders: frozenset[int]  # one bot: it won; several: they tied for first


def contests(plan: Plan, games: Sequence[GameResult]) -> list[Contest]:
    """Matches are decided by the match winner; deals by the points over the deal group."""
    out = []
    if plan.mode == "matches":
        for g in games:
            bots = frozenset(g.sides)
            leaders = bots if g.winner is None else frozenset({g.sides[g.winner]})
            out.append(Contest(bots, leaders))
        return out
    groups: dict[int, dict[int, int]] = {}
    for g in games:
        totals = groups.setdefault(g.group, {})
        for side, bot in enumerate(g.sides):
            totals[bot] = totals.get(bot, 0) + plan.sign * sum(hand[side] for hand in g.points)
    for totals in groups.values():
        best = max(totals.values())
        out.append(Contest(frozenset(totals), frozenset(b for b, t in totals.items() if t == best)))
    return out


def summarise(plan: Plan, games: Sequence[GameResult]) -> Results:
    """Tally the games into one line per bot."""
    k = len(plan.setup.levels)
    played, wins, ties = [0] * k, [0] * k, [0] * k
    beat = [[0.0] * k for _ in range(k)]
    for c in contests(plan, games):
        for b in c.players:
            played[b] += 1
        if len(c.leaders) == 1:
            wins[next(iter(c.leaders))] += 1
        for a in c.leaders:
            if len(c.leaders) > 1:
                ties[a] += 1
            for b in c.players:
                if b not in c.leaders:
                    beat[a][b] += 1.0
                elif a != b:
                    beat[a][b] += 0.5
    hands, side_hands, points = [0] * k, [0] * k, [0] * k
    for g in games:
        for b in set(g.sides):
            hands[b] += len(g.points)
        for row in g.points:
            for side, pts in enumerate(row):
                side_hands[g.sides[side]] += 1
                points[g.sides[side]] += pts
    elo = stats.elo_ratings(beat)
    lines = []
    names = bot_names(plan.setup.levels)
    for b, level in enumerate(plan.setup.levels):
        decided = played[b] - ties[b]
        low, high = stats.wilson_interval(wins[b], decided)
        lines.append(
            BotResult(
                names[b],
                level,
                played[b],
                wins[b],
                ties[b],
                decided - wins[b],
                wins[b] / decided if decided else 0.0,
                low,
                high,
                hands[b],
                stats.per_hand(points[b], side_hands[b]),
                elo[b],
            )
        )
    return Results(
        plan.setup.game,
        plan.title,
        plan.setup.players,
        dict(plan.setup.options),
        plan.mode,
        plan.setup.seed,
        plan.requested,
        len(games) // plan.per_group,
        plan.per_group,
        tuple(lines),
        tuple(games),
    )


def run_tournament(
    game: str,
    bots: Sequence[str],
    *,
    matches: int | None = None,
    deals: int | None = None,
    seed: int = 0,
    workers: int | None = None,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    backend: str = "process",
    progress: Progress | None = None,
    keep_records: bool = False,
    sprt: stats.Sprt | None = None,
) -> Results:
    """Play a tournament between bot levels (``["search:hard", "heuristic"]``).

    ``matches`` whole matches (the default, 100), or ``deals`` deal groups of single hands;
    ``workers`` processes (default: every core); ``keep_records`` keeps each game's record.
    ``sprt`` tests the first bot sequentially (``stats.Sprt``): the games are played a deal
    group at a time and the tournament stops as soon as the test decides (the number asked
    is then the most that will be played). Bad arguments raise OptionError before anything
    is played.
    """
    plan = plan_tournament(
        game,
        bots,
        matches=matches,
        deals=deals,
        seed=seed,
        players=players,
        options=options,
        keep_records=keep_records,
    )
    if backend == "ray":
        _import_ray()  # fail before anything is played
    n = default_workers() if workers is None else workers
    if sprt is None:
        return summarise(plan, execute(plan, n, backend, progress))

    def decided(games: Sequence[GameResult]) -> bool:
        return sprt.decide(*first_bot_record(plan, games)) is not None

    games = execute(plan, n, backend, progress, batch=plan.per_group, stop=decided)
    wins, losses = first_bot_record(plan, games)
    outcome = SprtOutcome(sprt, wins, losses, sprt.decide(wins, losses))
    return dataclasses.replace(summarise(plan, games), sprt=outcome)
