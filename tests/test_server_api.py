"""The card room's HTTP side: the games catalogue, creating and listing tables, bad requests,
and the static client's pages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.bots import LEVELS
from cardtable.server.seats import levels_for

from .test_server_helpers import TOY, create, live, make_app


def test_games_catalogue_lists_games_options_and_seat_kinds(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        data = client.get("/api/games").json()
        toy = next(g for g in data["games"] if g["id"] == TOY)
        assert toy == {
            "id": TOY,
            "title": "Toy High Card",
            "rule_prefix": "",
            "listed": False,  # a test game: the lobby leaves it out
            "players": [2],
            "default_players": 2,
            "options": [
                {
                    "name": "target",
                    "default": 3,
                    "doc": "tricks to win",
                    "choices": None,
                    "low": 1,
                    "high": 99,
                },
                {
                    "name": "leak",
                    "default": False,
                    "doc": "a deliberately broken view, to test the leak check",
                    "choices": None,
                    "low": None,
                    "high": None,
                },
            ],
            "bot_levels": list(levels_for(TOY)),
            "client_module": False,
        }
        assert data["seat_kinds"] == ["human", *LEVELS]
        assert data["bot_levels"] == list(LEVELS)
        prefixes = {g["id"]: g["rule_prefix"] for g in data["games"] if g["listed"]}
        assert prefixes == {
            "royal-casino": "RC",
            "buck-euchre": "BE",
            "rummy-500": "R5",
            "queen-city-rum": "QC",
        }


def test_create_table_gives_a_token_and_link_per_human_seat(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        body = {"game": "Toy_High_Card", "seats": ["random", "human"], "options": {"target": "7"}}
        r = client.post("/api/tables", json=body)
        assert r.status_code == 201
        data = r.json()
        table = data["table"]
        assert table["game"] == TOY and table["options"] == {"target": 7, "leak": False}
        assert table["status"] == "open" and table["version"] == 0 and table["hand_number"] == 1
        assert [s["kind"] for s in table["seats"]] == ["random", "human"]
        assert list(data["tokens"]) == ["1"] and len(data["tokens"]["1"]) >= 24
        assert data["links"]["1"] == (
            f"http://testserver/table/{table['id']}#token={data['tokens']['1']}"
        )
        assert data["watch"] == f"http://testserver/table/{table['id']}"
        stored = live(client, table["id"])
        assert stored.seats[1].token_hash != data["tokens"]["1"]  # only a hash is kept
        assert client.get(f"/api/tables/{table['id']}").json() == stored.summary()


def test_seats_take_only_the_levels_that_can_play_the_game(db_url: str) -> None:
    playable = levels_for(TOY)
    assert "random" in playable and set(playable) <= set(LEVELS)
    with TestClient(make_app(db_url)) as client:
        for level in LEVELS:
            r = client.post("/api/tables", json={"game": TOY, "seats": ["human", level]})
            if level in playable:
                assert r.status_code == 201, r.text
            else:
                assert r.status_code == 400 and f"Seat kind {level!r} is not one of" in r.text


def test_default_seats_are_one_person_and_computers(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client)
        kinds = [s["kind"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]]
        assert kinds == ["human", "random"] and list(tokens) == ["0"]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"game": "poker"}, "unknown game 'poker'"),
        ({"game": TOY, "players": 3}, "played by 2 players, not 3"),
        ({"game": TOY, "options": {"target": 0}}, "option target must be at least 1"),
        ({"game": TOY, "options": {"target": "many"}}, "option target must be a whole number"),
        ({"game": TOY, "options": {"seed": 5}}, "has no option 'seed'"),
        ({"game": TOY, "options": {"deck": "Ac 2c"}}, "has no option 'deck'"),
        ({"game": TOY, "options": {"dealer": 0}}, "has no option 'dealer'"),
        ({"game": TOY, "seats": ["human"]}, "one seat kind for each of the 2 players"),
        ({"game": TOY, "seats": ["human", "genius"]}, "Seat kind 'genius' is not one of"),
        ({"seats": ["human", "human"]}, "game: Field required"),
        ({"game": TOY, "seats": "human"}, "seats: Input should be a valid list"),
    ],
)
def test_bad_table_requests_are_refused_with_a_reason(
    db_url: str, body: dict[str, Any], says: str
) -> None:
    with TestClient(make_app(db_url)) as client:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400 and says in r.json()["error"], r.text
        assert client.get("/api/tables").json() == {"tables": []}


def test_a_refused_option_carries_its_key_for_the_page(db_url: str) -> None:
    """An option the engine refuses comes with the reason's catalogue key and parameters (the
    game as its id), so the lobby says it in the page's language; their English is the error."""
    with TestClient(make_app(db_url)) as client:
        r = client.post("/api/tables", json={"game": "royal-casino", "options": {"target": 2}})
        body = r.json()
        assert r.status_code == 400
        assert body["key"] == "option.error.at_least"
        assert body["params"] == {"option": "target", "value": 2, "low": 4}
        r = client.post("/api/tables", json={"game": "royal-casino", "options": {"seed": 5}})
        assert r.json()["key"] == "option.error.unknown"
        assert r.json()["params"]["game"] == "royal-casino"
        empty = client.post("/api/tables", json={"game": TOY, "seats": []}).json()
        assert empty["key"] == "room.error.seat_count" and empty["params"] == {"n": 2}


def test_oversized_request_bodies_are_refused(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        body = {"game": TOY, "options": {"target": 3}, "pad": "x" * 70_000}
        r = client.post("/api/tables", json=body)
        assert r.status_code == 413 and "Request too large" in r.json()["error"]


def test_listing_by_status_and_unknown_tables(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        waiting, _ = create(client, seats=["human", "human"])
        playing, _ = create(client, seats=["random", "random"], target=99)
        by_status = {
            status: [
                t["id"]
                for t in client.get("/api/tables", params={"status": status}).json()["tables"]
            ]
            for status in ("open", "running", "finished")
        }
        assert by_status == {"open": [waiting], "running": [playing], "finished": []}
        every = [t["id"] for t in client.get("/api/tables").json()["tables"]]
        assert every == [playing, waiting]  # newest first
        r = client.get("/api/tables", params={"status": "lost"})
        assert r.status_code == 400 and "status must be one of" in r.json()["error"]
        for path in ("", "/record", "/replay/0"):
            r = client.get(f"/api/tables/nope{path}")
            assert r.status_code == 404 and r.json()["error"] == "No table 'nope'"


@pytest.mark.parametrize(
    ("path", "kind", "contains"),
    [
        ("/", "text/html", 'src="static/lobby.js"'),
        ("/table/abc", "text/html", 'src="../static/table.js"'),
        ("/replay/abc", "text/html", 'src="../static/replay.js"'),
        ("/static/i18n.js", "javascript", "export function t("),
        ("/static/i18n/pa.json", "application/json", '"term.play.prompt"'),
        ("/static/render.js", "javascript", "export function renderGeneric("),
        ("/static/cards.js", "javascript", "export function cardElement("),
        ("/static/style.css", "text/css", ".card"),
    ],
)
def test_static_client_is_served(db_url: str, path: str, kind: str, contains: str) -> None:
    with TestClient(make_app(db_url)) as client:
        r = client.get(path)
        assert r.status_code == 200 and kind in r.headers["content-type"]
        assert contains in r.text


def test_every_module_the_pages_import_exists() -> None:
    static = Path(__file__).parent.parent / "cardtable" / "server" / "static"
    import re

    for page in static.glob("*.html"):
        for src in re.findall(r'(?:src|href)="(?:\.\./)?static/([^"]+)"', page.read_text()):
            assert (static / src).is_file(), f"{page.name} needs {src}"
    for module in static.glob("*.js"):
        for dep in re.findall(r'from "\./([^"]+)"', module.read_text()):
            assert (static / dep).is_file(), f"{module.name} imports {dep}"


def test_every_translation_key_used_is_defined() -> None:
    """The interface text lives in i18n/en.json; every t("key") in the client must be there."""
    import json
    import re

    static = Path(__file__).parent.parent / "cardtable" / "server" / "static"
    defined = set(json.loads((static / "i18n" / "en.json").read_text(encoding="utf-8")))
    used: set[str] = set()
    for path in [*static.glob("*.js"), *static.glob("*.html")]:
        text = path.read_text()
        used |= set(re.findall(r'\bt\("([a-z_]+\.[a-z_.]+)"', text))
        used |= set(re.findall(r'data-i18n(?:-\w+)?="([a-z_]+\.[^"]+)"', text))
    assert used and used <= defined, sorted(used - defined)


def test_the_rooms_refusals_carry_their_keys_for_the_page(db_url: str) -> None:
    """What a page may be refused at a table (its pace, a rematch, a new link, the host's
    controls, a table gone, the lobby's limits) comes with a catalogue key and parameters, so
    the page says it in its own language; a seat is counted from 1 there (``n``)."""
    static = Path(__file__).parent.parent / "cardtable" / "server" / "static"
    defined = json.loads((static / "i18n" / "en.json").read_text(encoding="utf-8"))
    with TestClient(make_app(db_url, max_tables_per_client=2)) as client:
        made = client.post("/api/tables", json={"game": TOY, "seats": ["human", "random"]}).json()
        table, owner, token = made["table"]["id"], made["owner"], made["tokens"]["0"]
        asked = {
            "room.error.pace": ("pace", {"token": token, "seconds": 99}),
            "room.error.pace_player": ("pace", {"token": "nobody", "seconds": 1}),
            "room.error.not_over": ("rematch", {"token": token}),
            "room.error.rematch_player": ("rematch", {"token": "nobody"}),
            "room.error.not_persons_seat": ("seats/1/link", {"owner": owner}),
            "room.error.link_creator": ("seats/0/link", {"owner": "nobody"}),
            "host.error.level": ("seats/0/kind", {"owner": owner, "kind": "genius"}),
            "host.error.not_computers_seat": ("seats/0/kind", {"owner": owner, "kind": "human"}),
            "host.error.host": ("pause", {"owner": "nobody", "paused": True}),
        }
        for key, (path, body) in asked.items():
            said = client.post(f"/api/tables/{table}/{path}", json=body).json()
            assert said.get("key") == key, (key, said)
        said = client.post(f"/api/tables/{table}/seats/1/link", json={"owner": owner}).json()
        assert said["params"] == {"n": 2}
        assert client.get("/api/tables/nowhere").json()["key"] == "error.unknown_table"
        for seats, key in ((["human"], "room.error.seat_count"),
                           (["human", "genius"], "room.error.seat_kind")):  # fmt: skip
            said = client.post("/api/tables", json={"game": TOY, "seats": seats}).json()
            assert said["key"] == key, said
        client.post("/api/tables", json={"game": TOY, "seats": ["human", "random"]})
        said = client.post("/api/tables", json={"game": TOY, "seats": ["human", "random"]}).json()
        assert said["key"] == "room.error.limit_unfinished" and said["params"] == {"n": 2}
        assert all(k in defined for k in asked)
    # every room.error.* and host.error.* message is one the room gives
    source = "".join(p.read_text() for p in (static.parent).glob("*.py"))
    for key in (k for k in defined if k.startswith(("room.error.", "host.error."))):
        assert f'"{key}"' in source or key.startswith("room.error.limit_"), key
    # and every club's reason the room gives is written (one key, one meaning)
    for key in set(re.findall(r'"(club\.[a-z_]+)"', source)) - {"club.html"}:
        assert key in defined, key
