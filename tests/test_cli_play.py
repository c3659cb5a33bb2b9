"""End to end: the real ``cardtable play`` in pseudo-terminals of 80×24 and 100×30, typed at
like a person: a whole match of each game to the end prompt, ``save`` read back by
``cardtable replay``, ``again``; and each fix a person asked for, on the screen they read."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

PROMPT = "your move> "
NEXT_HAND = r"Press Enter to deal hand \d+> "
END = r"save FILE, again, or quit> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SIZES = [(24, 80), (30, 100)]
#: small targets where the rules allow them, so that a whole match is a hand or two
MATCHES = {
    "royal-casino": ["-o", "target=4"],
    "buck-euchre": ["-o", "start=1"],
    "rummy-500": ["-o", "target=1", "--players", "3"],
    "queen-city-rum": ["-o", "target=1"],
}
REASONS = {
    "royal-casino": r"\((RC-21, RC-23|RC-22, RC-23)\)",
    "buck-euchre": r"\((BE-12|BE-13)\)",
    "rummy-500": r"\(R5-13\)",
    "queen-city-rum": r"\(QC-9\)",
}


def plain(text: str | None) -> str:
    """What a person reads: the text without style codes (NO_COLOR keeps bold, not colour)."""
    return ANSI.sub("", text or "").replace("\r\n", "\n")


def spawn(size: tuple[int, int], *args: str) -> pexpect.spawn:
    rows, cols = size
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": str(cols), "LINES": str(rows),
           "TERM": "xterm"}  # fmt: skip
    return pexpect.spawn(sys.executable, ["-m", "cardtable.cli.main", *args], env=env,
                         dimensions=size, encoding="utf-8", timeout=60)  # fmt: skip


def play_to_the_end(child: pexpect.spawn, limit: int = 600) -> str:
    """Type the first numbered action at every turn, Enter between hands, until the end
    prompt; everything shown on the way."""
    seen = []
    for _ in range(limit):
        i = child.expect([PROMPT, NEXT_HAND, END])
        seen.append(plain(child.before))
        if i == 2:
            return "".join(seen)
        child.sendline("1" if i == 0 else "")
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
@pytest.mark.parametrize("game", sorted(MATCHES))
def test_a_whole_match_to_the_end_prompt_save_replay_and_again(
    game: str, size: tuple[int, int], tmp_path: Path
) -> None:
    child = spawn(size, "play", game, "--seed", "3", "--bots", "random", "--delay", "0",
                  *MATCHES[game])  # fmt: skip
    shown = play_to_the_end(child)
    assert "Hand 1 is over" in shown
    assert re.search(r"\(\w\w-\d+\)\.", shown)  # each result sentence cites its rule
    end = " ".join(plain(child.before).split())  # sentences may wrap
    assert "The match, hand by hand" in end and re.search(REASONS[game], end)
    assert "Final scores [" not in shown + end  # no Python lists
    record = tmp_path / "match.json"
    child.sendline(f"save {record}")
    child.expect(r"Saved to\s")
    child.expect(END)
    child.sendline("again")  # the same game, options and players: a new match
    child.expect(PROMPT)
    assert "hand 1" in plain(child.before)
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    child.expect(pexpect.EOF)
    saved = json.loads(record.read_text())
    assert saved["winner"] is not None

    replay = spawn(size, "replay", str(record), "--auto")
    replay.expect(pexpect.EOF)
    text = " ".join(plain(replay.before).split())
    steps = sum(len(h["actions"]) for h in saved["hands"])
    assert f"Step {steps} of {steps}" in text and "End of the record." in text
    assert re.search(REASONS[game], text)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
def test_the_screen_a_turn_shows(size: tuple[int, int]) -> None:
    """Status line with the target and end rule; actions numbered by verb; a card alone
    plays; Enter and table redraw; rules then table; why names the rule; Ctrl-C asks."""
    child = spawn(size, "play", "royal-casino", "--seed", "4", "--bots", "random", "--delay",
                  "0")  # fmt: skip
    child.expect(PROMPT)
    first = plain(child.before)
    assert "first to 21 wins (RC-21, RC-23)" in first
    assert re.search(r"^capture +1 9d: 8c Ad  2 Ks: 8c Kh 5s  3 Ks: Kh$", first, re.M)
    assert re.search(r"^trail +\d+ 3d  \d+ 9d  \d+ Td$", first, re.M)
    assert "Your hand: 3d 9d Td Ks" in first
    child.sendline("")
    child.expect(PROMPT)
    assert "Your hand: 3d 9d Td Ks" in plain(child.before)
    child.sendline("rules")
    child.expect(PROMPT)
    child.sendline("table")
    child.expect(PROMPT)
    assert "Table: 8c Ad Kh 5s 6s" in plain(child.before)
    child.sendline("why trail 3d")
    child.expect(PROMPT)
    assert "trail 3d is legal now: RC-15 (Trailing)" in plain(child.before)
    child.sendline("why trail Ks")  # Kh lies on the table
    child.expect(PROMPT)
    assert re.search(
        r"trail Ks: no\. .*RC-16 \(No trail with a matching rank\)",
        " ".join(plain(child.before).split()),
    )
    child.sendline("why")
    child.expect(PROMPT)
    assert "for example: why capture 9d: 8c Ad" in plain(child.before)
    child.sendcontrol("c")
    child.expect(r"\(y/n\)")
    child.sendline("n")
    child.expect(PROMPT)
    child.sendline("10d")  # the only action naming the ten of diamonds
    child.expect(PROMPT)
    assert "You: trail Td" in plain(child.before)
    child.sendline("undo")
    child.expect(PROMPT)
    after_undo = plain(child.before)
    assert "Taken back." in after_undo and after_undo.count("Your hand:") == 1
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    child.expect(pexpect.EOF)
