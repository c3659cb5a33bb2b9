"""Where each node of the room is reached directly, for clients sent to their table's node
instead of being relayed to it (docs/deploy.md, "Fewer hops").

A node started with ``--public-url`` (its own address, as browsers reach it: each node behind
a name of its own) records it in ``card_nodes`` when it starts. A client that says hello at
another node for a table this node serves is then told ``table_moved`` with this node's
WebSocket address, and connects here: every later message goes straight to the table's node
rather than over the bus twice. A node without one records none, and its tables' clients
are relayed, as behind a single address.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session

from cardtable.server.store import NodeRow, now


def publish(engine: Engine, node: str, url: str | None) -> None:
    """Record this node's public address (None: it has none, clients are relayed to it)."""
    with Session(engine) as s, s.begin():
        s.execute(delete(NodeRow).where(NodeRow.node == node))
        s.add(NodeRow(node=node, url=url, started_at=now()))


def known(engine: Engine) -> dict[str, str]:
    """Every node's public address, by node name (nodes without one are missing)."""
    with Session(engine) as s:
        rows = s.execute(select(NodeRow.node, NodeRow.url).where(NodeRow.url.is_not(None)))
        return {node: url for node, url in rows if url}


def socket_url(public_url: str) -> str:
    """The WebSocket address under a node's public address."""
    scheme, _, rest = public_url.rstrip("/").partition("://")
    return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/ws"


def origin(public_url: str) -> str:
    """scheme://host[:port] of a public address."""
    scheme, _, rest = public_url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}".lower()


def connect_sources(urls: Iterable[str]) -> str:
    """The nodes' addresses for the pages' Content-Security-Policy ``connect-src`` (their
    WebSocket forms too), so a page may follow a client sent to another node."""
    found: set[str] = set()
    for url in urls:
        found.add(origin(url))
        found.add(origin(socket_url(url)))
    return " ".join(sorted(found))


def checked(url: str) -> str:
    """A ``--public-url`` as stored: http(s)://host[:port][/prefix], no trailing slash."""
    scheme, sep, rest = url.strip().partition("://")
    if scheme.lower() not in ("http", "https") or not sep or not rest or rest.startswith("/"):
        raise ValueError(f"--public-url must be http(s)://host[:port][/prefix], not {url!r}")
    if any(c in rest for c in "?#' \""):
        raise ValueError(f"--public-url may hold no query, fragment, quote or space: {url!r}")
    return f"{scheme.lower()}://{rest.rstrip('/')}"
