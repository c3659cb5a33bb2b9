"""The card room's limits as ``cardtable serve`` options, declared once: each is a
``ServerConfig`` field (its default is the field's), with its bounds and a line of help.
docs/security.md says what each one guards against."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from cardtable.server.config import ServerConfig

F = TypeVar("F", bound=Callable[..., Any])

# (ServerConfig field, lowest, highest, help)
LIMITS: tuple[tuple[str, float | None, float | None, str], ...] = (
    ("http_rate", 0.1, None, "API requests per second one address may make"),
    ("create_per_minute", 0.1, None, "new tables per minute one address may create"),
    ("create_burst", 1, None, "new tables one address may create at once"),
    ("people_per_minute", 0.1, None, "names, clubs, invites, sign-ins one address makes a minute"),
    ("people_burst", 1, None, "of them, at once (a family or a club behind one address)"),
    ("max_tables_per_client", 1, None, "unfinished tables one address may have created"),
    ("max_bot_tables_per_client", 0, None, "of them, tables of computers only"),
    ("max_search_tables_per_client", 0, None, "of them, tables with a search-level computer"),
    ("max_sockets_per_client", 1, None, "WebSockets one address may hold open"),
    ("max_live_tables", 1, None, "tables in memory at once, all clients (beyond: 503)"),
    ("refusal_seconds", 0, 10, "pause before answering a rate refusal (429)"),
    ("max_connections", 16, None, "connections at once, all clients (beyond: HTTP 503)"),
    ("max_handshakes_per_client", 1, None, "requests of one address being received at once"),
    ("keep_alive_seconds", 1, None, "seconds an idle HTTP keep-alive connection is kept"),
    ("handshake_seconds", 1, None, "seconds a request has to arrive, headers and body"),
    ("hello_seconds", 1, None, "seconds a WebSocket has to join a table"),
    ("open_table_seconds", 10, None, "seconds before a table nobody joined is removed"),
    ("max_bot_actions", 10, None, "actions a table of computers only plays, then it is closed"),
    ("token_days", 0, None, "days after a match ends that its seat links work"),
    ("bot_workers", 1, 64, "threads choosing random and heuristic moves"),
    ("search_workers", 1, 64, "processes choosing search-level moves"),
    ("hint_workers", 1, 64, "processes computing hints"),
    ("max_queued_hints", 0, None, "hints waiting for a worker, room-wide (beyond: busy)"),
    ("openapi", None, None, "serve the API description at /openapi.json"),
)


def with_limit_options(command: F) -> F:
    """Give ``command`` (which takes ``**limits``) one option per limit, each also read from
    ``CARDTABLE_<NAME>``."""
    fields = {f.name: f for f in dataclasses.fields(ServerConfig)}
    signature = inspect.signature(command, eval_str=True)
    kept = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    added = []
    for name, low, high, doc in LIMITS:
        default = fields[name].default
        kind = type(default)
        envvar = "CARDTABLE_" + name.upper()  # as the other serve options (docs/deploy.md)
        option = (
            typer.Option(envvar=envvar, help=doc)
            if kind is bool
            else typer.Option(min=low, max=high, envvar=envvar, help=doc)
        )
        annotation = Annotated[kind, option]  # type: ignore[valid-type]
        added.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                       annotation=annotation))  # fmt: skip
    command.__signature__ = signature.replace(parameters=[*kept, *added])  # type: ignore[attr-defined]
    return command
