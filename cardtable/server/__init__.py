"""The card room: a FastAPI + Uvicorn web server where people play the games in a browser.

The server is authoritative (every action is checked by ``Match``), stores every action
before acknowledging it, sends each client only its own view, and rebuilds every table
from the store after a restart. The protocol is in docs/protocol.md.
"""

from cardtable.server.app import create_app
from cardtable.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]
