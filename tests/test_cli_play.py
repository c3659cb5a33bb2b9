"""End to end: the real ``cardtable play`` in pseudo-terminals of 80×24 and 100×30, typed at
like a person: a whole match of each game to the end prompt, ``save`` read back by
``cardtable replay``, ``again``; and each fix a person asked for, on the screen they read."""

from __future__ import annotations

import itertools
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

from cardtable.cli.render import sort_hand

PROMPT = "your move> "
NEXT_HAND = r"Enter deals hand \d+ \(or save FILE, table, quit\)> "
END = r"save FILE, again, table, or quit> "
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
           "TERM": "xterm", "PAGER": "less", "LESS": "-R"}  # fmt: skip
    child = pexpect.spawn(sys.executable, ["-m", "cardtable.cli.main", *args], env=env,
                          dimensions=size, encoding="utf-8", timeout=60)  # fmt: skip
    child.delaybeforesend = None  # each line is typed once its prompt is read
    return child


def quit_and_confirm(child: pexpect.spawn) -> None:
    """quit, y: the program ends."""
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    child.expect(pexpect.EOF)


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
    assert not re.search(r"\b1 (tricks|sweeps|spades|cards)\b", shown)  # "1 trick"
    for meld in re.findall(r"^ *\d+\. (.*?)  (?:your )?(?:set|run)\b", shown, re.M):
        cards = re.findall(r"Jo=\w\w|Jo|[2-9TJQKA][cdhs]", meld)
        assert len(cards) == len(set(cards)), meld  # one deck: each card once (R5-9)
    record = tmp_path / "match.json"
    child.sendline(f"save {record}")
    child.expect(r"Saved to\s")
    child.expect(END)
    child.sendline("again")  # the same game, options and players: a new match
    child.expect(PROMPT)
    assert "hand 1" in plain(child.before)
    quit_and_confirm(child)
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
    child.sendline("rules")  # in a pager: q returns to the game
    child.expect("Royal Casino")
    child.send("q")
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
    quit_and_confirm(child)


def saved_match(tmp_path: Path, game: str, **options: Any) -> tuple[Path, dict[str, object]]:
    """A whole random match of ``game``, saved as the terminal saves it."""
    from cardtable.bots import RandomBot
    from cardtable.core.match import Match

    m = Match(game, seed=5, **options)
    bots = [RandomBot(s) for s in range(m.players)]
    while not m.is_over:
        seat = m.to_move
        assert seat is not None
        m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(m.record()))
    return path, m.record()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
def test_replay_has_its_own_prompt(size: tuple[int, int], tmp_path: Path) -> None:
    """next, back, go N, hand N, seat N, all, auto, quit; step N of M; no "your turn" and no
    numbered actions: a replay does not look like play."""
    path, record = saved_match(tmp_path, "buck-euchre", start=10, five_tricks_win=False)
    hands = record["hands"]
    assert isinstance(hands, list) and len(hands) >= 2
    # each play is a step, and after a hand's last play the next hand's deal is one too
    steps = sum(len(h["actions"]) for h in hands) + len(hands) - 1
    child = spawn(size, "replay", str(path))
    child.expect("replay> ")
    assert f"Step 0 of {steps}" in plain(child.before)
    for typed, step in (("", 1), ("next", 2), ("back", 1), ("go 7", 7)):
        child.sendline(typed)
        child.expect("replay> ")
        shown = plain(child.before)
        assert f"Step {step} of {steps}" in shown, typed
    assert "your turn" not in shown and "Type a number" not in shown
    child.sendline("hand 2")
    child.expect("replay> ")
    first_of_two = len(hands[0]["actions"]) + 1  # hand 1's end, then hand 2's deal
    assert f"Step {first_of_two} of {steps}" in plain(child.before)
    assert "hand 2" in plain(child.before)
    child.sendline("all")  # every hand open: four "holds" lines
    child.expect("replay> ")
    assert plain(child.before).count(" holds: ") == 4
    assert "Your hand" not in plain(child.before)  # nobody's view: no hand of one's own
    child.sendline("seat 2")
    child.expect("replay> ")
    assert "as seat 2 (You) saw it" in plain(child.before)
    child.sendline("frob")
    child.expect("replay> ")
    assert "go N (0 to" in " ".join(plain(child.before).split())
    child.sendline("auto")
    child.expect("replay> ")
    assert f"Step {steps} of {steps}" in plain(child.before)
    assert "End of the record." in plain(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
@pytest.mark.parametrize(
    ("lang", "prompt", "hand"), [("pa", "ਤੁਹਾਡੀ ਚਾਲ> ", "ਹੱਥ 1"), ("tl", "iyong tira> ", "kamay 1")]
)
def test_the_terminal_speaks_punjabi_and_tagalog(
    size: tuple[int, int], lang: str, prompt: str, hand: str
) -> None:
    """--lang: the same catalogue as the card room; the notation stays as typed."""
    child = spawn(size, "play", "buck-euchre", "--seed", "4", "--bots", "random", "--delay",
                  "0", "--lang", lang)  # fmt: skip
    child.expect(prompt)
    shown = plain(child.before)
    assert hand in shown and "(BE-12)" in shown
    assert "Your hand" not in shown and "Scores" not in shown
    quit_and_confirm(child)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
def test_buck_euchre_a_card_alone_and_the_last_trick_in_play_order(size: tuple[int, int]) -> None:
    """BE-10: in play a card alone is played; a card that may not be played is refused with
    the rule; the last trick lists the seats from its leader round."""
    child = spawn(size, "play", "buck-euchre", "--seed", "11", "--bots", "random", "--delay",
                  "0")  # fmt: skip
    refused = played = 0
    for _ in range(60):
        i = child.expect([PROMPT, NEXT_HAND])
        if i == 1:
            child.sendline("")
            continue
        shown = plain(child.before)
        last = re.search(r"Last trick: (.*) → ", shown)
        if last:
            seats = [
                0 if w == "You" else int(w) - 1 for w in re.findall(r"(You|\d) \S\S", last.group(1))
            ]
            gaps = [(b - a) % 4 for a, b in itertools.pairwise(seats)]
            assert gaps and all(g >= 1 for g in gaps) and sum(gaps) < 4, last.group(0)
        plays = re.findall(r"^play +(.*)$", shown, re.M)
        if not plays:
            child.sendline("1")
            continue
        cards = re.findall(r"\d+ (\S\S)", plays[0])
        hand = re.search(r"Your hand: (.*)", shown)
        assert hand
        held = hand.group(1).split()
        unplayable = [c for c in held if c not in cards]
        if unplayable and not refused:
            child.sendline(unplayable[0])  # must follow suit: refused with BE-10
            child.expect(PROMPT)
            assert "(BE-10)" in plain(child.before) or "BE-10" in plain(child.before)
            refused += 1
            child.sendline("")  # Enter redraws; the loop reads the table again
            continue
        child.sendline(cards[0])
        played += 1
        if played >= 8 and refused:
            break
    assert played >= 8 and refused
    quit_and_confirm(child)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
def test_rummy_names_the_drawn_card_and_hints_one_measure(size: tuple[int, int]) -> None:
    """The drawn card is named to its owner (R5-6); a hint gives the top 3 with a figure
    and its standard error, in one measure."""
    child = spawn(size, "play", "rummy-500", "--seed", "4", "--players", "3", "--bots",
                  "random", "--delay", "0")  # fmt: skip
    child.expect(PROMPT)
    before = re.search(r"Your hand: (.*)", plain(child.before))
    assert before
    child.sendline("draw")
    child.expect(PROMPT)
    shown = plain(child.before)
    drew = re.search(r"You drew (\S\S)\.", shown)
    after = re.search(r"Your hand: (.*)", shown)
    assert drew and after
    assert drew.group(1) in after.group(1).split() and drew.group(1) not in before.group(1).split()
    held = after.group(1).split()
    assert held == sort_hand(held)  # by suit, then rank: runs stand together
    child.sendline("hint")
    child.expect(PROMPT, timeout=120)
    hint = " ".join(plain(child.before).split())
    assert "The top 3 by points against the others this hand" in hint
    assert len(re.findall(r"[+-]\d+\.\d ± \d+\.\d", hint)) == 3
    quit_and_confirm(child)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
def test_hands_rank_first_a_bare_why_and_the_seat_help(size: tuple[int, int]) -> None:
    """--sort rank; a hint in the match chance where the search ranks by it (BE-8's choice);
    a bare why gives this game's example (Buck Euchre's, not Royal Casino's); the --seat help
    says who plays first (C-2, BE-10)."""
    child = spawn(size, "play", "buck-euchre", "--seed", "4", "--bots", "random", "--delay",
                  "0", "--sort", "rank")  # fmt: skip
    child.expect(PROMPT)
    hand = re.search(r"Your hand: (.*)", plain(child.before))
    assert hand
    assert hand.group(1).split() == sort_hand(hand.group(1).split(), rank_first=True)
    child.sendline("why")
    child.expect(PROMPT)
    example = re.search(r"for example: why (\w+)", plain(child.before))
    assert example and example.group(1) in ("order", "pass", "stay", "drop", "play", "trump")
    child.sendline("hint")  # staying or dropping: the search ranks by the match chance
    child.expect(PROMPT, timeout=120)
    hint = " ".join(plain(child.before).split())
    assert "The top 2 by the chance of winning the match" in hint
    assert len(re.findall(r"\d+\.\d% ± \d+\.\d%", hint)) == 2  # stay and drop: two actions
    child.sendline("why capture 9c: 4d 5s")  # another game's action cannot be read here
    child.expect(PROMPT)
    assert "why capture 9c: 4d 5s" in plain(child.before)
    assert "capture 9c: 4d 5s: not an action." in plain(child.before)
    quit_and_confirm(child)
    helped = spawn(size, "play", "--help")
    helped.expect(pexpect.EOF)
    words = " ".join(re.sub(r"[│╭╮╰╯─]", " ", plain(helped.before)).split())  # out of its box
    assert "the seat after the dealer plays first" in words


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
def test_tab_completes_verbs_and_legal_actions(size: tuple[int, int]) -> None:
    """Tab completes over the commands and the legal actions (readline in the terminal)."""
    child = spawn(size, "play", "buck-euchre", "--seed", "4", "--bots", "random", "--delay",
                  "0")  # fmt: skip
    child.expect(PROMPT)
    child.send("he\t\r")  # completes to "help", which lists the legal actions by number
    child.expect(PROMPT)
    assert "1 stay  2 drop" in plain(child.before)  # BE-8
    child.send("dr\t\r")  # completes to "drop": the others play the hand out
    child.expect(NEXT_HAND)
    assert "Not played" not in plain(child.before)
    assert "You dropped: no change (BE-8)." in plain(child.before)
    child.sendline("")
    child.expect([PROMPT, NEXT_HAND])
    child.send("qu\t\r")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    child.expect(pexpect.EOF)
