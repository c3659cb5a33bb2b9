"""A rematch at a club table (docs/clubs.md): club members sit by their player identity and
hold no seat token, so a member asks for the next match signed in (``POST
/api/tables/{id}/rematch`` with no token). The next table is the club's too, with the same
members in the same seats and the same computers; every member at the old table is offered it
live as theirs, and a non-member, or a member who did not play, is refused."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi.testclient import TestClient

from cardtable.server.store import Store

from .test_server_clubs import as_, name_self
from .test_server_helpers import TOY, Client, connect, make_app


@contextmanager
def joined(
    client: TestClient, table: str, first: str, second: str
) -> Iterator[tuple[Client, Client]]:
    """``first`` (seat 0) and ``second`` (seat 1) join ``table`` signed in, each over a
    connection of their own."""
    as_(client, first)
    with connect(client) as b:
        b.hello(table)
        as_(client, second)
        with connect(client) as a:
            a.hello(table)
            yield b, a


def play_out(watch: Client, members: dict[int, Client], rng: random.Random) -> None:
    """The members play random moves (the computer its own) until the match is over."""
    for _ in range(2000):
        state = watch.state
        assert state is not None
        if state["view"]["is_over"]:
            return
        mover = members.get(state["view"]["to_move"])
        if mover is None:  # the computer's turn: the next state
            watch.catch_up(state["version"] + 1)
            continue
        mover.catch_up(state["version"])
        turn = mover.my_turn()
        if turn["view"]["is_over"]:
            return
        mover.play(rng.choice(turn["view"]["legal_actions"]), turn["version"])
        assert mover.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        watch.catch_up(mover.known)
    raise AssertionError("the match did not end")


def test_club_members_rematch_by_identity_onto_a_club_table(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        asha = name_self(client, "Asha ਕੌਰ")
        ben = name_self(client, "Ben")
        cat = name_self(client, "Cat")  # a member who did not play
        dee = name_self(client, "Dee")  # never a member
        club = as_(client, asha).post("/api/clubs", json={"name": "Sunday"}).json()["club"]["id"]
        for who in (ben, cat):
            link = as_(client, asha).post(f"/api/clubs/{club}/invites", json={}).json()
            code = link["link"].split("#code=")[1]
            assert as_(client, who).post("/api/invites/accept", json={"code": code}).is_success
        ids = {
            m["name"]: m["id"]
            for m in as_(client, asha).get(f"/api/clubs/{club}").json()["members"]
        }
        made = client.post(
            f"/api/clubs/{club}/tables",
            json={
                "game": TOY,
                "options": {"target": 2},
                "seats": [{"player": ids["Ben"]}, {"player": ids["Asha ਕੌਰ"]}],
            },
        )
        assert made.status_code == 201, made.text
        table = made.json()["table"]["id"]
        url = f"/api/tables/{table}/rematch"
        with joined(client, table, ben, asha) as (b, a):
            assert (a.seat, b.seat) == (1, 0)
            early = client.post(url, json={})
            assert early.status_code == 409  # not over yet
            play_out(a, {0: b, 1: a}, random.Random(3))
            for outsider in (dee, cat, None):
                refused = as_(client, outsider).post(url, json={})
                assert refused.status_code == 403, refused.text
            first = as_(client, asha).post(url, json={})
            assert first.status_code == 200, first.text
            new = first.json()
            assert new["seat"] == 1 and new["token"] is None
            assert new["link"].endswith(f"/table/{new['table']}")
            offer_a, offer_b = a.expect("rematch"), b.expect("rematch")
            assert offer_a["next"] == offer_b["next"] == new["table"]
            assert offer_a["member"] and offer_b["member"] and offer_a["token"] is None
            again = as_(client, ben).post(url, json={}).json()
            assert again["table"] == new["table"] and again["seat"] == 0
        summary = as_(client, ben).get(f"/api/tables/{new['table']}").json()
        assert summary["game"] == TOY and summary["options"]["target"] == 2
        assert summary["club"] == club  # its page's "New table" goes to the club's form
        assert [s["name"] for s in summary["seats"]] == ["Ben", "Asha ਕੌਰ"]
        page = client.get(f"/api/clubs/{club}").json()
        assert new["table"] in {t["id"] for t in page["live"]}  # the club's, not the lobby's
        assert new["table"] not in {t["id"] for t in client.get("/api/tables").json()["tables"]}
        assert as_(client, dee).get(f"/api/tables/{new['table']}").status_code == 403
        as_(client, ben)
        with connect(client) as b2:
            welcome = b2.hello(new["table"])
            assert welcome["seat"] == 0  # Ben sits by who he is
            assert welcome["table"]["club"] == club

        # a computer's seat stays a computer of its level
        made = as_(client, asha).post(
            f"/api/clubs/{club}/tables",
            json={"game": TOY, "options": {"target": 2},
                  "seats": [{"kind": "random"}, {"player": ids["Asha ਕੌਰ"]}]},
        )  # fmt: skip
        table = made.json()["table"]["id"]
        with connect(client) as a:
            a.hello(table)
            play_out(a, {1: a}, random.Random(5))
            again = client.post(f"/api/tables/{table}/rematch", json={})
            assert again.status_code == 200, again.text
        seats = client.get(f"/api/tables/{again.json()['table']}").json()["seats"]
        assert [(s["kind"], s["name"]) for s in seats] == [("random", None), ("human", "Asha ਕੌਰ")]
        public = client.post("/api/tables", json={"game": TOY, "seats": ["human", "random"]})
        assert public.json()["table"]["club"] is None

        # a member who has left the club could not open the next table: Play again says so
        made = as_(client, asha).post(
            f"/api/clubs/{club}/tables",
            json={"game": TOY, "options": {"target": 2},
                  "seats": [{"player": ids["Ben"]}, {"player": ids["Asha ਕੌਰ"]}]},
        )  # fmt: skip
        table = made.json()["table"]["id"]
        with joined(client, table, ben, asha) as (b, a):
            play_out(a, {0: b, 1: a}, random.Random(9))
        gone = client.delete(f"/api/clubs/{club}/members/{ids['Ben']}")
        assert gone.is_success, gone.text
        refused = client.post(f"/api/tables/{table}/rematch", json={})
        assert refused.status_code == 409, refused.text
        assert refused.json()["key"] == "room.error.rematch_left"
        assert refused.json()["params"] == {"name": "Ben"}

    # the store loads a club's table knowing its club (a room started again serves it so)
    store = Store(db_url)
    try:
        loaded = store.load(new["table"], with_log=False)
        assert loaded is not None and loaded.club == club
        assert store.load(public.json()["table"]["id"], with_log=False).club is None  # type: ignore[union-attr]
    finally:
        store.engine.dispose()
