"""The web app: the JSON API, the WebSocket, and the browser client's static files.

``create_app(config)`` builds a FastAPI app around one ``Room``; ``cardtable serve`` runs it
under Uvicorn. docs/protocol.md describes every route and message.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal, TypeVar
from urllib.parse import quote

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException

from cardtable.bots import LEVELS
from cardtable.core.registry import game_ids, rules_class
from cardtable.server import host, people_api, preview, talk
from cardtable.server.config import ServerConfig
from cardtable.server.guard import Guard, error_body
from cardtable.server.limits import client_address
from cardtable.server.names import Who
from cardtable.server.players import COOKIE
from cardtable.server.room import Room, RoomError
from cardtable.server.rules_page import games as rules_games
from cardtable.server.rules_page import language, rules_html
from cardtable.server.seats import HUMAN, installed_levels, levels_for
from cardtable.server.session import serve_socket, signed_in
from cardtable.server.store import Clock, now

STATIC = Path(__file__).parent / "static"
HEALTH_TIMEOUT = 5.0  # seconds the health check waits for the database

log = logging.getLogger("cardtable.server")
T = TypeVar("T")


class CreateTable(BaseModel):
    """A new table: the game, the number of players, its options, and each seat's kind."""

    game: str = Field(max_length=64)
    players: int | None = None
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)
    seats: list[str] | None = Field(default=None, max_length=16)
    # the away policy (host.py): stand-ins only while a person is here, or always
    stand_ins: Literal["present", "always"] = "present"


class RematchRequest(BaseModel):
    """A player's seat token at the finished table; none for a club member, who asks signed
    in (their seat is theirs by who they are)."""

    token: str | None = Field(default=None, max_length=128)


class PaceRequest(BaseModel):
    """A player's seat token and the seconds the computers wait before each move."""

    token: str = Field(max_length=128)
    seconds: float


class NewLink(BaseModel):
    """The creator's key, given when the table was created."""

    owner: str = Field(max_length=128)


class PauseRequest(NewLink):
    """The host pauses (true) or resumes (false) the match."""

    paused: bool


class SeatRequest(NewLink):
    """The host gives a seat to a computer of ``level``, or to a person (``"human"``)."""

    kind: str = Field(max_length=32)


class TalkSetting(NewLink):
    """The host lets spectators talk (true) or makes them read only (false)."""

    spectators: bool


class MuteRequest(NewLink):
    """The host mutes a seat (true) or lets it talk again (false)."""

    muted: bool


def games_catalogue(installed_bots: bool = False) -> dict[str, Any]:
    """Every registered game with its options, for the lobby's form; the computer players
    installed packages offer are listed only where the operator allowed them
    (``ServerConfig.installed_bots``)."""
    games = []
    for gid in game_ids():
        cls = rules_class(gid)
        games.append(
            {
                "id": gid,
                "title": cls.title,
                "rule_prefix": cls.rule_prefix,
                "listed": cls.listed,
                "players": list(cls.player_counts),
                "default_players": cls.default_players,
                "options": [
                    {
                        "name": s.name,
                        "default": s.default,
                        "doc": s.doc,
                        "choices": None if s.choices is None else list(s.choices),
                        "low": s.low,
                        "high": s.high,
                    }
                    for s in cls.option_specs
                ],
                "bot_levels": list(levels_for(gid, installed_bots)),
                "client_module": (STATIC / "games" / f"{gid}.js").is_file(),
            }
        )
    levels = [*LEVELS, *(installed_levels() if installed_bots else ())]
    return {"games": games, "seat_kinds": [HUMAN, *levels], "bot_levels": levels}


def create_app(config: ServerConfig | None = None, clock: Clock = now) -> FastAPI:
    config = config or ServerConfig()
    room = Room(config, clock)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await room.start()
        try:
            yield
        finally:
            await room.stop()

    app = FastAPI(
        title="cardtable",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json" if config.openapi else None,
    )
    app.state.room = room
    app.state.config = config
    app.add_middleware(
        Guard,
        rate=config.http_rate,
        burst=config.http_burst,
        pause=config.refusal_seconds,
        connect=lambda: room.connect_sources,
        max_body=config.max_request_bytes,
    )

    @app.exception_handler(RoomError)
    async def room_error(request: Request, exc: RoomError) -> Response:
        if exc.status == 429:  # a client looping on refusals is slowed down, not served faster
            await asyncio.sleep(config.refusal_seconds)
        response = _error(exc.status, exc.message, exc.code, exc.key, exc.params)
        if exc.code == "rate_limited":  # new tables: when the next one may be made
            response.headers["Retry-After"] = str(math.ceil(60 / config.create_per_minute))
        return response

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
        return _error(exc.status_code, str(exc.detail), code)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        return _error(500, "The server could not handle that request", "server_error")

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in e['loc'][1:]) or 'body'}: {e['msg']}"
            for e in exc.errors()
        )
        return _error(400, f"Invalid request: {problems}", "bad_request")

    # -- pages ----------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(
        table_id: str, request: Request, lang: str | None = Query(default=None, max_length=35)
    ) -> HTMLResponse:
        """The table page, its head telling a messaging app's preview about the table."""
        said = preview.pick(lang) or preview.preferred(request.headers.get("accept-language"))
        try:
            await room.check_club(table_id, await viewer(request))
            summary: dict[str, Any] | None = await room.summary(table_id)
        except RoomError:  # no such table, or a club's: nothing said of it
            summary = None
        except Exception as e:  # the page opens all the same; the preview says only the room's
            log.warning("no preview of table %r: %r", table_id, e)
            summary = None
        base = str(request.base_url.replace(path=request.scope.get("root_path", ""))).rstrip("/")
        url = f"{base}/table/{quote(table_id, safe='')}"
        return HTMLResponse(preview.table_page(summary, said or "en", url))

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @app.get("/invite", include_in_schema=False)
    async def invite_page(
        request: Request, lang: str | None = Query(default=None, max_length=35)
    ) -> HTMLResponse:
        """A club's invite page, its head telling a messaging app's preview what it is."""
        said = preview.pick(lang) or preview.preferred(request.headers.get("accept-language"))
        base = str(request.base_url.replace(path=request.scope.get("root_path", ""))).rstrip("/")
        return HTMLResponse(preview.invite_page(said or "en", f"{base}/invite"))

    for page, html in (("me", "me.html"), ("signin", "signin.html")):
        app.add_api_route(
            f"/{page}", _page(html), methods=["GET"], include_in_schema=False, name=f"page-{page}"
        )

    @app.get("/club/{club_id}", include_in_schema=False)
    async def club_page(club_id: str) -> FileResponse:
        return FileResponse(STATIC / "club.html")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str, lang: str | None = Query(default=None)) -> HTMLResponse:
        """A game's rules in en, pa or tl (another language gets English)."""
        if game not in rules_games():
            raise HTTPException(404, f"No rules for a game called {game!r}")
        return HTMLResponse(rules_html(game, language(lang)))

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        """For a proxy, a container or a monitor: 200 while the database answers, else 503."""
        try:
            await asyncio.wait_for(room.store.ping(), HEALTH_TIMEOUT)
        except Exception as e:  # the reason goes to the log, not to whoever asks
            log.warning("health check: the database does not answer: %r", e)
            return JSONResponse({"status": "unavailable", "database": "unreachable"}, 503)
        return JSONResponse({"status": "ok", "database": "ok", "live_tables": len(room.tables)})

    # -- the JSON API ---------------------------------------------------------------------
    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return games_catalogue(config.installed_bots)

    async def viewer(request: Request) -> Who | None:
        return await signed_in(room, request.cookies.get(COOKIE))

    @app.get("/api/tables")
    async def list_tables(status: str | None = Query(default=None)) -> dict[str, Any]:
        return {"tables": await room.public_only(await room.list(status))}

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        table, tokens, owner = await room.create(
            body.game,
            body.players,
            body.options,
            body.seats,
            client_address(request.client),
            stand_ins=body.stand_ins,
        )
        # the room's address as the browser sees it: behind a proxy, its scheme and host, and
        # the path prefix (root_path) whether Uvicorn was given it or the room is mounted
        base = str(request.base_url.replace(path=request.scope.get("root_path", ""))).rstrip("/")
        return {
            "table": table.summary(),
            "tokens": {str(seat): token for seat, token in tokens.items()},
            "links": {
                str(seat): f"{base}/table/{table.id}#token={token}"
                for seat, token in tokens.items()
            },
            "watch": f"{base}/table/{table.id}",
            "owner": owner,
        }

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, body: RematchRequest, request: Request) -> dict[str, Any]:
        who = await viewer(request) if body.token is None else None
        next_id, seat, token = await room.rematch(
            table_id, body.token, client_address(request.client), who
        )
        base = str(request.base_url.replace(path=request.scope.get("root_path", ""))).rstrip("/")
        link = f"{base}/table/{next_id}" + (f"#token={token}" if token else "")
        return {"table": next_id, "seat": seat, "token": token, "link": link}

    @app.post("/api/tables/{table_id}/pace")
    async def pace(table_id: str, body: PaceRequest) -> dict[str, Any]:
        await room.set_pace(table_id, body.token, body.seconds)
        return {"table": table_id, "seconds": body.seconds}

    @app.post("/api/tables/{table_id}/seats/{seat}/link")
    async def new_link(table_id: str, seat: int, body: NewLink, request: Request) -> dict[str, Any]:
        token = await room.new_link(table_id, seat, body.owner)
        base = str(request.base_url).rstrip("/")
        return {"seat": seat, "token": token, "link": f"{base}/table/{table_id}#token={token}"}

    @app.post("/api/tables/{table_id}/pause")
    async def pause(table_id: str, body: PauseRequest) -> dict[str, Any]:
        return await host.set_paused(room, table_id, body.owner, body.paused)

    @app.post("/api/tables/{table_id}/seats/{seat}/kind")
    async def seat_kind(
        table_id: str, seat: int, body: SeatRequest, request: Request
    ) -> dict[str, Any]:
        if body.kind != HUMAN:
            await host.give_to_computer(room, table_id, body.owner, seat, body.kind)
            return {"seat": seat, "kind": body.kind}
        token = await host.give_to_person(room, table_id, body.owner, seat)
        base = str(request.base_url.replace(path=request.scope.get("root_path", ""))).rstrip("/")
        link = f"{base}/table/{table_id}#token={token}"
        return {"seat": seat, "kind": HUMAN, "token": token, "link": link}

    @app.post("/api/tables/{table_id}/talk")
    async def talk_setting(table_id: str, body: TalkSetting) -> dict[str, Any]:
        return await talk.set_spectators(room, table_id, body.owner, body.spectators)

    @app.post("/api/tables/{table_id}/seats/{seat}/mute")
    async def mute(table_id: str, seat: int, body: MuteRequest) -> dict[str, Any]:
        return await talk.set_muted(room, table_id, body.owner, seat, body.muted)

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        await room.check_club(table_id, await viewer(request))
        return await room.summary(table_id)

    @app.get("/api/tables/{table_id}/record")
    async def get_record(table_id: str, request: Request) -> Response:
        await room.check_club(table_id, await viewer(request))
        record = await room.record(table_id)
        name = f"cardtable-{record['game']}-{table_id}.json"
        return Response(
            json.dumps(record, indent=1),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def get_replay(table_id: str, step: int, request: Request) -> dict[str, Any]:
        await room.check_club(table_id, await viewer(request))
        return await room.replay(table_id, step, client_address(request.client))

    app.include_router(people_api.router(room, config))

    @app.websocket("/ws")
    async def websocket(websocket: WebSocket) -> None:
        await serve_socket(websocket, room, config)

    return app


def _page(html: str) -> Callable[[], Awaitable[FileResponse]]:
    async def page() -> FileResponse:
        return FileResponse(STATIC / html)

    return page


def _error(
    status: int,
    message: str,
    code: str,
    key: str | None = None,
    params: dict[str, str | int] | None = None,
) -> Response:
    body = error_body(message, code)
    if key is not None:  # the reason as a catalogue key (and its parameters), for the page
        keyed = {"key": key, **({"params": params} if params else {})}
        body = json.dumps({**json.loads(body), **keyed}, ensure_ascii=False).encode()
    return Response(body, status_code=status, media_type="application/json")
