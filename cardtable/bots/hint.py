"""Hints for a human player: what the search bot would do from this seat's view, and why."""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardtable.bots.search import STRENGTHS, Estimate, rules_for, search_bot
from cardtable.core.errors import CardtableError
from cardtable.core.game import JSON


@dataclass
class Hint:
    action: str
    reason: str
    top: list[dict[str, object]]  # the best few: action, expected points, share ahead (and
    # the chance of winning the match, where the game ranks by it)


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
    by_chance = rules.decision_utility(view["state"]) != rules.hand_utility
    best = ranked[0]
    reason = _reason(best, ranked, by_chance, partners=rules.sides < rules.players)
    return Hint(str(best.action), reason, [_row(e, by_chance) for e in ranked[:3]])


def _row(e: Estimate, by_chance: bool) -> dict[str, object]:
    row: dict[str, object] = {"action": str(e.action), "expected_points": round(e.mean, 2),
                              "ahead": round(e.wins, 2), "samples": e.visits}  # fmt: skip
    if by_chance:
        row["match_chance"] = round(e.value / 100, 3)
    # what the search ranked by (points, or the match chance in percent) and its standard error
    row["value"] = round(e.value, 2)
    row["spread"] = round(e.spread, 2) if math.isfinite(e.spread) else None
    return row


def signed(x: float, *, sign: bool = True) -> str:
    """``x`` to one decimal, never ``-0.0`` (a mean of -0.04 points reads 0.0)."""
    shown = f"{x:+.1f}" if sign else f"{x:.1f}"
    return "0.0" if float(shown) == 0 else shown


def _reason(best: Estimate, ranked: list[Estimate], by_chance: bool, *, partners: bool) -> str:
    deals = f"Over {best.visits} sampled deals of the unseen cards, {best.action}"
    ahead = f"{'your side' if partners else 'you'} came out ahead in {best.wins:.0%} of them."
    if by_chance:
        margin = ""
        if len(ranked) > 1:
            gap = best.value - ranked[1].value
            margin = f", {signed(gap, sign=False)} percentage points more than {ranked[1].action}"
        return (
            f"{deals} left you a {best.value / 100:.0%} chance of winning the match{margin}, "
            f"at {signed(best.mean)} points against the others; {ahead}"
        )
    margin = ""
    if len(ranked) > 1:
        better = signed(best.mean - ranked[1].mean, sign=False)
        margin = f", {better} better than {ranked[1].action}"
    return f"{deals} averaged {signed(best.mean)} points against the others{margin}; {ahead}"
