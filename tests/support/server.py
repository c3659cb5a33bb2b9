"""The real card room as a subprocess, for the tests that need a real server (the browser
tests, the crash test): ``cardtable serve`` on a free loopback port (``--port 0``), its address
read from the line it prints, and ready once ``/healthz`` answers."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import httpx2

ROOT = Path(__file__).parent.parent.parent


@contextmanager
def serving(
    db: Path | str,
    *options: str,
    env: dict[str, str] | None = None,
    stderr: int | IO[str] | None = None,
) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """The server on the database ``db`` (a SQLite file, or a URL) with these extra ``serve``
    options (and these extra environment variables; its stderr to ``stderr``, by default
    nowhere); yields the process and its base address, and stops the process (if still alive)
    afterwards."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    command = [sys.executable, "-m", "cardtable.cli.main", "serve", "--host", "127.0.0.1",
               "--port", "0", "--db", url, *options]  # fmt: skip
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL if stderr is None else stderr,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, f"no address printed: {line!r}"
        base = found.group(0).rstrip("/")
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx2.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not come up"
            time.sleep(0.05)
        yield proc, base
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()
