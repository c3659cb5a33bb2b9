"""Step-by-step replay of a finished match's record: the table after any number of actions.

A finished match hides nothing any more, so a replay step shows every seat's view beside the
spectator's.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from cardtable.core.match import Match

KEPT_TABLES = 8  # finished matches whose positions a replay worker keeps
KEPT_POSITIONS = 4  # positions kept per match (the most recently used)

# In the replay worker: for each recently replayed match, matches standing at a few positions.
# A step is played forward from the nearest kept position at or before it, so stepping through
# a replay (the usual way) plays one action a step instead of the whole match again.
_kept: OrderedDict[str, list[Match]] = OrderedDict()


class ReplayError(ValueError):
    pass


def replay_kept(key: str, record: dict[str, Any], step: int) -> dict[str, Any]:
    """The match of ``record`` after its first ``step`` actions (0: the first deal), played
    from the positions kept for ``key`` (the table), in a worker: the server's process does
    none of the replaying. The record has every deck: no seed is needed."""
    actions = [text for hand in record["hands"] for text in hand["actions"]]
    if not 0 <= step <= len(actions):
        raise ReplayError(f"step must be from 0 to {len(actions)}")
    kept = _kept.pop(key, [])
    _kept[key] = kept
    while len(_kept) > KEPT_TABLES:
        _kept.popitem(last=False)
    before = [m for m in kept if m.action_count <= step]
    if before:
        m = max(before, key=lambda k: k.action_count)
        kept.remove(m)
        for text in actions[m.action_count : step]:
            m.play(text)
    else:
        m = Match.from_record(record, upto=step)
    kept.append(m)
    del kept[:-KEPT_POSITIONS]
    return _described(m, actions, step)


def _described(m: Match, actions: list[str], step: int) -> dict[str, Any]:
    seat: int | None = m.action_seats()[-1] if step else None
    hand = m.hand_number
    if step and not m.hands[-1].actions:  # that action ended a hand and the next was dealt
        hand -= 1
    return {
        "step": step,
        "steps": len(actions),
        "last": None if step == 0 else {"seat": seat, "action": actions[step - 1], "hand": hand},
        "hand_number": m.hand_number,
        "scores": m.scores,
        "is_over": m.is_over,
        "winner": m.winner,
        "spectator": m.view(None),
        "seats": [m.view(s) for s in range(m.players)],
    }
