"""``cardtable play``: whole matches in the terminal against computer players.

The person types an action in notation (tab completes), its number, or a card alone; ``table``
or an empty line redraws the table; ``help``, ``why``, ``hint``, ``rules``, ``undo``, ``save``
and ``quit`` do what they say (``?`` is help). Every bad line is explained and asked again;
nothing is lost. Between hands, Enter deals the next; ``save``, ``table`` and ``quit`` work there
too. At the end of a match: the history, why the winner won, and ``save``, ``again``, ``table``
or ``quit``. Ctrl-C, and Ctrl-D (the end of input) at a terminal, ask before quitting; the end
of piped input quits at once (nobody is left to ask).
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from cardtable.bots import LEVELS, Bot, make_bot
from cardtable.cli import actions, coach, render, results, text
from cardtable.cli.options import GameArgument, parse_options
from cardtable.cli.render import Look
from cardtable.cli.text import language, set_language, t
from cardtable.core.cards import parse_card
from cardtable.core.errors import CardtableError, IllegalActionError, NotationError
from cardtable.core.match import Match

VERBS = ("help", "table", "why", "hint", "rules", "undo", "save", "quit")

#: each game's deal, cited when an ``undo`` would take back cards already seen (C-3)
DEAL_RULES = {"royal-casino": "RC-3", "buck-euchre": "BE-3", "rummy-500": "R5-3",
              "queen-city-rum": "QC-2"}  # fmt: skip
#: the rummies' turn, whose first step is the draw from the stock (R5-6, QC-4)
DRAW_RULES = {"rummy-500": "R5-6", "queen-city-rum": "QC-4"}


@dataclass
class Setup:
    """What ``again`` repeats: the game, its options, the seat and the computer players."""

    game: str
    players: int | None
    options: dict[str, Any]
    seat: int
    levels: list[str]
    seed: int | None = None
    matches: int = 0  # matches begun, so that ``again`` deals from the next seed

    def new_match(self) -> tuple[Match, dict[int, Bot]]:
        seed = None if self.seed is None else self.seed + self.matches
        self.matches += 1
        m = Match(self.game, players=self.players, seed=seed, **self.options)
        if not 0 <= self.seat < m.players:  # counted from 0 here, from 1 on the command line
            raise CardtableError(t("term.play.bad_seat", last=m.players))
        others = [s for s in range(m.players) if s != self.seat]
        # reproducible with --seed; otherwise the computers' seed is unrelated to the decks'
        base = secrets.randbits(64) if seed is None else seed
        bots = {
            s: make_bot(m.game_id, self.levels[i % len(self.levels)], seed=base + 101 * s)
            for i, s in enumerate(others)
        }
        return m, bots


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
        look: Look | None = None,
        read: Callable[[str], str] = input,
        interactive: bool = True,
    ) -> None:
        self.m = match
        self.seat = seat
        self.bots = bots
        self.console = console
        self.delay = delay
        self.look = look or Look()
        self.read = read
        # a person at a terminal, who can answer a question after the end of input (Ctrl-D);
        # False when the input is piped: its end is the end, and nobody is left to ask
        self.interactive = interactive
        self.seen_hands = 1
        self.shown: list[str] = []
        self.saved: tuple[str, str] | None = None  # the file last saved, and what it holds

    # -- the loop -----------------------------------------------------------------------
    def run(self) -> bool:
        """Play the match out; False if the person quit before its end."""
        self.show()
        while not self.m.is_over:
            mover = self.m.to_move
            assert mover is not None
            if mover == self.seat:
                if not self.ask():
                    return False
            else:
                try:
                    self.bot_turn(mover)
                except KeyboardInterrupt:  # Ctrl-C while a computer thinks: ask, as at a prompt
                    self.console.print()
                    if self.confirm_quit():
                        return False
                    continue
            if not self.after_action():
                return False
        return True

    def bot_turn(self, mover: int) -> None:
        if self.delay:
            time.sleep(self.delay)
        action = self.bots[mover].choose(self.m.view(mover), self.m.legal_actions())
        self.m.play(action)
        shown = render.action(self.m.rules.public_action(action), self.look.letters)
        if str(action) == "pass" and self.m.game_id != "buck-euchre":  # a rummy: no call (R5-10)
            shown.append(" " + t("term.rummy.no_call"), style="dim")
        self.console.print(Text(f"{render.seat_name(mover, self.seat)}: ", style="bold") + shown)

    def after_action(self) -> bool:
        """Announce a finished hand (and wait for the person to read it); redraw on their turn."""
        if self.m.hand_number != self.seen_hands or self.m.is_over:
            finished = self.m.hand_number if self.m.is_over else self.m.hand_number - 1
            self.seen_hands = self.m.hand_number
            self.hand_over(finished)
            if not self.m.is_over and not self.between_hands(finished):
                return False
            if not self.m.is_over and self.m.to_move != self.seat:
                self.show()
        if not self.m.is_over and self.m.to_move == self.seat:
            self.show()
        return True

    def hand_over(self, number: int) -> None:
        self.console.print(Text("\n" + t("term.result.title", n=number), style="bold"))
        sentences = results.hand_sentences(self.m, number, self.seat, self.look.letters)
        self.console.print(results.bullets(sentences, self.console))
        view = self.m.view(self.seat)
        self.console.print(Text(t("term.status.scores", scores=render.scores(view)), style="bold"))

    def between_hands(self, finished: int) -> bool:
        """Wait for Enter to deal the next hand; ``save FILE``, ``table`` (the hand's end again)
        and ``quit`` work here too. False if the person quit."""
        while True:
            line = self.read_line(t("term.play.next_hand", n=self.m.hand_number))
            if line is None:
                return False
            verb, _, rest = line.partition(" ")
            verb = verb.lower()
            if not line:
                return True
            if verb == "save":
                self.save(rest.strip())
            elif verb == "table":
                self.hand_over(finished)
            elif verb in ("quit", "exit"):
                if self.confirm_quit():
                    return False
            else:
                self.console.print(t("term.play.between_help", n=self.m.hand_number))

    def show(self) -> None:
        """The table, then the numbered actions if they fit on the screen."""
        view = self.m.view(self.seat)
        drawn = render.table(view, self.look, width=self.console.width)
        self.console.print(drawn)
        legal = view["legal_actions"]
        self.shown = actions.in_order(legal, self.look.rank_first)
        if not legal:
            return
        lines = actions.numbered_lines(self.shown, self.look, self.console.width)
        used = len(self.console.render_lines(drawn, pad=False))
        if used + len(lines) + 2 <= self.console.height:
            for line in lines:
                self.console.print(line)
            self.console.print(Text(t("term.play.how"), style="dim"))
        else:
            self.console.print(Text(t("term.play.too_many", n=len(legal)), style="dim"))

    # -- the person's turn ---------------------------------------------------------------
    def ask(self) -> bool:
        """Read lines until an action is played (True) or the person quits (False)."""
        _complete_with([*self.shown, *VERBS])
        while True:
            line = self.read_line(t("term.play.prompt"))
            if line is None:
                return False
            verb, _, rest = line.partition(" ")
            verb = verb.lower()
            if not line or verb == "table":
                self.show()
            elif verb in ("help", "?"):
                self.help()
            elif verb == "why":
                self.console.print(coach.why(self.m, rest.strip(), self.shown, self.look))
            elif verb == "hint":
                self.console.print(coach.advice(self.m, self.seat, self.look))
            elif verb == "rules":
                render.show_rules(self.console, self.m.game_id)
                self.console.print(Text(t("term.play.table_again"), style="dim"))
            elif verb == "undo":
                if self.undo():
                    return True
            elif verb == "save":
                self.save(rest.strip())
            elif verb in ("quit", "exit"):
                if self.confirm_quit():
                    return False
            else:
                reading = actions.read(line, self.shown, self.look)
                if reading.message:
                    self.console.print(reading.message)
                elif reading.action and self.act(reading.action):
                    return True

    def help(self) -> None:
        for line in actions.numbered_lines(self.shown, self.look, self.console.width):
            self.console.print(line)
        self.console.print(t("term.play.help"))

    def read_line(self, prompt: str) -> str | None:
        """The person's next line, stripped; None when they quit: Ctrl-C or the end of input
        (Ctrl-D) and yes to quitting, or the end of piped input (nobody is left to ask)."""
        while True:
            try:
                return self.read(prompt).strip()
            except EOFError:
                self.console.print()  # the prompt's line ends here, not on the shell's
                if not self.interactive or self.confirm_quit():
                    return None
            except KeyboardInterrupt:
                self.console.print()
                if self.confirm_quit():
                    return None

    def confirm_quit(self) -> bool:
        """Ask before quitting; the warning that play is lost only if some is unsaved."""
        # the record as saved, not just as long: an undo and another play make a new one
        saved = self.saved is not None and self.saved[1] == self.record_text()
        key = "term.play.confirm_quit_saved" if saved else "term.play.confirm_quit"
        return self.yes(t(key, path=self.saved[0] if self.saved else ""))

    def yes(self, question: str, *, unanswered: bool = True) -> bool:
        """A y/n question: y or yes, or yes in the person's language (``term.play.yes_words``:
        ਹਾਂ, oo), and n, no or theirs; any other answer is asked again. End of input or Ctrl-C
        answers ``unanswered`` (a new line first, so that the shell's prompt starts its own)."""
        yes_words, no_words = _words("term.play.yes_words", "y"), _words("term.play.no_words", "n")
        while True:
            try:
                answer = _answer(self.read(question))
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return unanswered
            if answer in yes_words or answer in no_words:
                return answer in yes_words
            self.console.print(t("term.play.yes_or_no"))

    def act(self, typed: str) -> bool:
        hand_before = Counter(self.m.view(self.seat)["state"].get("hand") or [])
        hand_number = self.m.hand_number
        try:
            action = self.m.play(typed)
        except CardtableError as e:
            said = (
                render.said(e, self.look.letters)
                if isinstance(e, IllegalActionError)
                else render.unreadable(e, typed)
            )
            self.console.print(Text(t("term.play.refused") + " ", style="red").append(said))
            return False
        line = Text(f"{t('seat.you')}: ", style="bold") + render.action(
            str(action), self.look.letters
        )
        self.console.print(line)
        verb = str(action).split(" ", 1)[0]
        if self.m.hand_number == hand_number and verb in ("draw", "take"):
            # the cards that joined the hand: the stock's card is named to its owner alone
            new = Counter(self.m.view(self.seat)["state"].get("hand") or []) - hand_before
            shown = render.cards(render.sort_hand(new.elements()), self.look.letters).plain
            if verb == "draw" and new:
                self.console.print(Text(t("term.play.drew", card=shown), style="bold"))
            elif new.total() > 1:
                self.console.print(Text(t("term.play.took", cards=shown), style="bold"))
        return True

    def undo(self) -> bool:
        """Take back the person's last action; every action since is a computer player's.
        Not when that would give back a choice already informed by a card it showed them
        (``peeked``). The table is drawn once, by the loop that asks again."""
        mine = [i for i, s in enumerate(self.m.action_seats()) if s == self.seat]
        if not mine:
            self.console.print(t("term.play.nothing_to_undo"))
            return False
        record = self.m.record()
        before = Match.from_record(record, upto=mine[-1])
        played = [a for hand in record["hands"] for a in hand["actions"]]  # as upto counts
        refusal = peeked(before, self.m, self.seat, str(played[mine[-1]]))
        if refusal:
            self.console.print(Text(refusal, style="red"))
            return False
        self.m = before
        self.seen_hands = self.m.hand_number
        self.console.print(t("term.play.undone"))
        return True

    def record_text(self) -> str:
        """The match's record as ``save`` writes it."""
        return json.dumps(self.m.record(), indent=1)

    def save(self, path: str) -> None:
        """Write the record to ``path`` (``~`` is the home folder), asking first if the file
        exists; a folder, a missing folder or a file one may not write is said in words."""
        if not path:
            self.console.print(t("term.play.save_where"))
            return
        target = Path(path).expanduser()
        try:  # a folder one may not look into raises here (EACCES), not only when written
            if target.is_dir():
                self.console.print(Text(t("term.play.save_is_folder", path=path), style="red"))
                return
            exists = target.exists()
        except OSError as e:
            self.console.print(Text(save_failure(e, target), style="red"))
            return
        same = self.saved is not None and self.saved[0] == path  # saving again as it goes
        if (
            exists
            and not same
            and not self.yes(t("term.play.overwrite", path=path), unanswered=False)
        ):
            self.console.print(t("term.play.kept", path=path))
            return
        written = self.record_text()
        try:
            target.write_text(written)
        except OSError as e:
            self.console.print(Text(save_failure(e, target), style="red"))
            return
        self.saved = (path, written)
        self.console.print(t("term.play.saved", path=path))


def _words(key: str, *english: str) -> set[str]:
    """The answers a y/n question takes as ``key`` says (comma-separated, in the person's
    language), with English's always: the question itself shows ``(y/n)``."""
    theirs = (t(key), text.catalogue("en")[key])
    return {_answer(w) for words in theirs for w in words.split(",") if w.strip()} | set(english)


def _answer(typed: str) -> str:
    """An answer as compared: stripped, case folded, Unicode composed (a Gurmukhi word typed
    in either form)."""
    return unicodedata.normalize("NFC", typed.strip().casefold())


def peeked(before: Match, now: Match, seat: int, action: str) -> str | None:
    """Why the person's last ``action`` (``before`` is the match just before it) may not be taken
    back: since it, they have seen cards that were hidden from them (C-6), so playing it again
    would be choosing with a free look. A draw from the stock shows its card (R5-6, QC-4); a
    finished hand shows its end and the next deal, and a new deal (Royal Casino's next four
    cards, RC-3) shows the cards dealt. None if nothing hidden was seen."""
    game = now.game_id
    deal = DEAL_RULES.get(game, "C-3")
    if now.hand_number != before.hand_number or now.is_over:
        return t("term.play.undo_hand_over", rule=deal)
    if action.split(" ", 1)[0] == "draw" and game in DRAW_RULES:
        return t("term.play.undo_drawn", rule=DRAW_RULES[game])
    seen, held = _cards(before.view(seat)["state"]), now.view(seat)["state"].get("hand") or []
    if any(_card(name) not in seen for name in held):  # in the hand, and nowhere in sight before
        return t("term.play.undo_dealt", rule=deal)
    return None


def _card(name: str) -> int | None:
    """A card a view names (``Qd``, or a meld's ``Jo=4c``: the joker), or None."""
    try:
        return parse_card(name.partition("=")[0])
    except NotationError:
        return None


def _cards(state: object) -> set[int | None]:
    """Every card a view's state shows, anywhere in it."""
    if isinstance(state, str):
        return {_card(state)}
    if isinstance(state, dict):
        return set().union(*(_cards(v) for v in state.values()))
    if isinstance(state, list):
        return set().union(*(_cards(v) for v in state))
    return set()


def save_failure(e: OSError, target: Path) -> str:
    """Why a record could not be written, in the person's language, by the system's error
    number: never the system's own English. A cause with no words of its own is "the system
    refused", with the error's name (``ENOSPC``)."""
    code = e.errno
    if code == errno.ENOENT and not _is_dir(target.parent):
        return t("term.play.save_no_folder", folder=str(target.parent))
    if code == errno.ENOTDIR:
        return t("term.play.save_not_folder", file=str(_a_file_above(target)))
    if code == errno.EISDIR:
        return t("term.play.save_is_folder", path=str(target))
    if code in (errno.EACCES, errno.EPERM):
        return t("term.play.save_denied", path=str(target))
    if code == errno.EROFS:
        return t("term.play.save_read_only", path=str(target))
    name = errno.errorcode.get(code, type(e).__name__) if code is not None else type(e).__name__
    return t("term.play.save_refused", path=str(target), error=name)


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _a_file_above(target: Path) -> Path:
    """The file that stands where a folder of ``target``'s path should be (``ENOTDIR``)."""
    for folder in reversed(target.parents):
        try:
            if folder.exists() and not folder.is_dir():
                return folder
        except OSError:
            break
    return target.parent


def match_end(game: TerminalGame) -> str:
    """The history, why the winner won, and the end prompt: ``again`` or ``quit`` (returned);
    ``save FILE`` and ``table`` stay at the prompt."""
    m, console = game.m, game.console
    console.print()
    console.print(results.history(m, game.seat))
    console.print(Text(results.end_reason(m, game.seat), style="bold"))
    while True:
        try:
            line = game.read(t("term.end.prompt")).strip()
        except (EOFError, KeyboardInterrupt) as e:
            console.print()  # the prompt's line ends here, not on the shell's
            if isinstance(e, EOFError) and not game.interactive:
                return "quit"  # piped input ended: nobody is left to ask
            if game.confirm_quit():  # the finished record is lost unless it was saved
                return "quit"
            continue
        verb, _, rest = line.partition(" ")
        verb = verb.lower()
        if verb == "save":
            game.save(rest.strip())
        elif verb in ("again", "quit", "exit"):
            return "again" if verb == "again" else "quit"
        elif verb in ("table", ""):
            console.print(render.table(m.view(game.seat), game.look, width=console.width))
            console.print(results.history(m, game.seat))
            console.print(Text(results.end_reason(m, game.seat), style="bold"))
        else:
            console.print(t("term.end.help"))


def _complete_with(words: Sequence[str]) -> None:
    """Tab completion over the legal actions and the verbs (where readline exists)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - not on every platform
        return
    options = sorted(set(words))

    def complete(typed: str, state: int) -> str | None:
        buffer = readline.get_line_buffer()
        hits = [w for w in options if w.startswith(buffer)]
        if state < len(hits):
            # complete the whole remaining text after what is already typed as this word
            return typed + hits[state][len(buffer) :]
        return None

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def play(
    game: GameArgument,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    seat: Annotated[
        int,
        typer.Option(
            help="your seat, 1 to the number of players in playing order; the seat after the "
            "dealer plays first, and the first dealer is drawn at random"
        ),
    ] = 1,
    bots: Annotated[
        str, typer.Option(help=f"levels of the other seats, comma-separated: {', '.join(LEVELS)}")
    ] = "",
    seed: Annotated[int | None, typer.Option(help="seed for the deals")] = None,
    delay: Annotated[float, typer.Option(help="seconds between computer moves")] = 0.8,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option name=value")
    ] = None,
    letters: Annotated[bool, typer.Option(help="suit letters instead of symbols")] = False,
    sort: Annotated[str, typer.Option(help="sort hands by suit (then rank) or rank")] = "suit",
    lang: Annotated[
        str | None,
        typer.Option(
            help="language: en, pa (Punjabi) or tl (Tagalog); by default the terminal's (LANG)"
        ),
    ] = None,
) -> None:
    """Play whole matches in the terminal against computer players."""
    mine = seat - 1  # the engine counts seats from 0; people (and --seat) from 1
    lang = lang or language()  # the command line's, else the terminal's (usage.py)
    console = text.console(lang)
    try:
        set_language(lang)
        if sort not in ("suit", "rank"):
            raise CardtableError(t("term.play.bad_sort", sort=sort))
        levels = [w.strip() for w in bots.split(",") if w.strip()] or [_default_level()]
        setup = Setup(game, players, parse_options(option or []), mine, levels, seed)
        m, seats_bots = setup.new_match()
    except (CardtableError, ValueError) as e:
        text.error(console, text.reason(e))
        raise typer.Exit(2) from None
    look = Look(letters or bool(os.environ.get("NO_COLOR")), sort == "rank")
    while True:
        session = TerminalGame(
            m, mine, seats_bots, console, delay=delay, look=look, interactive=_at_a_terminal()
        )
        if not session.run() or match_end(session) != "again":
            return
        m, seats_bots = setup.new_match()


def _at_a_terminal() -> bool:
    """Whether a person types the input (a terminal), rather than a pipe or a file."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):  # closed, or replaced by something without one
        return False


def _default_level() -> str:
    for level in ("heuristic", "search:easy", "random"):
        if level in LEVELS:
            return level
    return "random"
