"""The terminal's drawing, offscreen: melds never show a card twice (R5-4, R5-9), actions are
grouped by verb in card order, hands sort by suit then rank, and cards alone are read."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from rich.console import Console

from cardtable.bots import RandomBot
from cardtable.cli import actions, render
from cardtable.cli.render import Look
from cardtable.core.match import Match
from cardtable.core.views import View
from cardtable.games.rummy.views import MeldView

MELD_LINE = re.compile(r"^\s*\d+\. (.*?)  (?:your )?(?:set|run)\b")
TOKEN = re.compile(r"Jo=\w\w|Jo|[2-9TJQKA][cdhs]")


def screen(view: View, width: int = 80) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, highlight=False)
    console.print(render.table(view, Look(letters=True), width=width))
    return out.getvalue()


def meld_cards(text: str) -> list[list[str]]:
    """The cards of every meld line on a screen, as drawn."""
    found = []
    for line in text.splitlines():
        m = MELD_LINE.match(line)
        if m:
            found.append(TOKEN.findall(m.group(1)))
    return found


def test_no_screen_of_200_one_deck_hands_shows_a_card_twice_in_a_meld() -> None:
    """R5-1 one deck, R5-9 laid-off cards: every screen of 200 random-bot hands (2 to 4
    players), as the seat to move sees it, shows each card of a meld once. Which cards a meld
    line shows depends only on the melds, so a screen whose melds were already drawn and
    checked is not drawn again."""
    hands = melds_seen = laid_off_seen = screens = 0
    seed = 0
    drawn: set[str] = set()
    while hands < 200:
        m = Match("rummy-500", players=2 + seed % 3, seed=seed, target=1)
        bots = [RandomBot(seed * 10 + s) for s in range(m.players)]
        while not m.is_over:
            seat = m.to_move
            assert seat is not None
            view = m.view(seat)
            screens += 1
            key = str(view["state"]["melds"])
            if key not in drawn:
                drawn.add(key)
                for meld in meld_cards(screen(view)):
                    melds_seen += 1
                    assert max(Counter(meld).values()) == 1, meld
                laid_off_seen += sum(len(x["laid_off"]) for x in view["state"]["melds"])
            m.play(bots[seat].choose(view, m.legal_actions()))
        hands += m.hand_number
        seed += 1
    # the check saw many melds, with lay-offs
    assert screens > 10_000 and melds_seen > 1000 and laid_off_seen > 100


def test_a_meld_with_lay_offs_marks_them_in_place() -> None:
    """R5-9: each laid-off card once, in its place, marked with who laid it off."""
    meld: MeldView = {"number": 1, "by": 1, "kind": "run",
            "cards": ["2d", "Jo=3d", "4d", "5d", "6d", "7d", "8d"],
            "laid_off": [{"seat": 1, "card": "5d"}, {"seat": 0, "card": "6d"},
                         {"seat": 2, "card": "7d"}, {"seat": 2, "card": "8d"}]}  # fmt: skip
    from cardtable.cli.bodies import meld_line

    line = meld_line(meld, 0, letters=False).plain
    assert line == " 1. 2♦ Jo=3♦ 4♦ 5♦·S2 6♦·you 7♦·S3 8♦·S3  run of Seat 2"  # seats from 1
    assert len(line) <= 80


def test_hands_sort_by_suit_then_rank_or_rank_first() -> None:
    hand = ["Kh", "2c", "Jo", "Ts", "3c", "Ah", "2h"]
    assert render.sort_hand(hand) == ["2c", "3c", "Ts", "2h", "Kh", "Ah", "Jo"]
    assert render.sort_hand(hand, rank_first=True) == ["2c", "2h", "3c", "Ts", "Kh", "Ah", "Jo"]


def test_actions_are_grouped_by_verb_in_card_order() -> None:
    legal = ["discard Th", "discard 2c", "layoff 9h on 2", "meld 7s 8s 9s", "discard Ks"]
    shown = actions.in_order(legal)
    assert shown == ["meld 7s 8s 9s", "layoff 9h on 2", "discard 2c", "discard Ks", "discard Th"]
    lines = [x.plain for x in actions.numbered_lines(shown, Look(letters=True), 80)]
    assert lines == ["meld    1 7s 8s 9s", "layoff  2 9h on 2", "discard 3 2c  4 Ks  5 Th"]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("Jh", "play Jh"), ("jh", "play Jh"), ("10♥", "play Th"), ("2", "play Th")],
)
def test_a_card_alone_plays_the_only_action_naming_it(typed: str, expected: str) -> None:
    """BE-10: in play, ``Jh`` means ``play Jh``; ``10♥`` is ``Th``; a number its action."""
    shown = ["play Jh", "play Th"]
    assert actions.read(typed, shown, Look()).action == expected


def test_a_card_in_several_actions_or_none_is_explained() -> None:
    shown = ["build 3d: As =4", "trail 3d", "trail 9c"]
    many = actions.read("3d", shown, Look(letters=True))
    assert many.action is None and many.message is not None and "1, 2" in many.message
    none = actions.read("Kh", shown, Look(letters=True))
    assert none.action is None and none.message is not None and "Kh" in none.message
    assert actions.read("9c", shown, Look()).action == "trail 9c"
    assert actions.read("7", shown, Look()).message is not None


@pytest.mark.parametrize(("height", "listed"), [(40, True), (9, False)])
def test_the_numbered_actions_are_shown_when_they_fit(height: int, listed: bool) -> None:
    """Whenever the actions fit under the table they are listed; otherwise a line says how
    many there are and that help lists them."""
    from cardtable.cli.play import TerminalGame

    out = io.StringIO()
    console = Console(file=out, width=80, height=height, color_system=None)
    m = Match("royal-casino", players=2, seed=7, dealer=1,
              deck="5c 9h 4d Kd 2s 6c 3h Td 8s Qc 7d As")  # fmt: skip
    TerminalGame(m, 0, {}, console, look=Look(letters=True)).show()
    text = out.getvalue()
    trail = re.search(r"^trail +\d+ 5c  \d+ 4d  \d+ 2s  \d+ 3h$", text, re.M)  # by suit
    assert (trail is not None) == listed
    assert ("7 legal actions: too many for this screen" in text) == (not listed)


def test_a_club_upcard_is_said_on_the_table() -> None:
    """BE-4: with a club upcard play starts at once; the table says why."""
    seed = next(
        s for s in range(100) if Match("buck-euchre", seed=s).view(0)["state"]["trump"] == "c"
    )
    m = Match("buck-euchre", seed=seed)
    text = screen(m.view(0))
    assert re.search(
        r"Upcard: \wc · clubs turned: clubs are trump, .*\(BE-4\)", " ".join(text.split())
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["replay", "no-such-file.json"], "cannot replay no-such-file.json"),
        (["replay", "README.md"], "cannot replay README.md"),
        (["play", "buck-euchre", "--lang", "fr"], "language must be one of en, pa, tl"),
        (["play", "buck-euchre", "--sort", "colour"], "sort must be suit or rank"),
        (["play", "buck-euchre", "--seat", "5"], "seat must be from 1 to 4"),
        (["play", "royal-casino", "-o", "target=2"], "option target must be at least 4"),
    ],
)
def test_bad_command_lines_get_a_clear_error(args: list[str], said: str) -> None:
    from typer.testing import CliRunner

    from cardtable.cli.main import app

    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2 and said in " ".join(result.output.split()), result.output


def test_every_message_the_terminal_asks_for_is_in_the_catalogue() -> None:
    """Each literal key in ``t(...)`` and ``count(..., key)`` of the terminal's code is in the
    English catalogue (keys built at run time are checked by the tests that draw them)."""
    import json
    from pathlib import Path

    root = Path(__file__).parent.parent / "cardtable"
    english = json.loads((root / "server" / "static" / "i18n" / "en.json").read_text("utf-8"))
    asked = set()
    for path in (root / "cli").glob("*.py"):
        code = path.read_text("utf-8")
        asked |= set(re.findall(r"""\bt\(\s*["']([^"'{]+)["']""", code))
        asked |= {k + ".one" for k in re.findall(r"""count\([^()]*?,\s*["']([^"']+)["']""", code)}
    assert len(asked) > 80 and asked <= set(english), sorted(asked - set(english))
