"""Hosting the room: the health check, settings from environment variables, JSON logs, and the
room served under a path prefix by a reverse proxy (docs/deploy.md)."""

from __future__ import annotations

import json
import re
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx2
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from typer.testing import CliRunner
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from cardtable.cli.main import app as cli
from cardtable.server.room import Room
from tests.support.server import serving

from .test_server_helpers import TOY, connect, make_app

STATIC = Path(__file__).parent.parent / "cardtable" / "server" / "static"
PREFIX = "/cards"


def test_healthz_answers_while_the_database_does_and_503_when_it_does_not(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    with TestClient(app) as client:
        r = client.get("/healthz")
        assert r.status_code == 200
        assert r.json() == {"status": "ok", "database": "ok", "live_tables": 0}
        room: Room = app.state.room
        store = room.store.store
        working = store.engine
        store.engine = create_engine(f"sqlite:///{tmp_path / 'no such folder' / 'room.db'}")
        try:
            r = client.get("/healthz")
        finally:
            store.engine = working
        assert r.status_code == 503
        assert r.json() == {"status": "unavailable", "database": "unreachable"}
        assert client.get("/healthz").status_code == 200


class Links(HTMLParser):
    """Every href and src of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [v for k, v in attrs if k in ("href", "src") and v and v[0] != "#"]


def links(html: str) -> list[str]:
    parser = Links()
    parser.feed(html)
    return parser.found


def behind_proxy(tmp_path: Path) -> TestClient:
    """The app as a reverse proxy that strips ``/cards`` hands it to Uvicorn run with
    ``--root-path /cards``: the prefix in ``root_path`` and in the path, and the proxy's
    X-Forwarded-* headers trusted."""
    app = ProxyHeadersMiddleware(make_app(tmp_path), trusted_hosts="*")  # type: ignore[arg-type]
    return TestClient(app, root_path=PREFIX, base_url="http://room.test")  # type: ignore[arg-type]


@pytest.mark.parametrize("page", ["/", "/table/abc", "/replay/abc"])
def test_every_link_of_a_page_works_under_a_path_prefix(tmp_path: Path, page: str) -> None:
    with behind_proxy(tmp_path) as client:
        url = f"http://room.test{PREFIX}{page}"
        r = client.get(url)
        assert r.status_code == 200
        found = links(r.text)
        assert any(x.endswith(".js") for x in found) and any(x.endswith(".css") for x in found)
        for link in found:
            target = urljoin(url, link)
            assert urlsplit(target).path.startswith(f"{PREFIX}/"), (page, link, target)
            assert client.get(target).status_code == 200, (page, link, target)


def test_the_client_builds_every_address_from_the_room_not_the_site_root() -> None:
    """fetch, WebSocket and links in the scripts go through roomUrl (api.js): an address
    starting with "/" would leave the prefix, and so would one built from location.host."""
    absolute = re.compile(
        r"""(fetch\(\s*["'`]/|["'`]/(api|static|table|replay|ws)\b|location\.host\b)"""
    )
    for module in [*STATIC.glob("*.js"), *STATIC.glob("games/*.js")]:
        for n, line in enumerate(module.read_text().splitlines(), 1):
            assert not absolute.search(line), f"{module.name}:{n}: {line.strip()}"
    # roomUrl: api.js is served from <room>/static/, the room is one level up
    api = (STATIC / "api.js").read_text()
    assert 'new URL("../", import.meta.url)' in api
    assert urljoin(f"http://room.test{PREFIX}/static/api.js", "../") == f"http://room.test{PREFIX}/"


def test_a_table_is_created_linked_and_played_under_the_prefix(tmp_path: Path) -> None:
    with behind_proxy(tmp_path) as client:
        headers = {"Host": "cards.example.org", "X-Forwarded-Proto": "https"}
        r = client.post(
            f"{PREFIX}/api/tables",
            json={"game": TOY, "seats": ["human", "random"]},
            headers=headers,
        )
        assert r.status_code == 201, r.text
        answer = r.json()
        table_id, token = answer["table"]["id"], answer["tokens"]["0"]
        room = f"https://cards.example.org{PREFIX}"
        assert answer["links"]["0"] == f"{room}/table/{table_id}#token={token}"
        assert answer["watch"] == f"{room}/table/{table_id}"
        assert client.get(f"{PREFIX}/api/tables/{table_id}").json()["id"] == table_id
        assert client.get(f"{PREFIX}/healthz").json()["status"] == "ok"
        with connect(client, f"{PREFIX}/ws") as me:
            me.hello(table_id, token)
            state = me.my_turn()
            me.play(state["view"]["legal_actions"][0])
            assert me.expect("ack")["version"] >= 1  # the computer may have moved first


def test_serve_takes_its_settings_from_the_environment_and_logs_json(tmp_path: Path) -> None:
    """A real ``cardtable serve`` with its root path, log format and level, and bot delay set
    only through CARDTABLE_* variables, behind a proxy (the test) on loopback."""
    env = {
        "CARDTABLE_ROOT_PATH": f"{PREFIX}/",
        "CARDTABLE_LOG_FORMAT": "json",
        "CARDTABLE_LOG_LEVEL": "info",
        "CARDTABLE_BOT_DELAY": "0",
        "CARDTABLE_PLUGIN": "tests.support.toygame",
    }
    log = tmp_path / "room.log"
    with log.open("w") as err, serving(tmp_path / "room.db", env=env, stderr=err) as (_, base):
        # the proxy strips /cards and says the browser came over HTTPS to cards.example.org
        headers = {"Host": "cards.example.org", "X-Forwarded-Proto": "https"}
        r = httpx2.post(
            f"{base}/api/tables", json={"game": TOY, "seats": ["random"] * 2},
            headers=headers, timeout=10,
        )  # fmt: skip
        assert r.status_code == 201, r.text
        table_id = r.json()["table"]["id"]
        assert r.json()["watch"] == f"https://cards.example.org{PREFIX}/table/{table_id}"
        deadline = time.monotonic() + 30  # bot delay 0: two computers play it out at once
        while httpx2.get(f"{base}/api/tables/{table_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "no end with CARDTABLE_BOT_DELAY=0"
            time.sleep(0.05)
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    requests = [e for e in entries if e["logger"] == "uvicorn.access"]
    assert {"time", "level", "logger", "message"} <= set(entries[0])
    assert any(e["method"] == "POST" and e["path"] == f"{PREFIX}/api/tables" for e in requests)
    assert any(e["status"] == 201 for e in requests)


def run_serve(monkeypatch: pytest.MonkeyPatch, env: dict[str, str], *args: str) -> Any:
    """``cardtable serve`` up to the point it would serve: the Uvicorn config it made."""
    import uvicorn

    made: list[uvicorn.Config] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: made.append(self.config))
    # Uvicorn's logging set-up (dictConfig) closes every logging handler alive in the process,
    # other tests' included; this test serves nothing, so it leaves the process's logging be.
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda self: None)
    result = CliRunner().invoke(cli, ["serve", *args], env=env)
    return result, made[0] if made else None


def test_command_line_options_win_over_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = f"sqlite:///{tmp_path / 'env.db'}"
    env = {"CARDTABLE_DB": db, "CARDTABLE_PORT": "0", "CARDTABLE_TAKEOVER_SECONDS": "5"}
    result, config = run_serve(monkeypatch, env, "--takeover-seconds", "7")
    assert result.exit_code == 0, result.output
    assert f"(database {db})" in result.output
    assert config.app.state.config.db_url == db
    assert config.app.state.config.takeover_seconds == 7
    assert config.root_path == "" and config.forwarded_allow_ips == "127.0.0.1"


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"CARDTABLE_PORT": "eighty"}, "'--port'"),
        ({"CARDTABLE_PORT": "0", "CARDTABLE_ROOT_PATH": "cards"}, "must start with /"),
        ({"CARDTABLE_PORT": "0", "CARDTABLE_LOG_FORMAT": "xml"}, "text, json"),
    ],
)
def test_a_bad_setting_in_the_environment_is_refused_with_a_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], says: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result, config = run_serve(monkeypatch, env)
    assert result.exit_code == 2 and config is None
    assert says in " ".join(result.output.split()), result.output
    assert not (tmp_path / "cardtable.db").exists()


def test_version_is_the_one_written_in_the_package() -> None:
    import cardtable

    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0 and result.output == f"cardtable {cardtable.__version__}\n"
    changelog = (Path(__file__).parent.parent / "CHANGELOG.md").read_text()
    assert f"## {cardtable.__version__} " in changelog
