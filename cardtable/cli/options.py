"""Game options given on the command line (``-o target=100``), shared by every command."""

from __future__ import annotations

from typing import Any

import typer


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``-o target=100 -o sweeps=off`` → {"target": "100", "sweeps": "off"}; the game checks."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise typer.BadParameter(f"option {pair!r} must look like name=value")
        out[name.strip().replace("-", "_")] = value.strip()
    return out
