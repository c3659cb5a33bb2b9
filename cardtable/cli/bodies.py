"""Each game's part of the table: what lies on it, the other seats, and your hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from cardtable.cli.render import Look, card, cards, seat_name, side_name, sort_hand
from cardtable.cli.text import count, t
from cardtable.core.game import JSON

Body = Callable[[JSON, JSON, Look], list[RenderableType]]


def body(view: JSON, look: Look) -> list[RenderableType]:
    """The game's lines; a spectator (every hand open in a replay) has no hand of its own."""
    lines = BODIES.get(view["game"], generic_body)(view["state"], view, look)
    return lines if view["seat"] is not None else lines[:-1]


def your_hand(names: list[str] | None, look: Look) -> Text:
    shown = sort_hand(names or [], look.rank_first)
    return Text(t("term.table.your_hand") + " ").append_text(cards(shown, look.letters))


def generic_body(state: JSON, view: JSON, look: Look) -> list[RenderableType]:
    lines: list[RenderableType] = [
        Text(f"{key.replace('_', ' ')}: {value}") for key, value in state.items() if key != "hand"
    ]
    return [*lines, your_hand(state.get("hand"), look)]


def casino_body(state: JSON, view: JSON, look: Look) -> list[RenderableType]:
    me, letters = view["seat"], look.letters
    out: list[RenderableType] = [
        Text(t("term.rc.deal", n=state["deal"], of=state["deals"], stock=state["stock"])),
        Text(t("term.rc.table") + " ").append_text(cards(state["loose"], letters)),
    ]
    for b in state["builds"]:
        line = Text(
            t(
                "term.rc.build",
                value=b["value"],
                kind=t(f"term.rc.{b['kind']}"),
                owner=seat_name(b["owner"], me),
            )
            + " ",
            style="bold",
        )
        out.append(line.append_text(cards(b["cards"], letters)))
    piles = " · ".join(
        t(
            "term.rc.pile",
            side=side_name(view, i),
            cards=count(n, "term.n.cards"),
            spades=count(sp, "term.n.spades"),
            sweeps=count(sw, "term.n.sweeps"),
        )
        for i, (n, sp, sw) in enumerate(
            zip(state["pile_sizes"], state["pile_spades"], state["sweeps"], strict=True)
        )
    )
    out.append(Text(piles, style="dim"))
    if state.get("must_trail") and view["to_move"] == me:
        out.append(Text(t("term.rc.must_trail"), style="yellow"))
    out.append(your_hand(state.get("hand"), look))
    return out


def in_play_order(cards_by_seat: list[Any], leader: int | None) -> list[tuple[int, str]]:
    """A trick's cards (given per seat, None where nobody played) in the order played."""
    n = len(cards_by_seat)
    first = leader or 0
    seats = [(first + i) % n for i in range(n)]
    return [(s, cards_by_seat[s]) for s in seats if cards_by_seat[s]]


def euchre_body(state: JSON, view: JSON, look: Look) -> list[RenderableType]:
    me, letters = view["seat"], look.letters
    trump = state.get("trump")
    maker = state.get("maker")
    out: list[RenderableType] = [
        Text(
            t(
                "term.be.line",
                phase=t(f"be.phase.{state['phase']}"),
                trump=t(f"suit.{trump}") if trump else "—",
                maker=seat_name(maker, me) if maker is not None else "—",
            )
        )
    ]
    if state.get("upcard") and trump == "c" and maker is None:
        line = Text(t("term.be.upcard") + " ").append_text(card(state["upcard"], letters))
        out.append(line.append(" · " + t("term.be.clubs_turned"), style="yellow"))
    elif state.get("upcard"):
        out.append(Text(t("term.be.upcard") + " ").append_text(card(state["upcard"], letters)))
    elif state.get("turned_down"):
        out.append(
            Text(t("term.be.turned_down") + " ").append_text(card(state["turned_down"], letters))
        )
    elif state.get("picked_up"):
        out.append(
            Text(t("term.be.picked_up") + " ").append_text(card(state["picked_up"], letters))
        )
    dropped = state.get("dropped") or []
    won = state.get("tricks_won") or []
    seats = [
        f"{seat_name(s, me)}: "
        + (
            t("term.be.out")
            if s in dropped
            else count(won[s] if s < len(won) else 0, "term.n.tricks")
        )
        for s in range(view["players"])
    ]
    out.append(Text(" · ".join(seats), style="dim"))
    trick = in_play_order(state.get("trick") or [], state.get("leader"))
    if trick:
        out.append(_trick(t("term.be.trick"), trick, me, letters))
    last = state.get("last_trick")
    if last:
        line = _trick(
            t("term.be.last_trick"),
            in_play_order(last["cards"], last["leader"]),
            me,
            letters,
            style="dim",
        )
        out.append(line.append(f"→ {seat_name(last.get('winner'), me)}", style="dim"))
    if state.get("set_aside"):
        out.append(
            Text(t("term.be.set_aside") + " ").append_text(cards(state["set_aside"], letters))
        )
    else:
        out.append(your_hand(state.get("hand"), look))
    return out


def _trick(
    label: str, plays: list[tuple[int, str]], me: int | None, letters: bool, style: str = ""
) -> Text:
    line = Text(label + " ", style=style)
    for seat, name in plays:
        line.append(f"{seat_name(seat, me)} ").append_text(card(name, letters)).append("  ")
    return line


def meld_line(meld: JSON, me: int | None, letters: bool) -> Text:
    """A meld with each card once: laid-off cards marked in place with who laid them off
    (``5♦·S1``), never repeated after the meld."""
    marks: list[int | None] = [None] * len(meld["cards"])
    for extra in meld.get("laid_off") or []:
        for i in range(len(meld["cards"]) - 1, -1, -1):  # the later copy, with two decks
            if meld["cards"][i] == extra["card"] and marks[i] is None:
                marks[i] = extra["seat"]
                break
    kind = t(f"rummy.{meld.get('kind', 'set')}")
    line = Text(f"{meld['number']:>2}. ")
    for i, (name, by) in enumerate(zip(meld["cards"], marks, strict=True)):
        if i:
            line.append(" ")
        line.append_text(card(name, letters))
        if by is not None:
            line.append("·" + short_seat(by, me), style="dim")
    whose = (t("term.rummy.meld_yours", kind=kind) if meld["by"] == me
             else t("term.rummy.meld_of", kind=kind, who=seat_name(meld["by"], me)))  # fmt: skip
    return line.append("  " + whose, style="dim")


def short_seat(seat: int, me: int | None) -> str:
    return t("term.seat.you_short") if seat == me else t("term.seat.short", n=seat + 1)


def rummy_body(state: JSON, view: JSON, look: Look) -> list[RenderableType]:
    me, letters = view["seat"], look.letters
    pile = state.get("discard_pile") or []
    out: list[RenderableType] = [
        Text(t("term.rummy.stock_pile", n=state.get("stock", "?")) + " ").append_text(
            cards(pile, letters)
        )
    ]
    out.extend(meld_line(m, me, letters) for m in state.get("melds") or [])
    known = state.get("known") or []
    others = Text(style="dim")
    for s, n in enumerate(state.get("hand_sizes") or []):
        if s == me:
            continue
        others.append(" · " if others.plain else "").append(
            f"{seat_name(s, me)}: {count(n, 'term.n.cards')}"
        )
        if s < len(known) and known[s]:
            others.append(t("term.rummy.took") + " ").append_text(cards(known[s], letters))
    out.append(others)
    if state.get("must_use"):
        out.append(
            Text(t("term.rummy.must_use") + " ", style="yellow").append_text(
                cards(state["must_use"], letters)
            )
        )
    if state.get("may_not_discard"):
        out.append(
            Text(t("term.rummy.may_not_discard") + " ", style="dim").append_text(
                card(state["may_not_discard"], letters)
            )
        )
    out.append(your_hand(state.get("hand"), look))
    return out


BODIES: dict[str, Body] = {
    "royal-casino": casino_body,
    "buck-euchre": euchre_body,
    "rummy-500": rummy_body,
    "queen-city-rum": rummy_body,
}
