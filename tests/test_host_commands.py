"""The host's commands: ``cardtable backup`` copies a running room's database, and the copy
restored is a room where every table replays; ``cardtable tables list|close``; all of them in
the terminal's language."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from cardtable.cli.main import app as cli
from cardtable.cli.text import count, set_language, t
from cardtable.core.match import Match
from cardtable.server.store import CLOSED, FINISHED, Store

from .test_server_helpers import TOY, connect, create, make_app

runner = CliRunner()


def url(path: Path) -> str:
    return f"sqlite:///{path}"


def wait_finished(client: TestClient, table_id: str) -> None:
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["status"] != FINISHED:
        assert time.monotonic() < deadline, f"table {table_id} did not finish"
        time.sleep(0.02)


def every_table_replays(db: Path) -> dict[str, dict[str, Any]]:
    """Each stored table's record, replayed from its log to the version its row says."""
    store = Store(url(db))
    try:
        records = {}
        for stored in store.list_tables(None, 1000):
            full = store.load(stored.id)
            assert full is not None
            m = Match.from_record(full.record())
            assert sum(len(h.actions) for h in m.hands) == full.summary.version == len(full.actions)
            records[stored.id] = m.record()
        return records
    finally:
        store.close()


def test_a_backup_of_a_running_room_restores_to_a_room_where_every_table_replays(
    tmp_path: Path,
) -> None:
    db, copy = tmp_path / "room.db", tmp_path / "backup.db"
    with TestClient(make_app(tmp_path)) as client:
        finished = [
            create(client, seats=["random", "random"])[0],
            create(client, "royal-casino", seats=["heuristic", "random"])[0],
        ]
        playing, tokens = create(client, seats=["human", "random"], target=99)
        with connect(client) as me:
            me.hello(playing, tokens["0"])
            for _ in range(3):
                me.play(me.my_turn()["view"]["legal_actions"][0])
                me.expect("ack")
        for table_id in finished:
            wait_finished(client, table_id)
        records = {t: client.get(f"/api/tables/{t}/record").json() for t in finished}
        result = runner.invoke(cli, ["backup", str(copy), "--db", url(db)])  # the room runs
        assert result.exit_code == 0, result.output
        assert "backed up 3 tables" in result.output and str(copy) in result.output
    restored = tmp_path / "restored.db"
    shutil.copy(copy, restored)
    replayed = every_table_replays(restored)
    assert set(replayed) == {*finished, playing}
    for table_id in finished:
        # the room adds the seats' names to the record it serves; the match's own is the rest
        served = {k: v for k, v in records[table_id].items() if k != "seat_names"}
        assert replayed[table_id] == served
    with TestClient(make_app(tmp_path, "restored.db")) as client:
        assert {t["id"] for t in client.get("/api/tables").json()["tables"]} == set(replayed)
        for table_id in finished:
            assert client.get(f"/api/tables/{table_id}/record").json() == records[table_id]
        with connect(client) as me:  # the match in progress goes on where it was
            me.hello(playing, tokens["0"])
            version = me.my_turn()["version"]
            assert version >= 3
            me.play(me.state["view"]["legal_actions"][0] if me.state else "")
            assert me.expect("ack")["version"] == version + 1


def test_backup_refuses_to_overwrite_or_to_invent_a_database(tmp_path: Path) -> None:
    db, target = tmp_path / "room.db", tmp_path / "old-backup.db"
    with TestClient(make_app(tmp_path)):
        pass
    target.write_bytes(b"an older backup")
    result = runner.invoke(cli, ["backup", str(target), "--db", url(db)])
    assert result.exit_code == 2 and "exists already" in result.output
    assert target.read_bytes() == b"an older backup"
    result = runner.invoke(cli, ["backup", str(tmp_path / "b.db"), "--db", url(tmp_path / "x.db")])
    assert result.exit_code == 2 and "no database at" in result.output
    assert not (tmp_path / "x.db").exists() and not (tmp_path / "b.db").exists()
    result = runner.invoke(
        cli, ["backup", str(tmp_path / "b.db")], env={"CARDTABLE_DB": url(db)}
    )  # the database from the environment, as serve takes it
    assert result.exit_code == 0 and "backed up 0 tables" in result.output


def test_backup_of_postgresql_says_how_to_use_pg_dump(tmp_path: Path) -> None:
    result = runner.invoke(
        cli, ["backup", str(tmp_path / "b.dump"), "--db", "postgresql://cards:s3cret@db/cards"]
    )
    assert result.exit_code == 2 and not (tmp_path / "b.dump").exists()
    assert "pg_dump --format=custom" in result.output and "pg_restore" in result.output
    assert "'postgresql://cards@db/cards'" in result.output and "s3cret" not in result.output


def test_tables_list_and_close(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    with TestClient(make_app(tmp_path)) as client:
        done = create(client, seats=["random", "random"])[0]
        waiting, tokens = create(client, seats=["human", "random"])
        wait_finished(client, done)
    result = runner.invoke(cli, ["tables", "list", "--json", "--db", url(db)])
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in map(json.loads, result.output.splitlines())}
    assert rows[done]["status"] == FINISHED and rows[waiting]["status"] == "open"
    assert rows[waiting]["game"] == TOY and rows[waiting]["people"] == "0/1"
    # after --: an id may start with "-"
    result = runner.invoke(cli, ["tables", "close", "--db", url(db), "--", waiting])
    assert result.exit_code == 0 and f"table {waiting} closed" in result.output
    result = runner.invoke(cli, ["tables", "list", "--status", "closed", "--json", "--db", url(db)])
    assert [json.loads(line)["id"] for line in result.output.splitlines()] == [waiting]
    assert runner.invoke(cli, ["tables", "close", "nope", "--db", url(db)]).exit_code == 2
    with TestClient(make_app(tmp_path)) as client:  # the room starts again: not rebuilt
        assert waiting not in client.app.state.room.tables  # type: ignore[attr-defined]
        assert client.get(f"/api/tables/{waiting}").json()["status"] == CLOSED
        with connect(client) as me:
            me.send(type="hello", table=waiting, token=tokens["0"])
            assert "table" in me.error()["message"].lower()


def test_the_hosts_commands_speak_the_terminals_language(tmp_path: Path) -> None:
    """An organiser whose terminal is Punjabi or Tagalog reads the host's commands in it: the
    list's title and columns, a backup's refusal, a closed table (the JSON of ``--json`` keeps
    its English field names, which programs read)."""
    db = tmp_path / "room.db"
    with TestClient(make_app(tmp_path)) as client:
        table_id = create(client, seats=["random", "random"])[0]
        wait_finished(client, table_id)
    try:
        spoken(db, table_id)
    finally:
        set_language("en")


def spoken(db: Path, table_id: str) -> None:
    for lang, locale in (("pa", "pa_IN.UTF-8"), ("tl", "fil_PH.UTF-8")):
        env = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": locale}
        set_language(lang)
        listed = runner.invoke(cli, ["tables", "list", "--db", url(db)], env=env)
        assert listed.exit_code == 0, listed.output
        assert count(1, "term.op.tables") in listed.output
        assert t("term.op.column.game") in listed.output
        refused = runner.invoke(cli, ["backup", str(db), "--db", url(db)], env=env)
        assert refused.exit_code == 2
        said = "".join(t("term.op.backup_exists", file=str(db)).split())  # a long path wraps
        assert said in "".join(refused.output.split()), refused.output
        as_json = runner.invoke(cli, ["tables", "list", "--json", "--db", url(db)], env=env)
        assert json.loads(as_json.output)["game"] == TOY
    # an id may start with "-": it goes after "--", as the command's help says
    closed = runner.invoke(cli, ["tables", "close", "--db", url(db), "--", table_id], env=env)
    assert closed.output.strip() == t("term.op.closed_ended", table=table_id)
    set_language("en")
    assert t("term.op.closed_ended", table=table_id) != closed.output.strip()
