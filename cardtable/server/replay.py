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
    hands = record["hands"]
    actions = [text for hand in hands for text in hand["actions"]]
    if not 0 <= step <= len(actions):
        raise ReplayError(f"step must be from 0 to {len(actions)}")
    m = Match(
        record["game"],
        players=record["players"],
        seed=record["seed"],
        dealer=record["dealer"],
        deck=[hand["deck"] for hand in hands],
        **record["options"],
    )
    seat: int | None = None
    hand = 1
    for text in actions[:step]:
        seat, hand = m.to_move, m.hand_number
        m.play(text)
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
