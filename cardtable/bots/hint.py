"""Hints for a human player: what the search bot would do from this seat's view, and why."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from cardtable.bots.catalog import bots_for
from cardtable.bots.search import STRENGTHS, Estimate, rules_for, search_bot
from cardtable.core.errors import CardtableError
from cardtable.core.views import View


@dataclass
class Hint:
    action: str
    reason: str
    top: list[dict[str, object]]  # the best few: action, expected points, share ahead (and
    # the chance of winning the match, where the game ranks by it)
    key: str = "hint.why.only"  # the reason as a catalogue key (HINT_REASONS) and its params,
    params: dict[str, str | int] = field(default_factory=dict)  # for a client to translate


# Every hint reason a client may be asked to say, with the names of its parameters (action
# and next are notation; points and margin signed or plain decimals; ahead and chance percent).
HINT_REASONS: dict[str, tuple[str, ...]] = {
    "hint.why.only": ("action",),
    "hint.why.points": ("samples", "action", "points", "ahead"),
    "hint.why.points_side": ("samples", "action", "points", "ahead"),
    "hint.why.points_margin": ("samples", "action", "points", "margin", "next", "ahead"),
    "hint.why.points_margin_side": ("samples", "action", "points", "margin", "next", "ahead"),
    "hint.why.chance": ("samples", "action", "chance", "points", "ahead"),
    "hint.why.chance_side": ("samples", "action", "chance", "points", "ahead"),
    "hint.why.chance_margin": ("samples", "action", "chance", "margin", "next", "points", "ahead"),
    "hint.why.chance_margin_side": (
        "samples",
        "action",
        "chance",
        "margin",
        "next",
        "points",
        "ahead",
    ),
}


def hint(view: View, *, iterations: int = STRENGTHS["medium"], seed: int = 0) -> Hint:
    """The search bot's preferred action for the seat of ``view`` (which must be to move),
    with a one-line reason and the estimates of the top three actions."""
    if view.get("seat") is None or view.get("to_move") != view["seat"]:
        raise CardtableError("a hint is only for the seat to move")
    rules = rules_for(view)
    legal = [rules.parse_action(t) for t in view["legal_actions"]]
    if len(legal) == 1:
        only = str(legal[0])
        return Hint(
            only,
            f"{only} is the only legal action",
            [{"action": only}],
            "hint.why.only",
            {"action": only},
        )
    bot = search_bot(rules.game_id, iterations, seed)
    ranked = bot.analyse(view, legal)
    by_chance = bots_for(rules.game_id).ranks_by_chance(view["state"])
    best = ranked[0]
    key, params, reason = _reason(best, ranked, by_chance, partners=rules.sides < rules.players)
    return Hint(str(best.action), reason, [_row(e, by_chance) for e in ranked[:3]], key, params)


def _row(e: Estimate, by_chance: bool) -> dict[str, object]:
    row: dict[str, object] = {"action": str(e.action), "expected_points": round(e.mean, 2),
                              "ahead": round(e.wins, 2), "samples": e.visits}  # fmt: skip
    if by_chance:
        row["match_chance"] = round(e.value / 100, 3)
    # what the search ranked by (points, or the match chance in percent) and its standard error
    row["value"] = round(e.value, 2)
    row["spread"] = round(e.spread, 2) if math.isfinite(e.spread) else None
    return row


def decimal(x: float, *, signed: bool = False) -> str:
    """``x`` to one decimal, never "-0.0": a margin that rounds to nothing reads 0.0 (+0.0)."""
    r = round(x, 1) + 0.0  # -0.0 + 0.0 is 0.0
    return f"{r:+.1f}" if signed else f"{r:.1f}"


def _reason(
    best: Estimate, ranked: list[Estimate], by_chance: bool, *, partners: bool
) -> tuple[str, dict[str, str | int], str]:
    """The key, its params and the English sentence for why ``best`` is suggested."""
    deals = f"Over {best.visits} sampled deals of the unseen cards, {best.action}"
    ahead = f"{'your side' if partners else 'you'} came out ahead in {best.wins:.0%} of them."
    points = decimal(best.mean, signed=True)
    params: dict[str, str | int] = {"samples": best.visits, "action": str(best.action)}
    margin = ""
    if by_chance:
        key = "hint.why.chance"
        params["chance"] = round(best.value)
        if len(ranked) > 1:
            gap = decimal(best.value - ranked[1].value)
            margin = f", {gap} percentage points more than {ranked[1].action}"
            key += "_margin"
            params |= {"margin": gap, "next": str(ranked[1].action)}
        reason = (
            f"{deals} left you a {best.value / 100:.0%} chance of winning the match{margin}, "
            f"at {points} points against the others; {ahead}"
        )
    else:
        key = "hint.why.points"
        if len(ranked) > 1:
            gap = decimal(best.mean - ranked[1].mean)
            margin = f", {gap} better than {ranked[1].action}"
            key += "_margin"
            params |= {"margin": gap, "next": str(ranked[1].action)}
        reason = f"{deals} averaged {points} points against the others{margin}; {ahead}"
    params |= {"points": points, "ahead": round(best.wins * 100)}
    return key + ("_side" if partners else ""), params, reason
