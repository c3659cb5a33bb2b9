"""Alembic runs this file for every migration command. ``cardtable.server.schema`` hands it an
open connection (``config.attributes["connection"]``): no alembic.ini, no URL of its own."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from cardtable.server import people_rows  # noqa: F401  (its tables join Base's metadata)
from cardtable.server.store import Base


def run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        # SQLite cannot ALTER most things: later revisions rebuild its tables in batches.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


# Only Alembic's commands set ``context.config``; importing this module elsewhere runs nothing.
_config = getattr(context, "config", None)
if _config is not None:
    run(_config.attributes["connection"])
