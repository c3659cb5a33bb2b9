"""The ``cardtable`` command line: ``simulate`` and ``games`` here, the other commands wired in
from their own modules (``_wire``)."""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardtable.bots import RandomBot
from cardtable.cli.options import GameArgument, parse_options
from cardtable.cli.progress import progress
from cardtable.cli.text import error, game_name, has, t
from cardtable.cli.usage import Command, Group
from cardtable.core.errors import CardtableError
from cardtable.core.game import OptionSpec
from cardtable.core.invariants import check_scores, check_state
from cardtable.core.match import Match

app = typer.Typer(
    cls=Group,
    help="Exact rules and a card room for four traditional card games.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console(highlight=False, markup=False)


@app.command(cls=Command)
def simulate(
    game: GameArgument,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    matches: Annotated[int, typer.Option(min=1, help="how many whole matches")] = 10,
    seed: Annotated[int, typer.Option(help="seed of the first match; match i uses seed+i")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option name=value")
    ] = None,
    check: Annotated[bool, typer.Option(help="check every invariant at every step")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
) -> None:
    """Play whole matches between random players, checking the engine's invariants."""
    try:
        options = parse_options(option or [])
        Match(game, players=players, seed=seed, **options)
    except CardtableError as e:
        error(console, str(e))
        raise typer.Exit(2) from None
    start = time.perf_counter()
    hands = plays = 0
    wins: dict[int, int] = {}
    with progress(Console(stderr=True), t("term.progress.matches")) as step:
        for i in range(matches):
            m = Match(game, players=players, seed=seed + i, **options)
            bots = [RandomBot(seed + i * 1000 + s) for s in range(m.players)]
            while not m.is_over:
                if check:
                    check_state(m)
                seat = m.to_move
                assert seat is not None
                m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
                plays += 1
            if check:
                check_state(m)
                check_scores(m)
                replay = Match.from_record(json.loads(json.dumps(m.record())))
                assert replay.scores == m.scores, "record does not replay"
            hands += m.hand_number
            assert m.winner is not None
            wins[m.winner] = wins.get(m.winner, 0) + 1
            step(i + 1, matches)
    seconds = time.perf_counter() - start
    first = Match(game, players=players, seed=seed, **options)
    summary = {
        "game": first.game_id,
        "players": first.players,
        "options": first.rules.options,
        "matches": matches,
        "hands": hands,
        "plays_per_hand": round(plays / hands, 1),
        "wins_per_side": {str(k): wins.get(k, 0) for k in range(first.rules.sides)},
        "invariants_checked": check,
        "seconds": round(seconds, 2),
    }
    if as_json:
        print(json.dumps(summary))
        return
    gid = first.game_id
    title = game_name(gid, first.rules.title)
    table = Table(title=t("term.sim.title", game=title, n=matches))
    table.add_column(t("term.sim.figure"))
    table.add_column(t("term.sim.value"), justify="right")
    for key in ("players", "matches", "hands", "plays_per_hand", "seconds"):
        table.add_row(t(f"term.sim.{key}"), str(summary[key]))
    for side, count in summary["wins_per_side"].items():  # type: ignore[attr-defined]
        table.add_row(t("term.sim.side_wins", side=side), str(count))
    table.add_row(t("term.sim.invariants"), t(f"term.sim.{'checked' if check else 'unchecked'}"))
    console.print(table)


@app.command(cls=Command)
def games() -> None:
    """List the games and their options."""
    from rich import box

    from cardtable.core.registry import game_ids, rules_class

    for gid in game_ids():
        cls = rules_class(gid)
        if not cls.listed:
            continue
        low, high = min(cls.player_counts), max(cls.player_counts)
        whole = len(cls.player_counts) == high - low + 1 and high - low > 1
        counts = f"{low}–{high}" if whole else ", ".join(map(str, cls.player_counts))
        title = game_name(gid, cls.title)
        players = t("term.games.players", counts=counts)
        console.print(Text.assemble((title, "bold"), f" ({gid}) · {players}"))
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
        for key in ("option", "default", "allowed", "meaning"):
            table.add_column(t(f"term.games.{key}"), overflow="fold")
        for spec in cls.option_specs:
            table.add_row(spec.name, _value(spec.default), _allowed(spec), _meaning(gid, spec))
        console.print(table)
    console.print(t("term.games.set"), highlight=False)


def _value(value: object) -> str:
    """An option's value as ``-o name=value`` takes it (``true``, not ``True``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _allowed(spec: OptionSpec) -> str:
    if spec.choices is not None:
        return " / ".join(_value(c) for c in spec.choices)
    if isinstance(spec.default, bool):
        return "true / false"
    return f"{spec.low}–{spec.high}"


def _meaning(game: str, spec: OptionSpec) -> str:
    """What the option does, as the lobby says it (``option.<game>.<name>.doc`` or
    ``option.<name>.doc``, with the rule it sets), in the terminal's language."""
    for key in (f"option.{game}.{spec.name}.doc", f"option.{spec.name}.doc"):
        if has(key):
            return t(key)
    return spec.doc


#: Each built-in level's description: the message ``term.bots.<level>`` (a colon as ``_``).
LEVEL_KEYS = {level: "term.bots." + level.replace(":", "_") for level in (
    "random", "heuristic", "search", "search:easy", "search:medium", "search:hard", "expert"
)}  # fmt: skip


def _listing(rows: list[tuple[str, str]]) -> Table:
    """Names and their descriptions side by side: a wrapped description hangs under its
    first word, not under the names."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for name, note in rows:
        grid.add_row(name, note)
    return grid


@app.command(cls=Command)
def bots() -> None:
    """List the computer players: the built-in levels, then those installed packages offer
    (entry point group cardtable.bots). Any bot can also be named by import path,
    package.module:factory (docs/bots.md, "Write your own bot")."""
    from cardtable.bots import LEVELS
    from cardtable.bots.plugins import GROUP, installed
    from cardtable.core.extras import install_command, missing

    game = t("game.royal-casino")
    rows = [(level, t(LEVEL_KEYS[level], game=game) if level in LEVEL_KEYS else "")
            for level in LEVELS]  # fmt: skip
    openspiel = t("term.bots.openspiel")
    if missing("research") is not None:
        openspiel += " " + t("term.bots.needs", command=install_command("research"))
    rows.append(("openspiel-ismcts:N", openspiel))
    console.print(_listing(rows))
    found = installed()
    if found:
        console.print(_listing([
            (name, entry.value + (
                " " + t("term.bots.from", dist=entry.dist.name) if entry.dist is not None else ""
            ))
            for name, entry in sorted(found.items())
        ]))  # fmt: skip
    else:
        console.print(Text(t("term.bots.none", group=GROUP)))


def _wire() -> None:
    """Attach the commands that live in their own modules."""
    from cardtable.cli.backup import backup
    from cardtable.cli.db import db_app
    from cardtable.cli.play import play
    from cardtable.cli.ratings import ratings_app
    from cardtable.cli.replay import replay
    from cardtable.cli.serve import serve
    from cardtable.cli.tables import tables
    from cardtable.cli.tournament import tournament
    from cardtable.cli.version import app_options

    app.callback()(app_options)
    app.command(cls=Command)(play)
    app.command(cls=Command)(replay)
    app.command(cls=Command)(serve)
    app.command(cls=Command)(tournament)
    app.command(cls=Command)(backup)
    app.add_typer(tables, name="tables")
    app.add_typer(db_app, name="db")
    app.add_typer(ratings_app, name="ratings")


_wire()

if __name__ == "__main__":
    app()
