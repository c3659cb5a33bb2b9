"""Names at the seats (the shared design in docs/protocol.md): a guest who comes by a seat link
names their seat for that table; every seat's public facts carry ``name`` and ``player`` (a
computer has neither); a finished record carries ``seat_names``; ``cardtable replay`` shows
"Name (Seat N)" and still replays a record without names; a database made before names
(revision 0003) upgrades and its tables play on."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import text
from typer.testing import CliRunner

from cardtable.bots import RandomBot
from cardtable.cli.main import app as cli
from cardtable.core.cards import cards_str
from cardtable.core.match import Match
from cardtable.server import schema
from cardtable.server.store import make_engine, now, token_hash

from .test_server_helpers import TOY, connect, create, make_app

ASHA = unicodedata.normalize("NFD", "  Āsha   ਕੌਰ 🃏 ")  # decomposed, spaced: stored as NFC


def play_out(client: TestClient, table: str, token: str, name: str | None) -> dict[str, object]:
    """Join seat 0 (named ``name``), play the first legal action until the match ends; the
    finished table's summary."""
    with connect(client) as me:
        me.send(type="hello", table=table, token=token, name=name)
        welcome = me.expect("welcome")
        assert welcome["seat"] == 0
        while True:
            state = me.expect("state")
            if state["status"] == "finished":
                break
            if state["view"]["to_move"] == 0:
                me.play(state["view"]["legal_actions"][0], state["version"])
    summary: dict[str, object] = client.get(f"/api/tables/{table}").json()
    return summary


def test_a_guest_names_the_seat_and_the_record_keeps_it(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table, tokens = create(client, seats=["human", "random"], target=2)
        summary = play_out(client, table, tokens["0"], ASHA)
        seats = summary["seats"]
        assert isinstance(seats, list)
        assert seats[0]["name"] == "Āsha ਕੌਰ 🃏" == unicodedata.normalize("NFC", "Āsha ਕੌਰ 🃏")
        assert seats[0]["player"] is None  # a guest: no player
        assert seats[1]["name"] is None and seats[1]["player"] is None  # named by its level
        record = client.get(f"/api/tables/{table}/record").json()
        assert record["seat_names"] == ["Āsha ਕੌਰ 🃏", None]
        Match.from_record(record)  # still a record Match reads
        client.app.state.room.tables.clear()  # type: ignore[attr-defined]
        listed = next(t for t in client.get("/api/tables").json()["tables"] if t["id"] == table)
        assert listed["seats"][0]["name"] == "Āsha ਕੌਰ 🃏"  # from the store, nobody connected


def test_a_hostile_guest_name_is_refused_with_a_keyed_reason(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table, tokens = create(client, seats=["human", "random"])
        for name, key in [
            ("\u202eevil", "name.bidi"),
            ("a\u200bb", "name.invisible"),
            ("\u3164", "name.invisible"),
            ("bell\x07", "name.control"),
            ("x" * 33, "name.too_long"),
            ("   ", "name.empty"),
        ]:
            with connect(client) as me:
                me.send(type="hello", table=table, token=tokens["0"], name=name)
                refused = me.error()
                assert (refused["code"], refused["key"]) == ("bad_name", key), name
        with connect(client) as me:  # 10 kB: refused by the message's own size limit
            me.send(type="hello", table=table, token=tokens["0"], name="x" * 10_000)
            assert me.error()["code"] in ("too_large", "bad_message")
        summary = client.get(f"/api/tables/{table}").json()
        assert summary["seats"][0]["name"] is None and not summary["seats"][0]["claimed"]


def test_cardtable_replay_shows_names_and_reads_records_without_them(tmp_path: Path) -> None:
    m = Match("royal-casino", players=2, seed=4)
    bots = [RandomBot(1), RandomBot(2)]
    while not m.is_over:
        seat = m.to_move
        assert seat is not None
        m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
    record = m.record()
    named = tmp_path / "named.json"
    named.write_text(json.dumps({**record, "seat_names": ["Asha", None]}))
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(record))
    runner = CliRunner()
    shown = runner.invoke(cli, ["replay", str(named), "--auto", "--all"])
    assert shown.exit_code == 0, shown.output
    assert "Asha (Seat 1)" in shown.output and "Seat 2" in shown.output
    bare = runner.invoke(cli, ["replay", str(plain), "--auto", "--all"])
    assert bare.exit_code == 0, bare.output
    assert "Asha" not in bare.output and "Seat 1" in bare.output
    odd = tmp_path / "odd.json"  # names of the wrong shape are ignored, not fatal
    odd.write_text(json.dumps({**record, "seat_names": [1, 2, 3]}))
    assert runner.invoke(cli, ["replay", str(odd), "--auto"]).exit_code == 0


def test_a_database_of_the_previous_release_upgrades_and_plays_on(db_url: str) -> None:
    """A database at revision 0003 (the release before names) with a table waiting for its
    player: upgraded on start, the seat joins, is named, and the table plays on."""
    engine = make_engine(db_url)
    with engine.begin() as conn:
        command.upgrade(schema.alembic_config(conn), "0003")
    m = Match(TOY, seed=5, target=2)
    at = now()
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO card_tables (id, game, players, options, seed, first_dealer, status,"
                " version, hand_number, scores, winner, created_at, updated_at) VALUES"
                " ('oldtable', :game, 2, :options, 5, :dealer, 'open', 0, 1, '[0, 0]', NULL,"
                " :at, :at)"
            ),
            {
                "game": TOY,
                "options": json.dumps(dict(m.rules.options)),
                "dealer": m.first_dealer,
                "at": at,
            },
        )
        for seat, kind, hashed in ((0, "human", token_hash("tok")), (1, "random", None)):
            conn.execute(
                text(
                    "INSERT INTO card_seats (table_id, seat, kind, token_hash, claimed)"
                    " VALUES ('oldtable', :seat, :kind, :hashed, false)"
                ),
                {"seat": seat, "kind": kind, "hashed": hashed},
            )
        conn.execute(
            text(
                "INSERT INTO card_hands (table_id, number, dealer, deck) VALUES"
                " ('oldtable', 1, :dealer, :deck)"
            ),
            {"dealer": m.dealer, "deck": cards_str(m.hands[0].deck, sort=False)},
        )
    with TestClient(make_app(db_url)) as client:
        before = client.get("/api/tables/oldtable").json()
        assert [s["name"] for s in before["seats"]] == [None, None]
        summary = play_out(client, "oldtable", "tok", "Bea")
        assert summary["status"] == "finished"
        assert client.get("/api/tables/oldtable/record").json()["seat_names"] == ["Bea", None]
    with engine.connect() as conn:
        assert schema.current(conn) == schema.head()
    engine.dispose()
