"""A table link's preview in a messaging app: the table page served with Open Graph and Twitter
tags naming the game, who invites and the seats left, in the link's language (``?lang=``, else
the ``Accept-Language`` header), every text escaped; a club's table or a missing one says
nothing of the table."""

from __future__ import annotations

from html.parser import HTMLParser

from fastapi.testclient import TestClient

from cardtable.server.rules_page import text

from .test_server_clubs import as_, name_self
from .test_server_helpers import connect, create, make_app

NAME = "Asha <b>\"&'</b> ਕੌਰ"  # markup and quotes in a guest's name: shown as text


class Head(HTMLParser):
    """The page's meta tags (by property or name) and its scripts."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.scripts: list[str] = []
        self.lang = ""
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "meta" and (found.get("property") or found.get("name")):
            self.meta[str(found.get("property") or found.get("name"))] = found.get("content") or ""
        if tag == "script":
            self.scripts.append(found.get("src") or "")
        if tag == "html":
            self.lang = found.get("lang") or ""


def head(client: TestClient, path: str, **headers: str) -> Head:
    r = client.get(path, headers=headers)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    return Head(r.text)


EXPECTED = {
    "en": (f"{NAME} invites you to play Rummy 500", "Open seats: 1."),
    "pa": (f"{NAME} ਵੱਲੋਂ ਰੰਮੀ 500 ਖੇਡਣ ਦਾ ਸੱਦਾ", "ਖਾਲੀ ਸੀਟਾਂ: 1।"),
    "tl": (f"Inaanyayahan ka ni {NAME} na maglaro ng Rummy 500", "Bakanteng upuan: 1."),
}


def test_a_table_link_previews_the_game_the_host_and_the_seats_left(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table, tokens = create(client, "rummy-500", ["human", "human", "random"], players=3)
        before = head(client, f"/table/{table}?lang=en").meta
        assert before["og:title"] == "An invitation to play Rummy 500"  # nobody named yet
        assert before["og:description"].startswith("Open seats: 2.")
        with connect(client) as me:
            me.send(type="hello", table=table, token=tokens["0"], name=NAME)
            me.expect("welcome")
        raw = client.get(f"/table/{table}?lang=en").text
        assert "<b>" not in raw and "&lt;b&gt;" in raw  # escaped, not markup
        for lang, (title, about) in EXPECTED.items():
            page = head(client, f"/table/{table}?lang={lang}")
            meta = page.meta
            assert meta["og:title"] == meta["twitter:title"] == title, lang
            assert meta["og:description"].startswith(about), (lang, meta["og:description"])
            assert meta["twitter:description"] == meta["og:description"]
            assert meta["og:type"] == "website" and meta["twitter:card"] == "summary"
            assert meta["og:url"] == f"http://testserver/table/{table}"  # no token, no query
            assert page.lang == lang and page.scripts == ["../static/table.js"]  # the page works
        # the browser's or crawler's language where the link names none; Filipino is Tagalog
        by_header = head(client, f"/table/{table}", **{"Accept-Language": "fil-PH, en;q=0.8"})
        assert by_header.meta["og:title"] == EXPECTED["tl"][0]
        by_header = head(client, f"/table/{table}", **{"Accept-Language": "pa-IN"})
        assert by_header.meta["og:title"] == EXPECTED["pa"][0]
        assert head(client, f"/table/{table}?lang=xx").meta["og:title"] == EXPECTED["en"][0]
        # every seat taken: the link is for watching
        with connect(client) as other:
            other.send(type="hello", table=table, token=tokens["1"], name="Ben")
            other.expect("welcome")
        full = head(client, f"/table/{table}?lang=tl").meta["og:description"]
        assert full == "Puno na ang lahat ng upuan: buksan ang link para manood."


def test_a_club_table_or_a_missing_one_previews_only_the_room(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        asha = name_self(client, "Asha")
        club = as_(client, asha).post("/api/clubs", json={"name": "Home"}).json()["club"]["id"]
        me = client.get("/api/me").json()["player"]["id"]
        r = client.post(
            f"/api/clubs/{club}/tables",
            json={"game": "rummy-500", "players": 2, "seats": [{"player": me}, {"kind": "random"}]},
        )
        assert r.status_code == 201, r.text
        table = r.json()["table"]["id"]
        as_(client, None)  # a crawler: no member
        for path in (f"/table/{table}?lang=pa", "/table/nosuchtable?lang=pa"):
            meta = head(client, path).meta
            assert meta["og:title"] == "cardtable", path
            assert "Asha" not in str(meta) and meta["og:description"] == text("pa", "app.tagline")
        member = as_(client, asha)
        assert head(member, f"/table/{table}?lang=en").meta["og:title"] == (
            "Asha invites you to play Rummy 500"
        )


def test_a_game_the_catalogues_do_not_name_previews_by_its_id(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table, _ = create(client, seats=["human", "random"])  # toy-high-card, from a package
        meta = head(client, f"/table/{table}?lang=pa").meta
        assert meta["og:title"] == "toy-high-card ਖੇਡਣ ਦਾ ਸੱਦਾ"


def test_a_club_invite_previews_an_invitation_in_the_links_language(db_url: str) -> None:
    """Which club is in the link's fragment, which no crawler is sent: the preview says what
    the link is, in its language, and names no club."""
    with TestClient(make_app(db_url)) as client:
        for lang, title in (
            ("en", "An invitation to a card club"),
            ("pa", "ਤਾਸ਼ ਦੇ ਕਲੱਬ ਵਿੱਚ ਸ਼ਾਮਲ ਹੋਣ ਦਾ ਸੱਦਾ"),
            ("tl", "Paanyaya sa isang club ng baraha"),
        ):
            page = head(client, f"/invite?lang={lang}")
            assert page.meta["og:title"] == page.meta["twitter:title"] == title
            assert page.meta["og:description"] == text(lang, "preview.club_about")
            assert page.meta["og:url"] == "http://testserver/invite"
            assert page.lang == lang and page.scripts == ["./static/invite.js"]
        by_header = head(client, "/invite", **{"Accept-Language": "tl-PH"})
        assert by_header.meta["og:title"] == "Paanyaya sa isang club ng baraha"
