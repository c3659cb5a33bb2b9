"""``cardtable replay``: step through a saved match, as one seat saw it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from cardtable.cli import render
from cardtable.core.errors import CardtableError
from cardtable.core.match import Match


def replay(
    record: Annotated[Path, typer.Argument(help="a record saved by play, save or the card room")],
    seat: Annotated[int, typer.Option(help="whose view to show")] = 0,
    auto: Annotated[bool, typer.Option(help="print every step without waiting")] = False,
    letters: Annotated[bool, typer.Option(help="suit letters instead of symbols")] = False,
) -> None:
    """Step through a recorded match: Enter for the next action, b for back, q to stop."""
    console = Console(highlight=False)
    try:
        data = json.loads(record.read_text())
        full = Match.from_record(data)
    except (OSError, json.JSONDecodeError, CardtableError) as e:
        console.print(f"[red]error:[/red] cannot replay {record}: {e}")
        raise typer.Exit(2) from None
    if not 0 <= seat < full.players:
        console.print(f"[red]error:[/red] seat must be from 0 to {full.players - 1}")
        raise typer.Exit(2)
    letters = letters or bool(os.environ.get("NO_COLOR"))
    seats = full.action_seats()
    texts = [a for h in full.hands for a in h.actions]
    step = 0
    m = Match.from_record(data, upto=0)
    while True:
        view = m.view(seat)
        if step:
            who = render.seat_name(seats[step - 1], seat)
            console.print(f"[bold]{step}/{len(texts)} {who}[/bold]: {texts[step - 1]}")
        console.print(render.table(view, letters))
        if view["last_hand"] and (step == len(texts) or m.hand_number != _hand_at(full, step + 1)):
            console.print(render.hand_over(view))
        if step == len(texts):
            if m.is_over:
                console.print(render.match_over(view, letters))
            console.print("End of the record.")
            return
        if not auto:
            key = input("[Enter] next, b back, q quit> ").strip().lower()
            if key == "q":
                return
            if key == "b":
                step = max(0, step - 1)
                m = Match.from_record(data, upto=step)
                continue
        m.play(texts[step])
        step += 1


def _hand_at(m: Match, action_number: int) -> int:
    """The hand number in which the given (1-based) action was played."""
    seen = 0
    for number, hand in enumerate(m.hands, 1):
        seen += len(hand.actions)
        if action_number <= seen:
            return number
    return m.hand_number
