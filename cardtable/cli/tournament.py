"""``cardtable tournament``: bots against bots over many seeded games, with a results table."""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from cardtable.bots import is_outside
from cardtable.bots.stats import parse_sprt
from cardtable.bots.tournament import BACKENDS, Results, SprtOutcome, run_tournament
from cardtable.bots.tournament import Progress as ProgressFn
from cardtable.cli.options import GameArgument, parse_options
from cardtable.cli.progress import progress
from cardtable.cli.text import error, game_name, t
from cardtable.core.errors import CardtableError

console = Console()
errors = Console(stderr=True)


def tournament(
    game: GameArgument,
    bots: Annotated[
        str,
        typer.Option(
            help="bots separated by commas: levels (cardtable bots), or factories by import "
            "path, e.g. expert,search:hard,mybot:make_bot"
        ),
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
    sprt: Annotated[
        str | None,
        typer.Option(
            help="test the first bot sequentially and stop once decided: elo0=0,elo1=35 or "
            "p0=0.5,p1=0.55, optionally alpha=0.05,beta=0.05 (--deals/--matches: the most)"
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the results as JSON")] = False,
) -> None:
    """Play bots against each other, seats rotated, and rank them."""
    levels = [b for b in bots.split(",") if b.strip()]
    if any(is_outside(b) for b in levels) and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # a bot module beside the command, as python -m finds
    try:
        test = None if sprt is None else parse_sprt(sprt)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--sprt") from None

    def run(step: ProgressFn | None) -> Results:
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
            progress=step,
            sprt=test,
        )

    try:
        if as_json:
            results = run(None)
        else:
            with progress(errors, t("term.progress.games")) as step:
                results = run(step)
    except CardtableError as e:
        error(errors, str(e))
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(results.to_json()))
    else:
        console.print(results_table(results))


def results_table(r: Results) -> Table:
    """Per bot: games, wins, win rate with its 95% interval, points per hand, Elo, in the
    terminal's language. It fits 80 columns with every bot's whole name
    (``openspiel-ismcts:1000``): light rules, and headings that wrap onto two lines, never a
    name or a figure cut."""
    title = game_name(r.game, r.title)
    table = Table(
        title=t(
            f"term.tour.title.{r.mode}", game=title, players=r.players, n=r.groups * _unit_size(r)
        ),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    numbers = ["games", "wins", "ties"] if r.mode == "deals" else ["games", "wins"]
    rows = []
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
        rows.append(row)
    names = ["bot", *numbers, "win_rate", "ci", "points"]
    for i, name in enumerate([*(t(f"term.tour.{n}") for n in names), "Elo"]):
        table.add_column(name, justify="left" if i == 0 else "right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    table.caption = _caption(r)
    return table


def _unit_size(r: Results) -> int:
    """Games per counted unit: a deal counts once for its whole group of tables."""
    return 1 if r.mode == "deals" else r.per_group


def _caption(r: Results) -> str:
    notes = [t("term.tour.seed", seed=r.seed, tables=r.per_group)]
    if r.mode == "deals":
        notes.append(t("term.tour.deals_note"))
    elif len(r.games) != r.requested and r.sprt is None:
        notes.append(t("term.tour.rotation", asked=r.requested, played=len(r.games)))
    if r.sprt is not None:
        notes.append(sprt_line(r.sprt))
    return "\n".join(notes)


def sprt_line(o: SprtOutcome) -> str:
    """Where the sequential test stopped, in one line (H0, H1, LLR and SPRT are notation)."""
    low, high = o.test.bounds
    verdict = (
        t("term.tour.accepted", hypothesis=o.verdict) if o.verdict else t("term.tour.undecided")
    )
    return t(
        "term.tour.sprt",
        test=o.test.describe(),
        verdict=verdict,
        wins=o.wins,
        losses=o.losses,
        llr=f"{o.llr:.2f}",
        low=f"{low:.2f}",
        high=f"{high:.2f}",
    )
