"""``why`` and ``hint`` at the terminal: the rule that allows or refuses an action, and what
the search would play, with one measure per decision and how sure the samples leave it."""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.bots.hint import hint
from cardtable.cli.actions import read
from cardtable.cli.render import MINUS, Look, action, refusal, unreadable
from cardtable.cli.text import t
from cardtable.core.errors import CardtableError, IllegalActionError
from cardtable.core.match import Match
from cardtable.games.buck_euchre import buck_euchre_view

#: the rule that allows each verb, per game (where two apply, the one the verb does)
ALLOWED_BY = {
    "royal-casino": {"capture": "RC-5", "build": "RC-7", "trail": "RC-15"},
    "buck-euchre": {
        "order": "BE-5",
        "pass": "BE-5",
        "name": "BE-6",
        "discard": "BE-5",
        "stay": "BE-8",
        "drop": "BE-8",
        "play": "BE-10",
    },
    "rummy-500": {
        "draw": "R5-6",
        "take": "R5-7",
        "meld": "R5-4",
        "layoff": "R5-9",
        "discard": "R5-6",
        "rummy": "R5-10",
        "pass": "R5-10",
        "end": "R5-11",
    },
    "queen-city-rum": {
        "draw": "QC-4",
        "take": "QC-4",
        "meld": "QC-5",
        "layoff": "QC-4",
        "discard": "QC-4",
        "end": "QC-8",
    },
}


def rule_words(rule: str) -> str:
    """``BE-10 (Play: follow suit if you can)``: the rule's id and its title as the card room
    names it. The refusal's reason says how the rule applies; the rule book's first sentence
    often speaks of something else (BE-10's is who leads), so it is not quoted."""
    return t("term.why.rule", rule=rule, title=t(f"rule.{rule}"))


def why(m: Match, text: str, shown: Sequence[str], look: Look) -> str:
    """Why ``text`` is legal or refused now; with no text, this game's example. ``text`` is
    read as play reads it: a number, a card alone, or an action in notation."""
    if not text:
        example = shown[0] if shown else {"royal-casino": "trail 3d"}.get(m.game_id, "draw")
        return t("term.why.example", example=example)  # as typed: notation
    reading = read(text, shown, look)
    if reading.action is None:
        return reading.message or ""
    try:
        act = m.check(reading.action)
    except IllegalActionError as e:
        reason = refusal(e, look.letters)
        named = action(reading.action, look.letters).plain
        return t("term.why.refused", action=named, reason=reason, rule=rule_words(e.rule))
    except CardtableError as e:
        return unreadable(e, text)
    verb = str(act).split(" ", 1)[0]
    if m.game_id == "buck-euchre" and verb == "pass" and _phase(m) == "name":
        rule = "BE-6"
    else:
        rule = ALLOWED_BY.get(m.game_id, {}).get(verb, "C-5")
    return t("term.why.legal", action=action(str(act), look.letters).plain, rule=rule_words(rule))


def _phase(m: Match) -> str:
    """The phase of a Buck Euchre hand (BE-5, BE-6: a pass in naming is its own rule)."""
    return buck_euchre_view(m.view(None))["state"]["phase"]


def advice(m: Match, seat: int, look: Look, iterations: int = 200) -> RenderableType:
    """The search's top actions (three at most), each with the figure it ranked by and its standard
    error, and a sentence when the best two are within the noise of the samples."""
    try:
        h = hint(m.view(seat), iterations=iterations)
    except (CardtableError, NotImplementedError) as e:
        return Text(t("term.hint.none", reason=str(e)))
    if len(h.top) == 1:
        return Text(t("term.hint.only", action=action(h.action, look.letters).plain))
    chance = "match_chance" in h.top[0]
    unit = "%" if chance else ""
    grid = Table.grid(padding=(0, 2))
    for column in ("right", "left", "right"):
        grid.add_column(justify=column)
    # the search's choice first, the others by their figure (they may have had fewer samples)
    rows = [h.top[0], *sorted(h.top[1:], key=lambda r: -float(r["value"]))]  # type: ignore[arg-type]
    for i, row in enumerate(rows, 1):
        value, spread = float(row["value"]), row["spread"]  # type: ignore[arg-type]
        figure = f"{value:.1f}{unit}" if chance else f"{value:+.1f}".replace("-", MINUS)
        if isinstance(spread, float | int):
            figure += f" ± {spread:.1f}{unit}"
        grid.add_row(str(i), action(str(row["action"]), look.letters), figure)
    measure = t("term.hint.measure.chance") if chance else t("term.hint.measure.points")
    parts: list[RenderableType] = [
        Text(
            t(
                "term.hint.head",
                n=len(rows),
                action=action(h.action, look.letters).plain,
                measure=measure,
                samples=h.top[0]["samples"],
            ),
            style="bold",
        ),
        grid,
    ]
    if _within_noise(rows[0], rows[1]):
        parts.append(
            Text(t("term.hint.noise", first=_plain(rows[0], look), second=_plain(rows[1], look)))
        )
    return Group(*parts)


def _plain(row: dict[str, object], look: Look) -> str:
    return action(str(row["action"]), look.letters).plain


def _within_noise(a: dict[str, object], b: dict[str, object]) -> bool:
    """Two estimates closer than twice the standard error of their difference."""
    sa, sb = a.get("spread"), b.get("spread")
    if not isinstance(sa, float | int) or not isinstance(sb, float | int):
        return True
    gap = abs(float(a["value"]) - float(b["value"]))  # type: ignore[arg-type]
    return gap < 2 * math.hypot(sa, sb)
