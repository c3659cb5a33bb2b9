"""The store's schema, kept by the Alembic migrations shipped in ``migrations/``.

The same revisions build SQLite and PostgreSQL databases. ``upgrade`` runs on every start of
the store and from ``cardtable db upgrade``; it does nothing to a database already at the
newest revision. A database made before migrations existed (by ``create_all``) has the tables
of the first revision and no ``alembic_version``: it is stamped at that revision, then
upgraded like any other, and keeps every row.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, inspect, text
from sqlalchemy.engine import Connection

MIGRATIONS = Path(__file__).with_name("migrations")
FIRST = "0001"  # the schema every database made by create_all has
ADOPTED_TABLE = "card_tables"  # present in such a database
LOCK_KEY = 0x6361_7264  # PostgreSQL advisory lock: processes starting together migrate in turn


class SchemaError(Exception):
    """The database is at a revision this version does not know: made by a newer version.
    ``key`` and ``params`` say it in a person's language, as the engine's reasons do."""

    key = "term.op.unknown_revision"

    def __init__(self, revision: str) -> None:
        self.params = {"revision": revision, "head": head()}
        super().__init__(
            f"the database is at schema revision {revision!r}, which this version of cardtable "
            f"does not know (it knows up to {head()!r}): was it made by a newer version?"
        )


@dataclass(frozen=True, slots=True)
class Upgrade:
    """What ``upgrade`` did: the revision before (None: empty database) and after."""

    before: str | None
    after: str
    adopted: bool  # a database made before migrations, stamped at FIRST

    def describe(self) -> str:
        """In English, for the room's log."""
        if self.adopted:
            return f"adopted a database made before migrations at {FIRST}, now at {self.after}"
        if self.before == self.after:
            return f"already at the newest revision, {self.after}"
        return f"upgraded from {self.before or 'an empty database'} to {self.after}"

    def message(self) -> tuple[str, dict[str, str]]:
        """The same as a catalogue key and its parameters, for the terminal."""
        if self.adopted:
            return "term.op.db_adopted", {"first": FIRST, "after": self.after}
        if self.before == self.after:
            return "term.op.db_up_to_date", {"after": self.after}
        if self.before is None:
            return "term.op.db_created", {"after": self.after}
        return "term.op.db_upgraded", {"before": self.before, "after": self.after}


def alembic_config(connection: Connection) -> Config:
    """A configuration for Alembic's commands on this open connection (see ``env.py``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("file_template", "r%%(rev)s_%%(slug)s")  # a module name mypy accepts
    config.attributes["connection"] = connection
    return config


@cache
def _scripts() -> ScriptDirectory:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config)


def head() -> str:
    """The newest revision this version of cardtable knows."""
    newest = _scripts().get_current_head()
    assert newest is not None, "no migrations shipped"
    return newest


def current(connection: Connection) -> str | None:
    """The database's revision (None if it has none yet)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> Upgrade:
    """Bring the database to ``head()`` in one transaction (where the database allows DDL in
    one); raise SchemaError if it is at a revision this version does not know."""
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        before = current(conn)
        known = {script.revision for script in _scripts().walk_revisions()}
        if before is not None and before not in known:
            raise SchemaError(before)
        adopted = before is None and inspect(conn).has_table(ADOPTED_TABLE)
        if adopted:
            command.stamp(alembic_config(conn), FIRST)
        if current(conn) != head():
            command.upgrade(alembic_config(conn), "head")
        return Upgrade(before, head(), adopted)
