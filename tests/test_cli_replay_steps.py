"""``cardtable replay`` steps: the step of a hand's last play shows the table that play left
(the hand's end) with the hand's sentences, and the next hand's deal is the following step (it
showed the next deal under "Hand 1 is over", and a record saved between hands ended on it);
``go N`` past the end and ``seat N``/``hand N`` with no such seat or hand say so."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from cardtable.bots import RandomBot
from cardtable.cli.render import Look
from cardtable.cli.replay import Replay
from cardtable.cli.text import set_language, t
from cardtable.core.match import Match


def played(game: str, hands: int | None = None, **options: Any) -> Match:
    """A random match of ``game``: whole, or stopped once ``hands`` hands have ended (saved
    between hands: the next hand dealt, nothing played in it)."""
    m = Match(game, seed=5, **options)
    bots = [RandomBot(s) for s in range(m.players)]
    while not m.is_over and (hands is None or m.hand_number <= hands):
        seat = m.to_move
        assert seat is not None
        m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
    return m


def replayed(m: Match, *typed: str, lang: str = "en") -> tuple[Replay, str]:
    """The replay of ``m`` as seat 1 saw it after the commands ``typed``, and what it said."""
    set_language(lang)
    out = io.StringIO()
    console = Console(file=out, width=80, highlight=False, markup=False)
    r = Replay(m.record(), 0, Look(letters=True), console)
    for line in typed:
        r.command(line)
    set_language("en")
    return r, out.getvalue()


def test_the_step_of_a_hands_last_play_shows_that_hands_end() -> None:
    """Royal Casino: the last play of hand 1 leaves the last deal played out (RC-19: the
    table's cards go to the last capturer), not hand 2's new deal."""
    m = played("royal-casino", target=11)
    assert len(m.hands) >= 2
    end = len(m.hands[0].actions)
    r, shown = replayed(m, f"go {end}")
    last = m.hands[0].actions[-1]
    assert f"Step {end} of {r.steps}" in shown and last in shown
    assert "hand 1 · dealer" in shown and "the hand is over" in shown
    assert "Hand 1 is over" in shown and "(RC-19)" in shown
    assert "Deal 6 of 6" in shown and "hand 2" not in shown  # the last deal, played out
    _, both = replayed(m, f"go {end}", "next")
    dealt = both[len(shown) :]
    assert "hand 2 · dealer" in dealt and "Deal 1 of 6" in dealt
    assert f"Step {end + 1} of {r.steps} · as seat 1 (You) saw it · hand 2 dealt" in dealt
    assert "Hand 1 is over" not in dealt
    _, by_hand = replayed(m, "hand 2")
    assert f"Step {end + 1} of" in by_hand and "Hand 1 is over" not in by_hand
    # every hand's end, and the next deal after it: one step more per hand after the first
    assert r.steps == sum(len(h.actions) for h in m.hands) + len(m.hands) - 1


def test_buck_euchre_shows_the_last_trick_at_the_hands_end() -> None:
    m = played("buck-euchre", start=10, five_tricks_win=False)
    end = len(m.hands[0].actions)
    _, shown = replayed(m, f"go {end}")
    assert "Hand 1 is over" in shown
    assert "Buck Euchre · hand 1 ·" in shown and "hand 2" not in shown
    assert "Last trick:" in shown  # BE-10: the trick the hand's last play completed


def test_a_record_saved_between_hands_ends_on_the_deal_after_the_hands_end() -> None:
    m = played("buck-euchre", hands=1, start=10, five_tricks_win=False)
    assert m.hand_number == 2 and not m.hands[1].actions  # saved at the prompt between hands
    r, shown = replayed(m, "go 999")
    end = len(m.hands[0].actions)
    assert r.steps == end + 1
    assert "There is no step 999: here is the last step, " + str(end + 1) in shown
    assert f"Step {end + 1} of {end + 1}" in shown and "hand 2 dealt" in shown
    assert "Hand 1 is over" not in shown and "Buck Euchre · hand 2 ·" in shown
    _, before = replayed(m, f"go {end}")
    assert "Hand 1 is over" in before and "hand 2" not in before


@pytest.mark.parametrize("lang", ["en", "pa", "tl"])
def test_no_such_seat_or_hand_is_said(lang: str) -> None:
    m = played("royal-casino", target=11)
    _, shown = replayed(m, "seat 9", "hand 9", lang=lang)
    set_language(lang)
    no_seat = t("term.replay.no_seat", n=9, last=2)
    no_hand = t("term.replay.no_hand", n=9, hands=len(m.hands))
    helped = t("term.replay.help", steps=0, hands=0, last=0).split("(")[0]
    set_language("en")
    flat = " ".join(shown.split())
    assert no_seat in flat and no_hand in flat and helped not in flat
