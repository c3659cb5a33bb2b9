"""The rules of each game as a page a player reads: ``GET /rules/{game}?lang=en|pa|tl``.

The text is Markdown under ``static/rules/{lang}/`` (the game's rules, then the common ones),
rendered with HTML disabled. Every rule heading gets its rule id as its ``id``, so a refusal
that cites ``RC-17`` can link to ``#RC-17``. An unknown language falls back to English; an
unknown game is a 404.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from html import escape
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

STATIC = Path(__file__).parent / "static"
RULES = STATIC / "rules"
LANGUAGES = ("en", "pa", "tl")
NAMES = {"en": "English", "pa": "ਪੰਜਾਬੀ", "tl": "Tagalog"}
RULE_ID = re.compile(r"`?([A-Z][A-Z0-9]*-\d+)`?(?:\s|$)")


def games() -> tuple[str, ...]:
    """The games with a rules page (in English, which every game has)."""
    return tuple(sorted(p.stem for p in (RULES / "en").glob("*.md") if p.stem != "common"))


def language(lang: str | None) -> str:
    return lang if lang in LANGUAGES else "en"


def anchor_rules(tokens: list[Token]) -> list[Token]:
    """Give each heading that starts with a rule id that id, for links such as ``#RC-17``."""
    for opening, inline in itertools.pairwise(tokens):
        if opening.type == "heading_open" and inline.type == "inline":
            found = RULE_ID.match(inline.content)
            if found:
                opening.attrSet("id", found.group(1))
    return tokens


def render_markdown(text: str) -> str:
    md = MarkdownIt("commonmark", {"html": False})
    html: str = md.renderer.render(anchor_rules(md.parse(text)), md.options, {})
    return html


@functools.cache
def _catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((STATIC / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


def text(lang: str, key: str) -> str:
    """A catalogue's text for ``key`` (English where the language lacks it)."""
    return _catalogue(lang).get(key) or _catalogue("en")[key]


@functools.cache
def rules_html(game: str, lang: str) -> str:
    """The whole page; ``game`` must be one of ``games()``."""
    folder = RULES / lang
    source = (folder / f"{game}.md").read_text("utf-8")
    common = (folder / "common.md").read_text("utf-8")
    body = render_markdown(f"{source}\n\n{common}")
    title = escape(text(lang, f"game.{game}"))
    switch = " · ".join(
        f'<a href="?lang={code}" lang="{code}"'
        + (' aria-current="page"' if code == lang else "")
        + f">{escape(name)}</a>"
        for code, name in NAMES.items()
    )
    return f"""<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} · {escape(text(lang, "rules.link"))} · cardtable</title>
  <link rel="stylesheet" href="../static/style.css">
  <link rel="icon" href="../static/favicon.svg" type="image/svg+xml">
</head>
<body class="rules-page">
  <header class="top">
    <a class="brand" href="../">cardtable</a>
    <a class="rules-back" href="../">{escape(text(lang, "rules.back"))}</a>
    <nav class="rules-langs" aria-label="{escape(text(lang, "lang.label"))}">{switch}</nav>
  </header>
  <main class="rules">
{body}  </main>
</body>
</html>
"""
