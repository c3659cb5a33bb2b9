"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .databases import BACKENDS, postgres_database


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database for the card room: the test runs once on SQLite and once on
    PostgreSQL (``tests/databases.py``)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'room.db'}"
    else:
        with postgres_database() as url:
            yield url
