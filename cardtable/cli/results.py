"""How a hand and a match ended, in words: a sentence per item that scored or was cancelled,
the per-hand history, and why the winner won, with the rule ids of the rule book."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.cli.render import MINUS, action, side_name, signed
from cardtable.cli.text import count, t, unbroken
from cardtable.core.game import Settlement
from cardtable.core.match import Match
from cardtable.core.views import View
from cardtable.games.buck_euchre import BuckEuchre, BuckEuchreOptions, BuckEuchreView
from cardtable.games.royal_casino.rules import RoyalCasino
from cardtable.games.royal_casino.views import (
    RoyalCasinoOptions,
    RoyalCasinoView,
    royal_casino_view,
)
from cardtable.games.rummy.views import RummyView

RC_ITEMS = (
    "cards",
    "spades",
    "big casino",
    "little casino",
    "ace of spades",
    "ace of clubs",
    "ace of hearts",
    "ace of diamonds",
    "sweeps",
)
NEAR_ITEMS = {3: "cards", 2: "big casino", 1: "little casino"}  # RC-22, by points short


@dataclass
class Ended:
    """A finished hand as one seat may read it: its settlement, its last state, the scores
    before it."""

    m: Match
    number: int
    s: Settlement
    final: Any  # the hand's last state, as the seat saw it: each game's reader types it
    view: View  # the match now, as the seat sees it
    before: tuple[int, ...]
    letters: bool

    @property
    def who(self) -> list[str]:
        return [side_name(self.view, i) for i in range(len(self.s.points))]


def hand_sentences(m: Match, number: int, seat: int | None, letters: bool) -> list[str]:
    """What happened in hand ``number`` (1-based, finished) as ``seat`` may read it."""
    hand = m.hands[number - 1]
    settled = hand.settlement
    assert settled is not None
    before = tuple(s - p for s, p in zip(settled.scores, settled.points, strict=True))
    ended = Ended(m, number, settled, m.rules.view(hand.final, seat), m.view(seat), before,
                  letters)  # fmt: skip
    explain = {"royal-casino": _casino, "buck-euchre": _euchre}.get(m.game_id, _rummy)
    return explain(ended)


def _casino(e: Ended) -> list[str]:
    m, s, view, letters = e.m, e.s, e.view, e.letters
    final: RoyalCasinoView = e.final
    items, out, who, before = s.breakdown, [], e.who, e.before
    spades = final["pile_spades"]
    assert spades is not None  # a scored hand shows its piles (RC-24)
    tallies = {
        "cards": "–".join(map(str, final["pile_sizes"])),
        "spades": "–".join(map(str, spades)),
        "sweeps": "–".join(map(str, final["sweeps"])),
    }
    for label, counts in (("cards", final["pile_sizes"]), ("spades", spades)):
        if counts.count(max(counts)) > 1:  # RC-20: a tie scores nothing
            out.append(t(f"term.result.rc.{label}_tie", tally=tallies[label]))
    target = m.rules.typed_options(RoyalCasinoOptions)["target"]
    near = {i: target - b for i, b in enumerate(before) if 1 <= target - b <= 3}
    for side, points in enumerate(s.points):
        scored = [  # each item with its points kept on one line: "Little Casino (2♠) 1"
            unbroken(t(f"item.{item}") + f" {items[item][side]}" + (
                f" ({tallies[item]})" if item in ("cards", "spades") else ""))
            for item in RC_ITEMS if items[item][side]
        ]  # fmt: skip
        if scored:
            out.append(
                t("term.result.rc.side", who=who[side], items=", ".join(scored), total=points)
            )
    sweeps = final["sweeps"]
    if sum(1 for n in sweeps if n) > 1:  # RC-18: opposing sweeps cancel
        net = [(who[i], n) for i, n in enumerate(items["sweeps"]) if n]
        if net:
            out.append(t("term.result.rc.sweeps_cancel", tally=tallies["sweeps"], who=net[0][0],
                         net=net[0][1]))  # fmt: skip
        else:
            out.append(t("term.result.rc.sweeps_even", tally=tallies["sweeps"]))
    for side, short in near.items():
        item = t(f"item.{NEAR_ITEMS[short]}")
        key = (
            "term.result.rc.near_met"
            if items[NEAR_ITEMS[short]][side]
            else "term.result.rc.near_missed"
        )
        out.append(t(key, who=who[side], score=signed(before[side]), item=item))
    left = _last_capture_cards(m, e.number)
    if left:
        taker = final["last_capture"]
        out.append(
            t(
                "term.result.rc.last_capture",
                cards=" ".join(action(c, letters).plain for c in left),
                who=side_name(view, m.rules.side_of(taker)) if taker is not None else "—",
            )
        )
    return out


def _last_capture_cards(m: Match, number: int) -> list[str]:
    """The loose cards that went to the last capturer at the end of hand ``number`` (RC-19)."""
    done = sum(len(h.actions) for h in m.hands[:number])
    before = Match.from_record(m.record(), upto=done - 1)
    loose = list(royal_casino_view(before.view(None))["state"]["loose"])
    last = m.hands[number - 1].actions[-1]
    verb, _, rest = last.partition(" ")
    if verb == "capture":
        taken = rest.partition(":")[2].split()
        return [c for c in loose if c not in taken]
    if verb == "trail":
        return [*loose, rest.strip()]
    return loose


def _euchre(e: Ended) -> list[str]:
    m, s = e.m, e.s
    final: BuckEuchreView = e.final
    out, who = [], e.who
    maker, won = final["maker"], final["tricks_won"] or [0] * 4
    dropped = final["dropped"] or []
    if final["trump"] == "c" and maker is None:
        out.append(t("term.result.be.clubs"))
    still_in = [p for p in range(4) if p not in dropped]
    for p in range(4):
        if p in dropped:
            out.append(t("term.result.be.dropped", who=who[p]))
        elif len(still_in) == 1:
            out.append(t("term.result.be.alone", who=who[p]))
        else:
            need = 3 if p == maker else 1
            key = "met" if won[p] >= need else "euchred"
            if p == maker:
                key = "maker_" + key
            tricks = count(won[p], "term.n.tricks")
            out.append(t(f"term.result.be.{key}", who=who[p], tricks=tricks, need=need,
                         points=won[p]))  # fmt: skip
    if not still_in:
        out.append(t("term.result.be.nobody"))
    five_win = m.rules.typed_options(BuckEuchreOptions)["five_tricks_win"]
    if s.winner is not None and 5 in won and five_win:
        out.append(t("term.result.be.five", who=who[s.winner]))
    low = min(s.scores)
    if s.winner is None and low <= 0:
        out.append(
            t(
                "term.result.be.tie",
                who=" · ".join(who[p] for p in range(4) if s.scores[p] == low),
                low=signed(low),
            )
        )
    return out


def _rummy(e: Ended) -> list[str]:
    m, s, letters = e.m, e.s, e.letters
    final: RummyView = e.final
    hand, items, out, who = m.hands[e.number - 1], s.breakdown, [], e.who
    prefix = "qc" if m.game_id == "queen-city-rum" else "r5"
    out_seat = final["went_out"]
    if out_seat is not None:
        out.append(t(f"term.result.{prefix}.out", who=who[out_seat]))
    else:
        out.append(t(f"term.result.{prefix}.stock"))
    for text, by in zip(hand.actions, hand.seats, strict=True):
        if text.startswith("rummy "):
            out.append(t("term.result.r5.rummy", who=who[by], card=action(text[6:], letters).plain))
    for p in range(m.players):
        if prefix == "qc":
            key = "term.result.qc.seat_out" if items["going out"][p] else "term.result.qc.seat"
            out.append(t(key, who=who[p], melded=signed(items["melded"][p]),
                         laid=signed(items["laid off"][p]),
                         theirs=signed(items["opponent's hand"][p]),
                         total=signed(s.points[p])))  # fmt: skip
        else:
            out.append(
                t(
                    "term.result.r5.seat",
                    who=who[p],
                    melded=signed(items["melded"][p]),
                    laid=signed(items["laid off"][p]),
                    left=signed(-items["left in hand"][p]),
                    total=signed(s.points[p]),
                )
            )
    return out


def bullets(sentences: list[str], console: Console) -> RenderableType:
    """Sentences as a list whose wrapped lines hang under their first word (where the
    terminal wraps, one line each)."""
    if console.soft_wrap:
        return Text("\n".join(f"• {s}" for s in sentences))
    grid = Table.grid(padding=(0, 1))
    grid.add_column()
    grid.add_column()
    for sentence in sentences:
        grid.add_row("•", sentence)
    return grid


def history(m: Match, seat: int | None) -> Table:
    """Every finished hand: what each side gained and its total after it."""
    view = m.view(seat)
    table = Table(
        title=t("term.history.title"), title_justify="left", show_edge=False, pad_edge=False
    )
    table.add_column(t("term.history.hand"), justify="right")
    for side in range(len(view["scores"])):
        table.add_column(side_name(view, side), justify="right")
    for number, hand in enumerate(m.hands, 1):
        if hand.settlement is None:
            continue
        cells = [  # a true minus sign, as in the sentences
            f"{p:+d} → {s}".replace("-", MINUS)
            for p, s in zip(hand.settlement.points, hand.settlement.scores, strict=True)
        ]
        table.add_row(str(number), *cells)
    return table


def end_reason(m: Match, seat: int | None) -> str:
    """Why the winner won, in the rule book's words, with the rule id."""
    assert m.winner is not None
    view = m.view(seat)
    who = side_name(view, m.winner)
    last = m.hands[-1]
    settled = last.settlement
    assert settled is not None
    rules = m.rules
    if isinstance(rules, BuckEuchre):  # its view and options typed as Buck Euchre's
        won = rules.view(last.final, None)["tricks_won"]
        if rules.settings["five_tricks_win"] and 5 in won:
            return t("term.end.why.be13", who=who)
        return t("term.end.why.be12", who=who)
    target = rules.options.get("target")
    if isinstance(rules, RoyalCasino):
        before = settled.scores[m.winner] - settled.points[m.winner]
        short = rules.settings["target"] - before
        if 1 <= short <= 3 and settled.breakdown[NEAR_ITEMS[short]][m.winner]:
            item = t(f"item.{NEAR_ITEMS[short]}")
            return t("term.end.why.rc22", who=who, item=item, target=target)
        return t("term.end.why.rc23", who=who, target=target, score=signed(m.scores[m.winner]))
    key = "term.end.why.qc9" if m.game_id == "queen-city-rum" else "term.end.why.r513"
    return t(key, who=who, target=target, score=signed(m.scores[m.winner]))
