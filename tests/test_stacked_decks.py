"""The stacked decks the rule tests are written with deal what they say (RC-3, BE-3), and a
scripted Royal Casino hand plays through with the piles it announces (tests/support/)."""

from __future__ import annotations

from cardtable import Match, cards_str, parse_cards
from tests.support import buck_euchre as be
from tests.support import royal_casino as rc
from tests.support.views import last_hand


def test_rc_stack_deals_the_hands_written() -> None:
    hands = ["Ac 2c 3c 4c", "5d 6d 7d 8d", "9h Th Jh Qh"]
    m = rc.deal(1, hands, "Ks Qs Js Ts")
    for seat in range(3):
        assert rc.state(m, seat)["hand"] == cards_str(parse_cards(hands[seat])).split()
    assert rc.state(m)["loose"] == ["Ts", "Js", "Qs", "Ks"]
    assert m.to_move == 2


def test_scripted_hand_plays_through_with_the_piles_announced() -> None:
    takes = {"Ac Ad", "Th Ts", "2c 2d", "3c 3d", "5h 5s"}
    deck, plays = rc.scripted_hand(0, takes)
    m = Match(rc.GAME, players=2, seed=0, dealer=0, deck=deck)
    rc.play_scripted_hand(m, plays[:-1])
    assert m.hand_number == 1
    m.play(plays[-1])
    assert m.hand_number == 2
    final = last_hand(m, None)["state"]
    assert final["piles"][1] == cards_str(parse_cards(" ".join(takes))).split()
    assert final["pile_sizes"] == [42, 10]


def test_be_stack_deals_the_hands_written() -> None:
    hands = ["9c Tc Jc Qc Kc", "Ac 9d Td Jd Qd", "Kd Ad 9h Th Jh", "Qh Kh Ah 9s Ts"]
    m = be.deal(2, hands, "Js", "Qs Ks As")
    for seat in range(be.SEATS):
        assert be.hand(m, seat) == cards_str(parse_cards(hands[seat])).split()
    assert m.view(0)["state"]["upcard"] == "Js"
    assert sorted(m.rules.zones(m.state)["kitty"]) == sorted(parse_cards("Qs Ks As"))
