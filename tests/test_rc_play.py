"""Royal Casino play, rule by rule (RC-1 … RC-17): each test deals a stacked deck, plays a few
actions in notation and compares the complete legal list, then checks what the play did."""

from __future__ import annotations

import pytest

from cardtable import IllegalActionError, Match, NotationError, OptionError
from tests.support.refusals import refused
from tests.support.royal_casino import builds, deal, legal, piles, play, state


# -- RC-1 players and sides --------------------------------------------------------------------
def test_rc_1_two_three_or_four_players() -> None:
    assert Match("royal-casino", seed=1).players == 2
    assert len(Match("royal-casino", players=3, seed=1).scores) == 3
    four = Match("royal-casino", players=4, seed=1)
    assert four.scores == [0, 0] and [four.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    for bad in (1, 5):
        with pytest.raises(OptionError):
            Match("royal-casino", players=bad, seed=1)


def test_rc_1_partners_capture_into_one_pile() -> None:
    m = deal(3, ["3c 9c Tc Jc", "4d 9d Td Jd", "3h 9h Th Jh", "4s 9s Ts Js"], "Kc Kd Kh Ks")
    play(m, "trail 3c, trail 4d")
    assert m.to_move == 2
    assert legal(m) == [
        "build 3h: 3c 4d =10",
        "capture 3h: 3c",
        "trail 9h",
        "trail Jh",
        "trail Th",
    ]
    m.play("capture 3h: 3c")
    assert piles(m) == [["3c", "3h"], []] and state(m)["last_capture"] == 0


# -- RC-2 values -------------------------------------------------------------------------------
def test_rc_2_ace_is_1_or_14_from_the_hand_and_1_on_the_table() -> None:
    m = deal(1, ["Ah 4c Kd 7h", "2c 6d 8c Qh"], "5s 9s Ad 3h")
    # Ah takes 5s 9s as 14 (with Ad, RC-6); Ad counts 1 with 3h for 4c, with 3h 9s for Kd,
    # and makes 14 with Kd (built on the Ah kept in hand).
    assert legal(m) == [
        "build 4c: 3h =7",
        "build 4c: 9s =13",
        "build 4c: Ad 3h 5s =13",
        "build 4c: Ad 9s =14",
        "build 7h: Ad 5s =13",
        "build Ah: 3h 9s =13",
        "build Ah: 3h =4",
        "build Ah: Ad 5s =7",
        "build Kd: Ad 5s 9s =14",
        "build Kd: Ad =14",
        "capture 4c: Ad 3h",
        "capture Ah: Ad",
        "capture Ah: Ad 5s 9s",
        "capture Kd: Ad 3h 9s",
        "trail 4c",
        "trail 7h",
        "trail Kd",
    ]
    m.play("build Kd: Ad 5s 9s =14")
    assert builds(m) == [("Ad Kd 5s 9s", 14, 0, "multiple")]


# -- RC-3 the deal -----------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "deals"), [(2, 6), (3, 4), (4, 3)])
def test_rc_3_one_card_at_a_time_from_the_player_after_the_dealer(players: int, deals: int) -> None:
    deck = [f"{r}{s}" for s in "cdhs" for r in "A23456789TJQK"]
    m = Match("royal-casino", players=players, seed=3, dealer=players - 1, deck=" ".join(deck))
    for seat in range(players):
        # seat 0 sits after the dealer, so it receives cards 1, 1 + n, 1 + 2n, 1 + 3n
        assert state(m, seat)["hand"] == [deck[seat + players * r] for r in range(4)]
    s = state(m)
    assert s["loose"] == deck[4 * players : 4 * players + 4]
    assert (s["deal"], s["deals"], s["stock"]) == (1, deals, 48 - 4 * players)
    assert m.to_move == 0


def test_rc_3_redeal_from_the_stock_without_table_cards() -> None:
    stock = "Ac 2h 6c 4h 7c 6h 9c 8h"
    m = deal(0, ["2d 3d 4d 5d", "2c 3c 4c 5c"], "Kc Kd Kh Ks", stock)
    assert m.to_move == 1
    play(m, "trail 2c, capture 2d: 2c, trail 3c, capture 3d: 3c")
    play(m, "trail 4c, capture 4d: 4c, trail 5c, capture 5d: 5c")
    s = state(m, 1)
    assert s["hand"] == ["Ac", "6c", "7c", "9c"]
    assert state(m, 0)["hand"] == ["2h", "4h", "6h", "8h"]
    assert (s["deal"], s["stock"], s["loose"], s["builds"]) == (2, 32, ["Kc", "Kd", "Kh", "Ks"], [])
    assert m.to_move == 1


# -- RC-4 a turn -------------------------------------------------------------------------------
def test_rc_4_a_turn_is_one_card_captured_built_or_trailed() -> None:
    m = deal(1, ["2c 9c Tc Jc", "4d 9d Td Jd"], "Kc Kd Kh Ks")
    assert legal(m) == ["trail 2c", "trail 9c", "trail Jc", "trail Tc"]
    m.play("trail 9c")
    assert state(m, 0)["hand"] == ["2c", "Tc", "Jc"] and state(m)["hand_sizes"] == [3, 4]
    assert m.to_move == 1
    for text in ("pass", "play 9d", "trail", "trail 9d Td"):
        with pytest.raises(NotationError):
            m.play(text)


# -- RC-5 capture ------------------------------------------------------------------------------
def test_rc_5_capture_single_cards_sums_and_whole_builds() -> None:
    m = deal(1, ["5c 9c 3d 8d", "9d Jh 6h Kc"], "4h 5s 2c 7d")
    m.play("build 5c: 4h =9")
    # 9d takes 2c 7d, the build of 9, or both; Jh may not add the build to a loose 2c.
    assert legal(m) == [
        "build 6h: 2c 5s =13",
        "build 6h: 5s =11",
        "build 6h: 7d =13",
        "build 9d: 2c =11",
        "build Jh: 2c =13",
        "capture 9d: 2c 5c 7d 4h",
        "capture 9d: 2c 7d",
        "capture 9d: 5c 4h",
        "trail 6h",
        "trail 9d",
        "trail Jh",
        "trail Kc",
    ]
    assert refused(m, "capture Jh: 2c 5c 4h").rule == "RC-7"
    assert refused(m, "capture 9d: 4h").rule == "RC-7"
    assert refused(m, "capture 9d: 2c 5s").rule == "RC-5"
    m.play("capture 9d: 2c 5c 7d 4h")
    assert piles(m) == [[], ["2c", "5c", "7d", "9d", "4h"]]
    s = state(m)
    assert (s["loose"], s["builds"], s["last_capture"]) == (["5s"], [], 1)


def test_rc_5_a_played_ace_pairs_with_loose_aces_as_14() -> None:
    m = deal(1, ["Ah Kc Kd Qh", "2c 3c 4c 6c"], "Ad 5s 9h Ac")
    # RC-2: a lone loose ace is also a group worth 14 in a build of 14 (Kc with one ace, the
    # other ace alone); RC-6: the ace captures one loose ace or both.
    assert legal(m) == [
        "build Ah: Ac Ad 9h =12",
        "build Kc: Ac 9h 5s =14",
        "build Kc: Ac =14",
        "build Kc: Ac Ad 9h 5s =14",
        "build Kc: Ac Ad =14",
        "build Kc: Ad 9h 5s =14",
        "build Kc: Ad =14",
        "build Kd: Ac 9h 5s =14",
        "build Kd: Ac =14",
        "build Kd: Ac Ad 9h 5s =14",
        "build Kd: Ac Ad =14",
        "build Kd: Ad 9h 5s =14",
        "build Kd: Ad =14",
        "build Qh: Ac =13",
        "build Qh: Ac Ad 9h 5s =14",
        "build Qh: Ac Ad =14",
        "build Qh: Ad =13",
        "capture Ah: Ac",
        "capture Ah: Ac 9h 5s",
        "capture Ah: Ac Ad",
        "capture Ah: Ac Ad 9h 5s",
        "capture Ah: Ad",
        "capture Ah: Ad 9h 5s",
        "trail Kc",
        "trail Kd",
        "trail Qh",
    ]


# -- RC-6 / RC-16 matching ranks ---------------------------------------------------------------
def rank_position() -> Match:
    return deal(1, ["7h Tc 2d 5c", "Jd Js Qd Qs"], "7c 7d 3h 4s")


def test_rc_6_capture_with_a_matching_rank_takes_one_or_more() -> None:
    m = rank_position()
    # 7h must take a loose seven when it captures, either or both (3h 4s stays optional), or
    # build (7h 3h).
    assert legal(m) == [
        "build 2d: 3h =5",
        "build 7h: 3h =10",
        "capture 7h: 7c",
        "capture 7h: 7c 3h 4s",
        "capture 7h: 7c 7d",
        "capture 7h: 7c 7d 3h 4s",
        "capture 7h: 7d",
        "capture 7h: 7d 3h 4s",
        "capture Tc: 7c 3h",
        "capture Tc: 7d 3h",
        "trail 2d",
        "trail 5c",
        "trail Tc",
    ]
    assert refused(m, "capture 7h: 3h 4s").rule == "RC-6"
    m.play("capture 7h: 7c 7d")
    assert state(m)["loose"] == ["3h", "4s"]


def test_rc_16_no_trail_with_a_matching_rank() -> None:
    m = rank_position()
    assert "trail 7h" not in legal(m)
    assert refused(m, "trail 7h").rule == "RC-16"


# -- RC-7 builds -------------------------------------------------------------------------------
def test_rc_7_a_build_is_captured_whole_by_its_value() -> None:
    m = deal(1, ["8c 8d 6c 9d", "8s 4c 2h Kd"], "5c 3d 8h Qs")
    m.play("build 8c: 5c 3d 8h =8")
    assert builds(m) == [("5c 8c 3d 8h", 8, 0, "multiple")]
    assert state(m)["loose"] == ["Qs"]
    assert legal(m) == ["capture 8s: 5c 8c 3d 8h", "trail 2h", "trail 4c", "trail 8s", "trail Kd"]
    assert refused(m, "capture 8s: 8h").rule == "RC-7"
    assert refused(m, "capture 8s: 5c 3d").rule == "RC-7"
    assert refused(m, "build 4c: 5c 8c 3d 8h =12").rule == "RC-12"
    assert refused(m, "build 2h: Qs =15").rule == "RC-7"
    m.play("capture 8s: 5c 8c 3d 8h")
    assert builds(m) == [] and state(m)["pile_sizes"] == [0, 5]


# -- RC-8 owner --------------------------------------------------------------------------------
def test_rc_8_owner_is_the_last_to_create_or_add() -> None:
    m = deal(1, ["3c 8c 8d Kc", "6h 8h 8s Jd"], "5c 2s 4h Qd")
    m.play("build 3c: 5c =8")
    assert builds(m) == [("3c 5c", 8, 0, "single")]
    m.play("build 8h: 3c 5c =8")
    assert builds(m) == [("3c 5c 8h", 8, 1, "multiple")]
    m.play("build 8c: 3c 5c 8h =8")
    assert builds(m) == [("3c 5c 8c 8h", 8, 0, "multiple")]


# -- RC-9 creating a build ---------------------------------------------------------------------
def test_rc_9_create_single_and_multiple_builds() -> None:
    m = deal(1, ["8d 8h 6c Kc", "2c 3c 4c 5h"], "8c 5d 3h 2s")
    assert legal(m) == [
        "build 6c: 2s =8",
        "build 6c: 5d 2s =13",
        "build 6c: 5d 3h 2s =8",
        "build 6c: 8c 2s =8",
        "build 6c: 8c 5d 3h 2s =8",
        "build 8d: 3h 2s =13",
        "build 8d: 5d 3h =8",
        "build 8d: 5d =13",
        "build 8d: 8c 5d 3h 2s =13",
        "build 8d: 8c 5d 3h =8",
        "build 8d: 8c =8",
        "build 8h: 3h 2s =13",
        "build 8h: 5d 3h =8",
        "build 8h: 5d =13",
        "build 8h: 8c 5d 3h 2s =13",
        "build 8h: 8c 5d 3h =8",
        "build 8h: 8c =8",
        "capture 8d: 8c",
        "capture 8d: 8c 5d 3h",
        "capture 8h: 8c",
        "capture 8h: 8c 5d 3h",
        "capture Kc: 8c 3h 2s",
        "capture Kc: 8c 5d",
        "trail 6c",
        "trail Kc",
    ]
    # the table's own 5d 3h are never grouped without the played card
    assert refused(m, "build 6c: 5d 3h =8").rule == "RC-9"
    assert refused(m, "build 6c: 8c =8").rule == "RC-9"
    m.play("build 6c: 8c 5d 3h 2s =8")
    assert builds(m) == [("6c 8c 5d 3h 2s", 8, 0, "multiple")]
    assert state(m)["loose"] == []


def test_rc_9_single_build_of_played_and_loose_cards() -> None:
    m = deal(1, ["8d 8h 6c Kc", "2c 3c 4c 5h"], "8c 5d 3h 2s")
    m.play("build 8d: 5d =13")
    assert builds(m) == [("5d 8d", 13, 0, "single")]
    assert state(m)["loose"] == ["8c", "3h", "2s"]


# -- RC-10 raising -----------------------------------------------------------------------------
def raise_position() -> Match:
    m = deal(1, ["2c 6c 3s 9c", "3h 9d Kd 7s"], "4d 9s 5h Qc")
    m.play("build 2c: 4d =6")
    return m


def test_rc_10_raise_an_opponents_single_build() -> None:
    m = raise_position()
    assert legal(m) == [
        "build 3h: 2c 4d =9",
        "build 7s: 2c 4d =13",
        "capture 9d: 9s",
        "trail 3h",
        "trail 7s",
        "trail Kd",
    ]
    assert refused(m, "build 3h: 2c 4d 5h =14").rule == "RC-10"  # a table card never raises
    assert refused(m, "build Kd: 2c 4d =19").rule == "RC-7"
    assert refused(m, "build 3h: 2c 4d 9s =9").rule == "RC-10"  # the played card alone
    m.play("build 3h: 2c 4d =9")
    assert builds(m) == [("2c 4d 3h", 9, 1, "single")]


def test_rc_10_no_raising_your_own_build() -> None:
    m = raise_position()
    m.play("trail Kd")
    # 3s would raise the own 6 to 9 (9c is held): not allowed; 6c must take its build (RC-13).
    assert legal(m) == ["capture 6c: 2c 4d", "capture 9c: 9s"]
    assert refused(m, "build 3s: 2c 4d =9").rule == "RC-10"


@pytest.mark.parametrize("option", [False, True])
def test_rc_10_partners_build_raised_only_with_the_option(option: bool) -> None:
    m = deal(
        3,
        ["2c 6c 3s 9c", "Kd Kc Kh Ks", "3h 9d 7s Jc", "Th Td Ts Tc"],
        "4d 9s 5h Qc",
        partner_may_raise=option,
    )
    play(m, "build 2c: 4d =6, trail Kd")
    raises = ["build 3h: 2c 4d =9"] if option else []
    assert legal(m) == [*raises, "capture 9d: 9s", "trail 3h", "trail 7s", "trail Jc"]
    if option:
        m.play("build 3h: 2c 4d =9")
        assert builds(m) == [("2c 4d 3h", 9, 2, "single")]
    else:
        assert refused(m, "build 3h: 2c 4d =9").rule == "RC-10"


# -- RC-11 adding to a build -------------------------------------------------------------------
def test_rc_11_add_a_group_to_an_opponents_build() -> None:
    m = deal(1, ["3c 8c 8d Kc", "6h 8h 7c Jd"], "5c 2s 4h Qd")
    m.play("build 3c: 5c =8")
    assert legal(m) == [
        "build 6h: 2s =8",
        "build 6h: 3c 5c 2s =8",
        "build 7c: 4h =11",
        "capture 6h: 4h 2s",
        "capture 8h: 3c 5c",
        "trail 6h",
        "trail 7c",
        "trail 8h",
        "trail Jd",
    ]
    m.play("build 6h: 3c 5c 2s =8")
    assert builds(m) == [("3c 5c 6h 2s", 8, 1, "multiple")]
    assert legal(m) == [
        "build 8c: 3c 5c 6h 2s =8",
        "build 8d: 3c 5c 6h 2s =8",
        "capture 8c: 3c 5c 6h 2s",
        "capture 8d: 3c 5c 6h 2s",
        "trail 8c",
        "trail 8d",
        "trail Kc",
    ]


def test_rc_11_add_to_your_own_build() -> None:
    m = deal(1, ["3c 8c 8d Kc", "6h 8h 7c Jd"], "5c 2s 4h Qd")
    play(m, "build 3c: 5c =8, trail Jd")
    assert legal(m) == [
        "build 8c: 3c 5c =8",
        "build 8d: 3c 5c =8",
        "capture 8c: 3c 5c",
        "capture 8d: 3c 5c",
        "capture Kc: Jd 2s",
    ]
    m.play("build 8d: 3c 5c =8")
    assert builds(m) == [("3c 5c 8d", 8, 0, "multiple")]


# -- RC-12 multiple builds are fixed -----------------------------------------------------------
def test_rc_12_builds_side_by_side_never_merged_multiples_fixed() -> None:
    m = deal(1, ["3c 8c 8d 9c", "2h 8h 4c Qh"], "5c 6h Qs Kd")
    play(m, "build 3c: 5c =8, build 2h: 6h =8")
    assert builds(m) == [("3c 5c", 8, 0, "single"), ("2h 6h", 8, 1, "single")]
    assert legal(m) == [
        "build 8c: 2h 6h =8",
        "build 8c: 3c 5c =8",
        "build 8d: 2h 6h =8",
        "build 8d: 3c 5c =8",
        "capture 8c: 2h 6h",
        "capture 8c: 3c 5c",
        "capture 8c: 3c 5c 2h 6h",
        "capture 8d: 2h 6h",
        "capture 8d: 3c 5c",
        "capture 8d: 3c 5c 2h 6h",
    ]
    assert refused(m, "build 8c: 3c 5c 2h 6h =8").rule == "RC-12"
    m.play("build 8c: 2h 6h =8")
    # the single 8 may be raised to 12, the multiple 8 may not
    assert legal(m) == [
        "build 4c: 3c 5c =12",
        "capture 8h: 3c 5c",
        "capture 8h: 3c 5c 8c 2h 6h",
        "capture 8h: 8c 2h 6h",
        "capture Qh: Qs",
        "trail 4c",
        "trail 8h",
    ]
    assert refused(m, "build 4c: 8c 2h 6h =12").rule == "RC-12"


# -- RC-13 holding the capturing card ----------------------------------------------------------
def hold_position() -> Match:
    return deal(1, ["3c 8c 5h 9d", "6d Jc Jh 4s"], "5c 2d Qs Kd")


def test_rc_13_build_only_a_value_you_keep_in_hand() -> None:
    m = hold_position()
    assert legal(m) == [
        "build 3c: 2d =5",
        "build 3c: 5c 2d =5",
        "build 3c: 5c =8",
        "capture 5h: 5c",
        "trail 3c",
        "trail 8c",
        "trail 9d",
    ]
    assert refused(m, "build 3c: 5c 2d =10").rule == "RC-13"


def test_rc_13_owner_keeps_capturing_card() -> None:
    m = hold_position()
    play(m, "build 3c: 5c =8, trail 6d")
    # the only 8 must take the own build (2d 6d may go with it); 5h and 9d have no play
    assert legal(m) == ["capture 8c: 3c 5c", "capture 8c: 3c 5c 2d 6d"]
    assert refused(m, "capture 8c: 2d 6d").rule == "RC-13"


def test_rc_17_an_owner_may_not_trail() -> None:
    m = hold_position()
    play(m, "build 3c: 5c =8, trail 6d")
    assert not [a for a in legal(m) if a.startswith("trail")]
    with pytest.raises(IllegalActionError) as e:
        m.play("trail 9d")
    assert (e.value.rule, e.value.reason) == ("RC-17", "You own a build, so you may not trail")


# -- RC-14 no building for a partner -----------------------------------------------------------
def test_rc_14_no_building_for_a_partner() -> None:
    m = deal(
        3,
        ["3c 8c 7c 9c", "2h 4h 6h Th", "8h 8s 7s 4s", "Ac 2c 4c 6c"],
        "5c Qs Kd Jh",
    )
    play(m, "build 3c: 5c =8, trail 2h")
    assert legal(m) == [
        "capture 8h: 3c 5c",
        "capture 8s: 3c 5c",
        "trail 4s",
        "trail 7s",
        "trail 8h",
        "trail 8s",
    ]
    assert refused(m, "build 8h: 3c 5c =8").rule == "RC-14"  # not onto the partner's build
    assert refused(m, "build 7s: 2h =9").rule == "RC-13"  # the partner's 9c does not count
    m.play("capture 8h: 3c 5c")
    assert piles(m) == [["3c", "5c", "8h"], []]


# -- RC-15 trail -------------------------------------------------------------------------------
def test_rc_15_a_trailed_card_lies_loose() -> None:
    m = deal(1, ["2c 9c Tc Jc", "4d 9d Td Jd"], "Kc Kd Kh Ks")
    m.play("trail Tc")
    assert state(m)["loose"] == ["Tc", "Kc", "Kd", "Kh", "Ks"]
    assert legal(m) == ["capture Td: Tc", "trail 4d", "trail 9d", "trail Jd"]
