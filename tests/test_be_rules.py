"""Buck Euchre, rule by rule (RULES.md BE-1 … BE-13), from stacked decks.

Seats 0-3; the dealer is seat 3 unless a test says otherwise, so seat 0 acts first. Each deal
below lists the five cards of seats 0, 1, 2, 3, then the upcard and the kitty.
"""

from __future__ import annotations

import pytest

from cardtable import Match, NotationError, OptionError, parse_cards
from cardtable.core.cards import HEARTS, SPADES
from cardtable.games.buck_euchre import DECK, POS, TABLES
from cardtable.games.tricks import NO_TRUMP
from tests.support.buck_euchre import deal, hand, legal, play, stack
from tests.support.refusals import refused

# Hearts turned up by dealer 3. Seat 0 holds the left bower Jd beside Qd, seat 1 the right bower.
T_HANDS = ["Jd Qd 9s Ts Kc", "Jh Kh 9c Tc Qc", "Qh Th Ad Kd 9d", "9h Ac As Ks Qs"]
T_UP, T_KITTY = "Ah", "Jc Td Js"
# Diamonds turned up; seat 0 holds the three top trumps and orders.
M_HANDS = ["Jd Jh Ad 9c 9h", "Kc Qc Tc Ac Qh", "Ks Qs Ts 9s Kh", "As Js Kd Qd Td"]
M_UP, M_KITTY = "9d", "Jc Th Ah"
# Hearts turned up, and nobody wants any trump.
NT_HANDS = ["Ac Kc Qc Tc As", "Ad Kd 9h Th Jc", "Ks Qs Ts 9s Jh", "Jd Qd Js Ah 9c"]
NT_UP, NT_KITTY = "Kh", "Td 9d Qh"
# A club turned up.
C_HANDS = ["Jc Ah Kh Qh 9d", "Js Ad Kd Qd Td", "Ac As Ks Qs Ts", "9h Th 9s Jh Jd"]
C_UP, C_KITTY = "9c", "Tc Qc Kc"
C_PLAY = (
    "play Ah, play Js, play Ts, play 9h, "  # seat 1 trumps with the left bower
    "play Ad, play Qs, play Jd, play 9d, "  # seat 1 wins with the ace
    "play Kd, play Ac, play Th, play Kh, "  # seat 2 trumps
    "play As, play 9s, play Jc, play Td, "  # seat 0 trumps with the right bower
    "play Qh, play Qd, play Ks, play Jh"  # seat 0's queen beats the plain jack
)
C_POINTS = [-2, -2, -1, 5]
# Seat 3 holds the five top spades; dealt by seat 0 as a second hand.
F_HANDS = ["Ad Kd Qd Td 9d", "9c Tc Qc Kc Ac", "Ah Kh Qh Th 9h", "Js Jc As Ks Qs"]
F_UP, F_KITTY = "Ts", "9s Jd Jh"
F_PLAY = (
    "pass, pass, order, discard 9d, drop, stay, drop, "
    "play Ah, play Js, play Jc, play Kh, play As, play Qh, play Ks, play Th, play Qs, play 9h"
)


def t_deal(**options: object) -> Match:
    return deal(3, T_HANDS, T_UP, T_KITTY, **options)


def state(m: Match, seat: int | None = None) -> dict[str, object]:
    view = m.view(seat)["state"]
    assert isinstance(view, dict)
    return view


# -- BE-1 ---------------------------------------------------------------------------------
def test_be_1_four_players_and_24_cards() -> None:
    m = t_deal()
    assert m.players == 4 and m.scores == [25, 25, 25, 25]
    assert m.rules.deck() == tuple(sorted(parse_cards(
        "9c Tc Jc Qc Kc Ac 9d Td Jd Qd Kd Ad 9h Th Jh Qh Kh Ah 9s Ts Js Qs Ks As"
    )))  # fmt: skip
    for players in (2, 3, 5):
        with pytest.raises(OptionError):
            Match("buck-euchre", players=players, seed=1)


def test_be_1_cards_outside_the_deck_are_refused() -> None:
    with pytest.raises(NotationError):
        Match("buck-euchre", seed=1, deck="2c")
    m = t_deal()
    play(m, "pass, order")
    assert refused(m, "discard 8h").rule == "BE-1"
    play(m, "discard Qs, stay, stay, stay")
    err = refused(m, "play 2c")
    assert err.rule == "BE-1" and "2c" in err.reason


# -- BE-2 ---------------------------------------------------------------------------------
def test_be_2_ranking_in_trump_and_plain_suits() -> None:
    def best(cards: str, trump: int) -> str:
        trick = [POS[c] for c in parse_cards(cards)]
        return cards.split()[TABLES.winner(trick, trump)]

    # trump hearts: right bower, left bower, then A K Q T 9
    assert best("9h Ah Jd Jh", HEARTS) == "Jh"
    assert best("9h Ah Jd Kh", HEARTS) == "Jd"
    assert best("9h Th Qh Kh Ah", HEARTS) == "Ah"
    assert best("9h Th Qh", HEARTS) == "Qh"
    # the other jacks are plain cards: A K Q J T 9
    assert best("Tc Jc Qc", HEARTS) == "Qc"
    assert best("9s Js Ts", HEARTS) == "Js"
    # the left bower is a trump: it beats the ace of its own suit led
    assert best("Ad Jd", HEARTS) == "Jd"
    # no trump: every suit A K Q J T 9, jacks included
    assert best("Td Jd 9d", NO_TRUMP) == "Jd"
    assert best("Qd Jd Jh Ah", NO_TRUMP) == "Qd"
    assert best("9s Js Qs", SPADES) == "Js"
    assert best("9s Jc Qs", SPADES) == "Jc"


def test_be_2_bowers_in_play() -> None:
    m = t_deal()
    play(m, "pass, order, discard Qs, stay, stay, stay, play 9s, play 9c, play Th, play As")
    play(m, "play Qh, play Ah, play Jd, play Jh")
    assert state(m)["last_trick"] == {
        "leader": 2,
        "winner": 1,
        "cards": ["Jd", "Jh", "Qh", "Ah"],
    }
    assert m.to_move == 1


# -- BE-3 ---------------------------------------------------------------------------------
def test_be_3_deal_in_packets_of_two_then_three() -> None:
    deck = "9c Tc Jc Qc Kc Ac 9d Td Jd Qd Kd Ad 9h Th Jh Qh Kh Ah 9s Ts Js Qs Ks As"
    m = Match("buck-euchre", seed=5, dealer=1, deck=deck)
    # two each to seats 2 3 0 1, then three each, then the upcard; the kitty stays down
    assert hand(m, 2) == ["9c", "Tc", "Jd", "Qd", "Kd"]
    assert hand(m, 3) == ["Jc", "Qc", "Ad", "9h", "Th"]
    assert hand(m, 0) == ["Ac", "Kc", "Jh", "Qh", "Kh"]
    assert hand(m, 1) == ["9d", "Td", "Ah", "9s", "Ts"]
    assert state(m)["upcard"] == "Js"
    assert sorted(m.rules.zones(m.state)["kitty"]) == sorted(parse_cards("Qs Ks As"))
    assert m.to_move == 2 and legal(m) == ["order", "pass"]


def test_be_3_deal_passes_to_the_next_seat() -> None:
    m = Match("buck-euchre", seed=5, dealer=1, deck=stack(1, T_HANDS, T_UP, T_KITTY))
    play(m, "order, discard 9c, drop, drop, drop")  # seat 2 orders, everyone else drops
    assert m.hand_number == 2 and m.dealer == 2 and m.to_move == 3


# -- BE-4 ---------------------------------------------------------------------------------
def test_be_4_club_upcard_makes_clubs_trump_at_once() -> None:
    m = deal(3, C_HANDS, C_UP, C_KITTY)
    view = state(m, 0)
    assert view["phase"] == "play" and view["trump"] == "c" and view["maker"] is None
    assert view["upcard"] == "9c" and view["hand_sizes"] == [5, 5, 5, 5]  # dealer keeps five
    assert m.to_move == 0
    assert legal(m) == ["play 9d", "play Ah", "play Jc", "play Kh", "play Qh"]
    for action in ("order", "pass", "trump h", "drop", "stay", "discard 9d"):
        assert refused(m, action).rule == "BE-4"


def test_be_4_everyone_plays_and_needs_one_trick() -> None:
    m = deal(3, C_HANDS, C_UP, C_KITTY)
    play(m, "play Ah")
    assert legal(m) == ["play Ad", "play Js", "play Kd", "play Qd", "play Td"]
    play(m, "play Js, play Ts")
    assert legal(m) == ["play 9h", "play Jh", "play Th"]  # Jd is a diamond, clubs are trump
    play(m, "play 9h, " + C_PLAY.split(", ", 4)[4])
    assert m.hand_scores == {"tricks": [-2, -2, -1, 0], "euchred": [0, 0, 0, 5], "total": C_POINTS}
    assert m.scores == [23, 23, 24, 30]
    assert m.hand_number == 2 and m.dealer == 0


# -- BE-5 ---------------------------------------------------------------------------------
def test_be_5_order_up_dealer_picks_up_and_discards() -> None:
    m = t_deal()
    assert m.to_move == 0 and legal(m) == ["order", "pass"]
    play(m, "pass")
    assert state(m)["passed"] == [0]
    assert m.to_move == 1 and legal(m) == ["order", "pass"]
    play(m, "order")
    assert m.to_move == 3
    assert legal(m) == [
        "discard 9h", "discard Ac", "discard Ah", "discard As", "discard Ks", "discard Qs"
    ]  # fmt: skip
    for seat in (None, 0, 1, 2, 3):
        view = state(m, seat)
        assert (view["trump"], view["maker"], view["picked_up"], view["upcard"]) == (
            "h",
            1,
            "Ah",
            None,
        )
        assert view["hand_sizes"] == [5, 5, 5, 6]
    assert hand(m, 3) == ["Ac", "Ah", "9h", "As", "Qs", "Ks"]
    assert refused(m, "stay").rule == "BE-5"
    err = refused(m, "discard Jd")
    assert err.rule == "C-5" and err.reason == "Jd is not in your hand"
    play(m, "discard Qs")
    assert hand(m, 3) == ["Ac", "Ah", "9h", "As", "Ks"]
    assert state(m, 3)["discard"] == "Qs"
    assert all(state(m, seat)["discard"] is None for seat in (None, 0, 1, 2))
    assert m.to_move == 0 and legal(m) == ["drop", "stay"]


def test_be_5_dealer_orders_his_own_upcard() -> None:
    m = t_deal()
    play(m, "pass, pass, pass")
    assert m.to_move == 3 and legal(m) == ["order", "pass"]
    play(m, "order")
    assert state(m)["maker"] == 3 and m.to_move == 3
    assert legal(m) == [
        "discard 9h", "discard Ac", "discard Ah", "discard As", "discard Ks", "discard Qs"
    ]  # fmt: skip
    play(m, "discard Ah")  # any card, the upcard itself included
    assert state(m, 0)["picked_up"] == "Ah"  # nobody else knows it was discarded
    seen = []
    while state(m)["phase"] == "decide":
        seen.append(m.to_move)
        play(m, "stay")
    assert seen == [0, 1, 2]  # the maker does not decide
    assert m.to_move == 0 and legal(m) == ["play 9s", "play Jd", "play Kc", "play Qd", "play Ts"]


def test_be_5_refusals_while_ordering() -> None:
    m = t_deal()
    assert refused(m, "trump d").rule == "BE-6"
    assert refused(m, "stay").rule == "BE-8"
    assert refused(m, "play Jd").rule == "BE-10"
    assert refused(m, "discard Jd").rule == "BE-5"


# -- BE-6 ---------------------------------------------------------------------------------
def test_be_6_naming_any_suit_but_the_turned_down_one() -> None:
    m = t_deal()
    play(m, "pass, pass, pass, pass")
    view = state(m, 1)
    assert (view["phase"], view["upcard"], view["turned_down"], view["picked_up"]) == (
        "name", None, "Ah", None
    )  # fmt: skip
    assert view["hand_sizes"] == [5, 5, 5, 5] and view["passed"] == []
    assert m.to_move == 0 and legal(m) == ["pass", "trump c", "trump d", "trump s"]
    err = refused(m, "trump h")
    assert err.rule == "BE-6" and err.reason == "Hearts were turned down: name another suit or pass"
    assert refused(m, "order").rule == "BE-5"
    play(m, "pass")
    assert state(m)["passed"] == [0]
    play(m, "trump s")
    view = state(m)
    assert (view["trump"], view["maker"], view["phase"]) == ("s", 1, "decide")
    order = []
    while state(m)["phase"] == "decide":
        order.append(m.to_move)
        assert legal(m) == ["drop", "stay"]
        play(m, "stay")
    assert order == [0, 2, 3]
    assert m.to_move == 0


# -- BE-7 ---------------------------------------------------------------------------------
def test_be_7_no_trump_with_drop_outs() -> None:
    m = deal(3, NT_HANDS, NT_UP, NT_KITTY)
    play(m, "pass, pass, pass, pass, pass, pass, pass")
    assert m.to_move == 3 and legal(m) == ["pass", "trump c", "trump d", "trump s"]
    play(m, "pass")
    view = state(m)
    assert (view["trump"], view["maker"], view["phase"]) == ("none", None, "decide")
    assert m.to_move == 0
    play(m, "drop, stay, drop")
    assert m.to_move == 3 and legal(m) == ["drop", "stay"]  # the dealer decides too
    play(m, "stay")
    assert m.to_move == 1  # seat 0 dropped, so seat 1 leads
    play(m, "play Jc")
    assert m.to_move == 3 and legal(m) == ["play 9c"]
    play(m, "play 9c, play Ad")
    assert legal(m) == ["play Jd", "play Qd"]  # no bowers: Jd is a plain diamond
    play(m, "play Jd, play Kd, play Qd, play 9h, play Ah, play Js")
    assert legal(m) == ["play Th"]
    play(m, "play Th")
    assert m.hand_scores == {
        "tricks": [0, -3, 0, -2],
        "euchred": [0, 0, 0, 0],
        "total": [0, -3, 0, -2],
    }
    assert m.scores == [25, 22, 25, 23]


def test_be_7_no_trump_stayer_without_a_trick_is_euchred() -> None:
    m = deal(3, NT_HANDS, NT_UP, NT_KITTY)
    play(m, "pass, pass, pass, pass, pass, pass, pass, pass, stay, stay, drop, drop")
    assert m.to_move == 0
    play(m, "play Ac, play Jc, play Kc, play Ad, play Qc, play Kd, play Tc, play 9h")
    play(m, "play As, play Th")  # seat 0 takes all five tricks
    assert m.hand_scores == {
        "tricks": [-5, 0, 0, 0],
        "euchred": [0, 5, 0, 0],
        "total": [-5, 5, 0, 0],
    }
    assert m.is_over and m.winner == 0  # BE-13


# -- BE-8 ---------------------------------------------------------------------------------
def test_be_8_everyone_but_the_maker_stays_or_drops_in_turn() -> None:
    m = t_deal()
    play(m, "pass, order, discard Qs")
    assert m.to_move == 0 and legal(m) == ["drop", "stay"]
    play(m, "drop")
    assert (state(m, 2)["dropped"], state(m, 2)["stayed"]) == ([0], [])
    assert m.to_move == 2 and legal(m) == ["drop", "stay"]  # seat 1, the maker, is skipped
    play(m, "stay")
    assert m.to_move == 3 and legal(m) == ["drop", "stay"]
    play(m, "stay")
    view = state(m)
    assert (view["phase"], view["stayed"], view["dropped"]) == ("play", [2, 3], [0])
    assert view["hand_sizes"] == [0, 5, 5, 5]
    # the dropped player's cards are set aside: only that player still sees them
    own = state(m, 0)
    assert own["hand"] == [] and own["set_aside"] == ["Kc", "Jd", "Qd", "9s", "Ts"]
    for other in (None, 1, 2, 3):
        assert set(parse_cards("Kc Jd Qd 9s Ts")) <= set(m.rules.hidden(m.state, other))
    assert not set(parse_cards("Kc Jd Qd 9s Ts")) & set(m.rules.hidden(m.state, 0))


def test_be_8_dropped_player_is_skipped_and_scores_nothing() -> None:
    m = deal(3, M_HANDS, M_UP, M_KITTY)
    play(m, "order, discard Js, stay, stay, drop")  # the dealer drops after picking up
    assert state(m)["picked_up"] == "9d"
    turns = []
    for action in ("play Jd", "play Tc", "play 9s", "play Jh"):
        turns.append(m.to_move)
        play(m, action)
    assert turns == [0, 1, 2, 0]
    play(m, "play Qc, play Ts, play Ad, play Kc, play Qs, play 9c, play Ac, play Ks")
    play(m, "play Qh, play Kh, play 9h")
    assert m.hand_scores is not None and m.hand_scores["total"][3] == 0


# -- BE-9 ---------------------------------------------------------------------------------
def test_be_9_everyone_else_drops_hand_not_played() -> None:
    m = t_deal()
    play(m, "pass, order, discard Qs, drop, drop, drop")
    assert m.hand_scores == {
        "tricks": [0, -5, 0, 0],
        "euchred": [0, 0, 0, 0],
        "total": [0, -5, 0, 0],
    }
    assert m.scores == [25, 20, 25, 25]
    assert m.winner is None and m.hand_number == 2 and m.dealer == 0
    assert m.hands[0].settlement is not None
    assert m.hands[0].settlement.notes == [
        "Everyone else dropped: seat 1 is credited with 5 tricks (BE-9)"
    ]


def test_be_9_credit_is_not_a_five_trick_win_but_can_reach_zero() -> None:
    m = t_deal(start=6)
    play(m, "pass, order, discard Qs, drop, drop, drop")
    assert m.scores == [6, 1, 6, 6] and not m.is_over  # credited 5 tricks, no BE-13 win
    m = t_deal(start=5)
    play(m, "pass, order, discard Qs, drop, drop, drop")
    assert m.scores == [5, 0, 5, 5] and m.winner == 1  # BE-12: exactly 0 wins


def test_be_9_no_trump_one_stayer_is_credited() -> None:
    m = deal(3, NT_HANDS, NT_UP, NT_KITTY)
    play(m, "pass, pass, pass, pass, pass, pass, pass, pass, drop, drop, stay, drop")
    assert m.hand_scores == {
        "tricks": [0, 0, -5, 0],
        "euchred": [0, 0, 0, 0],
        "total": [0, 0, -5, 0],
    }


def test_be_9_nobody_remains_nobody_scores() -> None:
    m = deal(3, NT_HANDS, NT_UP, NT_KITTY)
    play(m, "pass, pass, pass, pass, pass, pass, pass, pass, drop, drop, drop, drop")
    assert m.hand_scores == {"tricks": [0, 0, 0, 0], "euchred": [0, 0, 0, 0], "total": [0, 0, 0, 0]}
    assert m.scores == [25, 25, 25, 25] and m.hand_number == 2 and m.dealer == 0


# -- BE-10 --------------------------------------------------------------------------------
def t_playing() -> Match:
    """Scenario T after the bidding: seat 1 made hearts, everyone stayed, seat 0 leads."""
    m = t_deal()
    play(m, "pass, order, discard Qs, stay, stay, stay")
    return m


def test_be_10_follow_suit_and_the_winner_leads() -> None:
    m = t_playing()
    assert m.to_move == 0 and legal(m) == ["play 9s", "play Jd", "play Kc", "play Qd", "play Ts"]
    play(m, "play 9s")
    assert legal(m) == ["play 9c", "play Jh", "play Kh", "play Qc", "play Tc"]  # no spade
    play(m, "play 9c, play Th")
    assert legal(m) == ["play As", "play Ks"]
    err = refused(m, "play 9h")
    assert (err.rule, err.reason) == ("BE-10", "You must follow suit: you have a spade")
    err = refused(m, "play Jd")
    assert (err.rule, err.reason) == ("C-5", "Jd is not in your hand")
    play(m, "play As")
    assert m.to_move == 2  # the trump won, and its player leads
    assert state(m)["tricks_won"] == [0, 0, 1, 0]


def test_be_10_left_bower_must_follow_trump() -> None:
    m = t_playing()
    play(m, "play 9s, play 9c, play Th, play As, play Qh")
    assert legal(m) == ["play 9h", "play Ah"]
    play(m, "play Ah")
    assert legal(m) == ["play Jd"]  # seat 0's only trump is the left bower
    err = refused(m, "play Qd")
    assert (err.rule, err.reason) == ("BE-10", "You must follow suit: you have a trump")


def test_be_10_left_bower_may_not_follow_its_own_suit() -> None:
    m = t_playing()
    play(m, "play 9s, play 9c, play Th, play As, play Ad")
    assert legal(m) == ["play 9h", "play Ac", "play Ah", "play Ks"]  # no diamond
    play(m, "play Ac")
    assert legal(m) == ["play Qd"]  # Jd is a heart now, so Qd is seat 0's only diamond
    err = refused(m, "play Jd")
    assert err.rule == "BE-10"
    assert err.reason == "You must follow suit: you have a diamond (Jd, the left bower, is a trump)"
    play(m, "play Qd")
    assert legal(m) == ["play Jh", "play Kh", "play Qc", "play Tc"]
    play(m, "play Tc, play Kd, play Ks")
    assert legal(m) == ["play Jd", "play Kc", "play Ts"]  # no diamond left but the left bower


def test_be_10_left_bower_led_calls_for_trump() -> None:
    m = deal(3, M_HANDS, M_UP, M_KITTY)
    play(m, "order, discard Js, stay, stay, drop, play Jd, play Tc, play 9s, play Jh")
    assert legal(m) == ["play Ac", "play Kc", "play Qc", "play Qh"]  # no diamond: any card
    play(m, "play Qc")
    assert legal(m) == ["play Kh", "play Ks", "play Qs", "play Ts"]


def test_be_10_first_lead_passes_to_next_player_still_in() -> None:
    m = t_deal()
    play(m, "pass, order, discard Qs, drop, stay, stay")
    assert m.to_move == 1 and state(m)["leader"] == 1
    m = deal(3, NT_HANDS, NT_UP, NT_KITTY)
    play(m, "pass, pass, pass, pass, pass, pass, pass, pass, drop, drop, stay, stay")
    assert m.to_move == 2
    play(m, "play 9s")
    assert m.to_move == 3 and legal(m) == ["play Js"]
    play(m, "play Js")
    assert m.to_move == 3  # the winner leads; seats 0 and 1 are out
    assert state(m)["last_trick"] == {"leader": 2, "winner": 3, "cards": [None, None, "9s", "Js"]}


# -- BE-11 --------------------------------------------------------------------------------
def test_be_11_maker_euchred_and_stayer_without_a_trick() -> None:
    m = t_playing()
    play(m, "play 9s, play 9c, play Th, play As")  # seat 2 trumps
    play(m, "play Qh, play Ah, play Jd, play Jh")  # seat 1's right bower
    play(m, "play Kh, play 9d, play 9h, play Kc")  # seat 1 again
    play(m, "play Tc, play Kd, play Ac, play Ts")  # seat 3's ace
    play(m, "play Ks, play Qd, play Qc, play Ad")  # seat 3's king
    # seat 1 made hearts with 2 tricks and seat 0 took none: both add 5
    assert m.hand_scores == {
        "tricks": [0, 0, -1, -2],
        "euchred": [5, 5, 0, 0],
        "total": [5, 5, -1, -2],
    }
    assert m.scores == [30, 30, 24, 23]


def test_be_11_maker_with_three_tricks_and_dropped_player() -> None:
    m = deal(3, M_HANDS, M_UP, M_KITTY)
    play(m, "order, discard Js, stay, stay, drop")
    play(m, "play Jd, play Tc, play 9s, play Jh, play Qc, play Ts, play Ad, play Kc, play Qs")
    play(m, "play 9c")
    assert legal(m) == ["play Ac"]
    play(m, "play Ac, play Ks, play Qh, play Kh, play 9h")
    assert m.hand_scores == {
        "tricks": [-3, -1, -1, 0],
        "euchred": [0, 0, 0, 0],
        "total": [-3, -1, -1, 0],
    }
    assert m.scores == [22, 24, 24, 25]


def test_be_11_start_option() -> None:
    assert Match("buck-euchre", seed=1, start=10).scores == [10, 10, 10, 10]
    with pytest.raises(OptionError):
        Match("buck-euchre", seed=1, start=0)


# -- BE-12 --------------------------------------------------------------------------------
M_FULL = (
    "order, discard Js, stay, stay, drop, play Jd, play Tc, play 9s, play Jh, play Qc, play Ts, "
    "play Ad, play Kc, play Qs, play 9c, play Ac, play Ks, play Qh, play Kh, play 9h"
)


def test_be_12_several_reach_zero_lowest_wins() -> None:
    m = deal(3, M_HANDS, M_UP, M_KITTY, start=1)
    play(m, M_FULL)
    assert m.scores == [-2, 0, 0, 1]
    assert m.is_over and m.winner == 0 and m.to_move is None and m.legal_actions() == []


def test_be_12_reaching_exactly_zero_wins() -> None:
    m = deal(3, M_HANDS, M_UP, M_KITTY, start=3)
    play(m, M_FULL)
    assert m.scores == [0, 2, 2, 3] and m.winner == 0


def test_be_12_tie_for_lowest_plays_another_hand() -> None:
    decks = [
        stack(3, C_HANDS, C_UP, C_KITTY),
        stack(0, NT_HANDS, NT_UP, NT_KITTY),
        stack(1, T_HANDS, T_UP, T_KITTY),
    ]
    m = Match("buck-euchre", seed=0, dealer=3, deck=decks, start=1)
    play(m, C_PLAY)
    assert m.scores == [-1, -1, 0, 6] and m.winner is None
    assert m.hands[0].settlement is not None
    assert m.hands[0].settlement.notes == [
        "Seats 0 and 1 tie for the lowest score, -1: another hand (BE-12)"
    ]
    assert m.hand_number == 2 and m.dealer == 0 and m.to_move == 1
    play(m, "pass, pass, pass, pass, pass, pass, pass, pass, drop, drop, drop, drop")
    assert m.scores == [-1, -1, 0, 6] and m.winner is None and m.hand_number == 3  # still tied
    play(m, "order, discard 9c, drop, drop, drop")  # seat 2 is credited 5 tricks
    assert m.scores == [-1, -1, -5, 6] and m.winner == 2


# -- BE-13 --------------------------------------------------------------------------------
def test_be_13_all_five_tricks_win_at_once() -> None:
    m = Match(
        "buck-euchre",
        seed=0,
        dealer=3,
        deck=[stack(3, C_HANDS, C_UP, C_KITTY), stack(0, F_HANDS, F_UP, F_KITTY)],
        start=1,
    )
    play(m, C_PLAY)
    assert m.scores == [-1, -1, 0, 6] and not m.is_over  # seats 0 and 1 tie at -1
    play(m, F_PLAY)
    assert m.hand_scores == {
        "tricks": [0, 0, 0, -5],
        "euchred": [0, 0, 5, 0],
        "total": [0, 0, 5, -5],
    }
    # seat 3 takes every trick and wins, though seats 0 and 1 are lower
    assert m.scores == [-1, -1, 5, 1] and m.winner == 3


def test_be_13_option_off() -> None:
    m = Match(
        "buck-euchre",
        seed=0,
        dealer=3,
        deck=[stack(3, C_HANDS, C_UP, C_KITTY), stack(0, F_HANDS, F_UP, F_KITTY)],
        start=1,
        five_tricks_win=False,
    )
    play(m, C_PLAY + ", " + F_PLAY)
    assert m.scores == [-1, -1, 5, 1] and m.winner is None and m.hand_number == 3


def test_be_13_from_the_start_of_a_match() -> None:
    m = Match("buck-euchre", seed=0, dealer=0, deck=stack(0, F_HANDS, F_UP, F_KITTY))
    play(m, F_PLAY)
    assert m.scores == [25, 25, 30, 20] and m.winner == 3


def test_deck_constant_matches_the_rules() -> None:
    assert Match("buck-euchre", seed=1).rules.deck() == DECK
