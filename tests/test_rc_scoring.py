"""Royal Casino sweeps, the end of a hand, scoring and the match (RC-18 … RC-23). Whole hands
are scripted (tests/support/royal_casino.py) so that every pile is known and every breakdown exact;
a few cases no short script reaches (three sides, cancelling sweeps) score a final position."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable import IllegalActionError, Match
from cardtable.core.cards import parse_cards
from cardtable.core.registry import rules_class
from cardtable.games.royal_casino import State
from tests.support.royal_casino import (
    GAME,
    deal,
    legal,
    play_scripted_hand,
    scripted_hand,
    scripted_match,
    state,
)
from tests.support.views import last_hand

ITEMS = [
    "cards", "spades", "big casino", "little casino",
    "ace of spades", "ace of clubs", "ace of hearts", "ace of diamonds", "sweeps", "total",
]  # fmt: skip
ACES = {"As": "ace of spades", "Ac": "ace of clubs", "Ah": "ace of hearts", "Ad": "ace of diamonds"}
# 13 pairs: with the dealer's 11 pairs and the kings, 26 cards each
HALF = {
    "2c 2d", "3c 3d", "4c 4d", "5c 5d", "6c 6d", "7c 7d", "Tc Td", "9c 9d", "Jc Jd",
    "Ah As", "5h 5s", "9h 9s", "Th Ts",
}  # fmt: skip
# 18 pairs, all but Ac Ad and one pair of each other deal
MOST = {
    "2c 2d", "3c 3d", "4c 4d", "5c 5d", "6c 6d", "7c 7d", "Tc Td", "Jc Jd", "Qc Qd",
    "Ah As", "2h 2s", "3h 3s", "5h 5s", "6h 6s", "7h 7s", "9h 9s", "Th Ts", "Jh Js",
}  # fmt: skip
# 11 pairs: all four aces, both casinos and 9 spades
NINETEEN = {
    "Ac Ad", "Tc Td", "Ah As", "2h 2s", "3h 3s", "5h 5s", "6h 6s", "7h 7s", "9h 9s",
    "Th Ts", "Jh Js",
}  # fmt: skip
CASINOS_AND_ACES = {"Ac Ad", "Tc Td", "2h 2s", "Ah As"}
# 17 pairs: all but the aces and the casinos (and one pair of each other deal)
ALL_BUT_CASINOS_AND_ACES = {
    "2c 2d", "3c 3d", "4c 4d", "5c 5d", "6c 6d", "7c 7d", "9c 9d", "Jc Jd", "Qc Qd",
    "3h 3s", "4h 4s", "5h 5s", "6h 6s", "7h 7s", "9h 9s", "Th Ts", "Jh Js",
}  # fmt: skip
SIX_FIVE = {"Tc Td", "2h 2s", "Ah As"}  # the dealer scores 6, the other player 5


def breakdown(m: Match) -> dict[str, list[int]]:
    """The breakdown of the last finished hand."""
    s = [h.settlement for h in m.hands if h.settlement is not None][-1]
    assert list(s.breakdown) == ITEMS  # RC-20: the order of the items
    return s.breakdown


def row(**items: list[int]) -> dict[str, list[int]]:
    """A two-side breakdown: the items given, zero elsewhere, and their total."""
    named = {ACES.get(key, key.replace("_", " ")): value for key, value in items.items()}
    assert set(named) <= set(ITEMS)
    out = {name: named.get(name, [0, 0]) for name in ITEMS[:-1]}
    out["total"] = [sum(r[i] for r in out.values()) for i in range(2)]
    return out


def final(players: int, piles: list[str], sweeps: tuple[int, ...]) -> State:
    """A finished hand whose piles hold the cards named (every other card lies with side 0)."""
    masks = [sum(1 << c for c in parse_cards(p)) for p in piles]
    masks[0] |= ((1 << 52) - 1) & ~sum(masks)
    return State(0, -1, (0,) * players, 0, (), tuple(masks), sweeps, len(piles) - 1, (), (), ())


def settle(
    players: int, piles: list[str], sweeps: tuple[int, ...], scores: tuple[int, ...], **options: Any
) -> Any:
    rules = rules_class(GAME).create(players, options)
    return rules.settle(final(players, piles, sweeps), scores)


# -- RC-18 sweeps ------------------------------------------------------------------------------
@pytest.mark.parametrize("sweeps", [True, False])
def test_rc_18_a_sweep_scores_and_the_next_player_must_trail(sweeps: bool) -> None:
    m = deal(1, ["7h 9c Jc Kc", "2h 3h 4c 5d"], "2c 3d 4h 5s", sweeps=sweeps)
    assert "capture 7h: 2c 3d 4h 5s" in legal(m)
    m.play("capture 7h: 2c 3d 4h 5s")
    s = state(m)
    assert s["sweeps"] == ([1, 0] if sweeps else [0, 0]) and s["must_trail"] is True
    assert legal(m) == ["trail 2h", "trail 3h", "trail 4c", "trail 5d"]
    with pytest.raises(IllegalActionError) as e:
        m.play("build 2h: 3h =5")
    assert e.value.rule == "RC-18"
    m.play("trail 3h")
    assert state(m)["must_trail"] is False


def test_rc_18_sweeps_cancel_between_sides() -> None:
    two = settle(2, ["", ""], (3, 1), (0, 0))
    assert two.breakdown["sweeps"] == [2, 0]
    three = settle(3, ["", "", ""], (2, 2, 1), (0, 0, 0))
    assert three.breakdown["sweeps"] == [0, 0, 0]
    three = settle(3, ["", "", ""], (3, 1, 0), (0, 0, 0))
    assert three.breakdown["sweeps"] == [2, 0, 0]


# -- RC-19 end of the hand ---------------------------------------------------------------------
def test_rc_19_last_capture_takes_the_rest_and_it_is_no_sweep() -> None:
    deck, plays = scripted_hand(0, set())
    m = Match(GAME, players=2, seed=0, dealer=0, deck=deck)
    play_scripted_hand(m, plays[:-1])
    assert state(m)["loose"] == ["Kc", "Kd", "Qh", "Kh", "Ks"]
    m.play(plays[-1])  # capture Qs: Qh; the kings follow to seat 0
    last = last_hand(m, None)["state"]
    assert last["pile_sizes"] == [52, 0] and last["sweeps"] == [0, 0] and last["loose"] == []
    assert breakdown(m) == row(
        cards=[3, 0], spades=[1, 0], big_casino=[2, 0], little_casino=[1, 0],
        As=[1, 0], Ac=[1, 0], Ah=[1, 0], Ad=[1, 0],
    )  # fmt: skip
    assert m.scores == [11, 0] and m.dealer == 1 and m.to_move == 0  # RC-3: deal passes


def test_rc_19_taking_the_whole_table_with_the_last_card_is_a_sweep() -> None:
    deck, plays = scripted_hand(0, set(), sweep_last=True)
    m = Match(GAME, players=2, seed=0, dealer=0, deck=deck)
    play_scripted_hand(m, plays)
    assert plays[-1] == "capture Ts: 5c 5d 5h Th 5s"
    assert last_hand(m, None)["state"]["sweeps"] == [1, 0]
    assert breakdown(m) == row(
        cards=[3, 0], spades=[1, 0], big_casino=[2, 0], little_casino=[1, 0],
        As=[1, 0], Ac=[1, 0], Ah=[1, 0], Ad=[1, 0], sweeps=[1, 0],
    )  # fmt: skip
    assert m.scores == [12, 0]


# -- RC-20 scoring a hand ----------------------------------------------------------------------
def test_rc_20_items_in_order() -> None:
    m = scripted_match([SIX_FIVE])
    assert breakdown(m) == row(
        cards=[3, 0], spades=[1, 0], big_casino=[0, 2], little_casino=[0, 1],
        As=[0, 1], Ac=[1, 0], Ah=[0, 1], Ad=[1, 0],
    )  # fmt: skip
    assert m.scores == [6, 5] and m.winner is None


def test_rc_20_a_tie_scores_nothing() -> None:
    m = scripted_match([HALF])
    assert m.hands[0].final.piles[0].bit_count() == 26
    assert breakdown(m) == row(
        spades=[1, 0], big_casino=[0, 2], little_casino=[1, 0],
        As=[0, 1], Ac=[1, 0], Ah=[0, 1], Ad=[1, 0],
    )  # fmt: skip
    # three sides: 5 spades each for two of them is a tie
    spades = settle(3, ["2s 3s 4s 5s 6s", "7s 8s 9s Ts Js", "Qs Ks As"], (0, 0, 0), (0, 0, 0))
    assert spades.breakdown["spades"] == [0, 0, 0]


# -- RC-21 game --------------------------------------------------------------------------------
def test_rc_21_play_to_21_or_the_target() -> None:
    m = scripted_match([set()])
    assert m.scores == [11, 0] and m.winner is None and m.hand_number == 2
    m = scripted_match([set()], target=11)
    assert m.scores == [11, 0] and m.winner == 0 and m.is_over
    assert Match(GAME, seed=1).rules.options["target"] == 21


# -- RC-22 near 21 -----------------------------------------------------------------------------
def test_rc_22_eighteen_wins_only_by_most_cards() -> None:
    m = scripted_match([set(), CASINOS_AND_ACES, {"Tc Td"}])
    assert [h.settlement.scores for h in m.hands if h.settlement] == [(11, 0), (18, 4), (21, 6)]
    assert m.hands[2].final.near == (1, 0)
    assert breakdown(m) == row(cards=[3, 0], big_casino=[0, 2])
    assert m.winner == 0
    m = scripted_match([set(), CASINOS_AND_ACES, HALF])  # cards tied: nothing at all
    assert breakdown(m) == row(big_casino=[0, 2], As=[0, 1], Ah=[0, 1])
    assert m.scores == [18, 8] and m.winner is None
    assert state(m)["near_21"] == ["cards", None]


def test_rc_22_nineteen_wins_only_by_big_casino() -> None:
    m = scripted_match([set(), NINETEEN, set()])
    assert m.hands[1].settlement is not None and m.hands[1].settlement.scores == (19, 3)
    assert breakdown(m) == row(big_casino=[2, 0])
    assert m.scores == [21, 3] and m.winner == 0
    m = scripted_match([set(), NINETEEN, {"Tc Td"}])
    assert breakdown(m) == row(big_casino=[0, 2])
    assert m.scores == [19, 5] and m.winner is None


def test_rc_22_twenty_wins_only_by_little_casino() -> None:
    m = scripted_match([set(), MOST, set()])
    assert m.hands[1].settlement is not None and m.hands[1].settlement.scores == (20, 2)
    assert breakdown(m) == row(little_casino=[1, 0])
    assert m.scores == [21, 2] and m.winner == 0
    m = scripted_match([set(), MOST, {"2h 2s"}])
    assert breakdown(m) == row(little_casino=[0, 1])
    assert m.scores == [20, 3] and m.winner is None


def test_rc_22_near_side_scores_no_sweeps_but_cancels_others() -> None:
    scored = settle(2, ["", "Td"], (2, 1), (18, 5))
    assert scored.breakdown["sweeps"] == [0, 0]  # side 0 may not score, side 1 is cancelled
    assert scored.breakdown["cards"] == [3, 0] and scored.points == (3, 2)
    free = settle(2, ["", "Td"], (2, 1), (17, 5))
    assert free.breakdown["sweeps"] == [1, 0] and free.points == (3 + 1 + 1 + 4 + 1, 2)


def test_rc_22_near_items_follow_the_target() -> None:
    for target, item in [(14, "cards"), (13, "big casino"), (12, "little casino")]:
        m = scripted_match([set()], target=target)
        assert state(m)["near_21"] == [item, None]


# -- RC-23 who wins ----------------------------------------------------------------------------
def test_rc_23_meeting_the_near_item_wins_outright() -> None:
    m = scripted_match([SIX_FIVE, ALL_BUT_CASINOS_AND_ACES], target=9)
    assert breakdown(m) == row(
        cards=[3, 0], big_casino=[0, 2], little_casino=[0, 1],
        As=[0, 1], Ac=[0, 1], Ah=[0, 1], Ad=[0, 1],
    )  # fmt: skip
    assert m.scores == [9, 12] and m.winner == 0


def test_rc_23_the_earlier_near_item_wins() -> None:
    m = scripted_match([SIX_FIVE, {"Tc Td"}], target=8)
    assert m.hands[1].final.near == (2, 1)
    assert breakdown(m) == row(cards=[0, 3], big_casino=[2, 0])
    assert m.scores == [8, 8] and m.winner == 1


def test_rc_23_highest_total_at_the_target_wins() -> None:
    m = scripted_match([SIX_FIVE], target=5)
    assert m.scores == [6, 5] and m.winner == 0


def test_rc_23_equal_highest_totals_play_on_without_near_limits() -> None:
    m = scripted_match([HALF], target=4)
    assert m.scores == [4, 4] and m.winner is None and m.hand_number == 2
    assert state(m)["near_21"] == [None, None]
    m = scripted_match([HALF, {"Tc Td"}], target=4)
    assert breakdown(m) == row(
        cards=[0, 3], spades=[0, 1], big_casino=[2, 0], little_casino=[0, 1],
        As=[0, 1], Ac=[0, 1], Ah=[0, 1], Ad=[0, 1],
    )  # fmt: skip
    assert m.scores == [6, 13] and m.winner == 1
    # three sides, two tied at the target: the third, two short, scores every item
    tie_break = settle(3, ["", "", "Td As"], (0, 0, 0), (4, 4, 2), target=4)
    assert tie_break.points == (3 + 1 + 1 + 3, 0, 2 + 1) and tie_break.winner == 0
    # the same hand before anyone reached the target: every side is limited (RC-22), and of
    # the two that meet their item, Big Casino comes before Little Casino
    limited = settle(3, ["", "", "Td As"], (0, 0, 0), (3, 3, 2), target=4)
    assert limited.points == (1, 0, 2) and limited.winner == 2
