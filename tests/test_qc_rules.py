"""Queen City Rum, rule by rule (RULES.md QC-1 ... QC-9), from stacked decks: exact legal
lists, exact scores."""

from __future__ import annotations

import pytest

from cardtable import Match, NotationError, card_str, parse_cards
from cardtable.core.registry import rules_class
from tests.support.refusals import refused
from tests.support.rummy import hand_of, legal, play, rummy_match, stack

QC = "queen-city-rum"


# -- QC-1 ----------------------------------------------------------------------------------
def test_qc_1_two_players_one_deck_no_jokers() -> None:
    rules = rules_class(QC).create(2, {})
    assert rules.deck() == tuple(range(52))
    with pytest.raises(ValueError):
        rules_class(QC).create(3, {})
    with pytest.raises(NotationError):
        Match(QC, deck="Jo 2c")
    m = _layoff_hand()
    refused(m, "meld 2s Jo=3s Jo=4s", "QC-1")
    refused(m, "layoff Jo=3d on 1", "QC-1")


# -- QC-2 ----------------------------------------------------------------------------------
def test_qc_2_ten_each_from_the_non_dealer_who_plays_first() -> None:
    seat0 = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc"
    seat1 = "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td"
    m = Match(QC, dealer=0, seed=4, deck=stack(0, [seat0, seat1], "Kh"))
    assert hand_of(m, 0) == seat0.split() and hand_of(m, 1) == seat1.split()
    assert m.view(None)["state"]["discard_pile"] == ["Kh"]
    assert m.view(None)["state"]["stock"] == 52 - 21
    assert m.to_move == 1  # the non-dealer
    # the deal goes one card at a time from the non-dealer
    m = Match(QC, dealer=1, seed=4, deck="Ac Ad 2c 2d")
    assert {"Ac", "2c"} <= set(hand_of(m, 0)) and {"Ad", "2d"} <= set(hand_of(m, 1))


def test_qc_2_the_winner_of_a_hand_deals_the_next() -> None:
    m = _tie_at_90()
    assert m.hand_number == 2 and m.dealer == 0  # seat 0 went out
    assert m.to_move == 1


def test_qc_2_after_a_hand_without_winner_the_deal_alternates() -> None:
    m = _empty_stock()
    play(m, "end")
    assert m.hand_number == 2 and m.dealer == 0 and m.to_move == 1


# -- QC-3 ----------------------------------------------------------------------------------
def test_qc_3_ace_15_even_low_faces_10_pips() -> None:
    seat0 = "Ah 2h 3h 4h Kd Qd Jd 9c 9d 9h"
    seat1 = "Tc 2c 3d 5s 6s 8c Jh Qs Ks 7d"
    m = rummy_match(QC, [seat0, seat1], "5d", "5c")
    play(m, "draw", "meld Ah 2h 3h 4h", "meld Jd Qd Kd", "meld 9c 9d 9h", "discard 5c")
    # the ace of A 2 3 4 counts 15 (no low-ace exception): 24 + 30 + 27 melded; seat 1
    # holds 10 + 2 + 3 + 5 + 6 + 8 + 10 + 10 + 10 + 7
    assert m.hand_scores == {
        "melded": [81, 0], "laid off": [0, 0], "going out": [25, 0],
        "opponent's hand": [71, 0], "total": [177, 0],
    }  # fmt: skip


# -- QC-4 ----------------------------------------------------------------------------------
def test_qc_4_only_the_top_discard_and_never_discarded_back() -> None:
    m = _layoff_hand()
    play(m, "layoff 5d on 1", "layoff 4d on 1", "layoff 9d on 1", "layoff 5c on 2")
    play(m, "layoff 4c on 2", "layoff 9c on 2", "layoff Tc on 2", "layoff Ks on 3")
    play(m, "discard Qh")
    play(m, "draw", "discard 8s")
    # the pile is 5s Js Qh 8s: only the top card may be taken
    assert legal(m) == ["draw", "take 8s"]
    err = refused(m, "take Qh", "QC-4")
    assert "top" in err.reason
    play(m, "take 8s")
    assert legal(m) == ["discard 2s", "discard Td", "layoff Td on 1"]
    refused(m, "discard 8s", "QC-4")


def test_qc_4_lay_off_on_the_opponents_melds() -> None:
    m = _layoff_hand()
    assert m.view(0)["state"]["melds"][0]["by"] == 1
    play(m, "layoff 5d on 1")
    assert m.view(0)["state"]["melds"][0]["laid_off"] == [{"seat": 0, "card": "5d"}]


# -- QC-5 ----------------------------------------------------------------------------------
def test_qc_5_runs_and_sets_ace_high_or_low_not_both() -> None:
    seat0 = "Kh Ah 2h 3h 9c 5d 7s Jd 4c Qs"
    seat1 = "2c 3d 4s 6h 8c Td Jc Ks 5s 9h"
    m = rummy_match(QC, [seat0, seat1], "6c", "Qh")
    assert legal(m) == ["draw", "take 6c"]
    play(m, "draw")
    assert legal(m) == [
        "discard 2h", "discard 3h", "discard 4c", "discard 5d", "discard 7s", "discard 9c",
        "discard Ah", "discard Jd", "discard Kh", "discard Qh", "discard Qs",
        "meld Ah 2h 3h", "meld Ah Qh Kh",
    ]  # fmt: skip
    err = refused(m, "meld Kh Ah 2h", "QC-5")
    assert "K A 2" in err.reason
    refused(m, "meld Qh Qs Jd", "QC-5")


# -- QC-6 ----------------------------------------------------------------------------------
def _layoff_hand() -> Match:
    """Seat 1 (first) melds three times; seat 0, with no meld of its own, draws Ks and can
    lay off most of its hand on seat 1's melds."""
    seat0 = "4d 5d 9d Td 4c 5c 9c Tc 2s Qh"
    seat1 = "6d 7d 8d 6c 7c 8c Kc Kd Kh Js"
    m = rummy_match(QC, [seat0, seat1], "5s", "2h Ks 8s 3d", dealer=0)
    assert m.to_move == 1
    play(m, "draw", "meld 6d 7d 8d", "meld 6c 7c 8c", "meld Kc Kd Kh", "discard Js")
    assert legal(m) == ["draw", "take Js"]
    play(m, "draw")
    return m


def test_qc_6_no_going_out_without_a_meld_of_ones_own() -> None:
    m = _layoff_hand()
    play(m, "layoff 5d on 1", "layoff 4d on 1", "layoff 9d on 1", "layoff 5c on 2")
    play(m, "layoff 4c on 2", "layoff 9c on 2", "layoff Tc on 2", "layoff Ks on 3")
    assert hand_of(m, 0) == ["Td", "Qh", "2s"]
    assert legal(m) == ["discard 2s", "discard Qh", "discard Td", "layoff Td on 1"]
    play(m, "discard Qh")
    play(m, "draw", "discard 8s")
    play(m, "draw")  # 3d
    assert legal(m) == [
        "discard 2s", "discard 3d", "discard Td", "layoff 3d on 1", "layoff Td on 1",
    ]  # fmt: skip
    play(m, "layoff 3d on 1")
    # laying off Td would leave 2s, whose discard would go out without a meld of seat 0's own
    assert legal(m) == ["discard 2s", "discard Td"]
    err = refused(m, "layoff Td on 1", "QC-6")
    assert "meld of your own" in err.reason


def test_qc_6_a_player_with_a_meld_may_go_out() -> None:
    m = _tie_at_90()
    assert m.hand_scores is not None and m.hand_scores["going out"] == [25, 0]


# -- QC-7 ----------------------------------------------------------------------------------
def test_qc_7_going_out_scores_25_and_the_opponents_hand() -> None:
    seat0 = "5h 6h 7h 8h 2c 3c 4c 9s 9d 9c"
    seat1 = "As Ks Qd Jc Th 2h 3s 4d 5c 6d"
    m = rummy_match(QC, [seat0, seat1], "7s", "Kd")
    play(m, "draw", "meld 5h 6h 7h 8h", "meld 2c 3c 4c", "meld 9c 9d 9s")
    assert legal(m) == ["discard Kd"]
    play(m, "discard Kd")
    # melded 26 + 9 + 27; seat 1 holds 15 + 10 + 10 + 10 + 10 + 2 + 3 + 4 + 5 + 6
    assert m.hand_scores == {
        "melded": [62, 0], "laid off": [0, 0], "going out": [25, 0],
        "opponent's hand": [75, 0], "total": [162, 0],
    }  # fmt: skip
    assert m.is_over and m.winner == 0  # QC-9: past 101


# -- QC-8 ----------------------------------------------------------------------------------
def _empty_stock() -> Match:
    """Both players draw and discard the drawn card until the stock is empty; seat 0 draws
    the last card, 7h, which seat 1 can meld with its 7d 7s."""
    seat0 = "2c 4c 6c 8c Tc Qc 2d 4d 6d 8d"
    seat1 = "7d 7s Kc Kd 3h 5h 9h Jh As 3s"
    used = parse_cards(f"{seat0} {seat1} Ts 7h")
    rest = [card_str(c) for c in range(52) if c not in used]
    deck = stack(1, [seat0, seat1], "Ts", " ".join([*rest, "7h"]))
    m = Match(QC, dealer=1, seed=8, deck=deck)
    while m.view(None)["state"]["stock"]:
        seat = m.to_move
        assert seat is not None
        before = hand_of(m, seat)
        play(m, "draw")
        drawn = next(c for c in hand_of(m, seat) if c not in before)
        play(m, f"discard {drawn}")
    assert m.to_move == 1 and m.view(None)["state"]["discard_pile"][-1] == "7h"
    return m


def test_qc_8_empty_stock_take_only_to_use_at_once_or_end() -> None:
    m = _empty_stock()
    assert legal(m) == ["end", "take 7h"]
    refused(m, "draw", "QC-8")
    play(m, "take 7h")
    assert legal(m) == ["meld 7d 7h 7s"]
    refused(m, "discard Kc", "QC-8")
    play(m, "meld 7d 7h 7s", "discard Kc")
    # seat 0 cannot use Kc (no king, no Qc Jc pair... it holds Qc but not Jc or Ac)
    assert legal(m) == ["end"]
    play(m, "end")
    assert m.hand_scores == {
        "melded": [0, 21], "laid off": [0, 0], "going out": [0, 0],
        "opponent's hand": [0, 0], "total": [0, 21],
    }  # fmt: skip


# -- QC-9 ----------------------------------------------------------------------------------
def _tie_at_90() -> Match:
    """Seat 1 melds 90; seat 0 goes out with 62 + 25 + the 3 left in seat 1's hand: 90."""
    seat0 = "2s 3s 4s 5s 6d 7d 8d 9c 9d 9h"
    seat1 = "Kc Kd Kh Qc Qd Qh Jc Jd Jh 3c"
    hand1 = stack(0, [seat0, seat1], "Ah", "As Ts")
    hand2 = stack(0, ["2c 4c 6c 8c Tc 2d 4d 6d 8d Td", "5h 6h 7h 8h 9h Th Jh Qh Kh Ad"], "Ac", "Ah")
    m = Match(QC, dealer=0, seed=6, deck=[hand1, hand2], target=50)
    play(m, "draw", "meld Kc Kd Kh", "meld Qc Qd Qh", "meld Jc Jd Jh", "discard As")
    play(m, "draw", "meld 2s 3s 4s 5s", "meld 6d 7d 8d", "meld 9c 9d 9h", "discard Ts")
    return m


def test_qc_9_equal_totals_past_the_target_play_another_hand() -> None:
    m = _tie_at_90()
    assert m.hand_scores is not None and m.hand_scores["total"] == [90, 90]
    assert m.scores == [90, 90] and not m.is_over and m.hand_number == 2
    # second hand: seat 1 (after dealer 0) melds 5h ... Kh and goes out by discarding
    play(m, "draw", "meld 5h 6h 7h 8h 9h Th Jh Qh Kh Ah", "discard Ad")
    assert m.is_over and m.winner == 1
    assert m.hand_scores is not None
    # 5 ... 9 of hearts 35, T J Q K 40, the ace 15; the bonus; seat 0's hand 60
    assert m.hand_scores["total"] == [0, 90 + 25 + 60]
    assert m.scores == [90, 265]
