"""``cardtable serve``: start a local card room (FastAPI + Uvicorn) and print its address."""

from __future__ import annotations

import importlib
import logging
import socket
from typing import Annotated, Any

import typer

from cardtable.cli.limits import with_limit_options
from cardtable.server.config import DEFAULT_DB, ServerConfig

WS_HARD_LIMIT = 1024 * 1024  # frames above this close the connection; above the cap, an error


@with_limit_options
def serve(
    host: Annotated[
        str, typer.Option(help="address to listen on (127.0.0.1: this computer only)")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="port; 0 picks a free one")] = 8000,
    db: Annotated[
        str, typer.Option(help="database URL: a SQLite file, or postgresql://user@host/name")
    ] = DEFAULT_DB,
    bot_delay: Annotated[
        float, typer.Option(min=0, help="seconds between computer moves, so people can follow")
    ] = 0.8,
    takeover_seconds: Annotated[
        float,
        typer.Option(
            min=0, help="seconds a player may be away before a computer plays for them (0: never)"
        ),
    ] = 60.0,
    takeover_level: Annotated[
        str, typer.Option(help="level of the computer that stands in for an away player")
    ] = "random",
    max_message_bytes: Annotated[
        int, typer.Option(min=256, max=WS_HARD_LIMIT, help="largest WebSocket message accepted")
    ] = 16 * 1024,
    rate: Annotated[
        float, typer.Option(min=1, help="messages per second one connection may send")
    ] = 20.0,
    plugin: Annotated[
        list[str] | None,
        typer.Option("--plugin", help="import a module that registers more games or players"),
    ] = None,
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error")] = "warning",
    **limits: Any,
) -> None:
    """Start a local card room: open the printed address in a browser. The room's limits
    (``--http-rate`` … ``--max-queued-hints``) are in docs/security.md."""
    try:
        import uvicorn

        from cardtable.server import create_app
        from cardtable.server.handshake import uvicorn_limits
        from cardtable.server.store import make_engine
    except ModuleNotFoundError as e:
        raise typer.BadParameter(
            f"the card room needs the server extra ({e.name} is missing): "
            "pip install 'cardtable[server]'"
        ) from None
    from cardtable.bots import LEVELS

    for name in plugin or []:
        try:
            importlib.import_module(name)
        except ImportError as e:
            raise typer.BadParameter(f"cannot import {name}: {e}", param_hint="--plugin") from None
    if takeover_level not in LEVELS:
        raise typer.BadParameter(
            f"{takeover_level!r} is not one of {', '.join(LEVELS)}", param_hint="--takeover-level"
        )
    try:
        make_engine(db).dispose()  # loads the dialect and its driver; connects to nothing yet
    except Exception as e:
        raise typer.BadParameter(str(e), param_hint="--db") from None
    config = ServerConfig(
        db_url=db,
        bot_delay=bot_delay,
        takeover_seconds=takeover_seconds,
        takeover_level=takeover_level,
        max_message_bytes=max_message_bytes,
        rate=rate,
        burst=max(1, int(rate * 2)),
        http_burst=max(1, int(limits["http_rate"] * 4)),
        **limits,
    )
    level = log_level.upper()
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        raise typer.BadParameter(f"cannot listen on {host}:{port}: {e}") from None
    sock.listen(128)  # early browsers wait in the backlog while tables are rebuilt
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"cardtable card room: http://{shown}:{bound}/  (database {db})", flush=True)
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(config),
            host=host,
            port=bound,
            log_level=log_level.lower(),
            ws_max_size=WS_HARD_LIMIT,
            ws_per_message_deflate=False,  # pushes are small; compressing them cost most CPU
            **uvicorn_limits(config),
        )
    )
    server.run(sockets=[sock])


if __name__ == "__main__":
    typer.run(serve)
