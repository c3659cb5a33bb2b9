"""``cardtable replay``: step through a saved match at its own prompt (``next``, ``back``,
``go N``, ``hand N``, ``auto``, ``seat N``, ``all``, ``quit``), as one seat saw it or with
every hand open (the record holds them all)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from cardtable.cli import render, results, text
from cardtable.cli.render import Look
from cardtable.cli.text import language, set_language, t
from cardtable.core.errors import CardtableError, RecordError
from cardtable.core.match import Match
from cardtable.core.views import View


def unreplayable(e: Exception, letters: bool) -> str:
    """Why a record file cannot be replayed, in the person's language: the record's own flaw
    (a keyed ``CardtableError``), JSON that is not JSON or nests too deep, or a file that is
    missing, a folder, unreadable or not UTF-8 (the system's own words, in English, only for a
    cause with no key)."""
    if isinstance(e, RecursionError):  # a hostile file: JSON nested thousands deep
        return t("term.replay.too_deep")
    if isinstance(e, json.JSONDecodeError):
        return t("term.replay.not_json", line=e.lineno, column=e.colno)
    if isinstance(e, CardtableError):
        return render.said(e, letters)
    if isinstance(e, FileNotFoundError):
        return t("term.replay.no_file")
    if isinstance(e, IsADirectoryError):
        return t("term.replay.is_folder")
    if isinstance(e, PermissionError):
        return t("term.replay.denied")
    if isinstance(e, UnicodeDecodeError):
        return t("term.replay.not_text")
    return str(e)


#: One step of a replay: how many actions have been played, and the hand that this step shows
#: ended (its last play: the table as that play left it, with the hand's sentences), or None
#: (the table as it stands: a deal, or a play within a hand). A hand's last play and the next
#: hand's deal are two steps, so the end of a hand is never shown under the next deal.
Step = tuple[int, int | None]


class Replay:
    """A record and the step shown: 0 is the first deal; each play is a step, and after a
    hand's last play the next hand's deal is a step of its own."""

    def __init__(
        self, record: dict[str, object], seat: int | None, look: Look, console: Console
    ) -> None:
        self.record = record
        self.full = Match.from_record(record)
        self.texts = [a for h in self.full.hands for a in h.actions]
        self.seats = self.full.action_seats()
        self.seat = seat  # None: every hand open
        self.look = look
        self.console = console
        self.positions = positions(self.full)
        self.step = 0
        self.played = 0  # actions played in ``m``
        self.m = Match.from_record(record, upto=0)
        self.names = seat_names(record, self.full.players)

    def who(self, seat: int) -> str:
        """A seat as a person reads it: "Asha (Seat 1)" where the record names it."""
        name = self.names[seat]
        if name is None:
            return render.seat_name(seat, self.seat)
        return t("term.replay.named_seat", name=name, n=seat + 1)

    @property
    def steps(self) -> int:
        """The last step's number."""
        return len(self.positions) - 1

    def go(self, step: int) -> None:
        step = max(0, min(self.steps, step))
        played = self.positions[step][0]
        if played == self.played + 1:
            self.m.play(self.texts[self.played])
        elif played != self.played:
            self.m = Match.from_record(self.record, upto=played)
        self.step, self.played = step, played

    def hand_start(self, number: int) -> int | None:
        """The step at which hand ``number`` is dealt, or None if there is no such hand."""
        if not 1 <= number <= len(self.full.hands):
            return None
        before = sum(len(h.actions) for h in self.full.hands[: number - 1])
        return self.positions.index((before, None), before)

    def show(self) -> None:
        seat = self.seat
        played, finished = self.positions[self.step]
        view = self.m.view(seat) if finished is None else self.ended_view(finished, seat)
        head = Text(t("replay.step", step=self.step, steps=self.steps), style="bold")
        seen = t("term.replay.all") if seat is None else t("term.replay.seen_by", n=seat + 1)
        head.append(f" · {seen}", style="dim")
        if self.step and (finished is not None or self.positions[self.step - 1][0] < played):
            who = self.who(self.seats[played - 1])
            head.append(f" · {who}: ").append_text(
                render.action(self.texts[played - 1], self.look.letters)
            )
        elif self.step:  # the deal that follows a hand's end
            head.append(" · " + t("term.replay.dealt", n=self.m.hand_number))
        self.console.print(render.table(view, self.look, replay=True, width=self.console.width))
        if seat is None:
            for s in range(self.m.players):
                state = self.m.state if finished is None else self.m.hands[finished - 1].final
                dealt = self.m.rules.view(state, s)
                hand = dealt.get("hand") or dealt.get("set_aside") or []
                line = Text(t("term.replay.hand_of", who=self.who(s)) + " ")
                self.console.print(
                    line.append_text(
                        render.cards(
                            render.sort_hand(hand, self.look.rank_first), self.look.letters
                        )
                    )
                )
        self.console.print(head)
        if finished is not None:
            self.console.print(Text(t("term.result.title", n=finished), style="bold"))
            sentences = results.hand_sentences(self.m, finished, seat, self.look.letters)
            self.console.print(results.bullets(sentences, self.console))
        if self.step == self.steps:
            if self.m.is_over:
                self.console.print(results.history(self.m, seat))
                self.console.print(Text(results.end_reason(self.m, seat), style="bold"))
            self.console.print(t("term.replay.end"))

    def ended_view(self, number: int, seat: int | None) -> View:
        """The table as hand ``number``'s last play left it (what was taken, the last trick),
        with the scores after it: ``m`` has already dealt the next hand, if any."""
        hand = self.m.hands[number - 1]
        view = self.m.view(seat)
        view["state"] = self.m.rules.view(hand.final, seat)
        view["hand_number"] = number
        view["dealer"] = hand.dealer
        view["to_move"] = None
        view["legal_actions"] = []
        return view

    def command(self, line: str) -> bool:
        """Do one typed command; False to stop."""
        verb, _, rest = line.strip().lower().partition(" ")
        rest = rest.strip()
        if verb in ("", "next", "n"):
            if self.step == self.steps:
                self.console.print(t("term.replay.end"))
                return True
            self.go(self.step + 1)
        elif verb in ("back", "b"):
            self.go(self.step - 1)
        elif verb == "go" and rest.isdecimal():
            if int(rest) > self.steps:
                self.console.print(t("term.replay.went_last", n=int(rest), steps=self.steps))
            self.go(int(rest))
        elif verb == "hand" and rest.isdecimal():
            start = self.hand_start(int(rest))
            if start is None:
                hands = len(self.full.hands)
                self.console.print(t("term.replay.no_hand", n=int(rest), hands=hands))
                return True
            self.go(start)
        elif verb == "seat" and rest.isdecimal():
            if not 1 <= int(rest) <= self.full.players:  # people count seats from 1
                last = self.full.players
                self.console.print(t("term.replay.no_seat", n=int(rest), last=last))
                return True
            self.seat = int(rest) - 1
        elif verb == "all":
            self.seat = None
        elif verb == "auto":
            self.auto()
            return True
        elif verb in ("quit", "q", "exit"):
            return False
        else:
            self.console.print(
                t(
                    "term.replay.help",
                    last=self.full.players,  # people count seats from 1
                    hands=len(self.full.hands),
                    steps=self.steps,
                )
            )
            return True
        self.show()
        return True

    def auto(self) -> None:
        """Every step from here to the end, without waiting."""
        while self.step < self.steps:
            self.go(self.step + 1)
            self.show()


def positions(full: Match) -> list[Step]:
    """Every step of a replay of ``full`` (the whole record, replayed), in order."""
    out: list[Step] = [(0, None)]
    played = 0
    for number, hand in enumerate(full.hands, 1):
        for _ in hand.actions:
            played += 1
            out.append((played, None))
        if hand.settlement is not None and hand.actions:
            out[-1] = (played, number)  # the hand's last play shows the hand's end
            if number < len(full.hands):
                out.append((played, None))  # then the next hand's deal
    return out


def seat_names(record: dict[str, object], players: int) -> list[str | None]:
    """The record's ``seat_names`` (the card room writes them), or None for every seat: a
    record without them, or with anything but one name or null per seat, still replays."""
    names = record.get("seat_names")
    if (
        isinstance(names, list)
        and len(names) == players
        and all(n is None or isinstance(n, str) for n in names)
    ):
        return [n if n else None for n in names]
    return [None] * players


def replay(
    record: Annotated[Path, typer.Argument(help="a record saved by play, save or the card room")],
    seat: Annotated[int, typer.Option(help="whose view to show, from seat 1")] = 1,
    everyone: Annotated[bool, typer.Option("--all", help="show every hand open")] = False,
    auto: Annotated[bool, typer.Option(help="print every step without waiting")] = False,
    letters: Annotated[bool, typer.Option(help="suit letters instead of symbols")] = False,
    sort: Annotated[str, typer.Option(help="sort hands by suit (then rank) or rank")] = "suit",
    lang: Annotated[
        str | None,
        typer.Option(
            help="language: en, pa (Punjabi) or tl (Tagalog); by default the terminal's (LANG)"
        ),
    ] = None,
) -> None:
    """Step through a recorded match: next, back, go N, hand N, auto, seat N, all, quit."""
    lang = lang or language()  # the command line's, else the terminal's (usage.py)
    console = text.console(lang)
    look = Look(letters or bool(os.environ.get("NO_COLOR")), sort == "rank")
    try:
        set_language(lang)
        # nesting past Python's limit: RecursionError
        data = json.loads(record.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object", key="record.error.not_object")
        r = Replay(data, None if everyone else seat - 1, look, console)
    except (OSError, ValueError, RecursionError) as e:  # ValueError: JSON's and the record's
        reason = unreplayable(e, look.letters)
        text.error(console, t("term.replay.cannot", path=str(record), reason=reason))
        raise typer.Exit(2) from None
    if not 1 <= seat <= r.full.players:
        text.error(console, t("term.play.bad_seat", last=r.full.players))
        raise typer.Exit(2)
    r.show()
    if auto:
        r.auto()
        return
    while True:
        try:
            line = input(t("term.replay.prompt"))
        except (EOFError, KeyboardInterrupt):
            return
        if not r.command(line):
            return
