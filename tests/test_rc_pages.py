"""Royal Casino as its rule pages (seeds 000, 001) wrote it: the six points where the rule book
was corrected (RC-2, RC-6, RC-10, RC-23, RC-24, RC-25), each from a stacked deck."""

from __future__ import annotations

from cardtable import Match
from cardtable.cli.bodies import casino_body
from cardtable.cli.render import Look
from tests.support.refusals import refused
from tests.support.royal_casino import (
    GAME,
    builds,
    deal,
    legal,
    play,
    play_scripted_hand,
    scripted_hand,
    state,
)

# 13 pairs to the player after the dealer, 11 and the table's four cards to the dealer: 4-4
HALF = {
    "2c 2d", "3c 3d", "4c 4d", "5c 5d", "6c 6d", "7c 7d", "Tc Td", "9c 9d", "Jc Jd",
    "Ah As", "5h 5s", "9h 9s", "Th Ts",
}  # fmt: skip


# -- RC-2: aces pair with aces in builds of 14, as eights with eights --------------------------
def test_rc_2_an_ace_builds_14_on_a_loose_ace() -> None:
    m = deal(1, ["Ac As 8c 8d", "2h 3h 4c 5d"], "Ad 8s Qh Jd")
    moves = legal(m)
    assert "build Ac: Ad =14" in moves and "build As: Ad =14" in moves  # "1 or 14" (RC-2)
    assert "build 8c: 8s =8" in moves  # the page's own "pair of 8s"
    m.play("build Ac: Ad =14")
    assert builds(m) == [("Ac Ad", 14, 0, "multiple")]  # two groups worth 14 (RC-7)
    m.play("trail 2h")
    assert "capture As: Ac Ad" in legal(m)  # the kept ace takes the build (RC-13)
    m.play("capture As: Ac Ad")
    assert state(m)["loose"] == ["Jd", "2h", "Qh", "8s"]


def test_rc_2_a_lone_loose_ace_joins_any_build_of_14() -> None:
    m = deal(1, ["Kc As 9c 7d", "2h 3h 4c 5d"], "Ad Ah 5s 6c")
    # Kc with Ad is one group worth 14, the lone Ah another (RC-9: "further loose groups");
    # so are 9c with 5s, and each lone ace. As is the 14 kept in hand (RC-13).
    moves = legal(m)
    assert {"build Kc: Ad =14", "build Kc: Ah =14", "build Kc: Ad Ah =14"} <= set(moves)
    assert "build 9c: Ad Ah 5s =14" in moves
    m.play("build Kc: Ad Ah =14")
    assert builds(m) == [("Kc Ad Ah", 14, 0, "multiple")]


# -- RC-6: one matching loose card is enough, the player's choice ------------------------------
def test_rc_6_capturing_one_of_two_matching_loose_cards() -> None:
    m = deal(1, ["7c Tc 2d 5c", "Jd Js Qd Qs"], "7d 7h 3h 4s")
    sevens = [a for a in legal(m) if a.startswith("capture 7c")]
    # "the loose card or several loose cards of equal value": either seven, or both, each
    # with or without the sum 3h 4s (RC-5)
    assert sevens == [
        "capture 7c: 3h 7h 4s",
        "capture 7c: 7d",
        "capture 7c: 7d 3h 4s",
        "capture 7c: 7d 3h 7h 4s",
        "capture 7c: 7d 7h",
        "capture 7c: 7h",
    ]
    e = refused(m, "capture 7c: 3h 4s", "RC-6")  # a capture must take a seven
    assert e.key == "refusal.rc.capture_one_of_rank" and e.params["cards"] == "7d 7h"
    refused(m, "trail 7c", "RC-16")
    m.play("capture 7c: 7d")
    assert state(m)["loose"] == ["3h", "7h", "4s"]


# -- RC-10: a raise adds the single played card ------------------------------------------------
def test_rc_10_a_raise_takes_no_loose_cards() -> None:
    m = deal(1, ["2c 6c 3s 9c", "3h 9d Kd 7s"], "4d 9s 5h Qc")
    m.play("build 2c: 4d =6")
    assert "build 3h: 2c 4d =9" in legal(m)  # "by adding a single card"
    assert "build 3h: 2c 4d 9s =9" not in legal(m)
    e = refused(m, "build 3h: 2c 4d 9s =9", "RC-10")
    assert e.key == "refusal.rc.raise_alone"
    m.play("build 3h: 2c 4d =9")
    assert builds(m) == [("2c 4d 3h", 9, 1, "single")] and state(m)["loose"] == ["Qc", "5h", "9s"]


# -- RC-23: no sweeps for a side on 18 or more, tie-break hands too ----------------------------
def test_rc_23_a_tie_break_hand_scores_no_sweeps_for_a_side_past_18() -> None:
    # Two 4-4 hands make 8-8 at the target 8, a tie; in the tie-break hand the dealer (seat 0)
    # sweeps with the last card: 1-0 in sweeps, but both sides have 8 >= 8 - 3 (RC-22, RC-23).
    scripts = [scripted_hand(0, HALF), scripted_hand(1, HALF)]
    takes = {"Ac Ad", "2c 2d", "6c 6d", "7c 7d", "Tc Td", "Ah As", "6h 6s", "Jh Js"}
    sweep_deck, sweep_plays = scripted_hand(0, takes, sweep_last=True)
    decks = [deck for deck, _ in scripts] + [sweep_deck]
    m = Match(GAME, players=2, seed=0, dealer=0, deck=decks, target=8)
    for _, plays in scripts:
        play_scripted_hand(m, plays)
    assert m.scores == [8, 8] and m.winner is None and state(m)["near_21"] == [None, None]
    play_scripted_hand(m, sweep_plays)
    last = m.hands[2].settlement
    assert last is not None and m.hands[2].final.sweeps == (1, 0)
    assert last.breakdown["sweeps"] == [0, 0]
    # the same sweep in a first hand, far from the target, scores (RC-18)
    first = Match(GAME, players=2, seed=0, dealer=0, deck=sweep_deck)
    play_scripted_hand(first, sweep_plays)
    assert first.hands[0].settlement is not None
    assert first.hands[0].settlement.breakdown["sweeps"] == [1, 0]


# -- RC-24: captured piles lie face down ------------------------------------------------------
def test_rc_24_views_show_pile_sizes_and_sweep_markers_not_the_cards() -> None:
    m = deal(1, ["7h 9c Jc Kc", "2h 3h 4c 5d"], "2c 3d 4h 5s")
    m.play("capture 7h: 2c 3d 4h 5s")  # a sweep: 7h lies face up on the pile (RC-18)
    made = {"seat": 0, "card": "7h", "cards": ["2c", "3d", "4h", "5s"], "sweep": True}
    for seat in (0, 1, None):
        s = state(m, seat)
        assert s["piles"] is None and s["pile_spades"] is None
        assert s["pile_sizes"] == [5, 0] and s["sweeps"] == [1, 0]
        assert s["sweep_cards"] == [["7h"], []]
        assert s["captures"] == [made]  # what everyone saw made
    while m.hand_number == 1:
        m.play(m.legal_actions()[0])
    scored = m.view(1)["last_hand"]
    assert scored is not None and isinstance(scored["state"]["piles"], list)
    assert sum(map(len, scored["state"]["piles"])) == 52  # everything shown when scored


def test_rc_24_open_piles_shows_the_piles_card_by_card() -> None:
    m = deal(1, ["7h 9c Jc Kc", "2h 3h 4c 5d"], "2c 3d 4h 5s", open_piles=True)
    m.play("capture 7h: 2c 3d 4h 5s")
    s = state(m, 1)
    assert s["piles"] == [["2c", "3d", "4h", "7h", "5s"], []] and s["pile_spades"] == [1, 0]
    assert s["sweep_cards"] == [["7h"], []]


# -- RC-25: counter-clockwise ------------------------------------------------------------------
def test_rc_25_the_next_seat_is_drawn_on_the_right_partners_across() -> None:
    m = deal(3, ["2c 6c 3s 9c", "Kd Kc Kh Ks", "3h 9d 7s Jc", "Th Td Ts Tc"], "4d 9s 5h Qc")
    assert m.to_move == 0  # the player on the dealer's right plays first (RC-3, RC-25)
    play(m, "trail 2c")
    assert m.to_move == 1
    look = Look(letters=True, rank_first=False)
    lines = [str(getattr(line, "plain", line)) for line in casino_body(m.view(1), look)]
    around = next(line for line in lines if "RC-25" in line)
    # Seat 2 (index 1) has the next seat in playing order, Seat 3, on its right, its partner
    # Seat 4 across, and Seat 1, who played before it, on its left: drawn left to right.
    assert around.index("left: Seat 1") < around.index("across: Seat 4")
    assert around.index("across: Seat 4") < around.index("right: Seat 3")
