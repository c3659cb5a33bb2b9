"""Hosting a table (cardtable/server/host.py): the host gives a no-show's seat to a computer and
the match starts, gives it back to a person with a new link, pauses and resumes (a paused
table refuses moves with a keyed reason and its computers wait); the away policy pauses the
match while every person is away, the first one back resumes it, and a person back is told
what a computer played for them. Every change is an event in the log and the record, which
``Match.from_record`` and the replay read as before."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from cardtable.core.match import Match

from .test_server_helpers import TOY, Client, connect, live, make_app


def created(client: TestClient, game: str, seats: list[str], **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": game, "seats": seats, **body})
    assert r.status_code == 201, r.text
    answer: dict[str, Any] = r.json()
    return answer


def post(client: TestClient, path: str, **body: Any) -> Any:
    return client.post(path, json=body)


def test_a_no_show_goes_to_a_computer_and_the_match_starts(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_delay=0.01)) as client:
        made = created(client, TOY, ["human", "human"], options={"target": 3})
        table_id, owner, tokens = made["table"]["id"], made["owner"], made["tokens"]
        seat = f"/api/tables/{table_id}/seats/1/kind"
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            assert me.state is not None and me.state["status"] == "open"
            refused = post(client, seat, owner="not the key", kind="random")
            assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
            assert post(client, seat, owner=owner, kind="no-such-level").status_code == 400
            assert post(client, seat, owner=owner, kind="random").json()["kind"] == "random"
            event = me.expect("event")
            assert event["events"][0] | {"at": None} == {
                "event": "seat", "number": 1, "version": 0, "hand": 1, "seat": 1, "by": "host",
                "at": None, "kind": "random", "was": "human",
            }  # fmt: skip
            state = me.until(lambda m: m["type"] == "state" and m["status"] == "running")
            assert state["seats"][1]["kind"] == "random"
            me.my_turn()  # the computer plays seat 1 from now on
            with connect(client) as late:  # the no-show's link: said why it no longer works
                late.send(type="hello", table=table_id, token=tokens["1"])
                error = late.error()
                assert error["code"] == "token_replaced"
                assert error["key"] == "join.replaced.computer" and error["params"] == {"seat": 1}
            back = post(client, seat, owner=owner, kind="human").json()  # and back to a person
            assert back["kind"] == "human" and back["link"].endswith(back["token"])
            with connect(client) as friend:
                assert friend.hello(table_id, back["token"])["seat"] == 1
                assert friend.expect("events")["events"][-1]["kind"] == "human"


def test_a_paused_table_refuses_moves_and_its_computers_wait(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_delay=0.01)) as client:
        made = created(client, "royal-casino", ["human", "random", "random"], players=3)
        table_id, owner, token = made["table"]["id"], made["owner"], made["tokens"]["0"]
        pause = f"/api/tables/{table_id}/pause"
        with connect(client) as me:
            me.hello(table_id, token)
            me.my_turn()
            r = post(client, pause, owner=owner, paused=True)
            assert r.status_code == 200 and r.json()["paused"]["by"] == "host"
            assert post(client, pause, owner="wrong", paused=False).status_code == 403
            event = me.expect("event")
            assert event["paused"]["by"] == "host" and event["events"][0]["event"] == "pause"
            me.play(me.view["legal_actions"][0])
            refused = me.error()
            assert refused["code"] == "paused" and refused["key"] == "refusal.paused.host"
            assert refused["params"]["since"] == event["paused"]["since"]
            version = live(client, table_id).version
            assert post(client, pause, owner=owner, paused=False).json()["paused"] is None
            me.expect("event")
            me.play(me.view["legal_actions"][0], version)
            assert me.expect("ack")["version"] == version + 1
            # the computers move again, and the summary says nobody paused it
            me.until(lambda m: m["type"] == "state" and m["version"] >= version + 3)
            assert client.get(f"/api/tables/{table_id}").json()["paused"] is None
        assert [e.kind for e in live(client, table_id).hosting.events] == ["pause", "resume"]


def test_everyone_away_pauses_and_the_first_back_resumes(tmp_path: Path) -> None:
    app = make_app(tmp_path, bot_delay=0.01, takeover_seconds=0.1)
    with TestClient(app) as client:
        made = created(client, "royal-casino", ["human", "human", "random"], players=3)
        table_id, tokens = made["table"]["id"], made["tokens"]
        table = live(client, table_id)
        with connect(client) as a:
            a.hello(table_id, tokens["0"])
            with connect(client) as b:
                b.hello(table_id, tokens["1"])
            # seat 1 is away while seat 0 is here: its stand-in plays on
            while not any(e["seat"] == 1 for e in [{"seat": x.seat} for x in table.log_entries]):
                state = a.my_turn()
                a.play(state["view"]["legal_actions"][0])
                a.expect("ack")
        deadline = time.monotonic() + 10  # now everyone is away: the room pauses the match
        while table.hosting.pause is None:
            assert time.monotonic() < deadline, "the match was not paused"
            time.sleep(0.05)
        assert table.hosting.pause.by == "away"
        stopped = table.version
        time.sleep(0.5)
        assert table.version == stopped  # nobody's cards were played
        with connect(client) as b:  # the first back resumes it
            b.hello(table_id, tokens["1"])
            assert b.expect("event")["events"][0] | {"at": None} == {
                "event": "resume", "number": 2, "version": stopped, "hand": table.match.hand_number,
                "seat": 1, "by": "return", "at": None,
            }  # fmt: skip
            played = b.expect("away_moves")  # what the stand-in played for seat 1
            assert played["seat"] == 1 and played["moves"]
            assert all(m["seat"] == 1 and m["by"] != "human" for m in played["moves"])
        assert [(e.kind, e.by) for e in table.hosting.events][:2] == [
            ("pause", "away"),
            ("resume", "return"),
        ]


def test_stand_ins_always_play_on_alone_when_the_table_says_so(tmp_path: Path) -> None:
    app = make_app(tmp_path, bot_delay=0.01, takeover_seconds=0.1)
    with TestClient(app) as client:
        made = created(client, TOY, ["human", "random"], stand_ins="always", options={"target": 2})
        table_id = made["table"]["id"]
        with connect(client) as me:
            me.hello(table_id, made["tokens"]["0"])
        deadline = time.monotonic() + 20
        while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the stand-in did not finish the match"
            time.sleep(0.05)


def test_the_record_lists_the_events_and_still_replays(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_delay=0.0)) as client:
        made = created(client, TOY, ["human", "human"], options={"target": 2})
        table_id, owner = made["table"]["id"], made["owner"]
        with connect(client) as me:
            me.hello(table_id, made["tokens"]["0"])
            assert post(client, f"/api/tables/{table_id}/pause", owner=owner, paused=True)
            assert post(client, f"/api/tables/{table_id}/pause", owner=owner, paused=False)
            kind = f"/api/tables/{table_id}/seats/1/kind"
            assert post(client, kind, owner=owner, kind="random").status_code == 200
            play_to_the_end(me)
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert [e["event"] for e in record["events"]] == ["pause", "resume", "seat"]
        assert all(e["version"] == 0 for e in record["events"])
        assert Match.from_record(record).is_over
        steps = client.get(f"/api/tables/{table_id}/replay/1").json()
        assert steps["step"] == 1


def play_to_the_end(me: Client) -> None:
    for _ in range(200):
        state = me.my_turn()
        if state["view"]["is_over"]:
            return
        me.play(state["view"]["legal_actions"][0])
        me.expect("ack")
    raise AssertionError("the match did not end")


def test_a_match_under_way_goes_on_when_a_seat_given_to_a_person_is_joined(
    tmp_path: Path,
) -> None:
    with TestClient(make_app(tmp_path, bot_delay=0.01)) as client:
        made = created(client, "royal-casino", ["human", "random", "random"], players=3)
        table_id, owner = made["table"]["id"], made["owner"]
        with connect(client) as me:
            me.hello(table_id, made["tokens"]["0"])
            assert me.state is not None and me.state["status"] == "running"
            links = [
                post(client, f"/api/tables/{table_id}/seats/{n}/kind", owner=owner, kind="human")
                for n in (1, 2)
            ]
            assert [r.status_code for r in links] == [200, 200]
            with connect(client) as friend:  # one of the two joins; the other has not yet
                assert friend.hello(table_id, links[0].json()["token"])["seat"] == 1
                assert friend.state is not None and friend.state["status"] == "running"
            assert client.get(f"/api/tables/{table_id}").json()["status"] == "running"
