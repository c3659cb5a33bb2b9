"""The players' and clubs' JSON API (docs/clubs.md): who am I, naming oneself, one's matches,
export and deletion, one-time sign-in codes, clubs, invites, members, club tables, standings
and head-to-head. Every club route answers 403 to a non-member, whatever the id.

The player key travels only in the HttpOnly cookie (set here, read by the API and the
WebSocket), never in a URL or a response body, and is never logged.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from cardtable.server import clubs, passkeys, players
from cardtable.server.clubs import ClubError
from cardtable.server.config import ServerConfig
from cardtable.server.limits import AddressBuckets, client_address
from cardtable.server.names import CLUB_NAME_MAX, BadName, clean_name
from cardtable.server.passkeys import PasskeyError
from cardtable.server.players import COOKIE, Player
from cardtable.server.room import Room, RoomError

T = TypeVar("T")
MAX_NAME_FIELD = 256  # characters of a name field read at all (names.RAW_MAX)
COOKIE_DAYS = 400  # browsers cap a cookie's life near this


class NameBody(BaseModel):
    name: str = Field(max_length=MAX_NAME_FIELD)


class CodeBody(BaseModel):
    code: str = Field(max_length=128)


class InviteBody(BaseModel):
    expires_minutes: int | None = Field(default=None, ge=1, le=60 * 24 * 90)


class ClubSeat(BaseModel):
    """A seat of a club table: a member (by player id) or a computer level."""

    player: str | None = Field(default=None, max_length=32)
    kind: str | None = Field(default=None, max_length=32)


class ClubTable(BaseModel):
    game: str = Field(max_length=64)
    players: int | None = None
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)
    seats: list[ClubSeat] = Field(max_length=16)


class PeopleError(RoomError):
    """A refusal with a catalogue key for the page (``key`` in the error body)."""

    def __init__(
        self,
        status: int,
        message: str,
        key: str,
        code: str | None = None,
        params: dict[str, str | int] | None = None,
    ) -> None:
        super().__init__(status, message, code, key=key, params=params)


def refused(e: ClubError | BadName) -> PeopleError:
    """The refusal with its key and parameters (a club's name says its own limit)."""
    if isinstance(e, BadName):
        return PeopleError(400, e.message, e.key, "bad_name", e.params)
    return PeopleError(e.status, e.message, e.key)


def router(room: Room, config: ServerConfig) -> APIRouter:
    api = APIRouter()
    limit = AddressBuckets(config.people_per_minute / 60, config.people_burst)

    async def db(fn: Callable[..., T], *args: Any) -> T:
        return await room.store.run(fn, room.store.store.engine, *args)

    def limited(request: Request) -> None:
        """Names, clubs and invites made by one address are rate-limited."""
        if not limit.allow(client_address(request.client)):
            raise PeopleError(429, "Too many requests of this kind; wait a minute", "people.slow",
                              "rate_limited")  # fmt: skip

    async def me(request: Request) -> Player | None:
        return await db(players.by_key, request.cookies.get(COOKIE))

    async def need_me(request: Request) -> Player:
        found = await me(request)
        if found is None:
            raise PeopleError(401, "Choose a name first", "player.needed", "no_player")
        return found

    async def member(request: Request, club_id: str) -> tuple[Player, str]:
        player = await need_me(request)
        role = await db(clubs.role, club_id, player.id)
        if role is None:
            raise PeopleError(403, "Only the club's members may see this", "club.forbidden",
                              "forbidden")  # fmt: skip
        return player, role

    def set_cookie(request: Request, response: Response, key: str) -> None:
        response.set_cookie(
            COOKIE,
            key,
            max_age=COOKIE_DAYS * 86400,
            path="/",
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )

    # -- players ----------------------------------------------------------------------------
    @api.get("/api/me")
    async def whoami(request: Request) -> dict[str, Any]:
        player = await me(request)
        if player is None:
            return {"player": None}
        return {"player": player.public(), "clubs": await db(clubs.mine, player.id)}

    @api.post("/api/players", status_code=201)
    async def new_player(body: NameBody, request: Request, response: Response) -> dict[str, Any]:
        limited(request)
        if await me(request) is not None:
            # a page that could not tell who this browser is must not replace its player (and
            # with it the clubs and matches) by a new one: signing out comes first
            raise PeopleError(409, "This browser already has a player; reload the page",
                              "people.already_named", "already_named")  # fmt: skip
        try:
            name = clean_name(body.name)
        except BadName as e:
            raise refused(e) from None
        player, key = await db(players.create, name, room.clock())
        set_cookie(request, response, key)
        return {"player": player.public()}

    @api.post("/api/me/name")
    async def rename(body: NameBody, request: Request) -> dict[str, Any]:
        player = await need_me(request)
        limited(request)
        try:
            name = clean_name(body.name)
        except BadName as e:
            raise refused(e) from None
        await db(players.rename, player.id, name)
        room.rename_seats(player.id, name)
        return {"player": {"id": player.id, "name": name}}

    @api.get("/api/me/matches")
    async def my_matches(request: Request) -> dict[str, Any]:
        player = await need_me(request)
        return {"matches": await db(players.matches, player.id)}

    @api.get("/api/me/export")
    async def export(request: Request) -> Response:
        player = await need_me(request)
        data = await db(players.export, player.id)
        return Response(
            players.dumps(data),
            media_type="application/json",
            headers={"Content-Disposition": 'attachment; filename="cardtable-my-data.json"'},
        )

    @api.delete("/api/me")
    async def delete_me(request: Request, response: Response) -> dict[str, Any]:
        player = await need_me(request)
        await db(players.delete_player, player.id)
        room.forget_seats(player.id)
        response.delete_cookie(COOKIE, path="/")
        return {"deleted": True}

    @api.post("/api/me/signin-code")
    async def signin_code(request: Request) -> dict[str, Any]:
        player = await need_me(request)
        limited(request)
        code = await db(players.new_signin, player.id, room.clock())
        link = f"{_base(request)}/signin#code={code}"
        return {"link": link, "qr": _qr_svg(link), "minutes": players.SIGNIN_MINUTES}

    @api.post("/api/signin")
    async def signin(body: CodeBody, request: Request, response: Response) -> dict[str, Any]:
        limited(request)
        found = await db(players.use_signin, body.code, room.clock())
        if found is None:
            raise PeopleError(410, "This sign-in link was used or has expired", "signin.gone",
                              "gone")  # fmt: skip
        player, key = found
        set_cookie(request, response, key)
        return {"player": player.public()}

    # -- passkeys (HTTPS or localhost) ---------------------------------------------------
    @api.post("/api/me/passkeys/options")
    async def passkey_options(request: Request) -> Response:
        player = await need_me(request)
        limited(request)
        try:
            options = await db(passkeys.register_options, player, _base(request), room.clock())
        except PasskeyError as e:
            raise PeopleError(400, e.message, e.key) from None
        return Response(options, media_type="application/json")

    @api.post("/api/me/passkeys", status_code=201)
    async def passkey_add(body: dict[str, Any], request: Request) -> dict[str, Any]:
        player = await need_me(request)
        try:
            await db(passkeys.register, player, body, _base(request), room.clock())
        except PasskeyError as e:
            raise PeopleError(400, e.message, e.key) from None
        return {"added": True}

    @api.post("/api/passkeys/options")
    async def passkey_signin_options(request: Request) -> Response:
        limited(request)
        try:
            options = await db(passkeys.signin_options, _base(request), room.clock())
        except PasskeyError as e:
            raise PeopleError(400, e.message, e.key) from None
        return Response(options, media_type="application/json")

    @api.post("/api/passkeys/signin")
    async def passkey_signin(
        body: dict[str, Any], request: Request, response: Response
    ) -> dict[str, Any]:
        limited(request)
        try:
            player, key = await db(passkeys.signin, body, _base(request), room.clock())
        except PasskeyError as e:
            raise PeopleError(403, e.message, e.key, "forbidden") from None
        set_cookie(request, response, key)
        return {"player": player.public()}

    @api.post("/api/signout")
    async def signout(response: Response) -> dict[str, Any]:
        response.delete_cookie(COOKIE, path="/")
        return {"player": None}

    # -- clubs ------------------------------------------------------------------------------
    @api.post("/api/clubs", status_code=201)
    async def new_club(body: NameBody, request: Request) -> dict[str, Any]:
        player = await need_me(request)
        limited(request)
        try:
            name = clean_name(body.name, CLUB_NAME_MAX)
            club_id = await db(clubs.create, player.id, name, room.clock())
        except (BadName, ClubError) as e:
            raise refused(e) from None
        return {"club": {"id": club_id, "name": name}}

    @api.get("/api/clubs/{club_id}")
    async def club_page(club_id: str, request: Request) -> dict[str, Any]:
        player, role = await member(request, club_id)
        found = await db(clubs.page, club_id)
        found["me"] = {"id": player.id, "role": role}
        if role == clubs.OWNER:
            found["invites"] = await db(clubs.invites, club_id)
        return found

    @api.post("/api/clubs/{club_id}/invites", status_code=201)
    async def new_invite(club_id: str, body: InviteBody, request: Request) -> dict[str, Any]:
        player, role = await member(request, club_id)
        _owner(role)
        limited(request)
        at = room.clock()
        expires = (
            None if body.expires_minutes is None else at + timedelta(minutes=body.expires_minutes)
        )
        try:
            invite = await db(clubs.new_invite, club_id, player.id, at, expires)
        except ClubError as e:
            raise refused(e) from None
        return {
            "id": invite.id,
            "link": f"{_base(request)}/invite#code={invite.code}",
            "expires_at": None if expires is None else expires.isoformat(),
        }

    @api.delete("/api/clubs/{club_id}/invites/{invite_id}")
    async def revoke_invite(club_id: str, invite_id: str, request: Request) -> dict[str, Any]:
        _, role = await member(request, club_id)
        _owner(role)
        try:
            await db(clubs.revoke, club_id, invite_id)
        except ClubError as e:
            raise refused(e) from None
        return {"revoked": invite_id}

    @api.post("/api/invites/accept")
    async def accept(body: CodeBody, request: Request) -> dict[str, Any]:
        player = await need_me(request)
        limited(request)
        try:
            club_id = await db(clubs.accept, body.code, player.id, room.clock())
        except ClubError as e:
            raise refused(e) from None
        return {"club": club_id}

    @api.delete("/api/clubs/{club_id}/members/{player_id}")
    async def remove(club_id: str, player_id: str, request: Request) -> dict[str, Any]:
        _, role = await member(request, club_id)
        _owner(role)
        try:
            await db(clubs.remove_member, club_id, player_id)
        except ClubError as e:
            raise refused(e) from None
        return {"removed": player_id}

    @api.get("/api/clubs/{club_id}/head-to-head")
    async def h2h(club_id: str, a: str, b: str, request: Request) -> dict[str, Any]:
        await member(request, club_id)
        return await db(clubs.head_to_head, club_id, a, b)

    @api.post("/api/clubs/{club_id}/tables", status_code=201)
    async def club_table(club_id: str, body: ClubTable, request: Request) -> dict[str, Any]:
        player, _ = await member(request, club_id)
        roster = {m["id"]: m["name"] for m in await db(clubs.members, club_id)}
        kinds: list[str] = []
        seated: dict[int, tuple[str, str]] = {}
        for i, seat in enumerate(body.seats):
            if seat.player is not None:
                if seat.player not in roster:
                    raise PeopleError(400, "Seat only the club's members", "club.not_member")
                if seat.player in (p for p, _ in seated.values()):
                    raise PeopleError(400, "A member sits at one seat", "club.seated_twice")
                kinds.append("human")
                seated[i] = (seat.player, roster[seat.player])
            else:
                kinds.append(seat.kind or "human")
        table, _, _ = await room.create(
            body.game,
            body.players,
            body.options,
            kinds,
            client_address(request.client),
            club=club_id,
            seated=seated,
        )
        return {"table": table.summary(), "by": player.id}

    return api


def _owner(role: str) -> None:
    if role != clubs.OWNER:
        raise PeopleError(403, "Only the club's owner may do this", "club.owner_only", "forbidden")


def _base(request: Request) -> str:
    return str(request.base_url.replace(path=request.scope.get("root_path", ""))).rstrip("/")


def _qr_svg(link: str) -> str:
    """The sign-in link as a QR code (SVG markup, drawn by the page as an image)."""
    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False)
    return out.getvalue().decode()
