"""Hints for a human player: what the search bot would do from this seat's view, and why."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.bots.search import STRENGTHS, Estimate, rules_for, search_bot
from cardtable.core.errors import CardtableError
from cardtable.core.game import JSON


@dataclass
class Hint:
    action: str
    reason: str
    top: list[dict[str, object]]  # the best few: action, expected points, share ahead


def hint(view: JSON, *, iterations: int = STRENGTHS["medium"], seed: int = 0) -> Hint:
    """The search bot's preferred action for the seat of ``view`` (which must be to move),
    with a one-line reason and the estimates of the top three actions."""
    if view.get("seat") is None or view.get("to_move") != view["seat"]:
        raise CardtableError("a hint is only for the seat to move")
    rules = rules_for(view)
    legal = [rules.parse_action(t) for t in view["legal_actions"]]
    if len(legal) == 1:
        only = str(legal[0])
        return Hint(only, f"{only} is the only legal action", [{"action": only}])
    bot = search_bot(rules.game_id, iterations, seed)
    ranked = bot.analyse(view, legal)
    best = ranked[0]
    return Hint(str(best.action), _reason(best, ranked), [_row(e) for e in ranked[:3]])


def _row(e: Estimate) -> dict[str, object]:
    return {"action": str(e.action), "expected_points": round(e.mean, 2),
            "ahead": round(e.wins, 2), "samples": e.visits}  # fmt: skip


def _reason(best: Estimate, ranked: list[Estimate]) -> str:
    margin = ""
    if len(ranked) > 1:
        margin = f", {best.mean - ranked[1].mean:.1f} better than {ranked[1].action}"
    return (
        f"Over {best.visits} sampled deals of the unseen cards, {best.action} averaged "
        f"{best.mean:+.1f} points against the others{margin}; your side came out ahead "
        f"in {best.wins:.0%} of them."
    )
