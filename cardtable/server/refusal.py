"""What the room answers when it refuses a request: ``RoomError``, its HTTP status, a code a
program tests, the English sentence, and the reason's catalogue key and parameters for a page
to say in its own language (docs/protocol.md). Its own module, so that the room and the host's
controls (``host.HostError``) raise the same refusal."""

from __future__ import annotations

CODES = {400: "bad_request", 403: "forbidden", 404: "not_found", 409: "conflict", 410: "gone",
         429: "rate_limited", 500: "server_error", 503: "room_full"}  # fmt: skip


class RoomError(Exception):
    """A request the room refuses; ``status`` is the HTTP status that fits, ``code`` the
    error code a program can test (docs/protocol.md)."""

    def __init__(
        self,
        status: int,
        message: str,
        code: str | None = None,
        *,
        key: str | None = None,
        params: dict[str, str | int] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code or CODES.get(status, "error")
        self.key = key  # the reason as a catalogue key, with its parameters, for the page
        self.params: dict[str, str | int] = params or {}
