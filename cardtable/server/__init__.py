"""The card room: a FastAPI + Uvicorn web server where people play the games in a browser.

The server is authoritative (every action is checked by ``Match``), stores every action
before acknowledging it, sends each client only its own view, and rebuilds every table
from the store after a restart. The protocol is in docs/protocol.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.server.config import ServerConfig

if TYPE_CHECKING:
    from cardtable.server.app import create_app

__all__ = ["ServerConfig", "create_app"]


def __getattr__(name: str) -> Any:
    """``create_app`` is imported on first use, so the rest of the ``cardtable`` command works
    without the ``server`` extra (FastAPI, Uvicorn, SQLAlchemy) installed; without it,
    ``create_app`` raises ``MissingExtraError`` naming the extra."""
    if name == "create_app":
        from cardtable.core.extras import require

        require("server", "cardtable.server")
        from cardtable.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
