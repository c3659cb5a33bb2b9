"""The WebSocket protocol: reading client messages and writing server messages (docs/protocol.md).

Reading is strict and total: ``parse_message`` turns any text into one of the message
classes or raises ``ProtocolError`` with a code and a sentence for the client; nothing else
escapes, so a malformed message can never harm a connection or a table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

# Error codes (docs/protocol.md lists when each is sent).
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

MAX_SEQ = 2**53 - 1  # exact in JavaScript numbers
MAX_ID = 64
MAX_TOKEN = 128
MAX_ACTION = 400


class ProtocolError(Exception):
    """A client message refused; becomes an ``error`` message to that client only."""

    def __init__(
        self,
        code: str,
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


@dataclass(frozen=True, slots=True)
class Hello:
    """Join a table: as the seat the token holds, or as a spectator without one."""

    seq: int
    table: str
    token: str | None


@dataclass(frozen=True, slots=True)
class Play:
    """An action in notation, for the joined seat, against the state ``version`` it saw."""

    seq: int
    action: str
    version: int
    token: str | None
    seat: int | None


@dataclass(frozen=True, slots=True)
class Sync:
    """Ask for the current state again."""

    seq: int


@dataclass(frozen=True, slots=True)
class Ping:
    seq: int


@dataclass(frozen=True, slots=True)
class HintRequest:
    """Ask what the search bot would play from this seat's view."""

    seq: int


ClientMessage = Hello | Play | Sync | Ping | HintRequest


def parse_message(text: str) -> ClientMessage:
    """One client message from its JSON text, or ProtocolError saying what is wrong."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(BAD_JSON, "The message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError(BAD_MESSAGE, "A message must be a JSON object")
    seq = _seq(data.get("seq"))
    kind = data.get("type")
    if kind == "hello":
        table = _text(data, "table", seq, MAX_ID)
        token = _optional_text(data, "token", seq, MAX_TOKEN)
        return Hello(seq, table, token)
    if kind == "play":
        action = _text(data, "action", seq, MAX_ACTION)
        version = _whole(data.get("version"))
        if version is None:
            raise ProtocolError(
                BAD_MESSAGE, "A play needs the state version it was chosen from", seq
            )
        token = _optional_text(data, "token", seq, MAX_TOKEN)
        seat = data.get("seat")
        if seat is not None and not _is_int(seat):
            raise ProtocolError(BAD_MESSAGE, "seat must be a whole number", seq)
        return Play(seq, action, version, token, seat)
    if kind == "sync":
        return Sync(seq)
    if kind == "ping":
        return Ping(seq)
    if kind == "hint":
        return HintRequest(seq)
    raise ProtocolError(
        BAD_MESSAGE, "Unknown message type (expected hello, play, sync, ping or hint)", seq
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(value: object) -> int | None:
    """``value`` if it is a whole number from 0 to MAX_SEQ, else None."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEQ:
        return value
    return None


def _seq(value: object) -> int:
    seq = _whole(value)
    if seq is None:
        raise ProtocolError(BAD_MESSAGE, "Every message needs a sequence number seq (0 or more)")
    return seq


def _text(data: dict[str, Any], key: str, seq: int, limit: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ProtocolError(BAD_MESSAGE, f"The message needs a text field {key!r}", seq)
    if len(value) > limit:
        raise ProtocolError(BAD_MESSAGE, f"{key} is too long (at most {limit} characters)", seq)
    if not encodable(value):
        raise ProtocolError(BAD_MESSAGE, f"{key} is not valid text (a lone surrogate)", seq)
    return value


def encodable(text: str) -> bool:
    """Whether ``text`` can be stored and hashed as UTF-8 (JSON may carry a lone surrogate,
    ``"\\ud800"``, which cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def peek_seq(text: str) -> int | None:
    """The ``seq`` of a message that will not be handled (rate-limited), if it has one."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return _whole(data.get("seq")) if isinstance(data, dict) else None


def _optional_text(data: dict[str, Any], key: str, seq: int, limit: int) -> str | None:
    return None if data.get(key) is None else _text(data, key, seq, limit)


# -- server messages ---------------------------------------------------------------------------
def error(
    code: str,
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
