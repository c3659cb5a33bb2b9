"""Table talk (cardtable/server/talk.py, docs/protocol.md "Talk"): the seated people talk in
lines of text and quick phrases (keys) and react to the last move; a spectator reads only until
the host lets spectators talk; a muted seat is refused; every refusal is keyed; a line is sent
as it was typed (the pages show it as text); the talk is stored with the table (a person
joining later reads it), deleted with it, and never part of the record; a flood is refused
before anything is stored and never holds up a move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from cardtable.server import talk
from cardtable.server.store import Store, TalkRow

from .test_server_helpers import TOY, Client, connect, create, make_app

MARKUP = "<b>x</b><script>alert(1)</script>"


def post(client: TestClient, path: str, **body: Any) -> Any:
    return client.post(path, json=body)


def said(c: Client) -> dict[str, Any]:
    """The next line, phrase or reaction this client hears (not a host's setting)."""
    entries: list[dict[str, Any]] = c.until(
        lambda m: m["type"] == "talk" and m["entries"][0]["kind"] not in talk.SETTINGS
    )["entries"]
    assert len(entries) == 1, entries
    return entries[0]


def setting_heard(c: Client, kind: str) -> dict[str, Any]:
    """The next talk message carrying a host's setting of ``kind``."""
    return c.until(lambda m: m["type"] == "talk" and m["entries"][0]["kind"] == kind)


def refused(c: Client, key: str) -> dict[str, Any]:
    error = c.error()
    assert error["key"] == f"talk.refused.{key}", error
    return error


def talk_rows(url: str, table_id: str) -> int:
    store = Store(url)
    try:
        with Session(store.engine) as s:
            found = s.scalar(select(func.count()).where(TalkRow.table_id == table_id))
            return int(found or 0)
    finally:
        store.close()


def test_people_talk_spectators_read_and_the_host_decides(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        made = client.post("/api/tables", json={"game": TOY, "seats": ["human", "human"],
                                                "options": {"target": 1}}).json()  # fmt: skip
        table_id, owner, tokens = made["table"]["id"], made["owner"], made["tokens"]
        with connect(client) as me, connect(client) as you, connect(client) as watcher:
            me.hello(table_id, tokens["0"])
            you.hello(table_id, tokens["1"])
            watcher.hello(table_id)
            me.send(type="talk", text=f"  {MARKUP}\nhi  ")
            for c in (me, you, watcher):  # sent as typed (the line's ends trimmed, one line)
                line = said(c)
                assert (line["kind"], line["seat"], line["version"]) == ("text", 0, 0)
                assert line["text"] == f"{MARKUP} hi"
            you.send(type="talk", phrase="good_game")
            assert said(me)["phrase"] == "good_game"  # a key: each page says it in its language
            bad_lines: list[tuple[dict[str, str], str]] = [
                ({"phrase": "insult"}, "phrase"),
                ({"text": " \n "}, "empty"),
                ({"text": "x" * 301}, "too_long"),
                ({}, "text_or_phrase"),
            ]
            for bad, key in bad_lines:
                you.send(type="talk", **bad)
                refused(you, key)
            you.send(type="react", emoji="👌")
            refused(you, "no_move")  # nothing to react to before the first move
            # a spectator reads only, until the host lets spectators talk
            watcher.send(type="talk", text="hello")
            assert refused(watcher, "spectator")["code"] == "spectator"
            assert post(client, f"/api/tables/{table_id}/talk", owner="no", spectators=True
                        ).status_code == 403  # fmt: skip
            allowed = post(client, f"/api/tables/{table_id}/talk", owner=owner, spectators=True)
            assert allowed.json() == {"table": table_id, "spectators": True}
            setting = watcher.expect("talk")
            assert setting["spectators"] is True and setting["entries"][0]["kind"] == "spectators"
            watcher.send(type="talk", text="hello")
            assert said(me)["seat"] is None
            # the host mutes seat 1: refused until unmuted
            assert post(client, f"/api/tables/{table_id}/seats/1/mute", owner=owner,
                        muted=True).json()["muted"] is True  # fmt: skip
            assert setting_heard(you, "mute")["muted"] == [1]
            you.send(type="talk", text="let me speak")
            assert refused(you, "muted")["code"] == "forbidden"
            post(client, f"/api/tables/{table_id}/seats/1/mute", owner=owner, muted=False)
            assert setting_heard(you, "mute")["muted"] == []
            # a reaction to the last move, placed after it
            mover = me if me.view["to_move"] == 0 else you
            mover.play(mover.view["legal_actions"][0])
            mover.expect("ack")
            you.catch_up(1)
            you.send(type="react", emoji="👌")
            reaction = said(me)
            assert (reaction["kind"], reaction["emoji"], reaction["version"]) == ("react", "👌", 1)
            you.send(type="react", emoji="<b>")
            refused(you, "reaction")
        # stored with the table: a person back later reads it all, with the settings
        with connect(client) as back:
            back.hello(table_id, tokens["0"])
            history = back.expect("talk")
            kinds = [e["kind"] for e in history["entries"]]
            assert kinds == ["text", "phrase", "spectators", "text", "mute", "mute", "react"]
            assert history["spectators"] is True and history["muted"] == []
            while not back.view["is_over"]:  # play the match out: its record has no talk
                if back.view["to_move"] == 0:
                    back.play(back.view["legal_actions"][0])
                else:
                    with connect(client) as other:
                        other.hello(table_id, tokens["1"])
                        other.play(other.view["legal_actions"][0])
                        other.expect("ack")
                back.expect("state")
        record = client.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200
        assert "talk" not in record.json() and "alert(1)" not in record.text
        assert "good_game" not in record.text and "👌" not in record.text
    url = f"sqlite:///{tmp_path / 'room.db'}"
    assert talk_rows(url, table_id) == 7
    store = Store(url)
    try:
        store.delete_table(table_id)  # deleted with its table
    finally:
        store.close()
    assert talk_rows(url, table_id) == 0


def test_a_flood_is_refused_and_never_holds_up_a_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both people flood the table with lines; each gets ``BURST`` through and the rest refused
    at once (keyed), nothing more stored; the move sent right after the flood is acknowledged
    and pushed as the next message after the refusals, with no line stored in between."""
    monkeypatch.setattr(talk, "clock", lambda: 0.0)  # no bucket refills while the test runs
    with TestClient(make_app(tmp_path)) as client:
        table_id, tokens = create(client, TOY, ["human", "human"], target=3)
        with connect(client) as me, connect(client) as you:
            me.hello(table_id, tokens["0"])
            you.hello(table_id, tokens["1"])
            mover, other = (me, you) if me.view["to_move"] == 0 else (you, me)
            flood = 3 * talk.BURST
            for i in range(flood):
                other.send(type="talk", text=f"flood {i}")
            for i in range(flood):
                mover.send(type="talk", text=f"flood {i}")
            play = mover.play(mover.view["legal_actions"][0])
            # the mover's own answers, in the order it sent: its lines, its refusals, its move
            answers: list[dict[str, Any]] = []
            while not any(m["type"] == "ack" for m in answers):
                m = mover.recv()
                if m["type"] == "ack" or m.get("seq") is not None:
                    answers.append(m)
            refusals = [m for m in answers if m["type"] == "error"]
            assert len(refusals) == flood - talk.BURST
            assert all(m["code"] == "rate_limited" for m in refusals)
            assert {m["key"] for m in refusals} == {"talk.refused.too_fast"}
            assert refusals[0]["params"] == {"seconds": 2}
            assert answers[-1] == {"type": "ack", "seq": play, "version": 1}
            assert [m["seq"] for m in refusals] == list(range(play - flood + talk.BURST, play))
            state = mover.expect("state")  # the move's state, straight after its ack
            assert state["version"] == 1
            other.catch_up(1)  # the other person (who flooded too) gets the move as well
            errors = [m for m in other.received if m["type"] == "error"]
            assert len(errors) == flood - talk.BURST
        assert talk_rows(f"sqlite:///{tmp_path / 'room.db'}", table_id) == 2 * talk.BURST
