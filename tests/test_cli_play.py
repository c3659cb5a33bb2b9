"""End to end: the real ``cardtable play`` in a pseudo-terminal of 80×24, typed at like a
person, through a complete hand of each game; then ``cardtable replay`` of the saved record."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

GAMES = ["royal-casino", "buck-euchre", "rummy-500", "queen-city-rum"]
PROMPT = "your move> "
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def plain(text: str | None) -> str:
    """What a person reads: the text without style codes (NO_COLOR keeps bold, not colour)."""
    return ANSI.sub("", text or "")


def spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80", "LINES": "24", "TERM": "xterm"}
    return pexpect.spawn(sys.executable, ["-m", "cardtable.cli.main", *args], env=env,
                         dimensions=(24, 80), encoding="utf-8", timeout=60)  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_hand_typed_in_a_terminal(game: str, tmp_path: Path) -> None:
    child = spawn("play", game, "--seed", "4", "--bots", "random", "--delay", "0")
    child.expect(PROMPT)
    # Bad lines are explained and asked again; nothing is lost.
    child.sendline("frobnicate 7x")
    child.expect("Not played: ")
    child.expect(PROMPT)
    child.sendline("why play Zz")
    child.expect("cannot be read")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect(r"1\s+\S+")
    child.expect(PROMPT)
    typed = 0
    while True:
        child.sendline("1")
        typed += 1
        i = child.expect([PROMPT, r"Hand 1 scored", pexpect.EOF])
        assert re.search(r"You: \S+", plain(child.before))
        if i == 1:
            break
        assert i == 0, "the program ended before the hand did"
        assert typed < 400
    record = tmp_path / "match.json"
    child.expect(PROMPT)
    child.sendline(f"save {record}")
    child.expect(r"Saved to\s")  # the path may wrap at 80 columns
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    child.expect(pexpect.EOF)
    saved = json.loads(record.read_text())
    first_hand_scores = saved["hands"][0]["scores"]
    assert first_hand_scores is not None

    replay = spawn("replay", str(record), "--auto", "--seat", "0")
    replay.expect(pexpect.EOF)
    shown = plain(replay.before)
    assert "Hand 1 scored" in shown and "End of the record." in shown
    # the same scores as the match that was played and saved
    assert re.search(r"match\W+" + r"\W+".join(str(s) for s in first_hand_scores), shown)


def test_undo_takes_back_the_last_move() -> None:
    child = spawn("play", "buck-euchre", "--seed", "4", "--bots", "random", "--delay", "0")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("Taken back.")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("n")
    child.expect(PROMPT)
    child.sendline("quit")
    child.sendline("y")
    child.expect(pexpect.EOF)


def test_tab_completes_verbs_and_legal_actions() -> None:
    """Tab completes over the verbs and the legal actions (readline in the real terminal)."""
    child = spawn("play", "buck-euchre", "--seed", "4", "--bots", "random", "--delay", "0")
    child.expect(PROMPT)
    child.send("he\t\r")  # completes to "help", which lists the legal actions by number
    child.expect(r"1\s+(\S+)")
    assert plain(child.match.group(1)) == "drop"  # seed 4: seat 0 decides to stay or drop
    child.expect(PROMPT)
    child.send("dr\t\r")  # completes to "drop" (BE-8): the others play the hand out
    child.expect("Hand 1 scored")
    child.expect(PROMPT)
    assert "Not played" not in plain(child.before)
    child.send("qu\t\r")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    child.expect(pexpect.EOF)
