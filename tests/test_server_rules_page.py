"""The rules pages: every game in English, Punjabi and Tagalog, each with every rule id the
rule book gives that game (and the common ones) as an anchor a refusal can link to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.server.app import STATIC
from cardtable.server.rules_page import LANGUAGES, games, render_markdown

from .test_server_helpers import make_app

BOOK = (Path(__file__).parent.parent / "cardtable" / "RULES.md").read_text("utf-8")
PREFIX = {"royal-casino": "RC", "buck-euchre": "BE", "rummy-500": "R5", "queen-city-rum": "QC"}
GURMUKHI = re.compile("[\u0a00-\u0a7f]")
RULE_REF = r"\b(?:RC|BE|R5|QC|C)-\d+\b"


def rule_ids(prefix: str) -> list[str]:
    return re.findall(rf"^- \*\*({prefix}-\d+) ", BOOK, flags=re.M)


def test_every_game_has_a_page_in_every_language() -> None:
    assert set(games()) == set(PREFIX)
    for lang in LANGUAGES:
        for name in [*PREFIX, "common"]:
            assert (STATIC / "rules" / lang / f"{name}.md").is_file(), (lang, name)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_page_has_every_rule_of_its_game(tmp_path: Path, lang: str) -> None:
    with TestClient(make_app(tmp_path)) as client:
        for game, prefix in PREFIX.items():
            r = client.get(f"/rules/{game}", params={"lang": lang})
            assert r.status_code == 200, (game, lang)
            assert r.headers["content-type"].startswith("text/html")
            html = r.text
            assert f'<html lang="{lang}">' in html
            ids = [*rule_ids(prefix), *rule_ids("C")]
            assert len(ids) > 7
            for rid in ids:
                assert f'id="{rid}"' in html, (game, lang, rid)
            # nothing but the game's own and the common rules is anchored
            assert set(re.findall(r'<h3 id="([^"]+)"', html)) == set(ids)
            assert 'href="../static/style.css"' in html and "<script" not in html
            assert "'unsafe-inline'" not in r.headers["content-security-policy"]
            assert r.headers["x-frame-options"] == "DENY"
            assert r.headers["x-content-type-options"] == "nosniff"
            if lang == "pa":
                assert len(GURMUKHI.findall(html)) > 1000, game


def test_unknown_game_is_404_and_unknown_language_is_english(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        for bad in ["chess", "..%2Fen%2Fcommon", "common", "ROYAL-CASINO"]:
            r = client.get(f"/rules/{bad}")
            assert r.status_code == 404 and r.json()["code"] == "not_found", bad
        english = client.get("/rules/rummy-500").text
        assert '<html lang="en">' in english
        assert client.get("/rules/rummy-500", params={"lang": "xx"}).text == english


def test_markdown_is_rendered_without_html() -> None:
    html = render_markdown('### `RC-17` A title\n\n<script>alert(1)</script> <b onclick="x">')
    assert '<h3 id="RC-17"><code>RC-17</code> A title</h3>' in html
    assert "<script" not in html and "<b " not in html and "&lt;script&gt;" in html


def facts(path: Path) -> dict[str, tuple[set[str], set[str], set[str]]]:
    """Per rule heading: its notation (code spans but placeholders), the rules it cites, its
    numbers; what a faithful translation keeps."""
    found: dict[str, tuple[set[str], set[str], set[str]]] = {}
    rule = None
    for line in path.read_text("utf-8").splitlines():
        heading = re.match(r"#+ `([A-Z0-9]+-\d+)`", line)
        if heading or line.startswith("#"):
            rule = heading.group(1) if heading else None
            if rule:
                found[rule] = (set(), set(), set())
            continue
        if rule:
            code, cited, numbers = found[rule]
            code |= {c for c in re.findall(r"`([^`]+)`", line) if "<" not in c}
            prose = re.sub(r"`[^`]+`", "", line)
            cited |= set(re.findall(RULE_REF, prose))
            numbers |= set(re.findall(r"\d+", re.sub(RULE_REF, "", prose)))
    return found


@pytest.mark.parametrize("lang", ["pa", "tl"])
def test_translations_keep_every_rule_its_notation_references_and_numbers(lang: str) -> None:
    for name in [*PREFIX, "common"]:
        english = facts(STATIC / "rules" / "en" / f"{name}.md")
        other = facts(STATIC / "rules" / lang / f"{name}.md")
        assert list(other) == list(english), (lang, name)
        for rule, (code, cited, numbers) in english.items():
            assert other[rule][0] == code, (lang, rule)
            assert other[rule][1] == cited, (lang, rule)
            assert numbers <= other[rule][2], (lang, rule, numbers - other[rule][2])
