"""A newcomer's hour at the terminal, in Punjabi and Tagalog, at 80×24 in real pseudo-terminals
(pexpect; tmux where the screen itself is read): the rules as a page in a pager; ``save``,
``table`` and ``quit`` between hands; quitting after a save without the unsaved warning;
``save`` asking before it replaces a file; typing errors said in the person's language; ``why``
reading a card alone as play does and naming the rule that forbids it; a hint of two actions
saying two; replay's help counting seats from 1; error texts keeping their square brackets;
Punjabi lines broken only between words; the tournament table in 80 columns; the documents'
screens as the program draws them today."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pexpect
import pytest
from rich.cells import cell_len
from rich.console import Console

from cardtable.bots.tournament import BotResult, Results
from cardtable.cli.text import catalogue
from cardtable.cli.tournament import results_table
from cardtable.core.match import Match
from tests.support import screens

LANGS = ["pa", "tl"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r")


def said(lang: str, key: str, **params: object) -> str:
    return catalogue(lang)[key].format_map(params)


def pattern(lang: str, key: str, **params: object) -> str:
    """A regex for the message ``key``: the given placeholders filled, the others any text."""
    parts = re.split(r"(\{\w+\})", catalogue(lang)[key])
    out = []
    for part in parts:
        name = part[1:-1] if part.startswith("{") else None
        if name is None:
            out.append(re.escape(part))
        else:
            out.append(re.escape(str(params[name])) if name in params else ".+?")
    return "".join(out)


def plain(text: str | None) -> str:
    return ANSI.sub("", text or "")


def flat(text: str | None) -> str:
    """The words as read, whatever the line breaks."""
    return " ".join(plain(text).split())


def spawn(lang: str, *args: str, cwd: Path | None = None, **env: str) -> pexpect.spawn:
    environ = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80", "LINES": "24", "TERM": "xterm",
               **env}  # fmt: skip
    child = pexpect.spawn(sys.executable, ["-m", "cardtable.cli.main", *args, "--lang", lang],
                          env=environ, dimensions=(24, 80), encoding="utf-8", timeout=90,
                          cwd=str(cwd) if cwd else None)  # fmt: skip
    child.delaybeforesend = None
    return child


def play(lang: str, *more: str, cwd: Path | None = None, **env: str) -> pexpect.spawn:
    """Buck Euchre, seed 4: the person's first decision is stay or drop (BE-8)."""
    return spawn(lang, "play", "buck-euchre", "--seed", "4", "--bots", "random", "--delay", "0",
                 *more, cwd=cwd, **env)  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_are_a_page_in_a_pager_without_markup_or_notes(lang: str) -> None:
    """``rules``: the card room's rules page for the game in the person's language, drawn from
    its Markdown (no ``**`` or backticks left) at 80 columns, with none of the rule book's
    notes on its sources; in ``less``, ``q`` returns to the game."""
    title = (Path("cardtable/server/static/rules") / lang / "buck-euchre.md").read_text()
    heading = title.splitlines()[0].lstrip("# ").strip()
    child = play(lang, PAGER="cat")
    child.expect(pattern(lang, "term.play.prompt"))
    child.sendline("rules")
    child.expect(pattern(lang, "term.play.table_again"))
    page = plain(child.before)
    assert heading in page and "BE-10" in page
    assert "**" not in page and "`" not in page and "seed" not in page and "pagat" not in page
    lines = page.splitlines()
    assert len(lines) > 40 and max(cell_len(line) for line in lines) <= 80
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    child.expect(pexpect.EOF)

    paged = play(lang, PAGER="less", LESS="-R")  # the real pager
    paged.expect(pattern(lang, "term.play.prompt"))
    paged.sendline("rules")
    paged.expect("BE-1")
    paged.send("q")
    paged.expect(pattern(lang, "term.play.table_again"))
    paged.sendline("quit")
    paged.expect(r"\(y/n\)")
    paged.sendline("y")
    paged.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGS)
def test_between_hands_save_table_and_quit_and_save_asks_before_replacing(
    lang: str, tmp_path: Path
) -> None:
    """``save`` asks before replacing a file (n keeps it); between hands ``table`` shows the
    hand's end again, a stray word is answered, ``save`` writes the record, and ``quit`` then
    says the match is saved instead of warning that play is lost."""
    old = tmp_path / "old.json"
    old.write_text("keep me")
    child = play(lang, cwd=tmp_path)
    prompt = pattern(lang, "term.play.prompt")
    child.expect(prompt)
    child.sendline("save old.json")
    child.expect(pattern(lang, "term.play.overwrite", path="old.json"))
    child.sendline("n")
    child.expect(prompt)
    assert said(lang, "term.play.kept", path="old.json") in flat(child.before)
    assert old.read_text() == "keep me"
    child.sendline("drop")  # BE-8: the others play the hand out
    between = pattern(lang, "term.play.next_hand", n=2)
    child.expect(between)
    child.sendline("table")
    child.expect(between)
    assert said(lang, "term.result.title", n=1) in flat(child.before)
    child.sendline("deal")
    child.expect(between)
    assert said(lang, "term.play.between_help", n=2) in flat(child.before)
    child.sendline("save old.json")
    child.expect(pattern(lang, "term.play.overwrite", path="old.json"))
    child.sendline("y")
    child.expect(between)
    assert said(lang, "term.play.saved", path="old.json") in flat(child.before)
    assert Match.from_record(json.loads(old.read_text())).hand_number == 2
    child.sendline("quit")
    child.expect(pattern(lang, "term.play.confirm_quit_saved", path="old.json"))
    child.sendline("y")
    child.expect(pexpect.EOF)


def hand_and_plays(lang: str, screen: str) -> tuple[list[str], list[str]]:
    """The cards in the person's hand and those the numbered ``play`` line offers."""
    hand = re.findall(re.escape(said(lang, "term.table.your_hand")) + r" (.*)", screen)[-1]
    offered = re.findall(r"^play +(.*)$", screen, re.M)[-1]
    return hand.split(), re.findall(r"\d+ (\S\S)", offered)


@pytest.mark.parametrize("lang", LANGS)
def test_input_errors_in_the_language_why_reads_a_card_and_names_the_rule_and_a_hint_of_two(
    lang: str,
) -> None:
    """A line that is no action and a number past the list are answered in the person's
    language; a hint over two actions (stay, drop) says "top 2"; at a trick, ``why`` with a
    card alone is read as play reads it, and a card that does not follow suit is refused by
    BE-10, named with its title in the language."""
    child = play(lang)
    prompt = pattern(lang, "term.play.prompt")
    child.expect(prompt)
    child.sendline("xyz")
    child.expect(prompt)
    assert said(lang, "term.play.unreadable", text="xyz") in flat(child.before)
    child.sendline("99")
    child.expect(prompt)
    assert said(lang, "term.play.no_number", n=99, count=2) in flat(child.before)
    child.sendline("hint")
    child.expect(prompt, timeout=120)
    assert re.search(pattern(lang, "term.hint.head", n=2), flat(child.before))
    child.sendline("stay")
    for _ in range(20):  # to a trick where some card in hand may not be played (BE-10)
        i = child.expect([prompt, pattern(lang, "term.play.next_hand")])
        screen = plain(child.before)
        if i == 0 and "\nplay " in screen:
            hand, plays = hand_and_plays(lang, screen)
            if len(plays) < len(hand):
                break
        child.sendline("1" if i == 0 else "")
    else:
        pytest.fail("no trick with a card that may not be played")
    child.sendline(f"why {plays[0]}")
    child.expect(prompt)
    legal = said(lang, "term.why.legal", action=f"play {plays[0]}", rule="")
    assert legal.rstrip() in flat(child.before)
    off = next(c for c in hand if c not in plays)
    child.sendline(f"why {off}")
    child.expect(prompt)
    rule = said(lang, "term.why.rule", rule="BE-10", title=said(lang, "rule.BE-10"))
    answer = flat(child.before)
    assert f"play {off}" in answer and answer.endswith(rule), answer
    child.sendline("quit")
    child.expect(pattern(lang, "term.play.confirm_quit"))
    child.sendline("y")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGS)
def test_replay_help_counts_seats_from_one_and_errors_keep_their_brackets(
    lang: str, tmp_path: Path
) -> None:
    m = Match("buck-euchre", seed=5, start=1)
    while not m.is_over:
        m.play(m.legal_actions()[0])
    record = tmp_path / "m.json"
    record.write_text(json.dumps(m.record()))
    child = spawn(lang, "replay", str(record))
    child.expect(pattern(lang, "term.replay.prompt"))
    child.sendline("bogus")
    child.expect(pattern(lang, "term.replay.prompt"))
    steps = sum(len(h.actions) for h in m.hands)
    helped = said(lang, "term.replay.help", steps=steps, hands=len(m.hands), last=4)
    assert helped in flat(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    missing = spawn(lang, "replay", str(tmp_path / "no[red]file.json"))
    missing.expect(pexpect.EOF)
    # a long temporary path may wrap anywhere: read the words with the line breaks taken out
    assert "no[red]file.json" in plain(missing.before).replace("\r", "").replace("\n", "")


def tmux_screen(lang: str, *typed: str) -> tuple[list[str], list[str]]:
    """``cardtable play`` in a tmux window of 80×24, the lines typed; the screen's lines as
    drawn, and joined where the terminal itself wrapped a line (``capture-pane -J``)."""
    name = f"newcomer-{os.getpid()}"
    command = (f"NO_COLOR=1 {sys.executable} -m cardtable.cli.main play buck-euchre --seed 4 "
               f"--bots random --delay 0 --lang {lang}")  # fmt: skip
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "80", "-y", "24", command],
                   check=True, cwd=Path.cwd())  # fmt: skip
    try:
        prompt = said(lang, "term.play.prompt").strip()

        def screen(*flags: str) -> list[str]:
            got = subprocess.run(["tmux", "capture-pane", "-p", *flags, "-t", name],
                                 check=True, capture_output=True, text=True)  # fmt: skip
            return got.stdout.rstrip("\n").splitlines()

        for line in ("", *typed):
            if line:
                subprocess.run(["tmux", "send-keys", "-t", name, line, "Enter"], check=True)
                time.sleep(0.5)
            for _ in range(200):
                shown = screen()
                if shown and shown[-1].strip() == prompt:
                    break
                time.sleep(0.1)
        return [s.rstrip() for s in screen()], [s.rstrip() for s in screen("-J")]
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], check=False)


@pytest.mark.skipif(not shutil.which("tmux"), reason="tmux reads the screen (.ci/run installs it)")
def test_punjabi_lines_break_only_between_words() -> None:
    """At 80 columns, every Punjabi line is broken by the program at a space, never by the
    terminal at its edge: tmux joins no line (``-J`` finds none it wrapped), and no line
    starts with a vowel sign or another mark that belongs to the syllable before it."""
    drawn, joined = tmux_screen("pa", "help", "xyz")
    assert drawn == joined
    long = [line for line in drawn if len(line) > 60 and re.search("[\u0a00-\u0a7f]", line)]
    assert long, drawn  # the help and the answer to xyz are longer than a line
    for line in drawn:
        assert not line or not unicodedata.category(line[0]).startswith("M"), line


def test_the_tournament_table_fits_80_columns_with_whole_names() -> None:
    bots = tuple(
        BotResult(name=n, level=n, games=400, wins=190, ties=12, losses=198, win_rate=0.4897,
                  ci_low=0.4404, ci_high=0.5392, hands=400, points_per_hand=-123.45, elo=1512.3)
        for n in ("openspiel-ismcts:1000", "search:medium", "heuristic#2")
    )  # fmt: skip
    for mode in ("deals", "matches"):
        r = Results(game="rummy-500", title="Rummy 500", players=2, options={}, mode=mode, seed=0,
                    requested=200, groups=200, per_group=2, bots=bots, games=())  # fmt: skip
        console = Console(width=80, record=True, color_system=None)
        console.print(results_table(r))
        text = console.export_text()
        assert max(cell_len(line.rstrip()) for line in text.splitlines()) <= 80
        for b in bots:
            assert re.search(rf"^ ?{re.escape(b.name)} +400 +190 .*49\.0% +44\.0%–53\.9% +-123\.45 "
                             r"+1512 *$", text, re.M), text  # fmt: skip


def test_the_tournament_command_prints_its_table_within_80_columns() -> None:
    """The real command in an 80-column terminal: every line of the table within the width
    (the progress bar goes to standard error and is gone by the end)."""
    child = pexpect.spawn(sys.executable, ["-m", "cardtable.cli.main", "tournament", "buck-euchre",
                          "--bots", "random,heuristic", "--deals", "1", "--workers", "1"],
                          env={**os.environ, "COLUMNS": "80", "LINES": "24", "TERM": "xterm",
                               "NO_COLOR": "1"},
                          dimensions=(24, 80), encoding="utf-8", timeout=120)  # fmt: skip
    child.expect(pexpect.EOF)
    out = plain(child.before)
    table = out[out.index("Buck Euchre, 4 players") :].splitlines()
    assert any(line.lstrip().startswith("heuristic") for line in table)
    assert max(cell_len(line.rstrip()) for line in table) <= 80


@pytest.mark.parametrize("name", sorted(screens.SCREENS))
def test_the_documents_show_the_screens_the_program_draws(name: str) -> None:
    """Each screen as the program draws it now. The database's revision number is left out
    of the comparison: a new migration (other work) changes it without changing the screen."""
    doc, make = screens.SCREENS[name]
    shown, now = screens.shown(doc)[name], make()
    if name == "db-upgrade":
        shown, now = (re.sub(r"\b\d{4}$", "NNNN", s, flags=re.M) for s in (shown, now))
    assert shown == now, (
        f"{doc} shows an old screen {name!r}: .venv/bin/python -m tests.support.screens --write"
    )
