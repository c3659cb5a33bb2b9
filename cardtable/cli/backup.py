"""``cardtable backup FILE``: a consistent copy of the room's SQLite database, taken while the
room runs (SQLite's online backup, which copies a snapshot page by page while others write).
PostgreSQL has its own tool for this; the command says how to use it."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Annotated

import typer

from cardtable.cli.database import DEFAULT, DbOption, parse, sqlite_file
from cardtable.cli.text import t


def backup(
    file: Annotated[Path, typer.Argument(help="the copy to write; it must not exist yet")],
    db: DbOption = DEFAULT,
) -> None:
    """Copy the room's database to FILE, safely while the room runs (docs/deploy.md)."""
    url = parse(db)
    if url.get_backend_name() != "sqlite":
        # the URL as pg_dump takes it: no driver name; the password from ~/.pgpass or a prompt
        from sqlalchemy.engine import URL

        plain = URL.create(
            url.get_backend_name(), url.username, None, url.host, url.port, url.database, url.query
        )
        typer.echo(t("term.op.backup_pg", file=str(file), url=plain.render_as_string()), err=True)
        raise typer.Exit(2)
    source = sqlite_file(url)
    if file.exists():
        raise typer.BadParameter(t("term.op.backup_exists", file=str(file)))
    if not file.parent.is_dir():
        raise typer.BadParameter(t("term.op.no_folder", folder=str(file.parent)))
    partial = file.with_name(f".{file.name}.partial")
    try:
        copy(source, partial)
        partial.replace(file)  # the copy appears whole, or not at all
    finally:
        partial.unlink(missing_ok=True)
    tables, actions = counts(file)
    said = {"tables": tables, "actions": actions, "source": str(source), "file": str(file)}
    typer.echo(t("term.op.backed_up", **said))


def copy(source: Path, target: Path) -> None:
    """SQLite's online backup of ``source`` into ``target``, then checked page by page."""
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)
        (verdict,) = dst.execute("PRAGMA integrity_check").fetchone()
    if verdict != "ok":
        raise typer.BadParameter(t("term.op.backup_bad", verdict=verdict))


def counts(file: Path) -> tuple[int, int]:
    """Tables and actions in a copy (0, 0 for a room that never stored a table)."""
    with closing(sqlite3.connect(file)) as conn:
        try:
            tables = conn.execute("SELECT count(*) FROM card_tables").fetchone()[0]
            actions = conn.execute("SELECT count(*) FROM card_actions").fetchone()[0]
        except sqlite3.OperationalError:
            return 0, 0
    return int(tables), int(actions)
