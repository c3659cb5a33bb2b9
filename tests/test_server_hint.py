"""The hint message: the search bot's advice for the seat to move, from its own view."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.core.game import Rules
from cardtable.core.registry import rules_class

from .test_server_helpers import connect, create, make_app


def test_hint_is_refused_to_spectators_and_out_of_turn_and_without_sampling(
    tmp_path: Path,
) -> None:
    with TestClient(make_app(tmp_path)) as client:
        table_id, tokens = create(client, seats=["human", "human"])
        with connect(client) as a, connect(client) as b, connect(client) as watcher:
            a.hello(table_id, tokens["0"])
            b.hello(table_id, tokens["1"])
            watcher.hello(table_id)
            # whichever seat the table's seed made first; waiting on seat 0 would hang otherwise
            mover, other = (a, b) if a.view["to_move"] == 0 else (b, a)
            watcher.send(type="hint")
            assert watcher.error(timeout=30)["code"] == "spectator"
            other.send(type="hint")
            assert other.error(timeout=30)["code"] == "not_your_turn"
            mover.send(type="hint")  # the toy game cannot sample hidden cards
            refused = mover.error(timeout=30)
            assert refused["code"] == "no_hint" and "cannot sample" in refused["message"]


@pytest.mark.parametrize("game", ["buck-euchre", "royal-casino", "rummy-500", "queen-city-rum"])
def test_hint_gives_a_legal_action_with_a_reason(tmp_path: Path, game: str) -> None:
    rules = rules_class(game)
    assert rules.determinize is not Rules.determinize, f"{game} cannot sample hidden cards"
    players = rules.default_players
    with TestClient(make_app(tmp_path)) as client:
        table_id, tokens = create(client, game, seats=["human"] + ["random"] * (players - 1))
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            state = me.my_turn(timeout=30)
            me.send(type="hint")
            advice = me.expect("hint", timeout=60)
            assert advice["action"] in state["view"]["legal_actions"]
            assert advice["reason"] and advice["top"][0]["action"] == advice["action"]
