"""Playing at the card room over WebSockets: joining by token, whole matches against computer
players, spectators, reconnection and take-over, records and replays."""

from __future__ import annotations

import random
import time

from fastapi.testclient import TestClient

from cardtable.core.match import Match

from .test_server_helpers import TOY, Client, StateTimeline, connect, create, live, make_app


def play_out(player: Client, rng: random.Random, limit: int = 10_000) -> int:
    """Play random legal moves for ``player`` until the match ends; the number played."""
    for played in range(limit):
        state = player.my_turn()
        if state["view"]["is_over"]:
            return played
        player.play(rng.choice(state["view"]["legal_actions"]))
        ack = player.until(lambda m: m["type"] in ("ack", "error"))
        assert ack["type"] == "ack", ack
    raise AssertionError("the match did not end")


def test_create_join_and_play_a_whole_match_against_a_computer(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=5)
        assert list(tokens) == ["0"]
        with connect(client) as me, connect(client) as watcher:
            welcome = me.hello(table_id, tokens["0"])
            assert welcome["seat"] == 0 and welcome["table"]["id"] == table_id
            assert welcome["table"]["status"] == "running"  # every human seat has joined
            watcher.hello(table_id)
            assert watcher.seat is None and watcher.view["seat"] is None
            assert watcher.view["state"]["hand"] == []  # a spectator sees no hand (C-6)
            played = play_out(me, random.Random(1))
            final = me.state
            assert final is not None and final["status"] == "finished"
            view = final["view"]
            assert view["is_over"] and view["winner"] in (0, 1) and max(view["scores"]) >= 5
            # the spectator saw the same match end
            last = watcher.until(lambda m: m["type"] == "state" and m["view"]["is_over"])
            assert last["view"]["scores"] == view["scores"]
            assert last["version"] == final["version"]
        record = client.get(f"/api/tables/{table_id}/record").json()
        replayed = Match.from_record(record)
        assert replayed.scores == view["scores"] and replayed.winner == view["winner"]
        actions = [a for h in record["hands"] for a in h["actions"]]
        assert len(actions) == final["version"]
        # about half of the actions were the human's, the rest the computer's
        assert 0 < played < len(actions)
        listed = client.get("/api/tables", params={"status": "finished"}).json()["tables"]
        assert [t["id"] for t in listed] == [table_id]
        assert listed[0]["winner"] == view["winner"]


def test_state_pushes_carry_each_seats_own_view(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client, seats=["human", "human"])
        with connect(client) as a, connect(client) as b:
            a.hello(table_id, tokens["0"])
            assert a.state is not None and a.state["status"] == "open"
            b.hello(table_id, tokens["1"])
            table = live(client, table_id)
            assert table.status == "running"
            started = a.expect("state")  # seat 1 arrived: the match begins
            assert started["status"] == "running" and started["seats"][1]["connected"]
            assert a.view == table.match.view(0) and b.view == table.match.view(1)
            assert a.view["state"]["hand"] != b.view["state"]["hand"]
            mover = a if table.match.to_move == 0 else b
            other = b if mover is a else a
            action = mover.view["legal_actions"][0]
            seq = mover.play(action)
            assert mover.recv() == {"type": "ack", "seq": seq, "version": 1}
            pushed = mover.expect("state")
            assert pushed["last"] == {
                "seat": mover.seat,
                "action": action,
                "by": "human",
                "hand": 1,
                "version": 1,
            }
            seen = other.expect("state")
            assert seen["version"] == 1 and seen["view"] == table.match.view(other.seat)
            assert seen["last"]["action"] == action  # a card played to a trick is public


def test_spectator_watches_a_table_of_computers_to_the_end(db_url: str) -> None:
    with TestClient(make_app(db_url, bot_delay=0.001)) as client:
        table_id, tokens = create(client, seats=["random", "random"], target=4)
        assert tokens == {}
        with connect(client) as watcher:
            watcher.hello(table_id)
            end = watcher.until(lambda m: m["type"] == "state" and m["view"]["is_over"], timeout=30)
            assert end["status"] == "finished" and max(end["view"]["scores"]) >= 4
            assert all(
                m["view"]["legal_actions"] == [] for m in watcher.received if m["type"] == "state"
            )
            bys = {m["last"]["by"] for m in watcher.received if m["type"] == "state" and m["last"]}
            assert bys == {"random"}
        # nobody watches a finished table: it leaves memory, the store keeps it
        assert table_id not in client.app.state.room.tables  # type: ignore[attr-defined]
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "finished"


def test_reconnecting_with_the_token_resumes_the_seat(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=99)
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            state = me.my_turn()
            me.play(state["view"]["legal_actions"][0])
            me.expect("ack")
            state = me.my_turn()
            before = state["version"]
            hand = state["view"]["state"]["hand"]
        # the browser refreshes: a new connection, the same token
        with connect(client) as again:
            welcome = again.hello(table_id, tokens["0"])
            assert welcome["seat"] == 0 and welcome["version"] == before
            assert again.version == before and again.view["state"]["hand"] == hand
            assert again.view["legal_actions"] == state["view"]["legal_actions"]
            again.play(again.view["legal_actions"][0])
            assert again.expect("ack")["version"] == before + 1


def test_away_player_is_replaced_by_a_computer_and_takes_the_seat_back(db_url: str) -> None:
    app = make_app(db_url, takeover_seconds=0.2, bot_delay=0.02)
    with TestClient(app) as client:
        # stand-ins "always": they play on with no person at the table (the default pauses)
        table_id, tokens = create(client, seats=["human", "random"], stand_ins="always", target=99)
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            me.my_turn()
        table = live(client, table_id)
        stuck = table.version
        with connect(client) as watcher:
            watcher.hello(table_id)
            seats = watcher.expect("seats", timeout=20)["seats"]
            assert seats[0]["stand_in"] == "random" and not seats[0]["connected"]
            # the stand-in plays seat 0 as well now
            moved = watcher.until(
                lambda m: m["type"] == "state" and m["last"]["seat"] == 0, timeout=20
            )
            assert moved["version"] > stuck and moved["last"]["by"] == "random"
            with connect(client) as back:
                welcome = back.hello(table_id, tokens["0"])
                assert welcome["table"]["seats"][0]["stand_in"] is None
                assert table.seats[0].stand_in is None
                state = back.my_turn(timeout=20)
                time.sleep(0.2)  # computers are quick; seat 0 waits for its human now
                assert table.version == state["version"] and table.match.to_move == 0
                back.play(back.view["legal_actions"][0])
                assert back.expect("ack")["version"] == state["version"] + 1


def test_finished_match_record_and_step_by_step_replay(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=3)
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            play_out(me, random.Random(7))
        r = client.get(f"/api/tables/{table_id}/record")
        assert r.status_code == 200
        assert r.headers["content-disposition"].startswith("attachment")
        record = r.json()
        actions = [a for h in record["hands"] for a in h["actions"]]
        first = client.get(f"/api/tables/{table_id}/replay/0").json()
        assert first["step"] == 0 and first["steps"] == len(actions) and first["last"] is None
        m = Match(
            TOY,
            seed=record["seed"],
            dealer=record["dealer"],
            deck=[h["deck"] for h in record["hands"]],
            **record["options"],
        )
        assert first["seats"] == [m.view(0), m.view(1)] and first["spectator"] == m.view(None)
        for step, text in enumerate(actions, 1):
            seat = m.to_move
            m.play(text)
            got = client.get(f"/api/tables/{table_id}/replay/{step}").json()
            assert got["last"]["action"] == text and got["last"]["seat"] == seat
            assert got["seats"] == [m.view(0), m.view(1)] and got["scores"] == m.scores
        assert got["is_over"] and got["winner"] == record["winner"]
        bad = client.get(f"/api/tables/{table_id}/replay/{len(actions) + 1}")
        assert bad.status_code == 400 and "step must be from 0 to" in bad.json()["error"]


def test_no_message_shows_a_card_hidden_from_its_receiver(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=12)
        with connect(client) as me, connect(client) as watcher:
            watcher.hello(table_id)  # before the match starts: the watcher sees every push
            me.hello(table_id, tokens["0"])
            play_out(me, random.Random(3))
            end = watcher.until(lambda m: m["type"] == "state" and m["view"]["is_over"])
        versions = [m["version"] for m in watcher.received if m["type"] == "state"]
        assert versions == [0, *range(end["version"] + 1)]  # the start, then every action
        timeline = StateTimeline(client.get(f"/api/tables/{table_id}/record").json())
        assert end["version"] >= 24  # 12 tricks at least, two cards each
        assert timeline.check_messages(0, me.received) > end["version"]
        assert timeline.check_messages(None, watcher.received) > end["version"]


def test_the_leak_check_catches_a_leaking_view(db_url: str) -> None:
    """The check above can fail: the toy game's ``leak`` option shows the stock to everyone."""
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client, seats=["human", "random"], leak=True)
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            play_out(me, random.Random(3))
        timeline = StateTimeline(client.get(f"/api/tables/{table_id}/record").json())
        try:
            timeline.check_messages(0, me.received)
        except AssertionError as e:
            assert "was shown hidden" in str(e)
        else:
            raise AssertionError("a leaking view was not caught")
