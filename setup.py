"""Build: the engines' hot modules compiled to C extensions with mypyc, when it can be done.

The project's metadata is in ``pyproject.toml``; this file only adds the compiled modules.
They are the same Python source (``mypy --strict`` clean), compiled by mypyc, which runs the
move generators and ``apply`` about twice as fast (``docs/performance.md``). Every extension
is optional: without a C compiler, or with ``CARDTABLE_PURE_PYTHON=1`` set at install time,
the build leaves them out and cardtable runs the same modules as plain Python. Setting
``CARDTABLE_PURE_PYTHON=1`` when running makes an installed copy import the plain modules
too (``cardtable/_pure.py``).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import Extension, setup

#: The modules compiled: ``Match`` (its bookkeeping is a fifth of a random playout's cost in
#: Buck Euchre), and the Royal Casino and rummy move generators, ``apply`` and scoring.
#: Modules whose classes are made through ``cardtable.core.frozen`` (states, plays) stay
#: Python: a compiled class cannot change an object's ``__class__``.
COMPILED = [
    "cardtable/core/match.py",
    "cardtable/games/royal_casino/checks.py",
    "cardtable/games/royal_casino/groups.py",
    "cardtable/games/royal_casino/memo.py",
    "cardtable/games/royal_casino/moves.py",
    "cardtable/games/royal_casino/rules.py",
    "cardtable/games/royal_casino/scoring.py",
    "cardtable/games/royal_casino/values.py",
    "cardtable/games/rummy/engine.py",
    "cardtable/games/rummy/finishing.py",
    "cardtable/games/rummy/hands.py",
    "cardtable/games/rummy/melds.py",
    "cardtable/games/rummy/queen_city_rum.py",
    "cardtable/games/rummy/rummy_500.py",
    "cardtable/games/rummy/scoring.py",
    "cardtable/games/rummy/seen.py",
    "cardtable/games/rummy/shapes.py",
]
#: The packages above; each is compiled into a shared library of its own.
FAMILIES = ("core", "royal_casino", "rummy")

#: Written at each compiling build: the SHA-256 of every compiled module's source, so a test
#: can tell a compiled module from one built of other source by content, not by file times.
STAMP = Path("cardtable") / "_compiled_sources.json"

#: Commands that only describe the project (its metadata, its source archive): pip runs them
#: before every build, and mypyc's analysis of the modules above would cost seconds each time.
DESCRIBING = {"egg_info", "dist_info", "sdist"}


def command() -> str:
    """The setup command asked for: the first argument that is not an option (``-q``)."""
    return next((arg for arg in sys.argv[1:] if not arg.startswith("-")), "")


def compiled_extensions() -> list[Extension]:
    if os.environ.get("CARDTABLE_PURE_PYTHON") or command() in DESCRIBING:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # built without mypy at hand: plain Python
        return []
    # One shared library per game family: the two are compiled side by side (build_ext's
    # ``parallel`` below), which halves the longest step of a first install on two cores.
    groups: list[tuple[list[str], str | None]] = [
        ([path for path in COMPILED if f"/{family}/" in path], f"cardtable_{family}")
        for family in FAMILIES
    ]
    extensions: list[Extension] = mypycify(COMPILED, opt_level="3", separate=groups)
    stamp_sources()
    for extension in extensions:
        extension.optional = True  # no C compiler: a warning, and the plain modules are used
    return extensions


def stamp_sources() -> None:
    """Record what is being compiled (``STAMP``); ``tests/test_compiled.py`` compares it."""
    digests = {path: hashlib.sha256(Path(path).read_bytes()).hexdigest() for path in COMPILED}
    STAMP.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")


setup(
    ext_modules=compiled_extensions(),
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
