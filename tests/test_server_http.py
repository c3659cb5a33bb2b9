"""The HTTP side's hardening: security headers on every answer, a client that needs no inline
script or style (so the strict Content-Security-Policy holds), no API description unless asked
for, and one error body shape, ``{"error": sentence, "code": code}``, for every HTTP error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.server.app import STATIC

from .test_server_helpers import TOY, create, make_app


def test_every_answer_has_the_security_headers(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        for path in ["/", "/table/abc", "/replay/abc", "/static/lobby.js", "/api/games", "/nope"]:
            headers = client.get(path).headers
            csp = headers["content-security-policy"]
            assert "frame-ancestors 'none'" in csp and "script-src 'self';" in csp, path
            assert "style-src 'self';" in csp and "'unsafe-inline'" not in csp
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"
            assert headers["x-frame-options"] == "DENY"


def test_the_client_has_no_inline_script_or_style() -> None:
    """What the policy would block: inline scripts, style attributes, inline handlers."""
    for page in STATIC.glob("*.html"):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), page.name
        assert not re.search(r"<style|\sstyle=|\son[a-z]+=|javascript:", html), page.name
    for module in [*STATIC.glob("*.js"), *STATIC.glob("games/*.js")]:
        code = module.read_text()
        assert not re.search(r"style=|setAttribute\(\s*[\"']style|\beval\(|new Function", code), (
            module.name
        )


def test_no_api_description_unless_asked_for(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        r = client.get("/openapi.json")
        assert r.status_code == 404 and r.json() == {"error": "Not Found", "code": "not_found"}
        assert client.get("/docs").status_code == 404
    with TestClient(make_app(tmp_path, openapi=True)) as client:
        assert client.get("/openapi.json").json()["info"]["title"] == "cardtable"


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "code"),
    [
        ("GET", "/api/nothing", None, 404, "not_found"),
        ("GET", "/static/nothing.js", None, 404, "not_found"),
        ("DELETE", "/api/tables", None, 405, "method_not_allowed"),
        ("POST", "/api/tables", {"seats": []}, 400, "bad_request"),
        ("POST", "/api/tables", {"game": "poker"}, 400, "bad_request"),
        ("POST", "/api/tables", {"game": TOY, "pad": "x" * 70_000}, 413, "too_large"),
        ("GET", "/api/tables/nothing", None, 404, "not_found"),
        ("GET", "/api/tables?status=lost", None, 400, "bad_request"),
        ("GET", "/api/tables/nothing/replay/x", None, 400, "bad_request"),
        ("POST", "/api/tables/nothing/seats/0/link", {"owner": "x"}, 403, "forbidden"),
    ],
)
def test_every_http_error_has_one_body_shape(
    tmp_path: Path, method: str, path: str, body: object, status: int, code: str
) -> None:
    with TestClient(make_app(tmp_path)) as client:
        r = client.request(method, path, json=body)
        assert r.status_code == status, r.text
        answer = r.json()
        # a reason with a catalogue key also carries it and its parameters (docs/protocol.md)
        keyed = {"key", "params"} if "params" in answer else {"key"} if "key" in answer else set()
        assert set(answer) == {"error", "code", *keyed} and answer["code"] == code
        assert isinstance(answer["error"], str) and answer["error"]
        if keyed:
            assert isinstance(answer["key"], str) and answer["key"]


def test_a_record_asked_for_too_early_has_the_same_shape(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        table_id, _ = create(client, seats=["human", "human"])
        r = client.get(f"/api/tables/{table_id}/record")
        assert r.status_code == 409 and r.json()["code"] == "conflict"


def test_the_front_door_refuses_before_any_per_request_machinery(tmp_path: Path) -> None:
    """The app's middleware is plain ASGI (the guard: rate, announced body size, headers):
    a ``BaseHTTPMiddleware`` ran every request, refused ones too, in a task of its own with a
    stream pair, which made one address's requests over fresh connections slow the room."""
    from starlette.middleware.base import BaseHTTPMiddleware

    from cardtable.server.guard import Guard

    app = make_app(tmp_path)
    kinds: list[object] = [m.cls for m in app.user_middleware]
    assert kinds == [Guard] and BaseHTTPMiddleware not in kinds
    with TestClient(app) as client:
        r = client.post("/api/tables", content=b"{}", headers={"content-length": "x"})
        assert r.status_code == 411 and r.json()["code"] == "length_required"
        assert r.headers["x-frame-options"] == "DENY"
        r = client.post("/api/tables", content=b"{}", headers={"content-length": "70000"})
        assert r.status_code == 413 and "at most 65536 bytes" in r.json()["error"]
