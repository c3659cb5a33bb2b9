"""``cardtable --version``: the version written in ``cardtable/__init__.py``."""

from __future__ import annotations

from typing import Annotated

import typer

import cardtable


def _show(value: bool) -> None:
    if value:
        print(f"cardtable {cardtable.__version__}")
        raise typer.Exit()


def version_option(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show, is_eager=True, help="print the version and stop"),
    ] = False,
) -> None:
    """Exact rules and a card room for four traditional card games."""
