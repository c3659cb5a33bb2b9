"""The room's database for the host's commands (``backup``, ``tables``): the ``--db`` option,
read from ``CARDTABLE_DB`` as ``serve`` reads it, and a store opened only on a database that
exists (a mistyped SQLite path must not create an empty one)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cardtable.cli.text import t
from cardtable.core.extras import MissingExtraError, require
from cardtable.server.config import DEFAULT_DB

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

    from cardtable.server.store import Store

DbOption = Annotated[
    str,
    typer.Option(
        envvar="CARDTABLE_DB", help="the room's database URL (as given to cardtable serve)"
    ),
]
DEFAULT = DEFAULT_DB


def parse(db: str) -> URL:
    """The SQLAlchemy URL of ``db``, or a clear error."""
    try:
        require("server", "the database")
        from cardtable.server.store import engine_url
    except MissingExtraError as e:
        raise typer.BadParameter(str(e)) from None
    try:
        return engine_url(db)
    except Exception as e:
        raise typer.BadParameter(str(e), param_hint="--db") from None


def sqlite_file(url: URL) -> Path:
    """The file of a SQLite URL; it must exist."""
    name = url.database
    if not name or name == ":memory:":
        raise typer.BadParameter(t("term.op.db_memory"), param_hint="--db")
    path = Path(name)
    if not path.is_file():
        raise typer.BadParameter(t("term.op.db_missing", path=str(path)), param_hint="--db")
    return path


def open_store(db: str) -> Store:
    """The room's store; for SQLite, only if the file is there."""
    url = parse(db)
    if url.get_backend_name() == "sqlite":
        sqlite_file(url)
    from cardtable.server.store import Store

    try:
        return Store(db)
    except Exception as e:
        raise typer.BadParameter(
            t("term.op.db_cannot_open", reason=str(e)), param_hint="--db"
        ) from None
