"""A link's preview for messaging apps: the table page (and a club's invite page) with Open
Graph and Twitter tags.

A link pasted into a chat is fetched by the app's crawler, which reads no script: the page it
gets names the game, who invites (the first seated person with a name) and the seats still open,
in the link's language (``?lang=``, which the page's share and copy buttons add; else the
``Accept-Language`` header; else English). A club's table, or one that does not exist, gets the
room's own words and nothing about the table. Every text is escaped.
"""

from __future__ import annotations

import functools
from html import escape
from pathlib import Path
from typing import Any

from cardtable.server.rules_page import LANGUAGES, text
from cardtable.server.seats import HUMAN

STATIC = Path(__file__).parent / "static"
# Language tags a browser or crawler sends for the languages we have (as i18n.js reads them).
ALIASES = {"fil": "tl"}
LOCALES = {"en": "en_US", "pa": "pa_IN", "tl": "tl_PH"}


def pick(tag: str | None) -> str | None:
    """``pa-IN`` → ``pa``, ``fil-PH`` → ``tl``; a language we do not have → None."""
    base = (tag or "").strip().lower().replace("_", "-").split("-")[0]
    code = ALIASES.get(base, base)
    return code if code in LANGUAGES else None


def preferred(accept: str | None) -> str | None:
    """The first language of an ``Accept-Language`` header that we have (by its order: the
    header's weights rarely disagree with it)."""
    for part in (accept or "").split(","):
        code = pick(part.split(";")[0])
        if code is not None:
            return code
    return None


def inviter(summary: dict[str, Any]) -> str | None:
    """The first person seated with a name: on a table made in the lobby, its creator."""
    for seat in summary.get("seats", []):
        if seat.get("kind") == HUMAN and seat.get("name"):
            return str(seat["name"])
    return None


def open_seats(summary: dict[str, Any]) -> int:
    """The seats for a person that nobody has taken yet."""
    return sum(1 for s in summary.get("seats", []) if s.get("kind") == HUMAN and not s["claimed"])


def game_name(game: str, lang: str) -> str:
    """The game's name in ``lang``; a game the catalogues do not name (one an installed package
    registers) by its id, as the page names it."""
    try:
        return text(lang, f"game.{game}")
    except KeyError:
        return game


def words(summary: dict[str, Any] | None, lang: str) -> tuple[str, str]:
    """The preview's title and description for the table (None: nothing may be said of it)."""
    if summary is None:
        return text(lang, "app.name"), text(lang, "app.tagline")
    game = game_name(summary["game"], lang)
    name = inviter(summary)
    title = (
        text(lang, "preview.invite").format(name=name, game=game)
        if name is not None
        else text(lang, "preview.game").format(game=game)
    )
    left = open_seats(summary)
    if summary.get("status") == "finished":
        about = text(lang, "preview.over")
    elif left:
        about = text(lang, "preview.seats").format(n=left)
    else:
        about = text(lang, "preview.full")
    return title, about


@functools.cache
def _page(name: str) -> str:
    return (STATIC / name).read_text("utf-8")


def table_page(summary: dict[str, Any] | None, lang: str, url: str) -> str:
    """table.html with the preview's tags in its head (its title theirs too)."""
    return _tagged("table.html", *words(summary, lang), lang, url)


def invite_page(lang: str, url: str) -> str:
    """invite.html with a club invite's preview: which club is in the link's fragment, which
    no crawler is sent, so the preview names none."""
    return _tagged(
        "invite.html", text(lang, "preview.club"), text(lang, "preview.club_about"), lang, url
    )


def _tagged(page: str, title_text: str, about_text: str, lang: str, url: str) -> str:
    title, about = escape(title_text), escape(about_text)
    tags = [
        ("og:type", "website"),
        ("og:site_name", escape(text(lang, "app.name"))),
        ("og:title", title),
        ("og:description", about),
        ("og:url", escape(url)),
        ("og:locale", LOCALES[lang]),
    ]
    head = "".join(f'\n  <meta property="{p}" content="{c}">' for p, c in tags)
    head += '\n  <meta name="twitter:card" content="summary">'
    head += f'\n  <meta name="twitter:title" content="{title}">'
    head += f'\n  <meta name="twitter:description" content="{about}">'
    head += f'\n  <meta name="description" content="{about}">'
    html = _page(page).replace("<title>cardtable</title>", f"<title>{title}</title>{head}", 1)
    return html.replace('<html lang="en">', f'<html lang="{lang}">', 1)
