"""The optional extras (``pyproject.toml``) and the one error every optional module raises when
its extra is missing: it names the extra and the commands that install it. cardtable is not on
a package index: it is used from a clone, whose ``.venv`` run.sh made (``CARDTABLE_EXTRAS``
adds an extra's packages there without compiling the engines again), or from a wheel.

Examples:
    >>> print(install_command("research"))  # doctest: +NORMALIZE_WHITESPACE
    in a clone of cardtable, CARDTABLE_EXTRAS=research ./run.sh --version adds it to .venv
    (or .venv/bin/pip install -e ".[research]"); from a wheel,
    pip install "cardtable-VERSION-….whl[research]"
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

#: What each extra brings, by the module names imported (what ``require`` looks for).
EXTRAS: dict[str, tuple[str, ...]] = {
    "server": (
        "fastapi",
        "uvicorn",
        "sqlalchemy",
        "alembic",
        "markdown_it",
        "openskill",
        "webauthn",
        "segno",
        "cryptography",
    ),
    "postgres": ("psycopg",),
    "redis": ("redis",),
    "ray": ("ray",),
    "research": ("numpy", "gymnasium", "pettingzoo", "pyspiel"),
}


class MissingExtraError(ModuleNotFoundError):
    """``what`` needs ``extra``, and ``module`` (one of the extra's) is not installed; a
    ``ModuleNotFoundError``, as the bare import's would be."""

    def __init__(self, extra: str, module: str, what: str) -> None:
        self.extra = extra
        self.what = what
        super().__init__(missing_extra(extra, module, what), name=module)


def install_command(extra: str) -> str:
    """The commands that add ``extra``: in a clone (its ``.venv``, kept editable), from a wheel."""
    return (
        f"in a clone of cardtable, CARDTABLE_EXTRAS={extra} ./run.sh --version adds it to .venv"
        f' (or .venv/bin/pip install -e ".[{extra}]"); from a wheel,'
        f' pip install "cardtable-VERSION-….whl[{extra}]"'
    )


def missing_extra(extra: str, module: str, what: str) -> str:
    """The sentence said when ``module`` of ``extra`` is missing."""
    return f"{what} needs the {extra} extra ({module} is not installed): {install_command(extra)}"


def missing(extra: str) -> str | None:
    """The first of ``extra``'s modules that is not installed (None when all are), found
    without importing any."""
    for module in EXTRAS[extra]:
        if importlib.util.find_spec(module) is None:
            return module
    return None


def require(extra: str, what: str) -> None:
    """Raise ``MissingExtraError`` unless every module of ``extra`` is installed."""
    module = missing(extra)
    if module is not None:
        raise MissingExtraError(extra, module, what)


def import_extra(extra: str, module: str, what: str) -> ModuleType:
    """Import ``module``; a missing module of ``extra`` becomes ``MissingExtraError``."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        top = (e.name or module).split(".")[0]
        if top not in EXTRAS[extra]:
            raise
        raise MissingExtraError(extra, top, what) from None
