"""``cardtable tournament``: bots against bots over many seeded games, with a results table."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from cardtable.bots.tournament import BACKENDS, Results, run_tournament
from cardtable.bots.tournament import Progress as ProgressFn
from cardtable.cli.options import GameArgument, parse_options
from cardtable.core.errors import CardtableError

console = Console()
errors = Console(stderr=True)


def tournament(
    game: GameArgument,
    bots: Annotated[
        str, typer.Option(help="bot levels separated by commas, e.g. search:hard,heuristic")
    ],
    matches: Annotated[
        int | None, typer.Option(min=1, help="whole matches to play (default 100)")
    ] = None,
    deals: Annotated[
        int | None,
        typer.Option(min=1, help="play this many single deals, seats swapped, not matches"),
    ] = None,
    seed: Annotated[int, typer.Option(help="the tournament seed: same seed, same results")] = 0,
    workers: Annotated[
        int | None, typer.Option(min=1, help="processes to use (default: every core)")
    ] = None,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option name=value")
    ] = None,
    backend: Annotated[
        str, typer.Option(help=f"where games run: {' or '.join(BACKENDS)}")
    ] = "process",
    as_json: Annotated[bool, typer.Option("--json", help="print the results as JSON")] = False,
) -> None:
    """Play bots against each other, seats rotated, and rank them."""
    levels = [b for b in bots.split(",") if b.strip()]

    def run(progress: ProgressFn | None) -> Results:
        return run_tournament(
            game,
            levels,
            matches=matches,
            deals=deals,
            seed=seed,
            workers=workers,
            players=players,
            options=parse_options(option or []),
            backend=backend,
            progress=progress,
        )

    try:
        if as_json:
            results = run(None)
        else:
            with Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=errors,
            ) as bar:
                task = bar.add_task("games", total=None)
                results = run(lambda done, total: bar.update(task, completed=done, total=total))
    except CardtableError as e:
        errors.print(f"[red]error:[/red] {e}")
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(results.to_json()))
    else:
        console.print(results_table(results))


def results_table(r: Results) -> Table:
    """Per bot: games, wins, win rate with its 95% interval, points per hand, Elo."""
    unit = "deals" if r.mode == "deals" else "matches"
    table = Table(title=f"{r.title}, {r.players} players: {r.groups * _unit_size(r)} {unit}")
    table.add_column("bot")
    numbers = ["games", "wins", "ties"] if r.mode == "deals" else ["games", "wins"]
    for name in [*numbers, "win rate", "95% CI", "points/hand", "Elo"]:
        table.add_column(name, justify="right", no_wrap=True)
    for b in sorted(r.bots, key=lambda b: -b.elo):
        row = [b.name, str(b.games), str(b.wins)]
        if r.mode == "deals":
            row.append(str(b.ties))
        row += [
            f"{b.win_rate:.1%}",
            f"{b.ci_low:.1%}–{b.ci_high:.1%}",
            f"{b.points_per_hand:.2f}",
            f"{b.elo:.0f}",
        ]
        table.add_row(*row)
    table.caption = _caption(r)
    return table


def _unit_size(r: Results) -> int:
    """Games per counted unit: a deal counts once for its whole group of tables."""
    return 1 if r.mode == "deals" else r.per_group


def _caption(r: Results) -> str:
    notes = [f"seed {r.seed}; seats rotate over {r.per_group} tables per deal"]
    if r.mode == "deals":
        notes.append("a deal is won on points over its tables; win rate of decided deals")
    elif len(r.games) != r.requested:
        notes.append(f"{r.requested} matches asked, {len(r.games)} played to complete the rotation")
    return "\n".join(notes)
