"""Rummy 500, rule by rule (RULES.md R5-1 ... R5-15 and C-7), from stacked decks: exact legal
lists, exact scores."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable import Match, OptionError
from cardtable.core.registry import rules_class
from tests.support.refusals import refused
from tests.support.rummy import hand_of, legal, play, rummy_match, stack

R5 = "rummy-500"


# -- R5-1 ----------------------------------------------------------------------------------
def test_r5_1_one_deck_for_two_to_four_two_decks_for_five_to_eight() -> None:
    two = rules_class(R5).create(2, {})
    assert two.options["decks"] == 1 and len(two.deck()) == 54
    assert two.deck().count(52) == 2 and two.deck().count(0) == 1
    four = rules_class(R5).create(4, {"jokers": 0})
    assert len(four.deck()) == 52
    five = rules_class(R5).create(5, {})
    assert five.options["decks"] == 2 and len(five.deck()) == 108
    assert five.deck().count(52) == 4 and all(five.deck().count(c) == 2 for c in range(52))
    assert len(rules_class(R5).create(3, {"decks": 2, "jokers": 1}).deck()) == 106
    for players, options in [(1, {}), (9, {}), (2, {"jokers": 3}), (8, {"decks": 1})]:
        with pytest.raises(OptionError):
            rules_class(R5).create(players, options)


def test_r5_1_two_decks_deal_identical_faces() -> None:
    hands = ["7h 7h 7c", "2c 3c 4d", "5d 6s 9s", "Td Jc Qs", "Kh Ac 2d"]
    m = rummy_match(R5, hands, "8c", "7s")
    assert hand_of(m, 0) == ["7c", "7h", "7h"]
    with pytest.raises(ValueError):  # a third 7h is not in two decks
        Match(R5, players=5, dealer=4, deck="7h 7h 7h")


# -- R5-2 ----------------------------------------------------------------------------------
def _ace_low_hand(**options: Any) -> Match:
    # seat 0 melds A 2 3 of hearts and goes out by discarding the card it draws
    m = rummy_match(R5, ["Ah 2h 3h", "As 9d Kc"], "Qs", "8c", **options)
    assert legal(m) == ["draw", "take Qs"]
    play(m, "draw")
    assert legal(m) == [
        "discard 2h", "discard 3h", "discard 8c", "discard Ah", "meld Ah 2h 3h",
    ]  # fmt: skip
    play(m, "meld Ah 2h 3h", "discard 8c")
    assert m.hand_number == 2
    return m


def test_r5_2_low_ace_scores_1() -> None:
    m = _ace_low_hand()
    # seat 0: A(low)=1 + 2 + 3; seat 1 holds As 9d Kc: 15 + 9 + 10
    assert m.hand_scores == {
        "melded": [6, 0], "laid off": [0, 0], "left in hand": [0, -34], "total": [6, -34],
    }  # fmt: skip
    assert m.scores == [6, -34]


def test_r5_2_five_ten_fifteen_low_ace_scores_5() -> None:
    m = _ace_low_hand(scoring="5-10-15")
    # seat 0: low ace 5, 2 and 3 are 5 each; seat 1: ace 15, nine 5, king 10
    assert m.hand_scores == {
        "melded": [15, 0], "laid off": [0, 0], "left in hand": [0, -30], "total": [15, -30],
    }  # fmt: skip


def test_r5_2_high_ace_and_joker_score_15() -> None:
    m = rummy_match(R5, ["Qh Kh Jo", "3c 4d 5s"], "9s", "2c")
    play(m, "draw")
    # the joker may stand for the ace (high) or the jack of hearts
    assert legal(m) == [
        "discard 2c", "discard Jo", "discard Kh", "discard Qh",
        "meld Qh Kh Jo=Ah", "meld Qh Kh Jo=Jh",
    ]  # fmt: skip
    play(m, "meld Qh Kh Jo=Ah", "discard 2c")
    assert m.hand_scores is not None and m.hand_scores["melded"] == [35, 0]
    assert m.hand_scores["left in hand"] == [0, -12]


# -- R5-3 ----------------------------------------------------------------------------------
def test_r5_3_deal_thirteen_each_upcard_and_first_player() -> None:
    seat0 = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc"
    seat1 = "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd"
    deck = stack(1, [seat0, seat1], "5h")
    m = Match(R5, players=2, dealer=1, seed=3, deck=deck)
    assert m.rules.options["hand_size"] == 13
    assert hand_of(m, 0) == seat0.split() and hand_of(m, 1) == seat1.split()
    view = m.view(None)["state"]
    assert view["discard_pile"] == ["5h"] and view["stock"] == 54 - 27
    assert view["hand"] is None and view["hand_sizes"] == [13, 13]
    assert m.to_move == 0


def test_r5_3_seven_each_with_three_players_and_the_deal_passes() -> None:
    m = Match(R5, players=3, dealer=2, seed=5, hand_size=0, target=1000)
    assert m.rules.options["hand_size"] == 7
    assert m.view(None)["state"]["hand_sizes"] == [7, 7, 7]
    assert m.view(None)["state"]["stock"] == 54 - 22 and m.to_move == 0
    # a one-card-a-time deal from the seat after the dealer
    deck = "Ac Ad Ah 2c 2d 2h 3c 3d 3h 4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h 9s 8c"
    m = Match(R5, players=3, dealer=2, seed=5, deck=[deck, deck])
    assert hand_of(m, 0) == ["Ac", "2c", "3c", "4c", "5c", "6c", "7c"]
    assert hand_of(m, 2) == ["Ah", "2h", "3h", "4h", "5h", "6h", "7h"]
    play(m, "draw", "meld Ac 2c 3c 4c 5c 6c 7c 8c")  # seat 0 melds everything (R5-11)
    assert m.hand_number == 2 and m.dealer == 0 and m.to_move == 1
    assert hand_of(m, 1) == ["Ac", "2c", "3c", "4c", "5c", "6c", "7c"]


# -- R5-4 ----------------------------------------------------------------------------------
def test_r5_4_runs_ace_low_or_high_never_around_the_corner() -> None:
    m = rummy_match(R5, ["Kh Ah 2h 3h 9c", "4s 5d 6c Td Js"], "8d", "Qh")
    play(m, "draw")
    assert legal(m) == [
        "discard 2h", "discard 3h", "discard 9c", "discard Ah", "discard Kh", "discard Qh",
        "meld Ah 2h 3h", "meld Ah Qh Kh",
    ]  # fmt: skip
    err = refused(m, "meld Kh Ah 2h", "R5-4")
    assert "K A 2" in err.reason
    refused(m, "meld 2h 3h 9c", "R5-4")


def test_r5_4_sets_of_three_or_four() -> None:
    m = rummy_match(R5, ["9c 9d 9h 9s", "4s 5d 6c Td"], "Kh", "2c", jokers=0)
    play(m, "draw")
    assert legal(m) == [
        "discard 2c", "discard 9c", "discard 9d", "discard 9h", "discard 9s",
        "meld 9c 9d 9h", "meld 9c 9d 9h 9s", "meld 9c 9d 9s", "meld 9c 9h 9s", "meld 9d 9h 9s",
    ]  # fmt: skip


def test_r5_4_two_deck_set_must_have_different_suits() -> None:
    hands = ["7h 7h 7c", "2c 3c 4d", "5d 6s 9s", "Td Jc Qs", "Kh Ac 2d"]
    m = rummy_match(R5, hands, "8c", "7s")
    play(m, "draw")
    # the two 7h are one face: one discard, and a set holds only one of them
    assert legal(m) == ["discard 7c", "discard 7h", "discard 7s", "meld 7c 7h 7s"]
    refused(m, "meld 7c 7h 7h", "R5-4")


# -- R5-5 ----------------------------------------------------------------------------------
def test_r5_5_joker_declared_once_for_each_missing_suit_and_fixed() -> None:
    m = rummy_match(R5, ["7c 7d Jo 9s", "4s 5d 6c Td"], "Kh", "Kd 2c 7h")
    play(m, "draw")
    assert legal(m) == [
        "discard 7c", "discard 7d", "discard 9s", "discard Jo", "discard Kd",
        "meld 7c 7d Jo=7h", "meld 7c 7d Jo=7s",
    ]  # fmt: skip
    play(m, "meld 7c 7d Jo=7h", "discard 9s")
    melds = m.view(None)["state"]["melds"]
    assert melds == [
        {"number": 1, "by": 0, "kind": "set", "cards": ["7c", "7d", "Jo=7h"], "laid_off": []}
    ]
    play(m, "draw", "discard 2c")  # seat 1 draws 2c
    play(m, "draw")  # seat 0 draws the natural 7h: the joker still is 7h, so no lay-off
    assert legal(m) == ["discard 7h", "discard Kd"]
    refused(m, "layoff 7h on 1", "R5-9")


def test_r5_5_a_meld_needs_a_natural_card() -> None:
    hands = ["Jo Jo 7h", "2c 3c 4d", "5d 6s 9s", "Td Jc Qs", "Kh Ac 2d"]
    m = rummy_match(R5, hands, "8c", "2s")
    play(m, "draw")
    err = refused(m, "meld Jo=8h Jo=9h", "R5-5")
    assert "natural" in err.reason
    assert "meld 7h Jo=8h Jo=9h" in legal(m)


# -- R5-6 ----------------------------------------------------------------------------------
def test_r5_6_draw_then_meld_then_discard() -> None:
    m = rummy_match(R5, ["5h 6h 7h Kc", "4s 5d 6c Td"], "2d", "9s")
    assert legal(m) == ["draw", "take 2d"]
    refused(m, "discard Kc", "R5-6")
    refused(m, "meld 5h 6h 7h", "R5-6")
    play(m, "draw")
    refused(m, "draw", "R5-6")
    refused(m, "take 2d", "R5-6")
    play(m, "meld 5h 6h 7h")
    assert legal(m) == ["discard 9s", "discard Kc"]
    play(m, "discard Kc")
    assert m.to_move == 1 and legal(m) == ["draw", "take Kc"]


# -- R5-7 ----------------------------------------------------------------------------------
def _three_card_pile() -> Match:
    # seat 0 discards Kd, seat 1 discards 2s: the pile is 6c Kd 2s (top last)
    m = rummy_match(R5, ["4c 5c Kd Qs", "8h 9d 2s 3d"], "6c", "9s Th")
    play(m, "draw", "discard Kd", "draw", "discard 2s")
    return m


def test_r5_7_digging_three_deep_obliges_using_the_deepest_card() -> None:
    m = _three_card_pile()
    # Kd (two deep) has no use; 6c (three deep) melds with 4c 5c
    assert legal(m) == ["draw", "take 2s", "take 6c"]
    err = refused(m, "take Kd", "R5-7")
    assert "Kd" in err.reason
    play(m, "take 6c")
    assert hand_of(m, 0) == ["4c", "5c", "6c", "Kd", "2s", "9s", "Qs"]
    assert m.view(1)["state"]["known"] == [["6c", "Kd", "2s"], []]
    assert legal(m) == ["meld 4c 5c 6c"]  # no discard before 6c is used
    refused(m, "discard Kd", "R5-7")
    play(m, "meld 4c 5c 6c")
    # Kd and 2s were taken too, but more than one card: they may be discarded (R5-8)
    assert legal(m) == ["discard 2s", "discard 9s", "discard Kd", "discard Qs"]
    assert m.view(1)["state"]["known"] == [["Kd", "2s"], []]


def test_r5_7_a_dug_card_may_be_used_after_laying_off_a_card_before_it() -> None:
    # seat 0 melds 5h 6h 7h; 9h goes three deep; seat 1 can lay off 8h, then 9h
    m = rummy_match(R5, ["5h 6h 7h Kc", "8h 2c 4s Qd"], "Ts", "9h 3c Jd")
    play(m, "draw", "meld 5h 6h 7h", "discard 9h", "draw", "discard 3c", "draw", "discard Jd")
    assert legal(m) == ["draw", "take 9h", "take Jd"]  # 3c and Ts have no use
    play(m, "take 9h")
    assert legal(m) == ["layoff 8h on 1"]
    refused(m, "discard 2c", "R5-7")
    play(m, "layoff 8h on 1")
    assert legal(m) == ["layoff 9h on 1"]
    play(m, "layoff 9h on 1")
    assert legal(m) == ["discard 2c", "discard 3c", "discard 4s", "discard Jd", "discard Qd"]


def test_r5_7_without_the_card_before_it_the_dig_is_refused() -> None:
    m = rummy_match(R5, ["5h 6h 7h Kc", "Th 2c 4s Qd"], "Ts", "9h 3c Jd")
    play(m, "draw", "meld 5h 6h 7h", "discard 9h", "draw", "discard 3c", "draw", "discard Jd")
    assert legal(m) == ["draw", "take Jd"]
    refused(m, "take 9h", "R5-7")


# -- R5-8 ----------------------------------------------------------------------------------
def test_r5_8_no_discarding_back_the_single_card_taken() -> None:
    m = _three_card_pile()
    play(m, "take 2s")
    assert legal(m) == ["discard 4c", "discard 5c", "discard 9s", "discard Qs"]
    refused(m, "discard 2s", "R5-8")


# -- R5-9 ----------------------------------------------------------------------------------
def _lay_off_hand() -> Match:
    m = rummy_match(R5, ["5h 6h 7h Kc Qd", "9c 9d 9s 8h 9h"], "2d", "3s 4d")
    play(m, "draw", "meld 5h 6h 7h", "discard Kc")
    assert legal(m) == ["draw", "take Kc"]  # 2d, two deep, has no use
    play(m, "draw")
    assert legal(m) == [
        "discard 4d", "discard 8h", "discard 9c", "discard 9d", "discard 9h", "discard 9s",
        "layoff 8h on 1",
        "meld 9c 9d 9h", "meld 9c 9d 9h 9s", "meld 9c 9d 9s", "meld 9c 9h 9s", "meld 9d 9h 9s",
    ]  # fmt: skip
    play(m, "meld 9c 9d 9s")
    assert legal(m) == [
        "discard 4d",
        "discard 8h",
        "discard 9h",
        "layoff 8h on 1",
        "layoff 9h on 2",
    ]
    play(m, "layoff 8h on 1")
    assert legal(m) == ["discard 4d", "discard 9h", "layoff 9h on 1", "layoff 9h on 2"]
    return m


def test_r5_9_lay_off_on_any_meld_credited_to_who_lays_off() -> None:
    m = _lay_off_hand()
    assert m.view(0)["state"]["melds"][0] == {
        "number": 1, "by": 0, "kind": "run", "cards": ["5h", "6h", "7h", "8h"],
        "laid_off": [{"seat": 1, "card": "8h"}],
    }  # fmt: skip
    play(m, "layoff 9h on 2", "discard 4d")  # seat 1 goes out by its last discard
    # seat 0: 5+6+7 melded, Qd 3s in hand; seat 1: 9+9+9 melded, 8+9 laid off
    assert m.hand_scores == {
        "melded": [18, 27], "laid off": [0, 17], "left in hand": [-13, 0], "total": [5, 44],
    }  # fmt: skip


# -- R5-10 ---------------------------------------------------------------------------------
def _rummy_on_8h() -> Match:
    # four players; seat 0 melds 5h 6h 7h and discards 8h, which extends that meld
    hands = ["5h 6h 7h 8h", "2c 9d 4s Js", "3c Td 6s Qd", "4d Jc 7s 2s"]
    m = rummy_match(R5, hands, "Kc", "9c")
    play(m, "draw", "meld 5h 6h 7h")
    assert legal(m) == ["discard 8h", "discard 9c", "layoff 8h on 1"]
    play(m, "discard 8h")
    # seat 1 (next) is not asked: it can take 8h as a normal draw; seat 2 is asked first
    assert m.to_move == 2 and m.view(None)["state"]["phase"] == "rummy call"
    assert legal(m) == ["pass", "rummy 8h"]  # Kc (deeper) has no use for anyone
    return m


def test_r5_10_far_seat_calls_rummy_and_the_turn_passes_to_it() -> None:
    m = _rummy_on_8h()
    refused(m, "rummy Kc", "R5-10")
    play(m, "pass")
    assert m.to_move == 3 and legal(m) == ["pass", "rummy 8h"]
    play(m, "rummy 8h")
    assert m.to_move == 3 and legal(m) == ["layoff 8h on 1"]  # the discard must be used
    refused(m, "discard 2s", "R5-10")
    play(m, "layoff 8h on 1")
    assert legal(m) == ["discard 2s", "discard 4d", "discard 7s", "discard Jc"]
    play(m, "discard 2s")
    # play goes on after the caller: seats 1 and 2 lost their turn
    assert m.to_move == 0 and legal(m) == ["draw", "take 2s"]
    assert m.view(0)["state"]["melds"][0]["laid_off"] == [{"seat": 3, "card": "8h"}]


def test_r5_10_the_nearest_seat_has_priority() -> None:
    m = _rummy_on_8h()
    play(m, "rummy 8h")  # seat 2 calls first: seat 3 is never asked
    assert m.to_move == 2 and legal(m) == ["layoff 8h on 1"]
    play(m, "layoff 8h on 1", "discard 3c")
    assert m.to_move == 3 and legal(m) == ["draw", "take 3c"]


def test_r5_10_everyone_passes_then_the_next_player_draws() -> None:
    m = _rummy_on_8h()
    play(m, "pass", "pass")
    assert m.to_move == 1 and legal(m) == ["draw", "take 8h"]
    refused(m, "rummy 8h", "R5-10")


def test_r5_10_no_call_with_two_players_or_when_off() -> None:
    m = rummy_match(R5, ["5h 6h 7h 8h", "2c 9d 4s Js"], "Kc", "9c")
    play(m, "draw", "meld 5h 6h 7h", "discard 8h")
    assert m.to_move == 1 and legal(m) == ["draw", "take 8h"]
    hands = ["5h 6h 7h 8h", "2c 9d 4s Js", "3c Td 6s Qd", "4d Jc 7s 2s"]
    m = rummy_match(R5, hands, "Kc", "9c", rummy_calls=False)
    play(m, "draw", "meld 5h 6h 7h", "discard 8h")
    assert m.to_move == 1 and legal(m) == ["draw", "take 8h"]


def test_r5_10_a_discard_making_a_meld_with_the_pile_opens_a_call() -> None:
    hands = ["4h Qc 9s 2d", "5h 3c Td 7s", "Ah 8d Js 3s", "2c 9d Jd Kc"]
    m = rummy_match(R5, hands, "6h", "8c Kd")
    play(m, "draw", "discard 4h")  # the pile is 6h 4h: no meld, no call
    assert m.to_move == 1 and m.view(None)["state"]["phase"] == "draw"
    play(m, "draw", "discard 5h")  # 6h 4h 5h: the discard makes a run with the pile
    # seats 3 and then 0 are asked; only taking down to 6h lets them use 5h and 6h
    assert m.to_move == 3 and legal(m) == ["pass", "rummy 6h"]
    refused(m, "rummy 5h", "R5-10")
    play(m, "pass")
    assert m.to_move == 0 and legal(m) == ["pass", "rummy 6h"]
    play(m, "rummy 6h")
    assert legal(m) == ["meld 4h 5h 6h"]
    play(m, "meld 4h 5h 6h", "discard 2d")
    assert m.to_move == 1  # seats 2 and 3 lost their turns


# -- R5-11 ---------------------------------------------------------------------------------
def test_r5_11_going_out_by_melding_everything_ends_the_hand_at_once() -> None:
    m = rummy_match(R5, ["5h 6h 7h", "2c 9d Kc"], "Qs", "8h")
    play(m, "draw")
    assert legal(m) == [
        "discard 5h", "discard 6h", "discard 7h", "discard 8h",
        "meld 5h 6h 7h", "meld 5h 6h 7h 8h", "meld 6h 7h 8h",
    ]  # fmt: skip
    play(m, "meld 5h 6h 7h 8h")  # no discard needed
    assert m.hand_number == 2
    assert m.hand_scores == {
        "melded": [26, 0], "laid off": [0, 0], "left in hand": [0, -21], "total": [26, -21],
    }  # fmt: skip


def test_r5_11_going_out_by_the_last_discard() -> None:
    m = _lay_off_hand()
    play(m, "layoff 9h on 1")
    assert legal(m) == ["discard 4d"]
    play(m, "discard 4d")
    assert m.hand_number == 2 and m.hand_scores is not None
    assert m.hand_scores["total"] == [5, 44]


def _empty_stock() -> Match:
    clubs = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc"
    hearts = "Ah 2h 3h 4h 5h 6h 8h 9h Th Jh Qh Kh"
    seat0 = f"{clubs} {hearts} Kd"
    seat1 = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd"
    m = rummy_match(R5, [seat0, seat1], "Kc", "7h", jokers=0)
    assert m.view(None)["state"]["stock"] == 1
    play(m, "draw", "discard 7h")
    assert m.view(None)["state"]["stock"] == 0
    return m


def test_r5_11_the_empty_stock_ends_the_hand_unless_a_take_is_used_at_once() -> None:
    m = _empty_stock()
    # 7h melds at once with 7d 7s; Kc (two deep) has no use for seat 1
    assert legal(m) == ["end", "take 7h"]
    refused(m, "draw", "R5-11")
    refused(m, "take Kc", "R5-7")
    play(m, "end")
    # seat 0 holds 12 clubs (89), 12 hearts without 7h (92) and Kd; seat 1 13 spades (99)
    # and 12 diamonds (89)
    assert m.hand_scores == {
        "melded": [0, 0], "laid off": [0, 0], "left in hand": [-191, -188],
        "total": [-191, -188],
    }  # fmt: skip
    assert m.hand_number == 2


def test_r5_11_with_an_empty_stock_even_the_top_card_must_be_used() -> None:
    m = _empty_stock()
    play(m, "take 7h")
    err = refused(m, "discard Ks", "R5-11")
    assert "7h" in err.reason
    assert "meld 7d 7h 7s" in legal(m)
    assert not [a for a in legal(m) if a.startswith("discard")]


# -- R5-12 ---------------------------------------------------------------------------------
def test_r5_12_melded_and_laid_off_minus_cards_in_hand_may_go_negative() -> None:
    m = rummy_match(R5, ["5h 6h 7h", "Ac Kd Qs"], "2s", "Jo")
    play(m, "draw", "meld 5h 6h 7h Jo=8h")  # the joker counts 15 as 8h
    assert m.hand_scores == {
        "melded": [33, 0], "laid off": [0, 0], "left in hand": [0, -35], "total": [33, -35],
    }  # fmt: skip
    assert m.scores == [33, -35]


# -- R5-13 ---------------------------------------------------------------------------------
def test_r5_13_highest_total_wins_once_the_target_is_reached_ties_play_on() -> None:
    hand1 = stack(1, ["5h 6h 7h Kd", "9c 9d 9s 5d"], "2s", "Jc Qs 4h")
    hand2 = stack(0, ["2c 3d 8c Kh", "5s 6s 7s 8s"], "Jd", "Ts")
    m = Match(R5, players=2, dealer=1, seed=2, deck=[hand1, hand2], hand_size=4, target=20)
    play(m, "draw", "meld 5h 6h 7h", "discard Jc")
    play(m, "draw", "meld 9c 9d 9s", "discard Qs")
    play(m, "draw", "layoff 4h on 1", "discard Kd")
    # seat 0: 18 + 4 = 22, seat 1: 27 - 5 = 22: both past 20 but equal, so play on
    assert m.scores == [22, 22] and not m.is_over and m.hand_number == 2
    assert m.to_move == 1  # seat 0 deals the second hand
    play(m, "draw", "meld 5s 6s 7s 8s", "discard Ts")
    assert m.hand_scores is not None and m.hand_scores["total"] == [-23, 26]
    assert m.scores == [-1, 48] and m.is_over and m.winner == 1


# -- R5-14 ---------------------------------------------------------------------------------
def test_r5_14_floating_after_melding_out_without_a_discard() -> None:
    m = rummy_match(R5, ["5h 6h 7h", "2c 9d Kc"], "Qs", "8h 3d 4c", floating=True)
    play(m, "draw", "meld 5h 6h 7h 8h")
    state = m.view(None)["state"]
    assert m.hand_number == 1 and m.to_move == 1
    assert state["hand_sizes"] == [0, 3] and state["floating"] == [0]
    assert state["has_melded"] == [0] and state["known"] == [[], []]
    play(m, "draw", "discard 3d")
    play(m, "draw")  # the floater draws 4c, which has no use: it must be discarded
    assert legal(m) == ["discard 4c"]
    play(m, "discard 4c")
    assert m.hand_number == 2
    assert m.hand_scores is not None and m.hand_scores["total"] == [26, -21]


def test_r5_14_a_floater_whose_card_can_be_laid_off_floats_again() -> None:
    m = rummy_match(R5, ["5h 6h 7h", "2c 9d Kc"], "Qs", "8h 3d 9h", floating=True)
    play(m, "draw", "meld 5h 6h 7h 8h", "draw", "discard 3d", "draw")
    assert legal(m) == ["discard 9h", "layoff 9h on 1"]
    play(m, "layoff 9h on 1")
    assert m.hand_number == 1 and m.to_move == 1


def test_r5_14_another_player_ending_the_hand_leaves_the_floater_at_0() -> None:
    m = rummy_match(R5, ["5h 6h 7h", "2c 3c 4c"], "Qs", "8h 5c", floating=True)
    play(m, "draw", "meld 5h 6h 7h 8h")
    play(m, "draw", "meld 2c 3c 4c 5c")  # seat 1 melds out too: with floating, it floats
    assert m.hand_number == 1 and m.to_move == 0
    play(m, "draw")
    card = hand_of(m, 0)[0]
    play(m, f"discard {card}")  # the floater's discard ends the hand
    assert m.hand_number == 2 and m.hand_scores is not None
    assert m.hand_scores["left in hand"] == [0, 0]
    assert m.hand_scores["melded"] == [26, 14]


# -- R5-15 ---------------------------------------------------------------------------------
def test_r5_15_dead_last_discard_must_be_unplayable() -> None:
    for dead_last, expect in [
        (True, ["layoff 9h on 1"]),
        (False, ["discard 9h", "layoff 9h on 1"]),
    ]:
        m = rummy_match(R5, ["5h 6h 7h 8h", "2c 9d Kc 4s"], "Qs", "9h", dead_last_discard=dead_last)
        play(m, "draw", "meld 5h 6h 7h", "layoff 8h on 1")
        assert legal(m) == expect
        if dead_last:
            err = refused(m, "discard 9h", "R5-15")
            assert "9h" in err.reason


def test_r5_15_an_unplayable_last_card_may_be_discarded() -> None:
    m = rummy_match(R5, ["5h 6h 7h 8h", "2c 9d Kc 4s"], "Qs", "2d", dead_last_discard=True)
    play(m, "draw", "meld 5h 6h 7h", "layoff 8h on 1")
    assert legal(m) == ["discard 2d"]
    play(m, "discard 2d")
    assert m.hand_number == 2


# -- C-7 -----------------------------------------------------------------------------------
def test_c_7_no_laying_off_down_to_the_card_that_may_not_be_discarded() -> None:
    m = rummy_match(R5, ["5h 6h 7h 8h", "2c 9d Kc 4s"], "Qs", "Qd 9s")
    play(m, "draw", "meld 5h 6h 7h", "discard Qd")
    play(m, "draw", "discard 9s")
    play(m, "take 9s")  # seat 0 holds 8h and the 9s it may not discard back
    # laying 8h off would leave only 9s, which cannot be discarded, melded or laid off
    assert legal(m) == ["discard 8h"]
    err = refused(m, "layoff 8h on 1", "C-7")
    assert "finish" in err.reason
