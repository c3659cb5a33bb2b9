"""The databases the store and server tests run on: a SQLite file in the test's directory, and
a PostgreSQL database of the test's own, created on the server named by
``CARDTABLE_TEST_POSTGRES`` (default: the local one) and dropped afterwards.

Without a reachable PostgreSQL the PostgreSQL runs are skipped, saying why; with
``CARDTABLE_REQUIRE_POSTGRES=1`` (as CI sets it) they fail instead, so a missing server can
never pass for a tested one.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy.engine import make_url

ADMIN_URL = os.environ.get(
    "CARDTABLE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres"
)
BACKENDS = ("sqlite", "postgresql")


def admin_connection(url: str = ADMIN_URL) -> Any:
    """An autocommit psycopg connection to the server's maintenance database, or a skip (a
    failure when PostgreSQL is required)."""
    required = os.environ.get("CARDTABLE_REQUIRE_POSTGRES") == "1"
    try:
        import psycopg

        return psycopg.connect(url, autocommit=True, connect_timeout=5)
    except Exception as e:  # no driver, no server, refused…
        shown = make_url(url).render_as_string(hide_password=True)
        reason = f"PostgreSQL at {shown} is not usable: {type(e).__name__}: {e}".strip()
        if required:
            pytest.fail(f"{reason} (CARDTABLE_REQUIRE_POSTGRES=1: it must be)", pytrace=False)
        pytest.skip(f"{reason}; set CARDTABLE_REQUIRE_POSTGRES=1 to make this a failure")


@contextmanager
def postgres_database() -> Iterator[str]:
    """The URL of a new, empty database with a name no other test or worker uses; dropped
    (whoever is still connected) on exit."""
    from psycopg import sql

    admin = admin_connection()
    name = f"cardtable_test_{os.getpid()}_{secrets.token_hex(6)}"
    try:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        try:
            yield make_url(ADMIN_URL).set(database=name).render_as_string(hide_password=False)
        finally:
            admin.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
    finally:
        admin.close()


REDIS_URL = os.environ.get("CARDTABLE_TEST_REDIS", "redis://127.0.0.1:6379/0")


def redis_url() -> str:
    """The Redis the bus tests use, or a skip (a failure with ``CARDTABLE_REQUIRE_REDIS=1``)."""
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=5).ping()
    except Exception as e:
        reason = f"Redis at {REDIS_URL} is not usable: {type(e).__name__}: {e}"
        if os.environ.get("CARDTABLE_REQUIRE_REDIS") == "1":
            pytest.fail(f"{reason} (CARDTABLE_REQUIRE_REDIS=1: it must be)", pytrace=False)
        pytest.skip(f"{reason}; set CARDTABLE_REQUIRE_REDIS=1 to make this a failure")
    return REDIS_URL
