"""Royal Casino over many random matches (RC-1 … RC-23 together): the invariants of every step
(cards in one place, sorted unique legal lists, views that leak nothing, records that replay),
and the views, zones and hidden cards of a known position."""

from __future__ import annotations

import json
import random

import pytest

from cardtable import Match
from cardtable.core.invariants import check_determinize, check_scores, random_match
from cardtable.games.royal_casino import RoyalCasino
from cardtable.games.royal_casino.values import VALUE_CARDS
from tests.support.royal_casino import deal, play

# 1,020 whole matches: 2, 3 and 4 players, with the options varied on some of them
CHUNKS = [(players, start) for players in (2, 3, 4) for start in range(0, 340, 68)]


@pytest.mark.parametrize(("players", "start"), CHUNKS)
def test_rc_random_matches_keep_every_invariant(players: int, start: int) -> None:
    for seed in range(start, start + 68):
        options: dict[str, bool] = {}
        if seed % 17 == 1:
            options["sweeps"] = False
        if seed % 13 == 2 and players == 4:
            options["partner_may_raise"] = True
        m = random_match("royal-casino", seed=seed, players=players, **options)
        assert m.is_over and m.winner is not None
        check_scores(m)
        assert isinstance(m.rules, RoyalCasino)
        top, target = max(m.scores), m.rules.target
        if m.hands[-1].final.near[m.winner]:  # RC-23: won on its near-21 item
            assert m.scores[m.winner] == target
        else:  # the one highest total at or above the target
            assert m.scores[m.winner] == top >= target and m.scores.count(top) == 1


def test_rc_view_of_a_known_position() -> None:
    m = deal(1, ["3c 8c 8d Kc", "6h 8h 7c Jd"], "5c 2s 4h Qd")
    play(m, "build 3c: 5c =8, capture 6h: 4h 2s")
    seat0 = m.view(0)["state"]
    assert seat0 == {
        "hand": ["8c", "Kc", "8d"],
        "hand_sizes": [3, 3],
        "loose": ["Qd"],
        "builds": [{"cards": ["3c", "5c"], "value": 8, "owner": 0, "kind": "single"}],
        "piles": None,  # face down (RC-24): known from the captures made
        "pile_sizes": [0, 3],
        "pile_spades": None,
        "sweeps": [0, 0],
        "sweep_cards": [[], []],
        "captures": [{"seat": 1, "card": "6h", "cards": ["4h", "2s"], "sweep": False}],
        "stock": 40,
        "deal": 1,
        "deals": 6,
        "dealer": 1,
        "to_move": 0,
        "last_capture": 1,
        "must_trail": False,
        "near_21": [None, None],
    }
    spectator = m.view(None)["state"]
    assert spectator["hand"] is None and spectator["loose"] == seat0["loose"]
    assert m.view(1)["state"]["hand"] == ["7c", "Jd", "8h"]
    text = json.dumps(m.view(None))
    assert all(f'"{c}"' not in text for c in ["8c", "8d", "Kc", "8h", "7c", "Jd"])
    hidden = set(m.rules.hidden(m.state, 0))
    assert {c for c in m.rules.zones(m.state)["hand 1"]} <= hidden
    assert not hidden & set(m.rules.zones(m.state)["hand 0"])
    assert len(hidden) == 3 + 40


def test_rc_zones_hold_every_card_once() -> None:
    m = deal(1, ["3c 8c 8d Kc", "6h 8h 7c Jd"], "5c 2s 4h Qd")
    play(m, "build 3c: 5c =8, capture 6h: 4h 2s")
    zones = m.rules.zones(m.state)
    assert sorted(zones) == ["hand 0", "hand 1", "pile 0", "pile 1", "stock", "table"]
    assert sorted(c for cards in zones.values() for c in cards) == list(range(52))
    assert len(zones["table"]) == 3 and len(zones["stock"]) == 40


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rc_sampled_worlds_show_each_seat_its_own_view(players: int) -> None:
    owners = 0
    for seed in range(15):
        rng = random.Random(seed)
        m = Match("royal-casino", players=players, seed=seed)
        while not m.is_over:
            if rng.random() < 0.1:
                check_determinize(m, rng)
                owners += bool(m.state.builds)
                for seat in range(players):  # RC-13 holds in every sampled world, so
                    world = m.rules.determinize(m.rules.view(m.state, seat), seat, rng)
                    for b in world.builds:  # each one plays out to the end of the hand
                        assert world.hands[b.owner] & VALUE_CARDS[b.value]
                    while m.rules.to_move(world) is not None:
                        world = m.rules.apply(world, rng.choice(m.rules.legal_actions(world)))
            m.play(rng.choice(m.legal_actions()))
    assert owners >= 5


def test_rc_four_players_partnership_match() -> None:
    m = random_match("royal-casino", seed=5, players=4)
    assert len(m.scores) == 2 and m.record()["players"] == 4
    replay = Match.from_record(json.loads(json.dumps(m.record())))
    assert replay.scores == m.scores and replay.winner == m.winner
