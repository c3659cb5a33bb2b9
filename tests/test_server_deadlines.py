"""Every request has a deadline (docs/security.md, "Connection limits"), on a real server:
a kept-alive connection's later request that trickles its headers, a request body that
trickles, and an idle keep-alive connection are all closed; ``/healthz`` answers while a
flood holds every connection the room allows."""

from __future__ import annotations

import contextlib
import socket
import time
from pathlib import Path

import httpx2

from tests.support.server import serving

GET = b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"


def _response(sock: socket.socket) -> bytes:
    """One whole response (headers and the body its Content-Length gives)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(65536)
    return head


def _trickle(sock: socket.socket, data: bytes, seconds: float) -> float:
    """Send ``data`` a byte every 0.2 s; how long until the server closed the connection (or
    ``seconds``, if it never did)."""
    started = time.monotonic()
    with contextlib.suppress(OSError):
        for byte in data:
            sock.sendall(bytes([byte]))
            time.sleep(0.2)
            if time.monotonic() - started > seconds:
                break
        sock.settimeout(max(0.1, seconds - (time.monotonic() - started)))
        while sock.recv(1):
            pass
    return time.monotonic() - started


def test_later_requests_bodies_and_idle_keep_alive_are_timed(tmp_path: Path) -> None:
    options = ("--handshake-seconds", "1", "--keep-alive-seconds", "1")
    with serving(tmp_path / "room.db", *options) as (_proc, base):
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port)) as later:
            later.sendall(GET)
            assert b" 200 " in _response(later)  # the first request, answered and kept alive
            held = _trickle(later, b"GET /api/games HTTP/1.1\r\nX-Slow: " + b"1" * 40, 8)
            assert held < 3, held  # the second request's deadline: about a second
        with socket.create_connection(("127.0.0.1", port)) as body:
            body.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                         b"\r\nContent-Length: 60\r\n\r\n")  # fmt: skip
            held = _trickle(body, b'{"game": "royal-casino", "seats": ["human", "random"]}   ', 8)
            assert held < 3, held  # the body is part of the request's deadline
        with socket.create_connection(("127.0.0.1", port)) as idle:
            idle.sendall(GET)
            _response(idle)
            started = time.monotonic()
            idle.settimeout(8)
            assert idle.recv(1) == b""  # closed by the server
            assert time.monotonic() - started < 3
        assert httpx2.get(f"{base}/api/games", timeout=5).status_code == 200


def test_healthz_answers_while_a_flood_holds_every_connection(tmp_path: Path) -> None:
    options = ("--handshake-seconds", "20", "--max-connections", "16")
    with serving(tmp_path / "room.db", *options) as (_proc, base):
        port = int(base.rsplit(":", 1)[1])
        held = [socket.create_connection(("127.0.0.1", port)) for _ in range(20)]
        try:
            for s in held:
                s.sendall(b"GET /api/games HTTP/1.1\r\n")  # never finished
            time.sleep(0.3)
            assert httpx2.get(f"{base}/api/games", timeout=5).status_code == 503
            health = httpx2.get(f"{base}/healthz", timeout=5)
            assert health.status_code == 200 and health.json()["status"] == "ok"
        finally:
            for s in held:
                s.close()
