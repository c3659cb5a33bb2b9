"""The WebSocket protocol: reading client messages and writing server messages (docs/protocol.md).

Reading is strict and total: ``parse_message`` turns any text into one of the message
classes or raises ``ProtocolError`` with a code and a sentence for the client; nothing else
escapes, so a malformed message can never harm a connection or a table.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError


class Code(StrEnum):
    """Error codes (docs/protocol.md lists when each is sent); each is its own JSON string."""

    BAD_JSON = "bad_json"
    BAD_MESSAGE = "bad_message"
    TOO_LARGE = "too_large"
    RATE_LIMITED = "rate_limited"
    STALE_SEQ = "stale_seq"
    NOT_JOINED = "not_joined"
    ALREADY_JOINED = "already_joined"
    UNKNOWN_TABLE = "unknown_table"
    BAD_TOKEN = "bad_token"
    FORGED = "forged"
    SPECTATOR = "spectator"
    NOT_STARTED = "not_started"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_VERSION = "stale_version"
    NOTATION = "notation"
    ILLEGAL = "illegal"
    SERVER_ERROR = "server_error"
    NO_HINT = "no_hint"
    BUSY = "busy"
    TOKEN_EXPIRED = "token_expired"
    TOKEN_REVOKED = "token_revoked"
    TABLE_EXPIRED = "table_expired"
    TOO_MANY_SOCKETS = "too_many_sockets"
    HELLO_TIMEOUT = "hello_timeout"
    TABLE_MOVED = "table_moved"
    TABLE_CLOSED = "table_closed"
    BAD_NAME = "bad_name"
    FORBIDDEN = "forbidden"
    PAUSED = "paused"
    TOKEN_REPLACED = "token_replaced"


MAX_SEQ = 2**53 - 1  # exact in JavaScript numbers
MAX_ID = 64
MAX_TOKEN = 128
MAX_ACTION = 400
MAX_NAME = 256  # characters of a guest's name read at all (``names.clean_name`` keeps 32)
MAX_TALK = 16 * 1024  # characters of a line read at all (``talk.MAX_TEXT`` are kept: keyed)


class Answered(Exception):
    """A message refused where the table is served, which has already told the client why."""


class ProtocolError(Exception):
    """A client message refused; becomes an ``error`` message to that client only."""

    def __init__(
        self,
        code: Code,
        message: str,
        seq: int | None = None,
        *,
        rule: str | None = None,
        position: int | None = None,
        key: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.seq = seq
        self.rule = rule
        self.position = position
        self.key = key
        self.params = params

    def to_json(self) -> dict[str, Any]:
        found = error(self.code, self.message, self.seq, rule=self.rule, position=self.position)
        if self.key is not None:  # the reason as a catalogue key, for the page to translate
            found["key"] = self.key
            found["params"] = self.params or {}
        return found


# -- client messages: pydantic models, one per ``type`` ----------------------------------------
def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("blank")
    return text


Whole = Annotated[int, Field(strict=True, ge=0, le=MAX_SEQ)]
# strict: no number read as text; pydantic also refuses a lone surrogate (string_unicode)
Id = Annotated[str, Field(strict=True, max_length=MAX_ID), AfterValidator(_not_blank)]
Token = Annotated[str, Field(strict=True, max_length=MAX_TOKEN), AfterValidator(_not_blank)]
ActionText = Annotated[str, Field(strict=True, max_length=MAX_ACTION), AfterValidator(_not_blank)]
LIMITS = {"table": MAX_ID, "token": MAX_TOKEN, "action": MAX_ACTION, "name": MAX_NAME,
          "text": MAX_TALK, "phrase": MAX_ID, "emoji": 16}  # fmt: skip


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    seq: Whole


class Hello(_Message):
    """Join a table: as the seat the token holds, or as a spectator without one."""

    type: Literal["hello"] = "hello"
    table: Id
    token: Token | None = None
    name: Annotated[str, Field(max_length=MAX_NAME)] | None = None  # a guest's, for this seat


class Play(_Message):
    """An action in notation, for the joined seat, against the state ``version`` it saw."""

    type: Literal["play"] = "play"
    action: ActionText
    version: Whole
    token: Token | None = None
    seat: Annotated[int, Field(strict=True)] | None = None


class Sync(_Message):
    """Ask for the current state again."""

    type: Literal["sync"] = "sync"


class Ping(_Message):
    type: Literal["ping"] = "ping"


class HintRequest(_Message):
    """Ask what the search bot would play from this seat's view."""

    type: Literal["hint"] = "hint"


class Say(_Message):
    """A line of table talk (``text``) or a quick phrase by its key (``phrase``): talk.py."""

    type: Literal["talk"] = "talk"
    text: Annotated[str, Field(strict=True, max_length=MAX_TALK)] | None = None
    phrase: Annotated[str, Field(strict=True, max_length=MAX_ID)] | None = None


class React(_Message):
    """An emoji reaction to the last move (one of ``talk.REACTIONS``)."""

    type: Literal["react"] = "react"
    emoji: Annotated[str, Field(strict=True, max_length=16)]


ClientMessage = Hello | Play | Sync | Ping | HintRequest | Say | React
_READER: TypeAdapter[ClientMessage] = TypeAdapter(
    Annotated[ClientMessage, Field(discriminator="type")]
)
TYPES = ("hello", "play", "sync", "ping", "hint", "talk", "react")


def parse_message(text: str) -> ClientMessage:
    """One client message from its JSON text, or ProtocolError saying what is wrong."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(Code.BAD_JSON, "The message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError(Code.BAD_MESSAGE, "A message must be a JSON object")
    seq = _whole(data.get("seq"))
    if seq is None:
        raise ProtocolError(
            Code.BAD_MESSAGE, "Every message needs a sequence number seq (0 or more)"
        )
    if data.get("type") not in TYPES:
        raise ProtocolError(
            Code.BAD_MESSAGE,
            "Unknown message type (expected hello, play, sync, ping, hint, talk or react)",
            seq,
        )
    try:
        return _READER.validate_python(data)
    except ValidationError as e:
        raise ProtocolError(Code.BAD_MESSAGE, _sentence(e), seq) from None


def _sentence(e: ValidationError) -> str:
    """The first problem pydantic found, said as the client's author needs to read it."""
    problem = e.errors(include_url=False)[0]
    field = str(problem["loc"][1]) if len(problem["loc"]) > 1 else ""
    if field == "version":
        return "A play needs the state version it was chosen from"
    if field == "seat":
        return "seat must be a whole number"
    if problem["type"] == "string_too_long":
        return f"{field} is too long (at most {LIMITS[field]} characters)"
    if problem["type"] == "string_unicode":  # JSON may carry a lone surrogate, "\\ud800"
        return f"{field} is not valid text (a lone surrogate)"
    return f"The message needs a text field {field!r}"


def _whole(value: object) -> int | None:
    """``value`` if it is a whole number from 0 to MAX_SEQ, else None."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEQ:
        return value
    return None


def peek_seq(text: str) -> int | None:
    """The ``seq`` of a message that will not be handled (rate-limited), if it has one."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return _whole(data.get("seq")) if isinstance(data, dict) else None


# -- server messages ---------------------------------------------------------------------------
def error(
    code: Code,
    message: str,
    seq: int | None = None,
    *,
    rule: str | None = None,
    position: int | None = None,
) -> dict[str, Any]:
    return {
        "type": "error",
        "seq": seq,
        "code": code,
        "message": message,
        "rule": rule,
        "position": position,
    }


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
