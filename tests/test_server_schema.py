"""The store's schema comes from the Alembic migrations, on SQLite and PostgreSQL alike: they
build what the models describe, adopt a database made before them, run from
``cardtable db upgrade``, and refuse a database from a newer version."""

from __future__ import annotations

import multiprocessing

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select, text
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from cardtable.cli.main import app as cli
from cardtable.cli.text import catalogue
from cardtable.core.cards import cards_str
from cardtable.core.match import Match
from cardtable.server import schema
from cardtable.server.store import (
    OPEN,
    ActionRow,
    Base,
    HandRow,
    SeatRow,
    Store,
    TableRow,
    make_engine,
    now,
    token_hash,
)
from tests.support import databases

from .test_server_helpers import TOY, connect, make_app


def revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return schema.current(conn)


def test_the_migrations_build_what_the_models_describe(db_url: str) -> None:
    """Fails when a model changes without a revision (the way to add one: migrations/README.md)."""
    store = Store(db_url)
    try:
        assert revision(store.engine) == schema.head()
        with store.engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
    finally:
        store.close()


def test_a_database_made_before_migrations_is_adopted_with_its_tables(db_url: str) -> None:
    """A database made by ``create_all`` (as the store did before migrations), with a table
    waiting for its player: stamped at the first revision, its table loads and plays on."""
    engine = make_engine(db_url)
    Base.metadata.create_all(engine)
    m = Match(TOY, seed=5, target=50)
    with Session(engine) as s, s.begin():
        at = now()
        s.add(TableRow(id="oldtable", game=TOY, players=2, options=dict(m.rules.options), seed=5,
                       first_dealer=m.first_dealer, status=OPEN, version=0, hand_number=1,
                       scores=m.scores, winner=None, created_at=at, updated_at=at))  # fmt: skip
        s.flush()
        s.add(SeatRow(table_id="oldtable", seat=0, kind="human", token_hash=token_hash("tok")))
        s.add(SeatRow(table_id="oldtable", seat=1, kind="random", token_hash=None))
        s.add(HandRow(table_id="oldtable", number=1, dealer=m.dealer,
                      deck=cards_str(m.hands[0].deck, sort=False)))  # fmt: skip
    assert revision(engine) is None
    with TestClient(make_app(db_url)) as client, connect(client) as me:
        assert me.hello("oldtable", "tok")["seat"] == 0
        state = me.my_turn()
        action = state["view"]["legal_actions"][0]
        me.play(action)
        version = me.expect("ack")["version"]
        assert version == state["version"] + 1
    assert revision(engine) == schema.head()
    with engine.connect() as conn:
        played = select(ActionRow.text).where(ActionRow.number == version)
        assert conn.scalar(played) == action
    engine.dispose()


TAGALOG = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": "fil_PH.UTF-8"}


def test_db_upgrade_creates_then_leaves_alone_then_refuses_an_unknown_revision(
    db_url: str,
) -> None:
    runner = CliRunner()
    first = runner.invoke(cli, ["db", "upgrade", "--db", db_url])
    assert first.exit_code == 0, first.output
    assert f"upgraded from an empty database to {schema.head()}" in first.output
    again = runner.invoke(cli, ["db", "upgrade", "--db", db_url])
    assert again.exit_code == 0 and "already at the newest revision" in again.output
    punjabi = runner.invoke(cli, ["--lang", "pa", "db", "upgrade", "--db", db_url])
    said = catalogue("pa")["term.op.db_up_to_date"].format(after=schema.head())
    assert punjabi.exit_code == 0 and said in punjabi.output, punjabi.output
    engine = make_engine(db_url)
    with engine.begin() as conn:  # as a newer version would leave it
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    newer = runner.invoke(cli, ["db", "upgrade", "--db", db_url])
    assert newer.exit_code == 1
    assert "revision '9999', which this version" in " ".join(newer.output.split())
    tagalog = runner.invoke(cli, ["db", "upgrade", "--db", db_url], env=TAGALOG)
    refused = catalogue("tl")["term.op.unknown_revision"]
    assert refused.format(revision="9999", head=schema.head()) in " ".join(tagalog.output.split())
    with pytest.raises(schema.SchemaError, match="made by a newer version"):
        Store(db_url)  # the server does not start on it either
    with engine.connect() as conn:  # and nothing was changed
        assert conn.scalar(text("SELECT version_num FROM alembic_version")) == "9999"
    engine.dispose()


def test_db_upgrade_says_why_it_cannot_reach_a_database() -> None:
    result = CliRunner().invoke(
        cli, ["db", "upgrade", "--db", "postgresql://someone:secret@127.0.0.1:1/cards"]
    )
    assert result.exit_code == 1
    assert "cannot migrate postgresql://someone:***@127.0.0.1:1/cards" in result.output
    assert "secret" not in result.output


def upgrade_in_turn(url: str) -> str:
    engine = make_engine(url)
    try:
        return schema.upgrade(engine).describe()
    finally:
        engine.dispose()


def test_servers_starting_together_on_postgresql_migrate_once() -> None:
    """The advisory lock: three processes migrating one empty database at the same moment;
    one creates the tables, the others wait for it and find them there."""
    with (
        databases.postgres_database() as url,
        multiprocessing.get_context("fork").Pool(3) as pool,  # forked: nothing to import again
    ):
        said = pool.map_async(upgrade_in_turn, [url] * 3).get(timeout=60)
    assert sorted("from an empty database" in s for s in said) == [False, False, True], said


def test_a_missing_postgresql_skips_locally_and_fails_when_required(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    nowhere = "postgresql://postgres@127.0.0.1:1/postgres"
    monkeypatch.delenv("CARDTABLE_REQUIRE_POSTGRES", raising=False)
    with pytest.raises(pytest.skip.Exception, match="CARDTABLE_REQUIRE_POSTGRES=1"):
        databases.admin_connection(nowhere)
    monkeypatch.setenv("CARDTABLE_REQUIRE_POSTGRES", "1")
    with pytest.raises(pytest.fail.Exception, match="it must be"):
        databases.admin_connection(nowhere)
