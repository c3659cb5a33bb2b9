"""``CARDTABLE_PURE_PYTHON=1``: import cardtable's plain Python modules, never its compiled ones.

An install may hold mypyc-compiled copies of the engines' hot modules beside their sources
(``setup.py``), and Python prefers a compiled module to its source. With the variable set,
this finder, placed first, hands out the source instead: for comparing the two (the bench
measures both), for tracebacks through the engine's own lines, and for checking a source
change without rebuilding.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, ModuleSpec, SourceFileLoader
from types import ModuleType

ENV = "CARDTABLE_PURE_PYTHON"


class SourceFirst(MetaPathFinder):
    """Finds ``cardtable.*`` modules among source files only."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not name.startswith("cardtable.") or not path:
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(name)
            if spec is not None:
                return spec
        return None


def install() -> None:
    """Put the source-only finder first, once, if ``CARDTABLE_PURE_PYTHON`` is set (run when
    this module is imported, which ``cardtable/__init__.py`` does first)."""
    if os.environ.get(ENV) and not any(isinstance(f, SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst())


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension."""
    return not (getattr(module, "__file__", None) or "").endswith(".py")


install()
