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

import ast
import hashlib
import json
import os
import re
import sys
from pathlib import Path

from setuptools import Extension, setup

#: The modules compiled: ``Match`` (its bookkeeping is a fifth of a random playout's cost in
#: Buck Euchre), Buck Euchre's engine (its states are compiled classes too), and the Royal
#: Casino and rummy move generators, ``apply`` and scoring. Modules whose classes are made
#: through ``cardtable.core.frozen`` (states, plays) stay Python: a compiled class cannot
#: change an object's ``__class__``.
COMPILED = [
    "cardtable/core/match.py",
    "cardtable/games/buck_euchre/cards.py",
    "cardtable/games/buck_euchre/engine.py",
    "cardtable/games/buck_euchre/rules.py",
    "cardtable/games/buck_euchre/scoring.py",
    "cardtable/games/buck_euchre/state.py",
    "cardtable/games/royal_casino/checks.py",
    "cardtable/games/royal_casino/groups.py",
    "cardtable/games/royal_casino/interned.py",
    "cardtable/games/royal_casino/memo.py",
    "cardtable/games/royal_casino/moves.py",
    "cardtable/games/royal_casino/rules.py",
    "cardtable/games/royal_casino/scoring.py",
    "cardtable/games/royal_casino/table.py",
    "cardtable/games/royal_casino/texts.py",
    "cardtable/games/royal_casino/values.py",
    "cardtable/games/rummy/engine.py",
    "cardtable/games/rummy/finishing.py",
    "cardtable/games/rummy/hands.py",
    "cardtable/games/rummy/listing.py",
    "cardtable/games/rummy/melds.py",
    "cardtable/games/rummy/queen_city_rum.py",
    "cardtable/games/rummy/rummy_500.py",
    "cardtable/games/rummy/scoring.py",
    "cardtable/games/rummy/seen.py",
    "cardtable/games/rummy/shapes.py",
    "cardtable/games/rummy/state.py",
]
#: The packages above; each is compiled into a shared library of its own.
FAMILIES = ("core", "buck_euchre", "royal_casino", "rummy")

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
    add_docstrings(extensions)
    stamp_sources()
    for extension in extensions:
        extension.optional = True  # no C compiler: a warning, and the plain modules are used
    return extensions


def source_docstrings() -> dict[str, str]:
    """Every docstring of the compiled sources, by the C name mypyc gives what it documents:
    ``CPyPy_<module>___<function>`` and ``CPyPy_<module>___<Class>___<method>`` (the functions),
    ``CPyType_<module>___<Class>_template_`` (the classes), ``<module>___<Class>_get_<name>``
    (the properties); the module's dots become ``___``."""
    docs: dict[str, str] = {}
    for path in COMPILED:
        module = path.removesuffix(".py").replace("/", "___")
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if (doc := ast.get_docstring(node, clean=False)) is not None:
                    docs[f"CPyPy_{module}___{node.name}"] = doc
            elif isinstance(node, ast.ClassDef):
                if (doc := ast.get_docstring(node, clean=False)) is not None:
                    docs[f"CPyType_{module}___{node.name}_template_"] = doc
                for item in node.body:
                    if not isinstance(item, ast.FunctionDef):
                        continue
                    doc = ast.get_docstring(item, clean=False)
                    if doc is None:
                        continue
                    decorators = [ast.unparse(d) for d in item.decorator_list]
                    if decorators == ["property"]:
                        docs[f"{module}___{node.name}_get_{item.name}"] = doc
                    else:
                        docs[f"CPyPy_{module}___{node.name}___{item.name}"] = doc
    return docs


def c_text(text: str) -> str:
    """``text`` inside a C string literal: printable ASCII as it is, every other byte (UTF-8)
    as an octal escape, so no quote, backslash, trigraph or newline can end it early."""
    plain = set(range(0x20, 0x7F)) - {ord("\\"), ord('"'), ord("?")}
    return "".join(chr(b) if b in plain else f"\\{b:03o}" for b in text.encode("utf-8"))


#: mypyc's C for a function's entry in a method table, a class's type and a property's getter.
_SIGNATURE_END = r'PyDoc_STR\("[^"]*?\\n--\\n\\n)"'  # the text signature, then its doc
_FUNCTION_DOC = re.compile(r"(\(PyCFunction\)(CPyPy_\w+),\s*[A-Z_ |]+,\s*" + _SIGNATURE_END)
_CLASS_DOC = re.compile(
    r"(static PyTypeObject (CPyType_\w+_template_) = \{[^}]*?\.tp_doc = " + _SIGNATURE_END
)
_GETTER_DOC = re.compile(r"(\(getter\)(\w+),\s*NULL, )NULL(, NULL\})")


def add_docstrings(extensions: list[Extension]) -> None:
    """mypyc keeps a compiled function's text signature (``play($self, action)``) and drops its
    docstring, so ``help()`` of a compiled class said nothing: write each docstring of the
    source after the signature in the generated C (and as each property's doc), before the C
    compiler reads it. Nothing changes at run time; the code is the same."""
    docs = source_docstrings()
    for extension in extensions:
        for source in extension.sources:
            if not source.endswith(".c"):
                continue
            path = Path(source)
            code = path.read_text(encoding="utf-8")
            code = _FUNCTION_DOC.sub(lambda m: _with_doc(m, docs), code)
            code = _CLASS_DOC.sub(lambda m: _with_doc(m, docs), code)
            code = _GETTER_DOC.sub(
                lambda m: (
                    f'{m.group(1)}PyDoc_STR("{c_text(docs[m.group(2)])}"){m.group(3)}'
                    if m.group(2) in docs
                    else m.group(0)
                ),
                code,
            )
            path.write_text(code, encoding="utf-8")


def _with_doc(match: re.Match[str], docs: dict[str, str]) -> str:
    doc = docs.get(match.group(2))
    return match.group(0) if doc is None else f'{match.group(1)}{c_text(doc)}"'


def stamp_sources() -> None:
    """Record what is being compiled (``STAMP``); ``tests/test_compiled.py`` compares it."""
    digests = {path: hashlib.sha256(Path(path).read_bytes()).hexdigest() for path in COMPILED}
    STAMP.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")


setup(
    ext_modules=compiled_extensions(),
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
