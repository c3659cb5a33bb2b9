"""The optional extras (``pyproject.toml``) and the one error every optional module raises when
its extra is missing: it names the extra and the command that installs it, from an index or a
wheel (``pip install "cardtable[research]"``) and from a clone (``pip install ".[research]"``).

Examples:
    >>> print(install_command("research"))
    pip install "cardtable[research]" (from a clone of cardtable: pip install ".[research]")
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
    """The commands that add ``extra``: from an index or a wheel, and from a clone."""
    return f'pip install "cardtable[{extra}]" (from a clone of cardtable: pip install ".[{extra}]")'


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
