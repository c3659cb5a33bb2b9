"""The stand-in for an away person: everyone at the table sees the countdown to it
(``takeover_in`` on the away seat), and by default it is the rule-of-thumb player, not a
random one that may throw the person's points away."""

from __future__ import annotations

from fastapi.testclient import TestClient

from cardtable.server.config import ServerConfig

from .test_server_helpers import connect, create, make_app


def test_the_away_seat_counts_down_for_everyone(db_url: str) -> None:
    with TestClient(make_app(db_url, takeover_seconds=30.0)) as client:
        table_id, tokens = create(client, "royal-casino", seats=["human", "random"])
        with connect(client) as watcher:
            watcher.hello(table_id)
            with connect(client) as me:
                me.hello(table_id, tokens["0"])
                here = watcher.until(lambda m: "seats" in m and m["seats"][0]["connected"])
                assert here["seats"][0]["takeover_in"] is None
            away = watcher.until(lambda m: "seats" in m and not m["seats"][0]["connected"])
            away = away["seats"][0]
            assert not away["connected"] and 0 < away["takeover_in"] <= 30


def test_the_default_stand_in_plays_by_rules_of_thumb(db_url: str) -> None:
    assert ServerConfig().takeover_level == "heuristic"
    with TestClient(make_app(db_url, takeover_seconds=0.2, takeover_level="heuristic")) as client:
        table_id, tokens = create(client, "royal-casino", seats=["human", "random"])
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
        with connect(client) as watcher:
            watcher.hello(table_id)
            seats = watcher.until(
                lambda m: m["type"] == "seats" and m["seats"][0]["stand_in"] is not None
            )["seats"]
            assert seats[0]["stand_in"] == "heuristic" and seats[0]["takeover_in"] is None
