"""Collection: a module compiled by mypyc (setup.py) is imported from its extension, so pytest's
doctest collection would find its ``.py`` file and the imported module apart. None of the
compiled modules holds a doctest; they are left out of collection, and if one ever gains a
doctest, it is collected (and pytest says why it cannot be).

Every test, doctests included, must leave the standard streams open: pytest captures through
them, so one closed stream turns every later test of that worker into an error that names
nothing. The guard below fails the test that closed one, by name."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if collection_path.suffix != ".py":
        return None
    compiled = list(collection_path.parent.glob(collection_path.stem + ".*.so"))
    if compiled and ">>>" not in collection_path.read_text(encoding="utf-8"):
        return True
    return None


@pytest.fixture(autouse=True)
def _standard_streams_stay_open(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    closed = [name for name in ("stdout", "stderr") if getattr(sys, name).closed]
    if closed:
        pytest.fail(f"{request.node.nodeid} closed sys.{' and sys.'.join(closed)}")
