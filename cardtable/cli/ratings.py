"""``cardtable ratings rebuild``: rate every club's games again from the stored results.

The room updates a club's ratings when one of its matches ends; this command recomputes all
of them from the results (first storing any finished club match's result that is missing) and
writes the same numbers the room would have (docs/clubs.md).
"""

from __future__ import annotations

from typing import Annotated

import typer

from cardtable.cli.text import error, error_console, t
from cardtable.cli.usage import Command, Group
from cardtable.server.config import DEFAULT_DB

ratings_app = typer.Typer(
    cls=Group,
    help="The clubs' standings: OpenSkill ratings from the stored results.",
    no_args_is_help=True,
    add_completion=False,
)


@ratings_app.command(cls=Command)
def rebuild(
    db: Annotated[
        str, typer.Option(help="database URL: a SQLite file, or postgresql://user@host/name")
    ] = DEFAULT_DB,
) -> None:
    """Recompute every club's ratings from its stored match results."""
    try:
        from cardtable.server import clubs
        from cardtable.server.store import Store
    except ModuleNotFoundError as e:
        raise typer.BadParameter(t("term.op.ratings_extra", module=str(e.name))) from None
    try:
        store = Store(db)
    except Exception as e:
        reason = f"{type(e).__name__}: {e}"
        error(
            error_console(),
            t("term.op.db_cannot_open", reason=reason),
        )
        raise typer.Exit(1) from None
    try:
        added = clubs.backfill(store)
        written = clubs.rebuild(store.engine)
    finally:
        store.close()
    typer.echo(t("term.op.ratings_rebuilt", added=added, written=written))
