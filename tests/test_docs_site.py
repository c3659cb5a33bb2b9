"""The documentation site (``mkdocs.yml``: the guides in ``docs/`` and the API reference made
from the docstrings) builds with ``--strict``, so any warning (a broken link, an object the
reference names that does not exist, a page left out of the navigation) fails; and every
Python block of its pages runs. The docstrings' own examples, which the reference shows, run
as doctests (``--doctest-modules``); the shell blocks are commands to type, not run here."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def pages() -> list[Path]:
    return sorted((ROOT / "docs").rglob("*.md"))


def test_the_site_builds_without_a_warning(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    assert "WARNING" not in done.stderr, done.stderr[-4000:]
    reference = (tmp_path / "api" / "library" / "index.html").read_text()
    assert "from_record" in reference and "legal_actions" in reference  # from the docstrings


BLOCKS = [
    pytest.param(page, i, block, id=f"{page.relative_to(ROOT)}-{i}")
    for page in pages()
    for i, block in enumerate(BLOCK.findall(page.read_text(encoding="utf-8")))
]


@pytest.mark.parametrize(("page", "index", "block"), BLOCKS)
def test_every_python_block_of_the_site_runs(page: Path, index: int, block: str) -> None:
    if ">>>" in block:
        parser = doctest.DocTestParser()
        test = parser.get_doctest(block, {}, f"{page.name}[{index}]", str(page), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0
    else:
        exec(compile(block, f"{page.name}[{index}]", "exec"), {"__name__": "docs_block"})


def test_there_are_python_blocks_to_run() -> None:
    assert len(BLOCKS) >= 5
