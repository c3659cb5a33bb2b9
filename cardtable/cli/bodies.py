"""Each game's part of the table: what lies on it, the other seats, and your hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import RenderableType
from rich.text import Text

from cardtable.cli.render import Look, card, cards, seat_name, side_name, sort_hand
from cardtable.cli.text import count, t
from cardtable.core.views import View
from cardtable.games.buck_euchre import buck_euchre_view
from cardtable.games.royal_casino.views import royal_casino_view
from cardtable.games.rummy.views import MeldView, rummy_view

#: A game's lines from the whole view; each reads its game's part with that game's type.
Body = Callable[[View, Look], list[RenderableType]]


def body(view: View, look: Look) -> list[RenderableType]:
    """The game's lines; a spectator (every hand open in a replay) has no hand of its own."""
    lines = BODIES.get(view["game"], generic_body)(view, look)
    return lines if view["seat"] is not None else lines[:-1]


def your_hand(names: list[str] | None, look: Look) -> Text:
    shown = sort_hand(names or [], look.rank_first)
    return Text(t("term.table.your_hand") + " ").append_text(cards(shown, look.letters))


def generic_body(view: View, look: Look) -> list[RenderableType]:
    state = view["state"]
    lines: list[RenderableType] = [
        Text(f"{key.replace('_', ' ')}: {value}") for key, value in state.items() if key != "hand"
    ]
    return [*lines, your_hand(state.get("hand"), look)]


def casino_body(view: View, look: Look) -> list[RenderableType]:
    state = royal_casino_view(view)["state"]
    me, letters = view["seat"], look.letters
    out: list[RenderableType] = [
        Text(t("term.rc.deal", n=state["deal"], of=state["deals"], stock=state["stock"])),
        casino_seats(view["players"], me, state["hand_sizes"]),
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
    out.append(casino_piles(view, letters))
    if state["must_trail"] and view["to_move"] == me:
        out.append(Text(t("term.rc.must_trail"), style="yellow"))
    out.append(your_hand(state["hand"], look))
    return out


def casino_places(players: int, me: int | None) -> list[tuple[str, int]]:
    """The seats around ``me`` from left to right, each with its place: play goes
    counter-clockwise, so the next seat in playing order sits on the right and partners
    across (RC-25). A spectator looks on from the first seat's place, which is named too."""
    seat = 0 if me is None else me
    after = [(seat + k) % players for k in range(1, players)]  # in playing order
    places = {2: ["across"], 3: ["right", "left"], 4: ["right", "across", "left"]}[players]
    around = list(zip(places, after, strict=True))[::-1]
    return around if me is not None else [*around, ("near", seat)]


def casino_seats(players: int, me: int | None, sizes: list[int]) -> Text:
    seats = " · ".join(
        t(
            f"term.rc.place.{place}",
            who=f"{seat_name(seat, me)} ({count(sizes[seat], 'term.n.cards')})",
        )
        for place, seat in casino_places(players, me)
    )
    return Text(t("term.rc.around", seats=seats), style="dim")


def casino_piles(view: View, letters: bool) -> Text:
    """Each side's pile: its size and sweeps, face down (RC-24), with the sweep markers lying
    face up on it; with ``open_piles`` or once the hand is scored, its spades too."""
    state = royal_casino_view(view)["state"]
    line = Text(style="dim")
    for i, (n, sw) in enumerate(zip(state["pile_sizes"], state["sweeps"], strict=True)):
        if i:
            line.append(" · ")
        cards_n, sweeps_n = count(n, "term.n.cards"), count(sw, "term.n.sweeps")
        spades = state["pile_spades"]
        if spades is None:
            line.append(
                t("term.rc.pile_down", side=side_name(view, i), cards=cards_n, sweeps=sweeps_n)
            )
        else:
            spades_n = count(spades[i], "term.n.spades")
            line.append(
                t(
                    "term.rc.pile",
                    side=side_name(view, i),
                    cards=cards_n,
                    spades=spades_n,
                    sweeps=sweeps_n,
                )
            )
        markers = state["sweep_cards"][i]
        if markers:
            line.append(" " + t("term.rc.markers") + " ").append_text(cards(markers, letters))
    return line


def in_play_order(cards_by_seat: Sequence[str | None], leader: int | None) -> list[tuple[int, str]]:
    """A trick's cards (given per seat, None where nobody played) in the order played."""
    n = len(cards_by_seat)
    first = leader or 0
    seats = [(first + i) % n for i in range(n)]
    return [(s, name) for s in seats if (name := cards_by_seat[s])]


def euchre_body(view: View, look: Look) -> list[RenderableType]:
    state = buck_euchre_view(view)["state"]
    me, letters = view["seat"], look.letters
    trump = state["trump"]
    maker = state["maker"]
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
    upcard, turned_down, picked_up = state["upcard"], state["turned_down"], state["picked_up"]
    if upcard and trump == "c" and maker is None:
        line = Text(t("term.be.upcard") + " ").append_text(card(upcard, letters))
        out.append(line.append(" · " + t("term.be.clubs_turned"), style="yellow"))
    elif upcard:
        out.append(Text(t("term.be.upcard") + " ").append_text(card(upcard, letters)))
    elif turned_down:
        out.append(Text(t("term.be.turned_down") + " ").append_text(card(turned_down, letters)))
    elif picked_up:
        out.append(Text(t("term.be.picked_up") + " ").append_text(card(picked_up, letters)))
    dropped = state["dropped"] or []
    won = state["tricks_won"] or []
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
    trick = in_play_order(state["trick"] or [], state["leader"])
    if trick:
        out.append(_trick(t("term.be.trick"), trick, me, letters))
    last = state["last_trick"]
    if last:
        line = _trick(
            t("term.be.last_trick"),
            in_play_order(last["cards"], last["leader"]),
            me,
            letters,
            style="dim",
        )
        out.append(line.append(f"→ {seat_name(last['winner'], me)}", style="dim"))
    if state["set_aside"]:
        out.append(
            Text(t("term.be.set_aside") + " ").append_text(cards(state["set_aside"], letters))
        )
    else:
        out.append(your_hand(state["hand"], look))
    return out


def _trick(
    label: str, plays: list[tuple[int, str]], me: int | None, letters: bool, style: str = ""
) -> Text:
    line = Text(label + " ", style=style)
    for seat, name in plays:
        line.append(f"{seat_name(seat, me)} ").append_text(card(name, letters)).append("  ")
    return line


def meld_line(meld: MeldView, me: int | None, letters: bool) -> Text:
    """A meld with each card once: laid-off cards marked in place with who laid them off
    (``5♦·S1``), never repeated after the meld."""
    marks: list[int | None] = [None] * len(meld["cards"])
    for extra in meld["laid_off"] or []:
        for i in range(len(meld["cards"]) - 1, -1, -1):  # the later copy, with two decks
            if meld["cards"][i] == extra["card"] and marks[i] is None:
                marks[i] = extra["seat"]
                break
    kind = t(f"rummy.{meld['kind'] or 'set'}")
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


def rummy_body(view: View, look: Look) -> list[RenderableType]:
    state = rummy_view(view)["state"]
    me, letters = view["seat"], look.letters
    pile = state["discard_pile"] or []
    out: list[RenderableType] = [
        Text(t("term.rummy.stock_pile", n=state["stock"]) + " ").append_text(cards(pile, letters))
    ]
    out.extend(meld_line(m, me, letters) for m in state["melds"] or [])
    known = state["known"] or []
    others = Text(style="dim")
    for s, n in enumerate(state["hand_sizes"] or []):
        if s == me:
            continue
        others.append(" · " if others.plain else "").append(
            f"{seat_name(s, me)}: {count(n, 'term.n.cards')}"
        )
        if s < len(known) and known[s]:
            others.append(t("term.rummy.took") + " ").append_text(cards(known[s], letters))
    out.append(others)
    if state["must_use"]:
        out.append(
            Text(t("term.rummy.must_use") + " ", style="yellow").append_text(
                cards(state["must_use"], letters)
            )
        )
    if state["may_not_discard"]:
        out.append(
            Text(t("term.rummy.may_not_discard") + " ", style="dim").append_text(
                card(state["may_not_discard"], letters)
            )
        )
    out.append(your_hand(state["hand"], look))
    return out


BODIES: dict[str, Body] = {
    "royal-casino": casino_body,
    "buck-euchre": euchre_body,
    "rummy-500": rummy_body,
    "queen-city-rum": rummy_body,
}
