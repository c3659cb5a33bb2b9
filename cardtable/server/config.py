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
    ``rate`` and ``burst`` bound what one WebSocket connection may send. The rest are the
    room's limits (docs/security.md): what one client address may create, request and hold
    open, so that no client can make the room unusable for the others.
    """

    db_url: str = DEFAULT_DB
    bot_delay: float = 0.8
    takeover_seconds: float = 60.0
    takeover_level: str = "heuristic"
    installed_bots: bool = False  # offer the bots installed packages provide (cardtable bots)
    max_message_bytes: int = 16 * 1024
    rate: float = 20.0  # messages per second a connection may send on average
    burst: int = 40  # messages a connection may send at once
    outbox_size: int = 256  # pushes queued for a client that is not reading, then it is dropped
    max_request_bytes: int = 64 * 1024  # HTTP request bodies
    max_live_tables: int = 5000
    list_limit: int = 200  # tables per listing
    # -- per client address ------------------------------------------------------------------
    http_rate: float = 20.0  # API requests per second on average (pages and static files free)
    http_burst: int = 80
    create_per_minute: float = 6.0  # new tables per minute on average, bursts of create_burst
    create_burst: int = 10
    max_tables_per_client: int = 20  # unfinished tables one address created
    max_bot_tables_per_client: int = 2  # of them, tables with no person's seat
    max_search_tables_per_client: int = 4  # of them, tables with a search-level computer
    max_sockets_per_client: int = 64  # WebSockets open at once
    refusal_seconds: float = 1.0  # a request refused for its rate is answered after this
    # -- time limits -------------------------------------------------------------------------
    max_bot_actions: int = 3000  # a table of computers only is closed after this many actions
    open_table_seconds: float = 3600.0  # a table whose seats nobody joined is removed after it
    token_days: float = 7.0  # seat tokens stop working this long after the match ends
    hello_seconds: float = 30.0  # a WebSocket must join a table within this
    handshake_seconds: float = 10.0  # a connection must send its first request within this
    keep_alive_seconds: int = 5  # an idle HTTP keep-alive connection is closed after it
    max_handshakes_per_client: int = 32  # connections of one address still in their handshake
    max_connections: int = 2048  # connections at once, all clients; beyond, HTTP 503
    # -- computing -------------------------------------------------------------------------
    bot_workers: int = 2  # threads choosing the quick computer players' moves
    search_workers: int = 2  # processes choosing search-level moves, one per address at a time
    hint_workers: int = 1  # processes computing hints
    worker_processes: bool = True  # searches and hints; False: threads (tests look inside)
    # -- several nodes on one database (docs/deploy.md) ------------------------------------
    node: str = ""  # this node's name among the room's nodes; "" is host:process id
    bus: str | None = None  # redis://… for Redis pub/sub; default: PostgreSQL's LISTEN/NOTIFY
    lease_seconds: float = 6.0  # a hung node's tables are taken over after about this long
    # this node's own address (http(s)://host[:port][/prefix]) where each node is reachable at
    # one: clients of its tables are sent here instead of relayed (addresses.py); None: relayed
    public_url: str | None = None
    max_queued_hints: int = 8  # hints waiting for a thread, room-wide; beyond, "busy"
    # sites besides the room's own whose pages may open /ws (scheme://host[:port], lower case)
    allowed_origins: tuple[str, ...] = ()
    openapi: bool = False  # serve /openapi.json
    people_per_minute: float = 6.0  # names, clubs, invites, sign-ins one address makes a minute
    people_burst: int = 20
