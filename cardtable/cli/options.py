"""Game options given on the command line (``-o target=100``), shared by every command."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from cardtable.core.errors import OptionError
from cardtable.core.registry import listed_games

#: The game argument of every command that takes one; its help names the registry's games.
GameArgument = Annotated[str, typer.Argument(help=", ".join(listed_games()))]


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``-o target=100 -o sweeps=off`` → {"target": "100", "sweeps": "off"}; the game checks
    the values. A pair without ``=`` is an OptionError the terminal says in its language."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(
                f"option {pair!r} must look like name=value",
                key="option.error.pair",
                params={"pair": repr(pair)},
            )
        out[name.strip().replace("-", "_")] = value.strip()
    return out
