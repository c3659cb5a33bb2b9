"""The move log sent on join: the match so far (its latest two pages), paged, oldest first,
each move in its public form. A seat reads its own face-down discard (BE-5) in full, everyone
else reads it withheld; no page names a card its receiver could not see just after that move
(the leak check of test_server_play, which now reads log pages too); a reload gets the same
log."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from cardtable.core.match import Match
from cardtable.server import movelog
from cardtable.server.store import StoredAction

from .test_server_helpers import Client, StateTimeline, connect, create, make_app
from .test_server_play import play_out


def log_of(client: Client) -> list[dict[str, Any]]:
    """The log pages a join received: the latest ``JOIN_PAGES`` at most, in order, ending at
    the last."""
    pages = [m for m in client.received if m["type"] == "log"]
    total = pages[0]["pages"] if pages else 0
    assert len(pages) <= movelog.JOIN_PAGES and [p["page"] for p in pages] == list(
        range(total - len(pages), total)
    )
    return [e for p in pages for e in p["entries"]]


def test_a_late_spectator_and_a_reload_get_the_whole_public_log(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(
            client, "buck-euchre", seats=["human", "random", "random", "random"], start=10
        )
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            assert log_of(me) == []  # nothing played yet: no log message
            play_out(me, random.Random(5))
            end = me.state
        assert end is not None
        record = client.get(f"/api/tables/{table_id}/record").json()
        timeline = StateTimeline(record)
        played = [a for h in record["hands"] for a in h["actions"]]
        with connect(client) as spectator, connect(client) as again:
            spectator.hello(table_id)
            again.hello(table_id, tokens["0"])
            spectator.quiet(0.3)
            again.quiet(0.3)
        seen, mine = log_of(spectator), log_of(again)
        # the whole log when it fits two pages; a longer match's latest moves (its whole log
        # is its record and replay)
        first = end["version"] - len(seen) + 1
        assert first == 1 or len(seen) > movelog.PAGE
        assert [e["version"] for e in seen] == list(range(first, end["version"] + 1))
        assert [e["version"] for e in mine] == [e["version"] for e in seen]
        withheld = 0
        for entry, theirs, text in zip(seen, mine, played[first - 1 :], strict=True):
            if entry["action"] is None:  # only a face-down discard is withheld, and not from
                withheld += 1  # the seat that made it
                assert text.startswith("discard ")
                assert theirs["action"] == (text if theirs["seat"] == 0 else None)
            else:
                assert entry["action"] == text == theirs["action"]
        assert withheld > 0 or not any(t.startswith("discard ") for t in played[first - 1 :])
        assert timeline.check_messages(None, spectator.received) > 0
        assert timeline.check_messages(0, again.received) > 0


def test_a_long_log_is_paged() -> None:
    rules = Match("buck-euchre", players=4, seed=1).rules
    actions = [StoredAction(v, 1, v % 4, "pass", "random") for v in range(1, 451)]
    pages = movelog.pages("t", rules, actions, None, latest=3)
    assert [len(p["entries"]) for p in pages] == [200, 200, 50]
    assert {p["pages"] for p in pages} == {3}
    assert [e["version"] for p in pages for e in p["entries"]] == list(range(1, 451))
    joined = movelog.pages("t", rules, actions, None)  # a join: the latest pages only
    assert [(p["page"], len(p["entries"])) for p in joined] == [(1, 200), (2, 50)]
    assert joined[0]["entries"][0]["version"] == 201
    assert movelog.pages("t", rules, [], None) == []
    hidden = movelog.entry(rules, StoredAction(9, 1, 2, "discard 9h", "random"), 1)
    assert hidden["action"] is None
    assert movelog.entry(rules, StoredAction(9, 1, 2, "discard 9h", "random"), 2)["action"]
