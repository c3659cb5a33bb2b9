"""What each seat sees of a Buck Euchre hand (C-6 and the brief's list): its own hand, the
upcard while up, the dealer's pick-up, trump, maker, who passed, stayed or dropped, the trick
by seat, the last trick, tricks won; never the discard (but to the dealer), the kitty, or a
dropped player's cards (but to that player)."""

from __future__ import annotations

import json

from cardtable import Match, parse_cards
from tests.support.buck_euchre import deal, play
from tests.support.views import last_hand

HANDS = ["Jd Qd 9s Ts Kc", "Jh Kh 9c Tc Qc", "Qh Th Ad Kd 9d", "9h Ac As Ks Qs"]
UP, KITTY = "Ah", "Jc Td Js"
NOTHING_YET = {
    "upcard": None, "turned_down": None, "picked_up": None, "trump": None, "maker": None,
    "passed": [], "stayed": [], "dropped": [], "hand_sizes": [5, 5, 5, 5], "leader": None,
    "trick": [None, None, None, None], "last_trick": None, "tricks_won": [0, 0, 0, 0],
    "hand": None, "set_aside": None, "discard": None,
}  # fmt: skip


def view(m: Match, seat: int | None) -> dict[str, object]:
    v = m.view(seat)["state"]
    assert isinstance(v, dict)
    json.dumps(v)
    return v


def hidden(m: Match, seat: int | None) -> list[int]:
    return m.rules.hidden(m.state, seat)


def test_views_while_ordering() -> None:
    m = deal(3, HANDS, UP, KITTY)
    play(m, "pass")
    assert view(m, None) == {
        **NOTHING_YET, "phase": "order", "dealer": 3, "upcard": "Ah", "passed": [0]
    }  # fmt: skip
    assert view(m, 1) == {
        **NOTHING_YET, "phase": "order", "dealer": 3, "upcard": "Ah", "passed": [0],
        "hand": ["9c", "Tc", "Qc", "Jh", "Kh"], "set_aside": [],
    }  # fmt: skip
    assert hidden(m, 1) == sorted(
        parse_cards("Jd Qd 9s Ts Kc Qh Th Ad Kd 9d 9h Ac As Ks Qs " + KITTY)
    )
    assert hidden(m, None) == sorted(set(range(52)) & set(m.rules.deck()) - {parse_cards(UP)[0]})


def test_views_of_the_pick_up_and_the_discard() -> None:
    m = deal(3, HANDS, UP, KITTY)
    play(m, "pass, order")
    base = {**NOTHING_YET, "phase": "discard", "dealer": 3, "picked_up": "Ah", "trump": "h",
            "maker": 1, "hand_sizes": [5, 5, 5, 6]}  # fmt: skip
    assert view(m, None) == base
    assert view(m, 3) == {**base, "hand": ["Ac", "Ah", "9h", "As", "Qs", "Ks"], "set_aside": []}
    ah = parse_cards("Ah")[0]
    assert ah not in hidden(m, 0)  # everyone saw the dealer take it
    play(m, "discard Qs")
    assert view(m, 3)["discard"] == "Qs"
    assert [view(m, seat)["discard"] for seat in (None, 0, 1, 2)] == [None] * 4
    qs = parse_cards("Qs")[0]
    assert qs not in hidden(m, 3) and all(qs in hidden(m, seat) for seat in (None, 0, 1, 2))
    assert all(
        card in hidden(m, seat) for seat in (None, 0, 1, 2, 3) for card in parse_cards(KITTY)
    )


def test_views_when_the_dealer_discards_the_upcard() -> None:
    m = deal(3, HANDS, UP, KITTY)
    play(m, "pass, order, discard Ah")
    assert view(m, 0)["picked_up"] == "Ah"  # the others cannot tell it was discarded
    assert view(m, 3)["discard"] == "Ah"
    assert parse_cards("Ah")[0] not in hidden(m, 0)


def test_views_of_drops_and_tricks() -> None:
    m = deal(3, HANDS, UP, KITTY)
    play(m, "pass, order, discard Qs, drop, stay, stay, play Jh, play Qh, play 9h")
    assert m.rules.zones(m.state) == {
        "set aside 0": parse_cards("Kc Jd Qd 9s Ts"),
        "hand 1": parse_cards("9c Tc Qc Kh"),
        "hand 2": sorted(parse_cards("Ad Kd 9d Th")),
        "hand 3": parse_cards("Ac Ah As Ks"),
        "upcard": [], "turned down": [], "kitty": sorted(parse_cards(KITTY)),
        "discard": parse_cards("Qs"), "trick": [], "won 0": [],
        "won 1": sorted(parse_cards("Jh Qh 9h")), "won 2": [], "won 3": [],
    }  # fmt: skip
    play(m, "play Kh, play Th")
    assert view(m, 2) == {
        **NOTHING_YET, "phase": "play", "dealer": 3, "picked_up": "Ah", "trump": "h",
        "maker": 1, "stayed": [2, 3], "dropped": [0], "hand_sizes": [0, 3, 3, 4],
        "leader": 1, "trick": [None, "Kh", "Th", None],
        "last_trick": {"leader": 1, "winner": 1, "cards": [None, "Jh", "Qh", "9h"]},
        "tricks_won": [0, 1, 0, 0], "hand": ["Ad", "9d", "Kd"], "set_aside": [],
    }  # fmt: skip
    assert view(m, 0)["hand"] == [] and view(m, 0)["set_aside"] == ["Kc", "Jd", "Qd", "9s", "Ts"]
    play(m, "play Ah")
    assert view(m, 1)["picked_up"] is None and view(m, 1)["last_trick"]["cards"] == [  # type: ignore[index]
        None, "Kh", "Th", "Ah"
    ]  # fmt: skip


def test_view_of_a_finished_hand() -> None:
    m = deal(3, HANDS, UP, KITTY)
    play(m, "pass, order, discard Qs, stay, stay, stay, play 9s, play 9c, play Th, play As")
    play(m, "play Qh, play Ah, play Jd, play Jh, play Kh, play 9d, play 9h, play Kc")
    play(m, "play Tc, play Kd, play Ac, play Ts, play Ks, play Qd, play Qc, play Ad")
    last = last_hand(m, 0)
    assert last["number"] == 1
    assert last["breakdown"] == {
        "tricks": [0, 0, -1, -2],
        "euchred": [5, 5, 0, 0],
        "total": [5, 5, -1, -2],
    }
    assert last["state"]["phase"] == "over"
    assert last["state"]["tricks_won"] == [0, 2, 1, 2]
    assert last["state"]["last_trick"] == {
        "leader": 3,
        "winner": 3,
        "cards": ["Qd", "Qc", "Ad", "Ks"],
    }


def test_be_5_others_see_only_that_the_dealer_discarded() -> None:
    from cardtable.core.registry import rules_class

    rules = rules_class("buck-euchre").create()
    discard = rules.parse_action("discard 9c")
    assert rules.public_action(discard) == "discard"
    assert rules.public_action(rules.parse_action("play 9c")) == "play 9c"
