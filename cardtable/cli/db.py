"""``cardtable db upgrade``: bring a card room's database to this version's schema.

``cardtable serve`` does the same on start; this command lets a deployment migrate first (one
step before new servers start) and tells what it did.
"""

from __future__ import annotations

from typing import Annotated

import typer

from cardtable.cli.text import error, error_console, t
from cardtable.cli.usage import Command, Group
from cardtable.core.extras import MissingExtraError, require
from cardtable.server.config import DEFAULT_DB

db_app = typer.Typer(
    cls=Group,
    help="The card room's database: its schema (migrations).",
    no_args_is_help=True,
    add_completion=False,
)


@db_app.command(cls=Command)
def upgrade(
    db: Annotated[
        str,
        typer.Option(
            help="database: a SQLite file (a path, or sqlite:///PATH), or postgresql://user@host/name"
        ),
    ] = DEFAULT_DB,
) -> None:
    """Create the tables or migrate them to the newest revision (a no-op when up to date)."""
    try:
        require("server", "the database")
        from sqlalchemy.engine import make_url

        from cardtable.server.schema import SchemaError, upgrade
        from cardtable.server.store import engine_url, make_engine
    except MissingExtraError as e:
        raise typer.BadParameter(str(e)) from None
    try:
        engine = make_engine(db)
    except Exception as e:
        raise typer.BadParameter(str(e), param_hint="--db") from None
    given = make_url(db) if "://" in db else engine_url(db)  # as typed, or the file's URL
    shown = given.render_as_string(hide_password=True)
    try:
        done = upgrade(engine)
    except SchemaError as e:
        error(error_console(), f"{shown}: {t(e.key, **e.params)}")
        raise typer.Exit(1) from None
    except Exception as e:  # the server is unreachable, refuses us, the file cannot be made…
        reason = f"{type(e).__name__}: {e}"
        error(
            error_console(),
            t("term.op.cannot_migrate", db=shown, reason=reason),
        )
        raise typer.Exit(1) from None
    finally:
        engine.dispose()
    key, params = done.message()
    typer.echo(f"{shown}: {t(key, **params)}")
