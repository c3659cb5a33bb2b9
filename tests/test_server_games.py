"""Every registered game through the card room: a person (random moves) against computer
players with a spectator watching; no message to either may name a card hidden from it."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from cardtable.core.registry import game_ids, rules_class

from .test_server_helpers import TOY, StateTimeline, connect, create, live, make_app

GAMES = [g for g in game_ids() if g != TOY]
ACTIONS = 150  # enough for several hands of every game, quick enough for CI


@pytest.mark.parametrize("game", GAMES)
def test_game_is_playable_and_leaks_nothing(db_url: str, game: str) -> None:
    players = rules_class(game).default_players
    seats = ["human"] + ["random"] * (players - 1)
    rng = random.Random(game)
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client, game, seats=seats)
        with connect(client) as me, connect(client) as watcher:
            watcher.hello(table_id)
            me.hello(table_id, tokens["0"])
            while me.known < ACTIONS:
                state = me.my_turn(timeout=30)
                if state["view"]["is_over"]:
                    break
                me.play(rng.choice(state["view"]["legal_actions"]))
                assert me.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
            table = live(client, table_id)
            final = table.version
            watcher.catch_up(final, timeout=30)
            me.catch_up(final, timeout=30)
            timeline = StateTimeline(table.match.record())
        assert timeline.check_messages(0, me.received) >= final
        assert timeline.check_messages(None, watcher.received) >= final
        hidden_moves = [
            m
            for m in watcher.received
            if m["type"] == "state" and m["last"] and m["last"]["action"] is None
        ]
        rules = table.match.rules
        for m in hidden_moves:  # a withheld move is one made face down (BE-5's discard)
            action = timeline_action(table.match.record(), m["last"]["version"])
            assert rules.public_action(rules.parse_action(action)) != action, action


def timeline_action(record: dict[str, object], version: int) -> str:
    hands = record["hands"]
    assert isinstance(hands, list)
    actions: list[str] = [a for h in hands for a in h["actions"]]
    return actions[version - 1]
