"""The terminal's play loop as a person meets it (the QA report of the terminal client):
Ctrl-D, the end of input, asks before quitting as Ctrl-C does, and ends the prompt's line
(A1); Buck Euchre's trump is named by the suit's word as the list shows it (A2, BE-6); ``undo``
gives back no choice already informed by a card it showed, such as a draw from the stock
(A4, C-6, R5-6, QC-4, RC-3); ``save`` says the system's refusal in the person's language (A3);
``?`` is help, the end prompt offers ``table``, and the quit question takes yes in the person's
language and asks again when the answer is neither (A6, A8, A9)."""

from __future__ import annotations

import errno
import io
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

from cardtable.cli import actions
from cardtable.cli.play import TerminalGame, match_end
from cardtable.cli.render import Look
from cardtable.cli.text import catalogue, set_language, t
from cardtable.core.game import Action
from cardtable.core.match import Match
from cardtable.core.views import View
from tests.test_cli_failures import Script, finished  # a person at the keys; a match over
from tests.test_r5_rules import _rummy_on_8h  # seat 2 asked whether it calls Rummy (R5-10)

LANGS = ["en", "pa", "tl"]


def game(
    match: Match, read: Script, *, interactive: bool = True
) -> tuple[TerminalGame, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    look = Look(letters=True)
    piped = {} if interactive else {"interactive": False}  # a terminal unless said
    return TerminalGame(match, 0, {}, console, look=look, read=read, **piped), out


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English and leaves the terminal's language as it found it."""
    set_language("en")
    yield
    set_language("en")


def my_turn(m: Match, rng: random.Random) -> None:
    """The other seats play at random until seat 0 (the person) is to move."""
    while not m.is_over and m.to_move != 0:
        m.play(rng.choice(m.legal_actions()))


# -- A1: the end of input ------------------------------------------------------------------


def test_end_of_input_at_the_move_prompt_asks_as_ctrl_c_does() -> None:
    """Ctrl-D at the move prompt asks the quit question (n plays on); Ctrl-D at the question
    itself is quitting. Each ends the line it was typed on."""
    m = Match("buck-euchre", seed=4)
    my_turn(m, random.Random(4))
    script = Script(EOFError(), "n", EOFError(), EOFError())
    g, out = game(m, script)
    assert g.ask() is False
    prompt, question = t("term.play.prompt"), t("term.play.confirm_quit")
    assert script.prompts == [prompt, question, prompt, question]
    assert out.getvalue().count("\n") >= 3  # after each Ctrl-D, a new line


def test_end_of_piped_input_quits_without_a_question() -> None:
    """With the input piped, nobody is left to answer: its end quits at once (as before), and
    the output still ends its last line; at the end of a match too."""
    m = Match("buck-euchre", seed=4)
    my_turn(m, random.Random(4))
    script = Script(EOFError())
    g, out = game(m, script, interactive=False)
    assert g.ask() is False
    assert script.prompts == [t("term.play.prompt")]
    assert out.getvalue().endswith("\n")
    ended = Script(EOFError())
    g, _ = game(finished(3), ended, interactive=False)
    assert match_end(g) == "quit" and ended.prompts == [t("term.end.prompt")]


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "cardtable.cli.main", *args]


def test_the_real_command_piped_ends_its_line_and_asks_nothing() -> None:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80", "LINES": "24"}
    args = command("play", "buck-euchre", "--seed", "4", "--bots", "random", "--delay", "0")
    done = subprocess.run(args, input="", capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith(t("term.play.prompt") + "\n"), done.stdout[-200:]
    assert "(y/n)" not in done.stdout


def test_ctrl_d_in_a_terminal_asks_and_ends_the_line() -> None:
    """The real command in a pseudo-terminal: Ctrl-D asks (the question on a line of its
    own), n plays on, Ctrl-D at the question quits with the shell's prompt on a new line."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80", "LINES": "24", "TERM": "xterm"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "cardtable.cli.main", "play", "buck-euchre", "--seed", "14", "--bots", "random",
         "--delay", "0"],
        env=env, dimensions=(24, 80), encoding="utf-8", timeout=60,
    )  # fmt: skip
    child.delaybeforesend = None
    child.expect("your move> ")
    child.sendeof()
    child.expect(re.escape(t("term.play.confirm_quit")))
    assert child.before.startswith("\r\n")  # not after the prompt, on the same line
    child.sendline("n")
    child.expect("your move> ")
    child.sendeof()
    child.expect(re.escape(t("term.play.confirm_quit")))
    child.sendeof()
    child.expect(pexpect.EOF)
    assert child.before.startswith("\r\n")
    child.close()
    assert child.exitstatus == 0


# -- A2: naming trump by the word the list shows (BE-6) -------------------------------------


NAMING = ["pass", "trump c", "trump d", "trump s"]  # hearts were turned down


@pytest.mark.parametrize("lang", LANGS)
def test_a_trump_suit_is_read_as_the_list_shows_it(lang: str) -> None:
    set_language(lang)
    for suit in "cds":
        shown = t(f"suit.{suit}")
        english = catalogue("en")[f"suit.{suit}"]
        for typed in (shown, f"trump {shown}", english, english.upper(), f"Trump {english}"):
            assert actions.read(typed, NAMING, Look()).action == f"trump {suit}", typed
    assert actions.read(t("suit.h"), NAMING, Look()).action == "trump h"  # the engine says no
    assert actions.read("1", NAMING, Look()).action == "pass"  # the rest as it was
    assert actions.read("trump c", NAMING, Look()).action == "trump c"
    assert actions.read("clubs", ["play Ac", "play Kc"], Look()).action == "clubs"  # no trump


TYPED = [("tl", "trebol"), ("pa", "ਕਲੱਬ"), ("en", "clubs"), ("tl", "trump trebol"),
         ("pa", "trump ਕਲੱਬ")]  # fmt: skip


@pytest.mark.parametrize(("lang", "typed"), TYPED)
def test_typing_the_shown_suit_names_trump(lang: str, typed: str) -> None:
    """BE-6: after four passes, seat 0 names trump; the word on screen plays it."""
    set_language(lang)
    m = Match("buck-euchre", seed=0)
    for _ in range(4):
        m.play("pass")
    assert m.to_move == 0 and m.view(0)["state"]["phase"] == "name"
    g, out = game(m, Script(typed))
    g.show()
    assert g.ask() is True
    assert m.view(0)["state"]["trump"] == "c"
    assert t("term.play.refused") not in out.getvalue()


def test_the_turned_down_suit_by_its_word_is_refused_with_the_rule() -> None:
    set_language("tl")
    m = Match("buck-euchre", seed=0)
    for _ in range(4):
        m.play("pass")
    g, out = game(m, Script(t("suit.h"), EOFError(), "y"))
    g.show()
    assert g.ask() is False
    said = flat(out.getvalue())
    assert t("term.play.refused") in said and "(BE-6)" in said
    assert m.view(0)["state"]["trump"] is None


# -- A4: no undo of a card already seen -----------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "rule"), [("rummy-500", "R5-6"), ("queen-city-rum", "QC-4")])
def test_a_draw_from_the_stock_is_not_taken_back(name: str, rule: str, lang: str) -> None:
    """R5-6, QC-4: the drawn card has been seen; taking the draw back would let the person
    choose between the stock and the discard pile knowing it (C-6). A take from the discard
    pile, whose cards lay face up, can still be taken back."""
    set_language(lang)
    m = Match(name, seed=3)
    my_turn(m, random.Random(3))
    take = next(str(a) for a in m.legal_actions() if str(a).startswith("take"))
    g, out = game(m, Script())
    assert g.act(take)
    assert g.undo() is True and g.m.action_count == m.action_count - 1
    m = g.m
    hand = list(m.view(0)["state"]["hand"])
    assert g.act("draw")
    count = m.action_count
    assert g.undo() is False
    assert g.m is m and m.action_count == count and len(m.view(0)["state"]["hand"]) > len(hand)
    assert t("term.play.undo_drawn", rule=rule) in flat(out.getvalue())
    assert f"({rule})" in t("term.play.undo_drawn", rule=rule)


def test_a_play_after_which_cards_were_dealt_is_not_taken_back() -> None:
    """RC-3: once every hand is empty, four more cards are dealt; the person has seen theirs,
    so the last card of the deal before cannot be played again differently."""
    m = Match("royal-casino", players=2, seed=7)
    rng = random.Random(7)
    g, out = game(m, Script())
    my_turn(m, rng)
    while len(m.view(0)["state"]["hand"]) > 1:
        assert g.act(str(m.legal_actions()[0]))
        my_turn(m, rng)
    deal = m.view(0)["state"]["deal"]
    assert g.act(str(m.legal_actions()[0]))
    my_turn(m, rng)
    assert m.view(0)["state"]["deal"] == deal + 1 and m.hand_number == 1
    assert g.undo() is False
    assert t("term.play.undo_dealt", rule="RC-3") in flat(out.getvalue())


def test_a_play_that_ended_the_hand_is_not_taken_back() -> None:
    """A finished hand showed its end and the next deal (BE-3): no undo across it."""
    for seed in range(20):
        m = Match("buck-euchre", seed=seed)
        rng = random.Random(seed)
        g, out = game(m, Script())
        my_turn(m, rng)
        while m.hand_number == 1:
            assert g.act(str(rng.choice(m.legal_actions())))
            my_turn(m, rng)  # to the person's first turn of hand 2: their last act is in 1
        if m.is_over:
            continue  # all five tricks (BE-13): no hand 2
        assert g.undo() is False
        assert t("term.play.undo_hand_over", rule="BE-3") in flat(out.getvalue())
        return
    raise AssertionError("no seed leaves the person's last action in hand 1")


def test_an_ordinary_play_is_still_taken_back() -> None:
    m = Match("royal-casino", players=2, seed=4)
    rng = random.Random(4)
    my_turn(m, rng)
    g, out = game(m, Script())
    trail = next(str(a) for a in m.legal_actions() if str(a).startswith("trail"))
    assert g.act(trail)
    my_turn(m, rng)
    assert g.undo() is True
    assert t("term.play.undone") in out.getvalue()


# -- A3: save into an odd place -------------------------------------------------------------


def test_save_under_a_file_says_it_is_a_file(tmp_path: Path) -> None:
    set_language("tl")
    a_file = tmp_path / "hostname"
    a_file.write_text("x")
    g, out = game(Match("royal-casino", players=2, seed=7), Script())
    g.save(str(a_file / "x.json"))
    said = flat(out.getvalue())
    assert "Errno" not in said and "Not a directory" not in said  # no English in Tagalog
    assert t("term.play.save_not_folder", file=str(a_file)) in said, said


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="no /proc here")
def test_save_into_proc_does_not_say_the_folder_is_missing() -> None:
    set_language("tl")
    g, out = game(Match("royal-casino", players=2, seed=7), Script())
    g.save("/proc/x.json")
    said = flat(out.getvalue())
    assert t("term.play.save_no_folder", folder="/proc") not in said
    assert said in (
        t("term.play.save_refused", path="/proc/x.json", error="ENOENT"),
        t("term.play.save_denied", path="/proc/x.json"),
    ), said


@pytest.mark.parametrize(
    ("code", "key", "params"),
    [
        (errno.EROFS, "term.play.save_read_only", {}),
        (errno.EACCES, "term.play.save_denied", {}),
        (errno.EPERM, "term.play.save_denied", {}),
        (errno.ENOSPC, "term.play.save_refused", {"error": "ENOSPC"}),
    ],
)
@pytest.mark.parametrize("lang", LANGS)
def test_save_says_the_systems_refusal_by_its_key(
    lang: str, code: int, key: str, params: dict[str, str], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    set_language(lang)
    target = tmp_path / "m.json"

    def refuse(self: Path, *args: object, **kwargs: object) -> int:
        raise OSError(code, os.strerror(code), str(self))

    monkeypatch.setattr(Path, "write_text", refuse)
    g, out = game(Match("royal-casino", players=2, seed=7), Script())
    g.save(str(target))
    said = flat(out.getvalue())
    assert "Errno" not in said and os.strerror(code) not in said, said  # the system's English
    assert said == t(key, path=str(target), **params), said


def test_a_folder_one_may_not_look_into_is_said_not_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``is_dir`` and ``exists`` raise EACCES for a path under a folder one may not search:
    said as any refusal, never a crash of the match."""
    set_language("pa")

    def denied(self: Path, *args: object, **kwargs: object) -> object:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "stat", denied)
    g, out = game(Match("royal-casino", players=2, seed=7), Script())
    g.save(str(tmp_path / "m.json"))
    assert flat(out.getvalue()) == t("term.play.save_denied", path=str(tmp_path / "m.json"))


# -- A6, A8, A9 ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_question_mark_is_help(lang: str) -> None:
    set_language(lang)
    m = Match("buck-euchre", seed=4)
    my_turn(m, random.Random(4))
    g, out = game(m, Script("?", "quit", "y"))
    g.show()
    assert g.ask() is False
    said = flat(out.getvalue())
    assert flat(t("term.play.help")) in said
    assert t("term.play.unreadable", text="?") not in said


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_prompt_offers_table_and_table_shows_the_reason_again(lang: str) -> None:
    set_language(lang)
    assert "table" in t("term.end.prompt")
    script = Script("table", "quit")
    g, out = game(finished(3), script)
    assert match_end(g) == "quit"
    assert script.prompts == [t("term.end.prompt")] * 2
    assert out.getvalue().count("(BE-1") >= 2  # the winner's sentence, before and after table


@pytest.mark.parametrize(
    ("lang", "answers", "quits"),
    [
        ("pa", ["ਹਾਂ"], True),
        ("pa", ["ਨਹੀਂ"], False),
        ("tl", ["oo"], True),
        ("tl", ["Hindi"], False),
        ("en", ["yes"], True),
        ("en", ["Y"], True),
        ("en", ["no"], False),
        ("tl", ["y"], True),  # the question shows (y/n): English's always count
        ("pa", ["maybe", "y"], True),
        ("en", ["", "xyz", "n"], False),
    ],
)
def test_the_quit_question_takes_yes_in_the_language_and_asks_again(
    lang: str, answers: list[str], quits: bool
) -> None:
    set_language(lang)
    script = Script(*answers)
    g, out = game(Match("royal-casino", players=2, seed=7), script)
    assert g.confirm_quit() is quits
    assert script.prompts == [t("term.play.confirm_quit")] * len(answers)
    assert out.getvalue().count(t("term.play.yes_or_no")) == len(answers) - 1


class Passer:
    """A computer that declines every Rummy call (and is only asked for that here)."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        assert [str(a) for a in legal] == ["pass", "rummy 8h"], legal
        return legal[0]


@pytest.mark.parametrize("lang", LANGS)
def test_a_computer_declining_a_rummy_call_is_said_so(lang: str) -> None:
    """R5-10: a computer's ``pass`` after a discard is a Rummy call declined, and the line
    says so in the person's language, not a bare "pass"."""
    set_language(lang)
    m = _rummy_on_8h()  # seat 2 is asked whether it calls Rummy on 8h
    g, out = game(m, Script())
    g.bots = {2: Passer()}
    g.delay = 0
    g.bot_turn(2)
    line = out.getvalue().strip()
    assert line.endswith(f"pass {t('term.rummy.no_call')}"), line
    assert catalogue(lang)["term.rummy.no_call"] in line
