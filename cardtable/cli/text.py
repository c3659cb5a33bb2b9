"""The terminal's words: keyed messages in English, Punjabi and Tagalog, read from the
catalogue the card room serves to the browser (``server/static/i18n/*.json``). A key missing
from a language falls back to English; placeholders look like ``{name}``."""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files

from rich.console import Console

LANGUAGES = ("en", "pa", "tl")
_current = ["en"]


@cache
def catalogue(lang: str) -> dict[str, str]:
    """One language's messages."""
    path = files("cardtable") / "server" / "static" / "i18n" / f"{lang}.json"
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on (one of LANGUAGES; ValueError otherwise)."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    _current[0] = lang


def language() -> str:
    return _current[0]


def console(lang: str) -> Console:
    """The terminal for ``lang``. Rich measures Gurmukhi's spacing vowel signs as taking no
    column where terminals give them one, so Rich would break Punjabi lines late; in Punjabi
    the terminal wraps long lines itself."""
    return Console(highlight=False, soft_wrap=lang == "pa")


def t(key: str, **params: object) -> str:
    """The message ``key`` in the current language, placeholders filled."""
    text = catalogue(_current[0]).get(key)
    if text is None:
        text = catalogue("en")[key]  # KeyError: a message nobody wrote is a bug
    return text.format_map(params) if params else text


def has(key: str, *, plural: bool = False) -> bool:
    """Whether the catalogue has ``key`` (or, with ``plural``, its ``_one``/``_other`` forms)."""
    found = catalogue("en")
    return key in found or (plural and f"{key}_other" in found)


def count(n: int, key: str) -> str:
    """``1 trick``, ``2 tricks``: the key's ``.one`` or ``.many`` form with ``{n}``."""
    return t(f"{key}.{'one' if n == 1 else 'many'}", n=n)
