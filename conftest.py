"""Collection: a module compiled by mypyc (setup.py) is imported from its extension, so pytest's
doctest collection would find its ``.py`` file and the imported module apart. None of the
compiled modules holds a doctest; they are left out of collection, and if one ever gains a
doctest, it is collected (and pytest says why it cannot be).

Every test, doctests included, must leave the standard streams open: pytest captures through
them, so one closed stream turns every later test of that worker into an error that names
nothing. The hook below fails the test that closed one, by name, and lets the run go on."""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path
from tempfile import TemporaryFile
from typing import Any

import pytest
from _pytest.capture import EncodedFile


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if collection_path.suffix != ".py":
        return None
    compiled = list(collection_path.parent.glob(collection_path.stem + ".*.so"))
    if compiled and ">>>" not in collection_path.read_text(encoding="utf-8"):
        return True
    return None


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Innermost around each test's call, inside pytest's own capture: a test that closed a
    standard stream fails by name, and the capture gets a fresh file so the rest of the run
    goes on."""
    result = yield
    closed = [name for name in ("stdout", "stderr") if getattr(sys, name).closed]
    if closed:
        where = "".join(_closed_at.pop(id(getattr(sys, name)), "") for name in closed)
        _reopen_capture(item.config)
        pytest.fail(f"{item.nodeid} closed sys.{' and sys.'.join(closed)}\n{where}")
    return result


_closed_at: dict[int, str] = {}  # a capture file closed other than by pytest: the stack that did
_close = EncodedFile.close


def _close_noting_where(self: EncodedFile) -> None:
    caller = sys._getframe(1).f_code.co_filename
    if "_pytest" not in caller:
        _closed_at[id(self)] = "".join(traceback.format_stack()[-13:-1])
    _close(self)


EncodedFile.close = _close_noting_where  # type: ignore[method-assign,assignment]


def _reopen_capture(config: pytest.Config) -> None:
    """Give pytest's global capture a new file for each stream whose file was closed."""
    capturing = getattr(config.pluginmanager.getplugin("capturemanager"), "_global_capturing", None)
    for name, part in (("stdout", "out"), ("stderr", "err")):
        capture: Any = getattr(capturing, part, None)
        old = getattr(capture, "tmpfile", None)
        if capture is None or old is None or not old.closed:
            continue
        new = EncodedFile(
            TemporaryFile(buffering=0),  # noqa: SIM115 (pytest closes it when capture ends)
            encoding="utf-8",
            errors="replace",
            newline="",
            write_through=True,
        )
        capture.tmpfile = new
        if hasattr(capture, "syscapture"):
            capture.syscapture.tmpfile = new
        os.dup2(new.fileno(), capture.targetfd)
        setattr(sys, name, new)
