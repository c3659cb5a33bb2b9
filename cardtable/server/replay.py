"""Step-by-step replay of a finished match's record: the table after any number of actions.

A finished match hides nothing any more, so a replay step shows every seat's view beside the
spectator's.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from typing import Any

from cardtable.core.match import Match

KEPT_TABLES = 8  # finished matches whose snapshots a replay worker keeps
SNAPSHOT_EVERY = 256  # actions between two kept snapshots: the most a step plays

# In the replay worker, counted for the tests: every action played to answer a step.
work: Counter[str] = Counter()


class ReplayError(ValueError):
    """A step outside the match: ``last`` is its last step."""

    def __init__(self, last: int) -> None:
        super().__init__(f"step must be from 0 to {last}")
        self.last = last


class Snapshots:
    """One finished match in the replay worker: the match standing after every
    ``SNAPSHOT_EVERY`` actions, made as the replay first passes them (a fork each, no
    replaying), and the position shown last. A step plays on from the nearest snapshot at or
    before it, or from the last position when that is nearer: stepping through plays one
    action a step, and a step anywhere, even near the end of a match of thousands of actions,
    plays fewer than ``SNAPSHOT_EVERY``."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.actions = [text for hand in record["hands"] for text in hand["actions"]]
        self.snapshots = [Match.from_record(record, upto=0)]  # [i]: after i * SNAPSHOT_EVERY
        self.last: Match | None = None

    def at(self, step: int) -> Match:
        if not 0 <= step <= len(self.actions):
            raise ReplayError(len(self.actions))
        index = step // SNAPSHOT_EVERY
        while len(self.snapshots) <= index:  # first time this far: keep each snapshot passed
            start = self.snapshots[-1]
            self.snapshots.append(self._played(start.fork(), start.action_count + SNAPSHOT_EVERY))
        last = self.last
        if last is None or not index * SNAPSHOT_EVERY <= last.action_count <= step:
            last = self.snapshots[index].fork()
        self.last = self._played(last, step)
        return self.last

    def _played(self, m: Match, step: int) -> Match:
        """``m`` played on to ``step``."""
        todo = self.actions[m.action_count : step]
        work["plays"] += len(todo)
        for text in todo:
            m.play(text)
        return m


_kept: OrderedDict[str, Snapshots] = OrderedDict()


def replay_kept(key: str, record: dict[str, Any], step: int) -> dict[str, Any]:
    """The match of ``record`` after its first ``step`` actions (0: the first deal), played
    from the snapshots kept for ``key`` (the table), in a worker: the server's process does
    none of the replaying. The record has every deck: no seed is needed."""
    kept = _kept.pop(key, None)
    if kept is None:
        kept = Snapshots(record)
    _kept[key] = kept
    while len(_kept) > KEPT_TABLES:
        _kept.popitem(last=False)
    return _described(kept.at(step), kept.actions, step)


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
