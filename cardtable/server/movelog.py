"""The match's move log as one viewer may read it, sent on join so that a reload, a new tab or
a spectator starts with the whole story, not an empty log.

Each entry is an action in its public form (``Rules.public_action``, as the terminal shows
other seats' moves): a move that puts a card face down (Buck Euchre's discard, BE-5) reaches
the other seats with its text withheld (``action: null``); the seat that made it reads its own
move in full. The live ``last`` of a state is the log's last entry, hidden the same way. The
log is paged (``PAGE`` entries a message), and a join gets its latest ``JOIN_PAGES`` pages
only: a match of thousands of actions (computers playing to a high target) would otherwise
send hundreds of KiB at every hello. The whole story of a finished match is its record and
its replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core.game import Rules
from cardtable.server.store import StoredAction

PAGE = 200
JOIN_PAGES = 2  # the latest pages a join gets (the 400 latest moves)


def shown(seat: int, text: str | None, by: str, hand: int, version: int) -> dict[str, Any]:
    """One move as a client receives it (the live ``last`` and each log entry alike)."""
    return {"seat": seat, "action": text, "by": by, "hand": hand, "version": version}


def entry(rules: Rules[Any], action: StoredAction, viewer: int | None) -> dict[str, Any]:
    text: str | None = action.text
    if viewer != action.seat and rules.public_action(rules.parse_action(action.text)) != text:
        text = None
    return shown(action.seat, text, action.by, action.hand, action.number)


def pages(
    table: str,
    rules: Rules[Any],
    actions: Sequence[StoredAction],
    viewer: int | None,
    latest: int = JOIN_PAGES,
) -> list[dict[str, Any]]:
    """The ``log`` messages for ``viewer``: its ``latest`` pages (numbered among all of
    them), oldest first; none when nothing was played."""
    count = (len(actions) + PAGE - 1) // PAGE
    return [
        {
            "type": "log",
            "table": table,
            "page": i,
            "pages": count,
            "entries": [entry(rules, a, viewer) for a in actions[i * PAGE : (i + 1) * PAGE]],
        }
        for i in range(max(0, count - latest), count)
    ]
