"""The legal actions as a person reads them: numbered, grouped by verb, cards in hand order;
and what a typed line means (a number, a card alone, or an action in notation)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from cardtable.cli.render import CARD_TOKEN, Look, action, card, card_key
from cardtable.cli.text import catalogue, t
from cardtable.core.cards import SUITS, card_str, parse_card
from cardtable.core.errors import NotationError

#: verbs in the order a turn uses them (draw before meld before discard …)
VERB_ORDER = (
    "draw",
    "take",
    "rummy",
    "capture",
    "build",
    "trail",
    "order",
    "name",
    "pass",
    "stay",
    "drop",
    "meld",
    "layoff",
    "play",
    "discard",
    "end",
)


def in_order(legal: Sequence[str], rank_first: bool = False) -> list[str]:
    """The legal actions grouped by verb, each group in card order: the numbering shown."""

    def key(text: str) -> tuple[int, list[tuple[int, int]], str]:
        verb = text.split(" ", 1)[0]
        rank = VERB_ORDER.index(verb) if verb in VERB_ORDER else len(VERB_ORDER)
        return (rank, [card_key(m.group(1), rank_first) for m in CARD_TOKEN.finditer(text)], text)

    return sorted(legal, key=key)


def numbered_lines(shown: Sequence[str], look: Look, width: int) -> list[Text]:
    """One line (or more, wrapped at ``width``) per verb: ``play    1 9♥  2 J♥  3 A♠``;
    actions that are a verb alone share a line: ``1 stay  2 drop``."""
    lines: list[Text] = []
    labels = [a.split(" ", 1)[0] if " " in a else "" for a in shown]
    n = 0
    while n < len(shown):
        label = labels[n]
        line = Text(f"{label:<8}" if label else "", style="bold")
        indent = line.cell_len
        while n < len(shown) and labels[n] == label:
            rest = shown[n][len(label) :].strip()
            entry = Text(f"{n + 1}", style="cyan").append(" ")
            if label == "trump" and rest in SUITS:  # name a trump suit (BE-6): the word
                entry.append(t(f"suit.{rest}"))
            else:
                entry.append_text(action(rest, look.letters))
            if line.cell_len + 2 + entry.cell_len > width and line.cell_len > indent:
                lines.append(line)
                line = Text(" " * indent)
            line.append("  " if line.cell_len > indent else "").append_text(entry)
            n += 1
        lines.append(line)
    return lines


@dataclass
class Reading:
    """What a typed line asks for: an action text to play, or a message saying why not."""

    action: str | None = None
    message: str | None = None


def read(line: str, shown: Sequence[str], look: Look) -> Reading:
    """A number plays the action shown under it; a card alone plays the only action that
    names it; a suit's name where a trump is named plays ``trump`` that suit; anything else
    is tried as notation (the engine explains a refusal)."""
    named_suit = _trump_named(line, shown)
    if named_suit:
        return Reading(action=named_suit)
    if line.isdecimal():  # any decimal digits int() reads (Gurmukhi too), never "²"
        n = int(line)
        if 1 <= n <= len(shown):
            return Reading(action=shown[n - 1])
        return Reading(message=t("term.play.no_number", n=n, count=len(shown)))
    if " " not in line:
        try:
            wanted = parse_card(line)
        except NotationError:
            return Reading(action=line)
        named = [
            i
            for i, a in enumerate(shown, 1)
            if any(_same(m.group(1), wanted) for m in CARD_TOKEN.finditer(a))
        ]
        shown_card = card(card_str(wanted), look.letters).plain
        if len(named) == 1:
            return Reading(action=shown[named[0] - 1])
        if not named:
            verbs = {a.split(" ", 1)[0] for a in shown if " " in a}
            if len(verbs) == 1:  # the one verb taking a card: the engine says why not
                return Reading(action=f"{verbs.pop()} {line}")
            return Reading(message=t("term.play.card_unused", card=shown_card))
        numbers = ", ".join(str(i) for i in named)
        return Reading(message=t("term.play.card_many", card=shown_card, numbers=numbers))
    return Reading(action=line)


def _trump_named(line: str, shown: Sequence[str]) -> str | None:
    """``trump`` and the suit where the list offers to name trump (BE-6), for a suit's name
    as the list shows it, in the person's language or English (``trebol``, ``ਕਲੱਬ``,
    ``clubs``), alone or after the verb (``trump trebol``). A suit that may not be named
    (the turned-down one) goes to the engine too, which says why."""
    if not any(a.partition(" ")[0] == "trump" for a in shown):
        return None
    words = _folded(line).split()
    if len(words) == 2 and words[0] == "trump":
        words = words[1:]
    if len(words) != 1:
        return None
    for suit in SUITS:
        key = f"suit.{suit}"
        if words[0] in (_folded(t(key)), _folded(catalogue("en")[key])):
            return f"trump {suit}"
    return None


def _folded(text: str) -> str:
    """Text as compared: case folded and composed (Gurmukhi typed in either form)."""
    return unicodedata.normalize("NFC", text.strip().casefold())


def _same(token: str, wanted: int) -> bool:
    return parse_card(token.partition("=")[0]) == wanted
