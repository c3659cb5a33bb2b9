"""Drawing a seat's view in the terminal with Rich: compact enough for 80×24, readable
without colour (suit letters with ``--letters`` or ``NO_COLOR``)."""

from __future__ import annotations

from collections.abc import Sequence
from importlib.resources import files
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.core.game import JSON, Action

SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
COLOURS = {"c": "green", "d": "red", "h": "red", "s": "blue"}
TITLES = {
    "royal-casino": "Royal Casino",
    "buck-euchre": "Buck Euchre",
    "rummy-500": "Rummy 500",
    "queen-city-rum": "Queen City Rum",
}
RULE_PREFIX = {"royal-casino": "RC", "buck-euchre": "BE", "rummy-500": "R5", "queen-city-rum": "QC"}


def card(name: str, letters: bool) -> Text:
    """One card: ``A♥`` in colour, or its notation ``Ah`` for colour-blind or plain play."""
    if letters or len(name) != 2 or name == "Jo":
        return Text(name)
    rank, suit = name[0], name[1]
    return Text(("10" if rank == "T" else rank) + SYMBOLS[suit], style=COLOURS[suit])


def cards(names: Sequence[str] | None, letters: bool) -> Text:
    out = Text()
    for i, name in enumerate(names or []):
        if i:
            out.append(" ")
        left, _, declared = name.partition("=")
        out.append_text(card(left, letters))
        if declared:
            out.append("=")
            out.append_text(card(declared, letters))
    return out if names else Text("—", style="dim")


def seat_name(seat: int | None, me: int | None) -> str:
    if seat is None:
        return "nobody"
    return "You" if seat == me else f"Seat {seat}"


def header(view: JSON) -> Text:
    me = view["seat"]
    scores = "  ".join(f"{_side(view, i)} {s}" for i, s in enumerate(view["scores"]))
    turn = view["to_move"]
    whose = "your turn" if turn == me and turn is not None else f"{seat_name(turn, me)} to play"
    line = Text(
        f"{TITLES.get(view['game'], view['game'])} · hand {view['hand_number']} · ", style="bold"
    )
    line.append(f"dealer {seat_name(view['dealer'], me)} · {whose}\n", style="bold")
    line.append(f"Scores: {scores}")
    return line


def _side(view: JSON, side: int) -> str:
    if view["game"] == "royal-casino" and view["players"] == 4:
        mine = view["side"]
        return ("Us" if side == mine else "Them") + f"({side}&{side + 2})"
    return seat_name(side, view["seat"])


def table(view: JSON, letters: bool) -> RenderableType:
    """The whole table as the seat sees it."""
    body = BODIES.get(view["game"], generic_body)(view["state"], view, letters)
    parts: list[RenderableType] = [Text(""), header(view), *body]
    if view["legal_actions"]:
        n = len(view["legal_actions"])
        parts.append(
            Text(
                f"{n} legal action{'s' if n != 1 else ''}: type one, its number, "
                "or help / why / hint / rules / undo / save / quit",
                style="dim",
            )
        )
    return Group(*parts)


def legal_list(legal: Sequence[Action], letters: bool) -> RenderableType:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right")
    grid.add_column()
    for i, a in enumerate(legal, 1):
        grid.add_row(str(i), str(a))
    return grid


def hand_over(view: JSON) -> RenderableType:
    last = view.get("last_hand")
    if not last:
        return Text("")
    t = Table(title=f"Hand {last['number']} scored", title_justify="left", show_edge=False)
    t.add_column("item")
    n = len(view["scores"])
    for side in range(n):
        t.add_column(_side(view, side), justify="right")
    for item, values in last["breakdown"].items():
        t.add_row(item, *(str(v) for v in values))
    t.add_row("[bold]match[/bold]", *(f"[bold]{s}[/bold]" for s in view["scores"]))
    return t


def match_over(view: JSON, letters: bool) -> RenderableType:
    winner = view["winner"]
    who = _side(view, winner) if winner is not None else "nobody"
    return Text(f"\nThe match is over: {who} won. Final scores {view['scores']}.", style="bold")


def rules_text(game: str) -> str:
    """The game's section of the rule book, packaged with cardtable."""
    text = (files("cardtable") / "RULES.md").read_text(encoding="utf-8")
    prefix = RULE_PREFIX.get(game)
    if prefix is None:
        return text
    start = text.index(f"## {prefix}.")
    end = text.find("\n## ", start + 4)
    return text[start : end if end > 0 else None]


# -- the games -------------------------------------------------------------------------
def generic_body(state: JSON, view: JSON, letters: bool) -> list[RenderableType]:
    lines: list[RenderableType] = []
    for key, value in state.items():
        if key == "hand":
            continue
        lines.append(Text(f"{key.replace('_', ' ')}: {value}"))
    lines.append(Text("Your hand: ").append_text(cards(state.get("hand"), letters)))
    return lines


def casino_body(state: JSON, view: JSON, letters: bool) -> list[RenderableType]:
    me = view["seat"]
    out: list[RenderableType] = [
        Text(
            f"Deal {state['deal']} of {state['deals']} · stock {state['stock']} · "
            f"hands {state['hand_sizes']}"
        ),
        Text("Table:  ").append_text(cards(state["loose"], letters)),
    ]
    for b in state["builds"]:
        line = Text("  build ", style="bold")
        line.append(f"{b['value']:>2} ({b['kind']}, {seat_name(b['owner'], me)}): ")
        out.append(line.append_text(cards(b["cards"], letters)))
    piles = " · ".join(
        f"{_side(view, i)} {n} cards, {sp} spades, {sw} sweeps"
        for i, (n, sp, sw) in enumerate(
            zip(state["pile_sizes"], state["pile_spades"], state["sweeps"], strict=True)
        )
    )
    out.append(Text(f"Piles: {piles}", style="dim"))
    if state.get("must_trail") and view["to_move"] == me:
        out.append(Text("The table was swept: you must trail (RC-18).", style="yellow"))
    out.append(Text("Your hand: ").append_text(cards(state.get("hand"), letters)))
    return out


def euchre_body(state: JSON, view: JSON, letters: bool) -> list[RenderableType]:
    me = view["seat"]
    up = state.get("upcard") or state.get("turned_down") or state.get("picked_up")
    trump = state.get("trump")
    line = Text(
        f"Phase: {state['phase']} · trump: {trump or '—'} · maker: "
        f"{seat_name(state.get('maker'), me) if state.get('maker') is not None else '—'}"
    )
    out: list[RenderableType] = [line]
    if up:
        how = (
            "upcard"
            if state.get("upcard")
            else "turned down"
            if state.get("turned_down")
            else "picked up by the dealer"
        )
        out.append(Text(f"{how}: ").append_text(card(up, letters)))
    dropped = state.get("dropped") or []
    won = state.get("tricks_won") or []
    seats = []
    for s in range(view["players"]):
        status = "out" if s in dropped else f"{won[s] if s < len(won) else 0} tricks"
        seats.append(f"{seat_name(s, me)}: {status}")
    out.append(Text(" · ".join(seats), style="dim"))
    trick = _plays(state.get("trick"))
    if trick:
        t = Text("Trick: ")
        for seat, name in trick:
            t.append(f"{seat_name(seat, me)} ").append_text(card(name, letters))
            t.append("  ")
        out.append(t)
    last = state.get("last_trick")
    if last:
        t = Text("Last trick: ", style="dim")
        for seat, name in _plays(last.get("cards")):
            t.append(f"{seat_name(seat, me)} ").append_text(card(name, letters))
            t.append("  ")
        t.append(f"→ {seat_name(last.get('winner'), me)}")
        out.append(t)
    if state.get("set_aside"):
        out.append(Text("You dropped; set aside: ").append_text(cards(state["set_aside"], letters)))
    else:
        out.append(Text("Your hand: ").append_text(cards(state.get("hand"), letters)))
    return out


def _plays(trick: Any) -> list[tuple[int, str]]:
    """A trick as (seat, card) pairs, whether given per seat (None where nobody played yet)
    or as a list of {seat, card} in play order."""
    out: list[tuple[int, str]] = []
    for i, p in enumerate(trick or []):
        if isinstance(p, dict):
            out.append((p["seat"], p["card"]))
        elif isinstance(p, str):
            out.append((i, p))
    return out


def rummy_body(state: JSON, view: JSON, letters: bool) -> list[RenderableType]:
    me = view["seat"]
    out: list[RenderableType] = []
    pile = state.get("discard_pile") or []
    out.append(
        Text(f"Stock {state.get('stock', '?')} · discard pile (bottom → top): ").append_text(
            cards(pile, letters)
        )
    )
    for meld in state.get("melds") or []:
        line = Text(f"  {meld.get('number')}. ")
        line.append_text(cards(meld.get("cards"), letters))
        for extra in meld.get("laid_off") or []:
            name = extra.get("card") if isinstance(extra, dict) else extra
            by = extra.get("seat", extra.get("by")) if isinstance(extra, dict) else None
            line.append(" + ").append_text(card(str(name), letters))
            if by is not None:
                line.append(f"({seat_name(by, me)})", style="dim")
        line.append(f"  {meld.get('kind', '')} by {seat_name(meld.get('by'), me)}", style="dim")
        out.append(line)
    sizes = state.get("hand_sizes") or []
    known = state.get("known") or []
    for s, n in enumerate(sizes):
        if s == me:
            continue
        line = Text(f"{seat_name(s, me)}: {n} cards", style="dim")
        if s < len(known) and known[s]:
            line.append(" · took ", style="dim").append_text(cards(known[s], letters))
        out.append(line)
    if state.get("must_use"):
        out.append(
            Text("You must meld or lay off: ", style="yellow").append_text(
                cards(state["must_use"], letters)
            )
        )
    if state.get("may_not_discard"):
        out.append(Text(f"You may not discard {state['may_not_discard']} this turn.", style="dim"))
    hand = sorted(state.get("hand") or [], key=_rank_key)
    out.append(Text("Your hand: ").append_text(cards(hand, letters)))
    return out


def _rank_key(name: str) -> tuple[int, str]:
    order = "A23456789TJQK"
    return (order.index(name[0]) if name[0] in order else 99, name[1:])


BODIES: dict[str, Any] = {
    "royal-casino": casino_body,
    "buck-euchre": euchre_body,
    "rummy-500": rummy_body,
    "queen-city-rum": rummy_body,
}
