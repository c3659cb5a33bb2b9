"""``cardtable serve``: start a local card room (FastAPI + Uvicorn) and print its address.

Every option can also come from an environment variable, ``CARDTABLE_`` and its name
(``CARDTABLE_PORT``, ``CARDTABLE_DB`` …), as a container or a systemd unit sets them
(docs/deploy.md).
"""

from __future__ import annotations

import importlib
import socket
from dataclasses import replace
from typing import Annotated, Any

import typer

from cardtable.cli.limits import with_limit_options
from cardtable.cli.logs import configure as configure_logs
from cardtable.cli.text import t
from cardtable.core.extras import MissingExtraError, require
from cardtable.server.config import ServerConfig

WS_HARD_LIMIT = 1024 * 1024  # frames above this close the connection; above the cap, an error
DEFAULTS = ServerConfig()  # the options' defaults are the settings' own


@with_limit_options
def serve(
    host: Annotated[
        str,
        typer.Option(
            envvar="CARDTABLE_HOST", help="address to listen on (127.0.0.1: this computer only)"
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option(min=0, max=65535, envvar="CARDTABLE_PORT", help="port; 0 picks a free one"),
    ] = 8000,
    db: Annotated[
        str,
        typer.Option(
            envvar="CARDTABLE_DB",
            help="database: a SQLite file (a path, or sqlite:///PATH), or postgresql://user@host/name",
        ),
    ] = DEFAULTS.db_url,
    bot_delay: Annotated[
        float,
        typer.Option(
            min=0,
            envvar="CARDTABLE_BOT_DELAY",
            help="seconds between computer moves, so people can follow",
        ),
    ] = DEFAULTS.bot_delay,
    takeover_seconds: Annotated[
        float,
        typer.Option(
            min=0,
            envvar="CARDTABLE_TAKEOVER_SECONDS",
            help="seconds a player may be away before a computer plays for them (0: never)",
        ),
    ] = DEFAULTS.takeover_seconds,
    takeover_level: Annotated[
        str,
        typer.Option(
            envvar="CARDTABLE_TAKEOVER_LEVEL",
            help="level of the computer that stands in for an away player",
        ),
    ] = DEFAULTS.takeover_level,
    installed_bots: Annotated[
        bool,
        typer.Option(
            envvar="CARDTABLE_INSTALLED_BOTS",
            help="offer the computer players installed packages provide (cardtable bots); "
            "they run in this server's processes, so enable only packages you trust",
        ),
    ] = DEFAULTS.installed_bots,
    max_message_bytes: Annotated[
        int,
        typer.Option(
            min=256,
            max=WS_HARD_LIMIT,
            envvar="CARDTABLE_MAX_MESSAGE_BYTES",
            help="largest WebSocket message accepted",
        ),
    ] = DEFAULTS.max_message_bytes,
    rate: Annotated[
        float,
        typer.Option(
            min=1, envvar="CARDTABLE_RATE", help="messages per second one connection may send"
        ),
    ] = DEFAULTS.rate,
    node: Annotated[
        str,
        typer.Option(
            envvar="CARDTABLE_NODE",
            help="this node's name among the room's nodes (default: host name:port)",
        ),
    ] = DEFAULTS.node,
    bus: Annotated[
        str | None,
        typer.Option(
            envvar="CARDTABLE_BUS",
            help="redis://… to relay between nodes over Redis (default: the PostgreSQL database)",
        ),
    ] = DEFAULTS.bus,
    lease_seconds: Annotated[
        float,
        typer.Option(
            min=1,
            envvar="CARDTABLE_LEASE_SECONDS",
            help="a node's tables are taken over this long after it stops answering",
        ),
    ] = DEFAULTS.lease_seconds,
    public_url: Annotated[
        str | None,
        typer.Option(
            envvar="CARDTABLE_PUBLIC_URL",
            help="this node's own address, e.g. https://n1.cards.example.org, where every node "
            "is reachable at one: clients of its tables are sent here instead of relayed",
        ),
    ] = DEFAULTS.public_url,
    plugin: Annotated[
        list[str] | None,
        typer.Option(
            "--plugin",
            envvar="CARDTABLE_PLUGIN",
            help="import a module that registers more games or players",
        ),
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-origin",
            envvar="CARDTABLE_ALLOW_ORIGIN",
            help="another site whose pages may open the room's WebSocket, e.g. "
            "https://club.example.org (the room's own pages always may)",
        ),
    ] = None,
    root_path: Annotated[
        str,
        typer.Option(
            envvar="CARDTABLE_ROOT_PATH",
            help="path prefix the room is served under behind a reverse proxy, e.g. /cards",
        ),
    ] = "",
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            envvar="CARDTABLE_FORWARDED_ALLOW_IPS",
            help="proxies whose X-Forwarded-For/-Proto headers are trusted (comma list, or *)",
        ),
    ] = "127.0.0.1",
    log_level: Annotated[
        str, typer.Option(envvar="CARDTABLE_LOG_LEVEL", help="debug, info, warning or error")
    ] = "warning",
    log_format: Annotated[
        str, typer.Option(envvar="CARDTABLE_LOG_FORMAT", help="text, or json: one object a line")
    ] = "text",
    **limits: Any,
) -> None:
    """Start a local card room: open the printed address in a browser. The room's limits
    (--http-rate … --max-queued-hints) are in docs/security.md."""
    try:
        require("server", "the card room")
        import uvicorn

        from cardtable.server import create_app
        from cardtable.server.handshake import uvicorn_limits
        from cardtable.server.store import make_engine
    except MissingExtraError as e:
        raise typer.BadParameter(str(e)) from None
    from cardtable.bots import LEVELS

    for name in plugin or []:
        try:
            importlib.import_module(name)
        except ImportError as e:
            raise typer.BadParameter(
                t("term.op.cannot_import", module=name, reason=str(e)), param_hint="--plugin"
            ) from None
    if takeover_level not in LEVELS:
        raise typer.BadParameter(
            t("term.op.one_of", value=repr(takeover_level), choices=", ".join(LEVELS)),
            param_hint="--takeover-level",
        )
    try:
        engine = make_engine(db)  # loads the dialect and its driver; connects to nothing yet
        shown_db = engine.url.render_as_string(hide_password=True)
        engine.dispose()
    except Exception as e:
        raise typer.BadParameter(str(e), param_hint="--db") from None
    root_path = root_path.rstrip("/")
    if public_url is not None:
        from cardtable.server.addresses import checked

        try:
            public_url = checked(public_url)
        except ValueError as e:
            raise typer.BadParameter(str(e), param_hint="--public-url") from None
    if root_path and not root_path.startswith("/"):
        raise typer.BadParameter(t("term.op.root_path"), param_hint="--root-path")
    config = ServerConfig(
        db_url=db,
        bot_delay=bot_delay,
        takeover_seconds=takeover_seconds,
        takeover_level=takeover_level,
        installed_bots=installed_bots,
        max_message_bytes=max_message_bytes,
        rate=rate,
        burst=max(1, int(rate * 2)),
        bus=bus,
        lease_seconds=lease_seconds,
        public_url=public_url,
        allowed_origins=tuple(o.rstrip("/").lower() for o in allow_origin or ()),
        http_burst=max(1, int(limits["http_rate"] * 4)),
        **limits,
    )
    try:
        log_config = configure_logs(log_level, log_format)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--log-format") from None
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        raise typer.BadParameter(
            t("term.op.cannot_listen", address=f"{host}:{port}", reason=str(e))
        ) from None
    sock.listen(128)  # early browsers wait in the backlog while tables are rebuilt
    bound = sock.getsockname()[1]
    # A node restarted on the same host and port takes its tables back at once; any other
    # node waits for their leases to run out.
    config = replace(config, node=node or f"{socket.gethostname()}:{bound}")
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    address = f"http://{shown}:{bound}/"
    where = {"address": address, "db": shown_db, "path": f"{root_path}/"}
    print(t("term.op.serving_behind" if root_path else "term.op.serving", **where), flush=True)
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(config),
            host=host,
            port=bound,
            log_level=log_level.lower(),
            log_config=log_config,
            root_path=root_path,
            proxy_headers=True,
            forwarded_allow_ips=forwarded_allow_ips,
            ws_max_size=WS_HARD_LIMIT,
            ws_per_message_deflate=False,  # pushes are small; compressing them cost most CPU
            **uvicorn_limits(config),
        )
    )
    server.run(sockets=[sock])


if __name__ == "__main__":
    typer.run(serve)
