"""No cheap request does expensive work (docs/security.md, "What a request may cost"): a
finished match is rebuilt once and kept (bounded), not replayed on every hello; a wrong seat
token is refused from the store before anything is loaded; a refused pace or rematch loads
nothing and takes no place among the live tables; an expired seat token sets no pace and
makes no rematch; a rematch keeps its creator's key."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.support.clock import MovingClock

from .test_server_helpers import TOY, connect, make_app


def finished_table(client: TestClient) -> dict[str, Any]:
    """A finished match of one person and a computer (its creation's answer)."""
    made: dict[str, Any] = client.post(
        "/api/tables", json={"game": TOY, "seats": ["human", "random"], "options": {"target": 1}}
    ).json()
    with connect(client) as me:
        me.hello(made["table"]["id"], made["tokens"]["0"])
        while not me.my_turn()["view"]["is_over"]:
            me.play(me.view["legal_actions"][0])
            me.expect("ack")
    return made


def counting_loads(client: TestClient) -> Counter[bool]:
    """Counts the store's loads of a table, by whether its whole log was read."""
    store = client.app.state.room.store.store  # type: ignore[attr-defined]
    real, counts = store.load, Counter[bool]()

    def load(table_id: str, *, with_log: bool = True) -> Any:
        counts[with_log] += 1
        return real(table_id, with_log=with_log)

    store.load = load
    return counts


def test_a_finished_match_is_rebuilt_once_and_a_wrong_token_loads_nothing(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        made = finished_table(client)
        table_id = made["table"]["id"]
        room.finished.clear()  # as after a restart: only the store has it
        loads = counting_loads(client)
        for _ in range(3):
            with connect(client) as c:
                c.send(type="hello", table=table_id, token="y" * 24)
                assert c.error()["code"] == "bad_token"
        assert loads[True] == 0 and table_id not in room.tables  # nothing was loaded
        for _ in range(3):
            with connect(client) as c:
                assert c.hello(table_id)["seat"] is None
                log = c.expect("log")
                assert log["entries"]  # the whole story, as before
        assert loads[True] == 1  # replayed once, then kept
        assert table_id in room.finished and table_id not in room.tables


def test_refused_pace_and_rematch_load_nothing_nor_fill_the_room(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, max_live_tables=2)) as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        made = [finished_table(client) for _ in range(3)]
        room.finished.clear()
        loads = counting_loads(client)
        for m in made:
            table_id = m["table"]["id"]
            for path, body in (("pace", {"token": "z" * 24, "seconds": 1}),
                               ("rematch", {"token": "z" * 24})):  # fmt: skip
                r = client.post(f"/api/tables/{table_id}/{path}", json=body)
                assert r.status_code == 403 and r.json()["code"] == "forbidden", r.text
        assert loads[True] == 0 and not room.tables and not room.finished
        for m in made:  # a person's pace at a finished table is kept among the finished
            r = client.post(f"/api/tables/{m['table']['id']}/pace",
                            json={"token": m["tokens"]["0"], "seconds": 1})  # fmt: skip
            assert r.status_code == 200, r.text
        assert room.live_count() == 0 and not room.tables
        r = client.post("/api/tables", json={"game": TOY, "seats": ["human", "random"]})
        assert r.status_code == 201, r.text  # the room is not full


def test_an_expired_token_sets_no_pace_and_makes_no_rematch(tmp_path: Path) -> None:
    one_second, clock = 1 / 86400, MovingClock()
    with TestClient(make_app(tmp_path, token_days=one_second, clock=clock)) as client:
        made = finished_table(client)
        table_id, token = made["table"]["id"], made["tokens"]["0"]
        clock.advance(1.2)
        for path, body in (("pace", {"token": token, "seconds": 1}),
                           ("rematch", {"token": token})):  # fmt: skip
            r = client.post(f"/api/tables/{table_id}/{path}", json=body)
            assert r.status_code == 403 and r.json()["code"] == "token_expired", r.text


def test_a_rematch_keeps_its_creators_key(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        made = finished_table(client)
        r = client.post(f"/api/tables/{made['table']['id']}/rematch",
                        json={"token": made["tokens"]["0"]})  # fmt: skip
        assert r.status_code == 200, r.text
        following = r.json()["table"]
        r = client.post(f"/api/tables/{following}/seats/0/link", json={"owner": made["owner"]})
        assert r.status_code == 200, r.text  # the creator renews a link of the rematch too
        r = client.post(f"/api/tables/{following}/seats/0/link", json={"owner": "k" * 24})
        assert r.status_code == 403


def test_replay_steps_play_on_from_kept_positions(tmp_path: Path, monkeypatch: Any) -> None:
    """Stepping through a replay rebuilds the match once, not at every step; every step, in
    any order, shows what the record replayed to that step shows."""
    from cardtable.core.match import Match
    from cardtable.server import replay

    rebuilt: list[int | None] = []

    class Counting:
        @staticmethod
        def from_record(record: Any, *, upto: int | None = None) -> Match:
            rebuilt.append(upto)
            return Match.from_record(record, upto=upto)

    monkeypatch.setattr(replay, "Match", Counting)
    with TestClient(make_app(tmp_path)) as client:
        made = client.post("/api/tables", json={"game": TOY, "seats": ["random", "random"],
                                                "options": {"target": 4}}).json()  # fmt: skip
        table_id = made["table"]["id"]
        record = None
        while record is None:
            r = client.get(f"/api/tables/{table_id}/record")
            record = r.json() if r.status_code == 200 else None
        steps = sum(len(h["actions"]) for h in record["hands"])
        order = [*range(steps + 1), 3, 2, steps, 1, 0, steps // 2]
        for step in order:
            got = client.get(f"/api/tables/{table_id}/replay/{step}").json()
            m = Match.from_record(record, upto=step)
            assert got["step"] == step and got["scores"] == m.scores
            assert got["seats"] == [m.view(0), m.view(1)] and got["spectator"] == m.view(None)
        assert rebuilt[0] == 0 and len(rebuilt) <= 6  # forward steps played on, not rebuilt


def test_a_table_of_computers_only_is_closed_at_its_length_limit(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, max_bot_actions=12, bot_delay=0.05)) as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        made = client.post("/api/tables", json={"game": TOY, "seats": ["random", "random"],
                                                "options": {"target": 99}}).json()  # fmt: skip
        table_id = made["table"]["id"]
        with connect(client) as watcher:
            watcher.hello(table_id)
            err = watcher.error()
            assert err["code"] == "table_closed" and "12 actions" in err["message"]
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["status"] == "closed" and summary["version"] == 12
        assert table_id not in room.tables
        person = client.post("/api/tables", json={"game": TOY, "seats": ["human", "random"],
                                                  "options": {"target": 99}}).json()  # fmt: skip
        assert person["table"]["id"] in room.tables  # a person's table has no such limit


def test_a_replay_step_near_the_end_of_a_long_match_plays_from_the_nearest_snapshot() -> None:
    """Steps near the end of a match of thousands of actions, in any order (backwards too),
    each play fewer than ``SNAPSHOT_EVERY`` actions once the replay has passed them; the first
    passes the match once. Plays are counted, not timed."""
    import random

    from cardtable.core.match import Match
    from cardtable.server import replay

    m, choose = Match("royal-casino", seed=38, target=300), random.Random(38)
    while not m.is_over:
        m.play(choose.choice(m.legal_actions()))
    record = m.record()
    steps = m.action_count
    assert steps > 8 * replay.SNAPSHOT_EVERY
    replay.work.clear()
    replay.replay_kept("long", record, steps)
    assert replay.work["plays"] == steps  # one pass, keeping a snapshot every SNAPSHOT_EVERY
    order = [steps - 1, steps - 2, steps - 300, steps - 3, 5, steps - 1000, steps - 257, steps]
    for step in order + choose.sample(range(steps), 8):
        replay.work.clear()
        got = replay.replay_kept("long", record, step)
        assert replay.work["plays"] < replay.SNAPSHOT_EVERY, step
        expected = Match.from_record(record, upto=step)
        assert got["step"] == step and got["scores"] == expected.scores
        assert got["seats"] == [expected.view(0), expected.view(1)]
        assert got["spectator"] == expected.view(None)
    replay.work.clear()
    for step in range(steps - 40, steps - 30):  # stepping on plays one action a step
        replay.replay_kept("long", record, step)
    assert replay.work["plays"] <= replay.SNAPSHOT_EVERY + 9
