"""What each seat sees of a rummy hand (C-6): the public table, its own hand, the cards others
were seen taking from the discard pile, sizes only of the rest; zones, hidden cards, and the
sampled worlds of search bots (``determinize``)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from cardtable import Match, parse_cards
from cardtable.core.invariants import check_determinize
from tests.support.rummy import play, rummy_match
from tests.support.views import last_hand

R5 = "rummy-500"


def _position() -> Match:
    # seat 0 melds and discards Kc; seat 1 takes it (seen by all), lays 8h off on seat 0's meld
    m = rummy_match(R5, ["5h 6h 7h Kc Qd", "9c 9d 9s 8h Ks"], "2d", "3s 4d")
    play(m, "draw", "meld 5h 6h 7h", "discard Kc", "take Kc", "meld 9c 9d 9s", "layoff 8h on 1")
    return m


def test_rummy_view_of_a_known_position() -> None:
    m = _position()
    seat1 = m.view(1)["state"]
    assert seat1 == {
        "phase": "play",
        "dealer": 1,
        "turn": 1,
        "asked": None,
        "stock": 54 - 11 - 1,
        "discard_pile": ["2d"],
        "melds": [
            {"number": 1, "by": 0, "kind": "run", "cards": ["5h", "6h", "7h", "8h"],
             "laid_off": [{"seat": 1, "card": "8h"}]},
            {"number": 2, "by": 1, "kind": "set", "cards": ["9c", "9d", "9s"], "laid_off": []},
        ],
        "hand_sizes": [2, 2],
        "known": [[], ["Kc"]],
        "has_melded": [0, 1],
        "floating": [],
        "hand": ["Kc", "Ks"],
        "drew": "top discard",
        "must_use": [],
        "may_not_discard": "Kc",
        "went_out": None,
    }  # fmt: skip
    seat0 = m.view(0)["state"]
    assert seat0["hand"] == ["Qd", "3s"] and seat0["known"] == [[], ["Kc"]]
    spectator = m.view(None)["state"]
    assert spectator["hand"] is None
    assert {k: v for k, v in spectator.items() if k != "hand"} == {
        k: v for k, v in seat1.items() if k != "hand"
    }
    # Ks (seat 1's) and Qd 3s (seat 0's) are named nowhere in the spectator's view
    text = json.dumps(m.view(None))
    assert all(f'"{c}"' not in text for c in ("Ks", "Qd", "3s"))


def test_rummy_hidden_cards_and_zones() -> None:
    m = _position()
    rules, state = m.rules, m.state
    zones = rules.zones(state)
    assert zones["hand 0"] == parse_cards("Qd 3s") and zones["hand 1"] == parse_cards("Kc Ks")
    assert zones["meld 1"] == parse_cards("5h 6h 7h 8h") and zones["discard pile"] == [14]
    placed = Counter[int]()
    for cards in zones.values():
        placed.update(cards)
    assert placed == Counter(rules.deck())
    stock = zones["stock"]
    assert sorted(rules.hidden(state, 0)) == sorted([*stock, *parse_cards("Ks")])  # Kc is known
    assert sorted(rules.hidden(state, 1)) == sorted([*stock, *parse_cards("Qd 3s")])
    assert sorted(rules.hidden(state, None)) == sorted([*stock, *parse_cards("Qd 3s Ks")])


def test_rummy_finished_hand_lays_every_hand_down() -> None:
    m = rummy_match(R5, ["5h 6h 7h", "2c 9d Kc"], "Qs", "8h")
    play(m, "draw", "meld 5h 6h 7h 8h")
    last = last_hand(m, 1)
    assert last["state"]["known"] == [[], ["2c", "Kc", "9d"]]
    assert last["state"]["phase"] == "over" and last["state"]["went_out"] == 0
    assert sorted(m.rules.hidden(m.hands[0].final, 1)) == sorted(
        m.rules.zones(m.hands[0].final)["stock"]
    )


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        (R5, 2, {}),
        (R5, 3, {"floating": True}),
        (R5, 6, {"dead_last_discard": True}),
        ("queen-city-rum", 2, {}),
    ],
)
def test_rummy_sampled_worlds_show_the_seat_its_view(
    game: str, players: int, options: dict[str, Any]
) -> None:
    for seed in range(12):
        rng = random.Random(seed)
        m = Match(game, players=players, seed=seed, target=60, **options)
        while not m.is_over:
            check_determinize(m, rng)
            m.play(rng.choice(m.legal_actions()))
