"""How far a long command has got (a tournament's games, simulate's matches): a bar on a
terminal, and where the output is a file or a pipe a plain line as each tenth is done
("games 30/300"), never a bar's last frame glued to the results that follow."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from cardtable.bots.tournament import Progress as Step


@contextmanager
def progress(out: Console, label: str) -> Iterator[Step]:
    """A ``Step`` that shows on ``out`` how many of the ``label`` are done."""
    if not out.is_terminal:
        yield _tenths(out, label)
        return
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=out,
    ) as bar:
        task = bar.add_task(label, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def _tenths(out: Console, label: str) -> Step:
    said = [0]

    def note(done: int, total: int) -> None:
        if total and done * 10 // total > said[0]:
            said[0] = done * 10 // total
            out.print(f"{label} {done}/{total}", highlight=False)

    return note
