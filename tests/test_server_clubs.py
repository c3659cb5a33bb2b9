"""Players and clubs through the API (docs/clubs.md): naming oneself (hostile names refused
with a keyed reason), the player key only in an HttpOnly cookie, clubs with revocable
invites, members seated by name at a club table, results and OpenSkill standings that
``cardtable ratings rebuild`` reproduces exactly, one-time sign-in codes, export and
deletion; a non-member gets 403 from every club route and club table, by HTTP and WebSocket."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from typer.testing import CliRunner

from cardtable.cli.main import app as cli
from cardtable.core.match import Match
from cardtable.server import clubs, ratings
from cardtable.server.players import COOKIE
from cardtable.server.store import Store

from .support.clock import MovingClock
from .test_server_helpers import TOY, connect, make_app

HOSTILE = [
    ("<b>x</b>\u202e", "name.bidi"),
    ("zero\u200bwidth", "name.invisible"),
    ("\u2066isolate", "name.bidi"),
    ("x" * 10_000, None),  # over the field's size: a plain 400
    ("tab\there", "name.control"),
    ("line\u2028break", "name.invisible"),
    ("nul\x00", "name.control"),
    ("\ud800lone", None),  # a lone surrogate: not text at all, refused as the body is read
]


def name_self(client: TestClient, name: str) -> str:
    """A new player named ``name`` on this client; their key (from the cookie)."""
    client.cookies.clear()
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    key = r.cookies[COOKIE]
    assert key not in r.text  # the key is only in the cookie
    header = r.headers["set-cookie"]
    assert "HttpOnly" in header and "SameSite=lax" in header.replace("Lax", "lax")
    return key


def as_(client: TestClient, key: str | None) -> TestClient:
    client.cookies.clear()
    if key is not None:
        client.cookies.set(COOKIE, key)
    return client


def play_to_end(client: TestClient, table: str) -> None:
    """The signed-in player opens the table (no link) and plays it to the end."""
    with connect(client) as me:
        me.send(type="hello", table=table)
        me.seat = me.expect("welcome")["seat"]
        assert me.seat is not None
        while True:
            state = me.expect("state")
            if state["status"] == "finished":
                return
            if state["view"]["to_move"] == me.seat:
                me.play(state["view"]["legal_actions"][0], state["version"])


def recompute(results: list[dict[str, Any]]) -> dict[tuple[str, str], tuple[float, float]]:
    """The ratings computed with openskill itself from the stored results, in finishing order."""
    model = PlackettLuce()
    known: dict[tuple[str, str], Any] = {}
    for r in sorted(results, key=lambda r: (r["finished_at"], r["table_id"])):
        teams = [
            [known.get((r["game"], e)) or model.rating() if e else model.rating() for e in side]
            for side in r["teams"]
        ]
        rated = model.rate(teams, ranks=[float(x) for x in r["ranks"]])
        for side, new_side in zip(r["teams"], rated, strict=True):
            for e, new in zip(side, new_side, strict=True):
                if e:
                    known[(r["game"], e)] = new
    return {k: (v.mu, v.sigma) for k, v in known.items()}


def test_hostile_names_are_refused_with_keyed_reasons(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        for name, key in HOSTILE:
            body = json.dumps({"name": name})  # escaped: a lone surrogate travels as \ud800
            r = client.post(
                "/api/players", content=body, headers={"Content-Type": "application/json"}
            )
            assert r.status_code == 400, name
            assert COOKIE not in r.cookies
            if key is not None:
                assert r.json()["key"] == key, name
        # markup is only text: kept as typed, and the JSON carries it as a string
        key = name_self(client, "<img src=x onerror=alert(1)>")
        assert as_(client, key).get("/api/me").json()["player"]["name"] == (
            "<img src=x onerror=alert(1)>"
        )
        r = client.post("/api/clubs", json={"name": "\u202ePalace"})
        assert (r.status_code, r.json()["key"]) == (400, "name.bidi")
        # a club's name has a limit of its own, said with the reason (not a player's 32)
        r = client.post("/api/clubs", json={"name": "C" * 49})
        assert (r.json()["key"], r.json()["params"]) == ("name.too_long", {"max": 48})


def test_a_browser_that_is_a_player_is_not_made_a_new_one(db_url: str) -> None:
    """A page that could not tell who the browser is may offer the name form; the room then
    refuses the new player (409, keyed) and the cookie stays the old player's. An unknown key
    (a deleted player's) is no player: naming oneself works."""
    with TestClient(make_app(db_url)) as client:
        asha = name_self(client, "Asha")
        r = as_(client, asha).post("/api/players", json={"name": "Asha again"})
        assert (r.status_code, r.json()["key"]) == (409, "people.already_named")
        assert COOKIE not in r.cookies
        assert as_(client, asha).get("/api/me").json()["player"]["name"] == "Asha"
        r = as_(client, "no-such-key").post("/api/players", json={"name": "Bea"})
        assert r.status_code == 201


def test_a_club_story_by_the_api(db_url: str, tmp_path: Any) -> None:
    clock = MovingClock()
    with TestClient(make_app(db_url, clock=clock)) as client:
        asha = name_self(client, "Asha ਕੌਰ")
        ben = name_self(client, "Ben 🃏")
        dee = name_self(client, "Dee")  # never a member
        made = as_(client, asha).post("/api/clubs", json={"name": "Sunday Casino"})
        assert made.status_code == 201
        club = made.json()["club"]["id"]
        link = client.post(f"/api/clubs/{club}/invites", json={"expires_minutes": 60}).json()
        assert COOKIE not in link["link"] and asha not in link["link"]
        code = link["link"].split("#code=")[1]
        joined = as_(client, ben).post("/api/invites/accept", json={"code": code})
        assert joined.json() == {"club": club}
        revoked = as_(client, asha).post(f"/api/clubs/{club}/invites", json={}).json()
        client.delete(f"/api/clubs/{club}/invites/{revoked['id']}")
        gone = as_(client, dee).post(
            "/api/invites/accept", json={"code": revoked["link"].split("#code=")[1]}
        )
        assert (gone.status_code, gone.json()["key"]) == (410, "club.invite_gone")
        page = as_(client, asha).get(f"/api/clubs/{club}").json()
        ids = {m["name"]: m["id"] for m in page["members"]}
        assert set(ids) == {"Asha ਕੌਰ", "Ben 🃏"}

        # two club matches: Asha against a computer, then Ben against one
        tables = []
        for who in (asha, ben):
            me = as_(client, who).get("/api/me").json()["player"]["id"]
            r = client.post(
                f"/api/clubs/{club}/tables",
                json={
                    "game": TOY,
                    "options": {"target": 2},
                    "seats": [{"player": me}, {"kind": "random"}],
                },
            )
            assert r.status_code == 201, r.text
            tables.append(r.json()["table"]["id"])
            assert r.json()["table"]["seats"][0]["name"] in ids
            play_to_end(client, tables[-1])
            clock.advance(60)
        assert all(t["id"] not in tables for t in client.get("/api/tables").json()["tables"])

        # a non-member: 403 everywhere, by HTTP and by WebSocket
        as_(client, dee)
        for path in (f"/api/clubs/{club}", f"/api/tables/{tables[0]}",
                     f"/api/tables/{tables[0]}/record", f"/api/tables/{tables[0]}/replay/0",
                     f"/api/clubs/{club}/head-to-head?a=x&b=y"):  # fmt: skip
            assert client.get(path).status_code == 403, path
        assert client.post(f"/api/clubs/{club}/invites", json={}).status_code == 403
        with connect(client) as spy:
            spy.send(type="hello", table=tables[0])
            assert spy.error()["code"] == "forbidden"
        as_(client, None)
        assert client.get(f"/api/tables/{tables[0]}").status_code == 403

        # standings: stored after each match, equal to openskill's own from the results
        page = as_(client, ben).get(f"/api/clubs/{club}").json()
        assert len(page["finished"]) == 2
        standings = page["standings"][TOY]
        named = {e["name"] for e in standings if e["name"]}
        assert named == {"Asha ਕੌਰ", "Ben 🃏"}
        engine = client.app.state.room.store.store.engine  # type: ignore[attr-defined]
        results = [
            {
                "table_id": r.table_id,
                "game": r.game,
                "teams": r.teams,
                "ranks": r.ranks,
                "finished_at": r.finished_at,
            }
            for _, r in clubs.results(engine, club)
        ]
        assert len(results) == 2
        expected = recompute(results)
        stored = clubs.stored_ratings(engine)
        assert {(g, e): (mu, sigma) for (_, g, e), (mu, sigma, _, _) in stored.items()} == expected
        record = as_(client, asha).get(f"/api/tables/{tables[0]}/record").json()
        assert record["seat_names"] == ["Asha ਕੌਰ", None]
        h2h = client.get(f"/api/clubs/{club}/head-to-head",
                         params={"a": ids["Asha ਕੌਰ"], "b": ids["Ben 🃏"]}).json()  # fmt: skip
        assert h2h["matches"] == 0  # they never sat at one table

        # one-time sign-in code for a second device
        code = client.post("/api/me/signin-code").json()["link"].split("#code=")[1]
        other = as_(client, None).post("/api/signin", json={"code": code})
        assert other.status_code == 200 and other.json()["player"]["name"] == "Asha ਕੌਰ"
        second = other.cookies[COOKIE]
        assert second != asha
        again = as_(client, None).post("/api/signin", json={"code": code})
        assert again.status_code == 410  # single use
        mine = as_(client, second).get("/api/me/matches").json()["matches"]
        assert [m["id"] for m in mine] == [tables[0]]
        late = client.post("/api/me/signin-code").json()["link"].split("#code=")[1]
        clock.advance(11 * 60)
        assert as_(client, None).post("/api/signin", json={"code": late}).status_code == 410
    stored_before = clubs.stored_ratings(engine)
    rebuilt = CliRunner().invoke(cli, ["ratings", "rebuild", "--db", db_url])
    assert rebuilt.exit_code == 0, rebuilt.output
    engine2 = clubs_engine(db_url)
    assert clubs.stored_ratings(engine2) == stored_before  # exactly, float for float
    engine2.dispose()


def test_three_computers_of_one_level_count_one_match_in_the_standings() -> None:
    """A Buck Euchre match of a member and three computers of one level: the level's row says
    played 1 (won 1 when one of them won), not one match per seat, and its rating is the mean
    of its three seats' new ratings; the member's is openskill's own."""
    bot = "computer:heuristic"
    day = datetime(2026, 1, 1, tzinfo=UTC)
    won_by_bot = ratings.Result(
        "t1", "buck-euchre", [["asha"], [bot], [bot], [bot]], [8, -1, 12, 20], [2, 1, 3, 4], day
    )
    won_by_asha = ratings.Result(
        "t2", "buck-euchre", [[bot], ["asha"], [bot], [bot]], [5, 0, 9, 14], [2, 1, 3, 4], day
    )
    table = ratings.fold([won_by_bot])
    assert (table[("buck-euchre", bot)].played, table[("buck-euchre", bot)].won) == (1, 1)
    assert (table[("buck-euchre", "asha")].played, table[("buck-euchre", "asha")].won) == (1, 0)
    model = PlackettLuce()
    fresh = [[model.rating()] for _ in range(4)]
    new = model.rate(fresh, ranks=[2.0, 1.0, 3.0, 4.0])
    assert table[("buck-euchre", "asha")].mu == new[0][0].mu
    assert table[("buck-euchre", bot)].mu == sum(side[0].mu for side in new[1:]) / 3
    table = ratings.fold([won_by_asha, won_by_bot])
    assert (table[("buck-euchre", bot)].played, table[("buck-euchre", bot)].won) == (2, 1)
    assert (table[("buck-euchre", "asha")].played, table[("buck-euchre", "asha")].won) == (2, 1)


def clubs_engine(url: str) -> Any:
    from cardtable.server.store import make_engine

    return make_engine(url)


def test_export_and_delete_leave_records_that_replay(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        asha = name_self(client, "Asha")
        club = as_(client, asha).post("/api/clubs", json={"name": "Home"}).json()["club"]["id"]
        me = client.get("/api/me").json()["player"]["id"]
        table = client.post(
            f"/api/clubs/{club}/tables",
            json={
                "game": TOY,
                "options": {"target": 2},
                "seats": [{"player": me}, {"kind": "random"}],
            },
        ).json()["table"]["id"]
        play_to_end(client, table)
        exported = client.get("/api/me/export")
        assert exported.headers["content-disposition"].startswith("attachment")
        data = exported.json()
        assert data["player"]["name"] == "Asha" and data["matches"][0]["id"] == table
        assert asha not in exported.text
        assert client.delete("/api/me").json() == {"deleted": True}
        assert as_(client, asha).get("/api/me").json() == {"player": None}
    store = Store(db_url)
    stored = store.load(table)
    store.close()
    assert stored is not None and stored.seats[0].former and stored.seats[0].name is None
    assert stored.seat_names() == [None, None]
    Match.from_record(stored.record())  # the record still replays
