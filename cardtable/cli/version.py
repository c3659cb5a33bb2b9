"""The options of ``cardtable`` itself: ``--version`` (the version written in
``cardtable/__init__.py``) and ``--lang``, the language of every command's messages."""

from __future__ import annotations

from typing import Annotated

import typer

import cardtable
from cardtable.cli.text import LANGUAGES, t


def _show(value: bool) -> None:
    if value:
        print(f"cardtable {cardtable.__version__}")
        raise typer.Exit()


def _known(lang: str | None) -> str | None:
    """The language asked for, already set by the app's group (usage.py); one we do not speak
    is refused, as ``play --lang`` refuses it."""
    if lang is not None and lang not in LANGUAGES:
        raise typer.BadParameter(t("term.op.one_of", value=lang, choices=", ".join(LANGUAGES)))
    return lang


def app_options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show, is_eager=True, help="print the version and stop"),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            callback=_known,
            help="language of every command: en, pa (Punjabi) or tl (Tagalog); by default the "
            "terminal's (LANG)",
        ),
    ] = None,
) -> None:
    """Exact rules and a card room for four traditional card games."""
