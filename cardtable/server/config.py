"""The card room's settings, in one frozen object shared by the app, the room and the tests."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_DB = "sqlite:///cardtable.db"


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Everything ``cardtable serve`` can tune.

    ``bot_delay`` is the pause before each computer move so people can follow the play;
    ``takeover_seconds`` is how long a human seat may stay disconnected before a computer
    player (``takeover_level``) plays for it (0 turns take-over off); ``max_message_bytes``,
    ``rate`` and ``burst`` bound what one WebSocket connection may send.
    """

    db_url: str = DEFAULT_DB
    bot_delay: float = 0.8
    takeover_seconds: float = 60.0
    takeover_level: str = "random"
    max_message_bytes: int = 16 * 1024
    rate: float = 20.0  # messages per second a connection may send on average
    burst: int = 40  # messages a connection may send at once
    outbox_size: int = 256  # pushes queued for a client that is not reading, then it is dropped
    max_request_bytes: int = 64 * 1024  # HTTP request bodies
    max_live_tables: int = 5000
    list_limit: int = 200  # tables per listing
