"""The room's logs: readable lines (``--log-format text``) or one JSON object per line
(``--log-format json``) for a log collector; Uvicorn's access lines get their fields too."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

FORMATS = ("text", "json")
TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    """A record as one JSON line: time (UTC), level, logger, message, and for a request the
    client, method, path and status as fields of their own."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        args = record.args
        if record.name == "uvicorn.access" and isinstance(args, tuple) and len(args) == 5:
            entry.update(zip(("client", "method", "path", "http", "status"), args, strict=True))
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


def configure(level: str, log_format: str) -> dict[str, Any] | None:
    """Set up the ``cardtable`` logs; returns the logging config to give Uvicorn (None: it
    leaves its loggers to the root handler set up here)."""
    if log_format not in FORMATS:
        raise ValueError(f"--log-format must be one of {', '.join(FORMATS)}")
    if log_format == "text":
        logging.basicConfig(level=level.upper(), format=TEXT)
        from uvicorn.config import LOGGING_CONFIG

        return LOGGING_CONFIG
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    return None
