"""The terminal's words: keyed messages in English, Punjabi and Tagalog, read from the
catalogue the card room serves to the browser (``server/static/i18n/*.json``). A key missing
from a language falls back to English; placeholders look like ``{name}``."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from functools import cache
from importlib.resources import files

import rich._wrap
import rich.cells
from rich.console import Console
from rich.text import Text

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
    """The terminal for ``lang``: Rich wraps every line at spaces to the terminal's width,
    measuring Gurmukhi as terminals draw it (``_terminal_cell_size``), so a Punjabi line never
    breaks inside a syllable. Markup is off: every text is printed as it is, square brackets
    included (``cardtable[research]``, a file name); styles come from ``Text`` alone."""
    return Console(highlight=False, markup=False)


def error_console() -> Console:
    """The standard error, printed as ``console`` prints: for ``error`` lines."""
    return Console(stderr=True, highlight=False, markup=False)


def reason(e: Exception, inner: Callable[[Exception], str] | None = None) -> str:
    """What was wrong, in the person's language when the error carries a catalogue key
    (``OptionError``: an option, a player count, a game or a bot level; ``RecordError``); a
    game id as the game's name. An error that wraps another (a record's refused action) says
    the inner one's reason in its ``{reason}``, by ``inner`` (this function by default); where
    the inner one has no key, its English in English and "it cannot be read" otherwise.
    Otherwise the error's own English."""
    key = getattr(e, "key", None)
    if not isinstance(key, str) or not has(key):
        return str(e)
    params = dict(getattr(e, "params", {}))
    cause = getattr(e, "cause", None)
    if isinstance(cause, Exception):
        cause_key = getattr(cause, "key", None)
        keyed = isinstance(cause_key, str) and has(cause_key, plural=True)
        unkeyed = str(cause) if language() == "en" else t("record.error.unread")
        params["reason"] = (inner or reason)(cause) if keyed else unkeyed
    if "game" in params and has(f"game.{params['game']}"):
        params["game"] = t(f"game.{params['game']}")
    return t(key, **params)


def error(out: Console, message: str) -> None:
    """``error: message`` (the word in red, in the person's language), the message printed as
    it is."""
    out.print(Text(t("term.error") + " ", style="red").append(message))


_rich_cell_size = rich.cells.get_character_cell_size


def _terminal_cell_size(character: str, *args: object) -> int:
    """Rich's cell width of a character, except that a spacing combining mark (a Gurmukhi
    vowel sign ਾ ਿ ੀ, Unicode category Mc) takes the column that terminals give it, where
    Rich counts none and so would fill a Punjabi line past the edge (the terminal then breaks
    it wherever the edge falls, inside a syllable). Non-spacing marks (ੰ ੁ ੇ ੋ ੍) stay
    zero-width and keep to their syllable."""
    if "\u0a00" <= character <= "\u0a7f" and unicodedata.category(character) == "Mc":
        return 1
    return _rich_cell_size(character, *args)


rich.cells.get_character_cell_size = _terminal_cell_size  # type: ignore[assignment]
rich.cells.cached_cell_len.cache_clear()

NBSP = "\u00a0"
#: A word as Rich wraps lines: a no-break space (U+00A0) joins, where Rich's own ``\s``
#: would break there too; so a label and its value joined by one stay on one line.
rich._wrap.re_word = re.compile(r"[^\S\u00a0]*[\S\u00a0]+[^\S\u00a0]*")


def unbroken(text: str) -> str:
    """``text`` with its spaces made no-break spaces: never wrapped inside."""
    return text.replace(" ", NBSP)


def width(text: str) -> int:
    """The columns ``text`` takes on a terminal, as Rich measures it when it wraps here (a
    Gurmukhi spacing vowel sign counts one): for keeping a prompt short enough to type after."""
    return rich.cells.cell_len(text)


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


def game_name(gid: str, title: str) -> str:
    """A game's name in the person's language (its English ``title`` where none is written,
    as for a game a package adds)."""
    return t(f"game.{gid}") if has(f"game.{gid}") else title


def count(n: int, key: str) -> str:
    """``1 trick``, ``2 tricks``: the key's ``.one`` or ``.many`` form with ``{n}``."""
    return t(f"{key}.{'one' if n == 1 else 'many'}", n=n)
