"""Drawing cards, seats and the status line in the terminal with Rich: compact enough for
80×24, readable without colour (suit letters with ``--letters`` or ``NO_COLOR``)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib.resources import files

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.text import Text

from cardtable.cli.text import has, language, reason, t, unbroken
from cardtable.core.errors import CardtableError, IllegalActionError
from cardtable.core.registry import rules_class
from cardtable.core.views import AnyView, View
from cardtable.games.buck_euchre import buck_euchre_view

SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
COLOURS = {"c": "green", "d": "red", "h": "red", "s": "blue"}
SUIT_ORDER = "cdsh"  # black, red, black, red: neighbouring suits differ in colour
RANK_ORDER = "23456789TJQKA"
#: a card in an action or a meld: ``Th``, ``Jo``, or a declared joker ``Jo=7h``
CARD_TOKEN = re.compile(r"(?<![\w=])(Jo=[2-9TJQKA][cdhs]|Jo|[2-9TJQKA][cdhs])(?![\w])")


@dataclass(frozen=True)
class Look:
    """How cards are drawn: suit letters instead of symbols, hands sorted rank first."""

    letters: bool = False
    rank_first: bool = False


def card_key(name: str, rank_first: bool = False) -> tuple[int, int]:
    """Sort key of a card: suit then rank (or rank then suit); jokers last."""
    shown = name.partition("=")[2] or name
    if len(shown) != 2 or shown[1] not in SUIT_ORDER:
        return (99, 99)
    suit, rank = SUIT_ORDER.index(shown[1]), RANK_ORDER.find(shown[0])
    return (rank, suit) if rank_first else (suit, rank)


def sort_hand(names: Iterable[str], rank_first: bool = False) -> list[str]:
    return sorted(names, key=lambda n: card_key(n, rank_first))


def card(name: str, letters: bool) -> Text:
    """One card: ``10♥`` in colour, or its notation ``Th``; a joker as ``Jo=7♥``."""
    left, _, declared = name.partition("=")
    if declared:
        return Text(f"{left}=").append_text(card(declared, letters))
    if letters or len(name) != 2 or name[1] not in SYMBOLS:
        return Text(name)
    rank, suit = name[0], name[1]
    return Text(rank_name(rank, False) + SYMBOLS[suit], style=COLOURS[suit])


def rank_name(rank: str, letters: bool) -> str:
    """A rank as a card shows it: ``10`` for the ten (``T`` in notation, with ``--letters``)."""
    return "10" if rank == "T" and not letters else rank


def cards(names: Sequence[str] | None, letters: bool) -> Text:
    out = Text()
    for i, name in enumerate(names or []):
        if i:
            out.append(" ")
        out.append_text(card(name, letters))
    return out if names else Text("—", style="dim")


def refusal(e: IllegalActionError, letters: bool) -> str:
    """The engine's reason in the current language (its key and parameters, as the card room
    says them: cards drawn as in the hand, seats from 1, a suit by name); English otherwise."""
    if e.key is None or not has(e.key, plural=True):
        return e.reason
    shown: dict[str, object] = {}
    for name, value in e.params.items():
        if name in ("card", "cards"):
            shown[name] = cards(str(value).split(), letters).plain
        elif name == "ranks":  # "9 T Q" (QC-5, R5-5): a ten as the cards show it, 10
            shown[name] = " ".join(rank_name(r, letters) for r in str(value).split())
        elif name == "seat":
            shown[name] = int(value) + 1
        elif name == "suit":
            shown[name] = t(f"card.suit.{value}")
        else:
            shown[name] = value
    key = e.key
    if has(f"{key}_other"):
        key += "_one" if e.params.get("n") == 1 else "_other"
    return t(key, **shown)


def said(e: Exception, letters: bool) -> str:
    """Any engine error in the current language: a refusal as the table says it, with its rule;
    otherwise ``reason``'s words, a wrapped refusal (a record's action) said as the table says
    it. English where the catalogue has no key for it."""
    if isinstance(e, IllegalActionError):
        return f"{refusal(e, letters)} ({e.rule})"
    return reason(e, lambda inner: said(inner, letters))


def action(text: str, letters: bool) -> Text:
    """An action in notation with its cards drawn as in the hand (``play 10♥``)."""
    out, at = Text(), 0
    for m in CARD_TOKEN.finditer(text):
        out.append(text[at : m.start()])
        out.append_text(card(m.group(1), letters))
        at = m.end()
    return out.append(text[at:])


MINUS = "\u2212"


def signed(n: int) -> str:
    """A score or points as the terminal shows them to a player: a negative one with the
    typographic minus sign (−3), the same in every game."""
    return str(n).replace("-", MINUS)


def scores(view: AnyView) -> str:
    """Each side and its score: ``You 9  Seat 2 −3``."""
    return "  ".join(f"{side_name(view, i)} {signed(s)}" for i, s in enumerate(view["scores"]))


def seat_name(seat: int | None, me: int | None) -> str:
    if seat is None:
        return t("term.seat.nobody")
    return t("seat.you") if seat == me else t("table.seat", n=seat + 1)  # people count from 1


def side_name(view: AnyView, side: int) -> str:
    """A scoring side: a seat, or in four-hand Royal Casino a partnership."""
    if view["game"] == "royal-casino" and view["players"] == 4:
        key = "term.side.us" if side == view["side"] else "term.side.them"
        return t(key, a=side + 1, b=side + 3)
    return seat_name(side, view["seat"])


def title(game: str) -> str:
    return t(f"game.{game}")


def end_rule(view: AnyView) -> str:
    """The target and how the match ends, in a few words with the rule ids."""
    if view["game"] == "buck-euchre":
        options = buck_euchre_view(view)["options"]
        key = "term.end.buck-euchre.five" if options["five_tricks_win"] else "term.end.buck-euchre"
        return t(key, start=options["start"])
    return t(f"term.end.{view['game']}", target=view["options"].get("target", "?"))


def header(view: AnyView, *, replay: bool = False, width: int = 80) -> Text:
    """The status line: game, hand, dealer, whose turn; then the scores and the end rule."""
    me = view["seat"]
    turn = view["to_move"]
    if turn is None:  # a replay shows the end of each hand too
        whose = t("term.status.over" if view["is_over"] else "term.status.hand_over")
    elif turn == me and not replay:
        whose = t("term.status.your_turn")
    else:
        whose = t("term.status.to_play", who=seat_name(turn, me))
    line = Text(style="bold")
    line.append(
        t(
            "term.status.line",
            game=title(view["game"]),
            hand=view["hand_number"],
            dealer=seat_name(view["dealer"], me),
            whose=whose,
        )
    )
    line.append("\n")
    line.append(t("term.status.scores", scores=scores(view)), style="")
    goal = end_rule(view)
    fits = cell_len(line.plain.rsplit("\n", 1)[1]) + 3 + cell_len(goal) <= width
    line.append(" · " if fits else "\n", style="")
    line.append(goal, style="dim")
    return line


def table(view: View, look: Look, *, replay: bool = False, width: int = 80) -> RenderableType:
    """The whole table as the seat sees it (without the numbered actions)."""
    from cardtable.cli.bodies import body

    lines = body(view, look)
    if view["game"] == "royal-casino":  # RC-25: the seats around the table
        lines = [paired(line) if isinstance(line, Text) else line for line in lines]
    return Group(Text(""), header(view, replay=replay, width=width), *lines)


PAIR_CELLS = 30  # a place and seat longer than this may still wrap inside
PLACES = ("left", "across", "right", "near")


def paired(line: Text) -> Text:
    """``line`` with each seat named around the table joined to its place by no-break spaces
    ("across: Seat 2 (4 cards)", ``term.rc.place.*``), so that the line wraps before
    "across:", not between it and the seat (parts are separated by " · ")."""
    labels = [t(f"term.rc.place.{place}", who="") for place in PLACES]
    labels = [label for label in labels if label.strip()]
    out = []
    for part in line.plain.split(" · "):
        start = max((part.rfind(label) for label in labels), default=-1)
        if start >= 0 and cell_len(part[start:]) <= PAIR_CELLS:
            part = part[:start] + unbroken(part[start:])
        out.append(part)
    joined = " · ".join(out)
    if joined == line.plain:
        return line
    line = line.copy()
    line.plain = joined  # the same length: the styles stay where they were
    return line


def rules_text(game: str, lang: str = "en") -> str:
    """The rules of ``game`` as players read them, in ``lang``: the card room's rules page
    (``server/static/rules/{lang}/``: the game's rules, then the common ones), without the
    rule book's notes on its sources."""
    folder = files("cardtable") / "server" / "static" / "rules"
    game = rules_class(game).game_id
    if not (folder / lang / f"{game}.md").is_file():
        lang = "en"
    names = (f"{game}.md", "common.md")
    parts = [(folder / lang / name).read_text(encoding="utf-8") for name in names]
    return "\n\n".join(parts)


def show_rules(console: Console, game: str) -> None:
    """The rules in the current language, drawn from their Markdown at the terminal's width
    and, on a terminal, in a pager (``$PAGER``, else ``less``; ``q`` returns to the game)."""
    drawn = Markdown(rules_text(game, language()), hyperlinks=False)
    if not console.is_terminal:
        console.print(drawn)
        return
    os.environ.setdefault("LESS", "-R")  # less shows the styles instead of their codes
    with console.pager(styles=True):
        console.print(drawn)


def unreadable(e: CardtableError, typed: str) -> str:
    """A line that is not an action (notation the engine cannot read), in the current
    language; the engine's own words are English."""
    return t("term.play.unreadable", text=typed)
