"""Step-by-step replay of a finished match's record: the table after any number of actions.

A finished match hides nothing any more, so a replay step shows every seat's view beside the
spectator's.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.match import Match


class ReplayError(ValueError):
    pass


def replay_step(record: dict[str, Any], step: int) -> dict[str, Any]:
    """The match of ``record`` after its first ``step`` actions (0: the first deal)."""
    actions = [text for hand in record["hands"] for text in hand["actions"]]
    if not 0 <= step <= len(actions):
        raise ReplayError(f"step must be from 0 to {len(actions)}")
    m = Match.from_record(record, upto=step)  # the record has every deck: no seed needed
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
