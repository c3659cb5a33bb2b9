"""``cardtable play``: a whole match in the terminal against computer players.

The person types an action in notation (tab completes over the legal actions) or its number;
``help``, ``why``, ``hint``, ``rules``, ``undo``, ``save`` and ``quit`` do what they say. Every
bad line is explained and asked again; nothing is lost.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from cardtable.bots import LEVELS, Bot, make_bot
from cardtable.bots.hint import hint
from cardtable.cli import render
from cardtable.core.errors import CardtableError, IllegalActionError
from cardtable.core.match import Match

VERBS = ("help", "why", "hint", "rules", "undo", "save", "quit")


class TerminalGame:
    """One person at one seat, the other seats computer players; input and output injectable
    so the loop is testable."""

    def __init__(
        self,
        match: Match,
        seat: int,
        bots: dict[int, Bot],
        console: Console,
        *,
        delay: float = 0.8,
        letters: bool = False,
        read: Callable[[str], str] = input,
    ) -> None:
        self.m = match
        self.seat = seat
        self.bots = bots
        self.console = console
        self.delay = delay
        self.letters = letters
        self.read = read
        self.seen_hands = 1

    # -- the loop -----------------------------------------------------------------------
    def run(self) -> None:
        self.show()
        while not self.m.is_over:
            mover = self.m.to_move
            assert mover is not None
            if mover == self.seat:
                if not self.ask():
                    return
            else:
                self.bot_turn(mover)
            self.after_action()
        self.console.print(render.match_over(self.m.view(self.seat), self.letters))

    def bot_turn(self, mover: int) -> None:
        if self.delay:
            time.sleep(self.delay)
        action = self.bots[mover].choose(self.m.view(mover), self.m.legal_actions())
        self.m.play(action)
        shown = self.m.rules.public_action(action)
        self.console.print(f"[bold]{render.seat_name(mover, self.seat)}[/bold]: {shown}")

    def after_action(self) -> None:
        if self.m.hand_number != self.seen_hands or self.m.is_over:
            self.seen_hands = self.m.hand_number
            self.console.print(render.hand_over(self.m.view(self.seat)))
        if not self.m.is_over and self.m.to_move == self.seat:
            self.show()

    def show(self) -> None:
        self.console.print(render.table(self.m.view(self.seat), self.letters))

    # -- the person's turn ---------------------------------------------------------------
    def ask(self) -> bool:
        """Read lines until an action is played (True) or the person quits (False)."""
        legal = self.m.legal_actions()
        _complete_with([str(a) for a in legal])
        while True:
            try:
                line = self.read("your move> ").strip()
            except EOFError:
                return False
            if not line:
                continue
            verb, _, rest = line.partition(" ")
            verb = verb.lower()
            if line.isdigit():
                n = int(line)
                if 1 <= n <= len(legal):
                    return self.act(str(legal[n - 1]))
                self.console.print(f"There is no action {n}; type help to list the {len(legal)}.")
            elif verb == "help":
                self.console.print(render.legal_list(legal, self.letters))
                self.console.print(
                    "Type an action or its number; also: why ACTION, hint, rules, undo, "
                    "save FILE, quit."
                )
            elif verb == "why":
                self.why(rest)
            elif verb == "hint":
                self.hint()
            elif verb == "rules":
                self.console.print(render.rules_text(self.m.game_id))
            elif verb == "undo":
                if self.undo():
                    return True
            elif verb == "save":
                self.save(rest)
            elif verb in ("quit", "exit"):
                answer = self.read("Quit this match? Unsaved play is lost (y/n)> ")
                if answer.strip().lower() in ("y", "yes"):
                    return False
            else:
                played = self.act(line)
                if played:
                    return True

    def act(self, text: str) -> bool:
        try:
            action = self.m.play(text)
        except CardtableError as e:
            self.console.print(f"[red]Not played:[/red] {e}")
            return False
        self.console.print(f"[bold]You[/bold]: {action}")
        return True

    def why(self, text: str) -> None:
        if not text:
            self.console.print("Say which action: why capture 9c: 4d 5s")
            return
        try:
            action = self.m.check(text)
        except IllegalActionError as e:
            self.console.print(f"{text}: no. {e.reason} ({e.rule}).")
        except CardtableError as e:
            self.console.print(f"{text}: cannot be read: {e}")
        else:
            self.console.print(f"{action} is legal now.")

    def hint(self) -> None:
        try:
            h = hint(self.m.view(self.seat), iterations=200)
        except (CardtableError, NotImplementedError) as e:
            self.console.print(f"No hint: {e}")
            return
        self.console.print(f"[bold]Hint:[/bold] {h.action}. {h.reason}")

    def undo(self) -> bool:
        """Take back the person's last action; every action since is a computer player's."""
        mine = [i for i, s in enumerate(self.m.action_seats()) if s == self.seat]
        if not mine:
            self.console.print("Nothing of yours to take back.")
            return False
        self.m = Match.from_record(self.m.record(), upto=mine[-1])
        self.seen_hands = self.m.hand_number
        self.console.print("Taken back.")
        self.show()
        return True

    def save(self, path: str) -> None:
        if not path:
            self.console.print("Say where: save match.json")
            return
        try:
            Path(path).write_text(json.dumps(self.m.record(), indent=1))
        except OSError as e:
            self.console.print(f"[red]Not saved:[/red] {e}")
            return
        self.console.print(f"Saved to {path}.")


def _complete_with(words: Sequence[str]) -> None:
    """Tab completion over the legal actions and the verbs (where readline exists)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - not on every platform
        return
    options = sorted({*words, *VERBS})

    def complete(text: str, state: int) -> str | None:
        buffer = readline.get_line_buffer()
        hits = [w for w in options if w.startswith(buffer)]
        if state < len(hits):
            # complete the whole remaining text after what is already typed as this word
            return text + hits[state][len(buffer) :]
        return None

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def play(
    game: Annotated[
        str, typer.Argument(help="royal-casino, buck-euchre, rummy-500, queen-city-rum")
    ],
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    seat: Annotated[int, typer.Option(help="your seat (0 = first after the dealer order)")] = 0,
    bots: Annotated[
        str, typer.Option(help=f"levels of the other seats, comma-separated: {', '.join(LEVELS)}")
    ] = "",
    seed: Annotated[int | None, typer.Option(help="seed for the deals")] = None,
    delay: Annotated[float, typer.Option(help="seconds between computer moves")] = 0.8,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option name=value")
    ] = None,
    letters: Annotated[bool, typer.Option(help="suit letters instead of symbols")] = False,
) -> None:
    """Play a whole match in the terminal against computer players."""
    from cardtable.cli.main import parse_options

    console = Console(highlight=False)
    try:
        m = Match(game, players=players, seed=seed, **parse_options(option or []))
        if not 0 <= seat < m.players:
            raise CardtableError(f"seat must be from 0 to {m.players - 1}")
        levels = [w.strip() for w in bots.split(",") if w.strip()] or [_default_level()]
        others = [s for s in range(m.players) if s != seat]
        # reproducible with --seed; otherwise the computers' seed is unrelated to the decks'
        base = secrets.randbits(64) if seed is None else seed
        seats_bots: dict[int, Any] = {
            s: make_bot(m.game_id, levels[i % len(levels)], seed=(base + 101 * s))
            for i, s in enumerate(others)
        }
    except CardtableError as e:
        console.print(f"[red]error:[/red] {e}")
        raise typer.Exit(2) from None
    use_letters = letters or bool(os.environ.get("NO_COLOR"))
    TerminalGame(m, seat, seats_bots, console, delay=delay, letters=use_letters).run()


def _default_level() -> str:
    for level in ("heuristic", "search:easy", "random"):
        if level in LEVELS:
            return level
    return "random"
