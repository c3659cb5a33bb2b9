"""``cardtable tables list|close``: the room's tables, for the person running it.

Both read and write the database directly. A running room keeps its live tables in memory, so
a table closed while the room runs plays on until the room restarts, and is then neither
rebuilt nor shown in the lobby; stop the room first to close one at once.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cardtable.cli.database import DEFAULT, DbOption, open_store
from cardtable.cli.text import count, t
from cardtable.cli.usage import Command, Group

tables = typer.Typer(
    cls=Group,
    help="The room's tables: list them, close one.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


COLUMNS = ("id", "game", "status", "hand", "actions", "people", "created")


@tables.command("list", cls=Command)
def list_tables(
    db: DbOption = DEFAULT,
    status: Annotated[
        str | None, typer.Option(help="only tables open, running, finished or closed")
    ] = None,
    limit: Annotated[int, typer.Option(min=1, help="at most this many, newest first")] = 50,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object a line")] = False,
) -> None:
    """The newest tables: id, game, status, hand, actions played, seats taken."""
    from cardtable.server.store import STATUSES

    if status is not None and status not in STATUSES:
        raise typer.BadParameter(
            t("term.op.one_of", value=repr(status), choices=", ".join(STATUSES)),
            param_hint="--status",
        )
    store = open_store(db)
    try:
        rows = store.list_tables(status, limit)
    finally:
        store.close()
    out = Table(title=count(len(rows), "term.op.tables"))
    for name in COLUMNS:  # the JSON's field names stay English: a program reads them
        out.add_column(t(f"term.op.column.{name}"))
    for row in rows:
        people = [s for s in row.seats if s.kind == "human"]
        fields = {
            "id": row.id,
            "game": row.game,
            "status": row.summary.status,
            "hand": row.summary.hand_number,
            "actions": row.summary.version,
            "people": f"{sum(s.claimed for s in people)}/{len(people)}",
            "created": row.created_at.isoformat(timespec="seconds"),
        }
        if as_json:
            print(json.dumps(fields))
        else:
            out.add_row(*(str(v) for v in fields.values()))
    if not as_json:
        console.print(out)


@tables.command(cls=Command)
def close(
    table_id: Annotated[
        str,
        typer.Argument(
            metavar="ID", help="the table's id (tables list); one starting with - goes after --"
        ),
    ],
    db: DbOption = DEFAULT,
) -> None:
    """Take a table out of play: no longer listed, joined or rebuilt (its log is kept)."""
    from cardtable.server.store import CLOSED, FINISHED

    store = open_store(db)
    try:
        before = store.close_table(table_id)
    finally:
        store.close()
    if before is None:
        raise typer.BadParameter(t("term.op.no_table", table=repr(table_id)), param_hint="ID")
    if before == CLOSED:
        typer.echo(t("term.op.closed_already", table=table_id))
        return
    typer.echo(
        t("term.op.closed_ended" if before == FINISHED else "term.op.closed", table=table_id)
    )
