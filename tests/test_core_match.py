"""The Match API, stacked decks, records and errors, on a tiny test game
(tests/support/toygame.py)."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import cardtable
from cardtable import IllegalActionError, Match, NotationError, OptionError, RecordError
from cardtable.core.invariants import InvariantError, check_state, random_match
from tests.support import toygame  # noqa: F401  (registers toy-high-card)
from tests.support.views import last_hand

TOY = "toy-high-card"


def test_c3_stacked_deck_deals_top_first_and_rest_follow_seeded() -> None:
    m = Match(TOY, seed=5, dealer=1, deck="Ac 2d 3c 4d")
    # C-3: seat 0 (after dealer 1) receives the 1st and 3rd cards.
    assert m.view(0)["state"]["hand"] == ["Ac", "3c"]
    assert m.view(1)["state"]["hand"] == ["2d", "4d"]
    assert m.to_move == 0
    assert m.legal_actions() == [m.parse_action("play 3c"), m.parse_action("play Ac")]
    other = Match(TOY, seed=5, dealer=1, deck="Ac 2d 3c 4d")
    assert other.hands[0].deck == m.hands[0].deck


def test_c3_same_seed_same_match() -> None:
    a, b = random_match(TOY, seed=11), random_match(TOY, seed=11)
    assert a.record() == b.record()
    assert random_match(TOY, seed=12).record() != a.record()


def test_c4_first_dealer_from_seed_or_given() -> None:
    dealers = {Match(TOY, seed=s).dealer for s in range(30)}
    assert dealers == {0, 1}
    assert Match(TOY, seed=1, dealer=0).dealer == 0


def test_c5_illegal_action_refused_and_match_unchanged() -> None:
    m = Match(TOY, seed=5, dealer=1, deck="Ac 2d 3c 4d")
    before = json.dumps(m.record())
    with pytest.raises(IllegalActionError) as e:
        m.play("play 2d")
    assert e.value.rule == "C-5" and "not in your hand" in str(e.value)
    assert isinstance(e.value, ValueError)
    with pytest.raises(NotationError) as n:
        m.play("play 1x")
    assert "not a card" in str(n.value)
    with pytest.raises(NotationError):
        m.play("shuffle")
    assert json.dumps(m.record()) == before and m.to_move == 0


def test_c4_hands_follow_and_match_ends() -> None:
    m = Match(TOY, seed=3, dealer=1, deck=["Ac 2d 3c 4d", "4c 3d 2c Ad"], target=3)
    for text in ["play 3c", "play 4d", "play 2d", "play Ac"]:
        m.play(text)
    # seat 1 took both tricks: 4 beats 3, then 2 beats A.
    assert m.scores == [0, 2] and m.hand_scores == {"tricks": [0, 2], "total": [0, 2]}
    assert m.hand_number == 2 and m.dealer == 0 and m.to_move == 1
    assert m.view(1)["state"]["hand"] == ["2c", "4c"]
    assert last_hand(m, 0)["number"] == 1
    assert m.view(None)["history"] == [
        {"number": 1, "breakdown": {"tricks": [0, 2], "total": [0, 2]}, "scores": [0, 2]}
    ]
    m.play("play 4c")
    m.play("play 3d")  # 4 beats 3: seat 1 now has 3 and wins
    m.play("play 2c")
    m.play("play Ad")
    assert m.is_over and m.winner == 1 and m.to_move is None and m.scores == [0, 4]
    assert m.legal_actions() == []
    with pytest.raises(IllegalActionError) as e:
        m.play("play 2c")
    assert e.value.rule == "C-4"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "poker"}, "unknown game 'poker'"),
        ({"game": TOY, "players": 5}, "is played by 2 players, not 5"),
        ({"game": TOY, "target": 0}, "option target must be at least 1"),
        ({"game": TOY, "target": "many"}, "option target must be a whole number"),
        ({"game": TOY, "colour": "red"}, "has no option 'colour'"),
    ],
)
def test_bad_options_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        Match(**kwargs)


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ("Ac Ac", "card Ac \\(number 2\\) appears too often"),
        ("Ac 5h", "card 5h \\(number 2\\) is not in"),
        ("Ac zz", "not a card"),
    ],
)
def test_bad_stacked_deck_is_refused(deck: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Match(TOY, seed=1, deck=deck)


def test_game_id_is_lenient() -> None:
    assert Match("Toy_High_Card", seed=1).game_id == TOY
    assert TOY in cardtable.game_ids()


def test_record_replays_exactly_through_json() -> None:
    m = random_match(TOY, seed=21)
    r = json.loads(json.dumps(m.record()))
    again = Match.from_record(r)
    assert again.record() == m.record()
    assert again.scores == m.scores and again.winner == m.winner


def test_record_replays_an_unfinished_match() -> None:
    m = Match(TOY, seed=2)
    m.play(m.legal_actions()[0])
    again = Match.from_record(m.record())
    assert again.record() == m.record() and again.to_move == m.to_move


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.pop("game"), "field 'game'"),
        (lambda r: r.update(format="other"), "not a cardtable record"),
        (lambda r: r.update(version=99), "unsupported record version"),
        (lambda r: r.update(hands=[]), "no hands"),
        (lambda r: r["hands"][0].update(actions="play Ac"), "list of action strings"),
        (lambda r: r["hands"][0].update(deck="Ac Ac"), "appears too often"),
        (lambda r: r["hands"][0]["actions"].__setitem__(0, "play 9h"), "hand 1, action 1"),
        (lambda r: r.update(scores=[99, 99]), "replays to scores"),
        (lambda r: r["hands"][0].update(dealer=1 - r["hands"][0]["dealer"]), "dealer"),
    ],
)
def test_malformed_record_is_rejected(mutate: object, message: str) -> None:
    r = copy.deepcopy(random_match(TOY, seed=4).record())
    mutate(r)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message):
        Match.from_record(r)
    with pytest.raises(RecordError, match="JSON object"):
        Match.from_record([1, 2])


def test_c6_leak_check_catches_a_leaking_view() -> None:
    check_state(Match(TOY, seed=1))
    with pytest.raises(InvariantError, match="shows hidden cards"):
        check_state(Match(TOY, seed=1, leak=True))


def test_c6_leak_check_reads_each_finished_hand_once() -> None:
    """The history is not re-read at every step: its newest entry must be the last hand's,
    which is checked (once) against what was hidden at that hand's end."""
    m = Match(TOY, seed=2)
    while m.hand_number < 2:
        m.play(m.legal_actions()[0])
    check_state(m)  # the last hand's views are now cached by the match: one is altered there
    leak = {"total": [0, 0], "taken": "Ac Kd"}  # a hidden card named where none belongs
    m._last_views[(1, None)]["breakdown"] = leak  # type: ignore[typeddict-item]
    with pytest.raises(InvariantError, match="history's last hand"):
        check_state(m)


def test_c6_seat_view_shows_own_hand_only() -> None:
    m = Match(TOY, seed=5, dealer=1, deck="Ac 2d 3c 4d")
    assert m.view(None)["state"]["hand"] == []
    assert m.view(0)["legal_actions"] == ["play 3c", "play Ac"]
    assert m.view(1)["legal_actions"] == []
    with pytest.raises(ValueError, match="seat must be"):
        m.view(2)


def test_random_playouts_hold_invariants() -> None:
    for seed in range(200):
        random_match(TOY, seed=seed)


def test_record_replays_up_to_a_point() -> None:
    m = random_match(TOY, seed=8)
    for n in (0, 1, 3, m.action_count):
        part = Match.from_record(m.record(), upto=n)
        assert part.action_count == n
        flat = [a for h in m.record()["hands"] for a in h["actions"]]
        assert [a for h in part.record()["hands"] for a in h["actions"]] == flat[:n]


@pytest.mark.parametrize("game", ["royal-casino", "buck-euchre", "rummy-500", "queen-city-rum"])
def test_a_copied_or_pickled_match_plays_on_as_the_original(game: str) -> None:
    """A copy is the record replayed (``Match`` is compiled: no ``__dict__`` to copy), so it
    goes on exactly as the original, dealing the next hands from the same seed (C-3)."""
    m = Match(game, seed=3)
    for _ in range(30):
        m.play(m.legal_actions()[0])
    twins = [copy.deepcopy(m), pickle.loads(pickle.dumps(m))]
    for step in range(200):
        for match in [m, *twins]:
            if not match.is_over:
                legal = match.legal_actions()
                match.play(legal[step % len(legal)])
    assert twins[0].record() == twins[1].record() == m.record()


@pytest.mark.parametrize("game", ["royal-casino", "buck-euchre", "rummy-500", "queen-city-rum"])
@pytest.mark.parametrize("seed", [7, "os"])
def test_a_fork_stands_where_the_match_stands_and_plays_on_alone(game: str, seed: object) -> None:
    """``fork`` copies a match without replaying it: the same views, the same next deals (its
    random source where the match's is; a stacked or recorded deck as the match's), and
    playing on the fork leaves the match as it was."""
    import random

    played = Match(game, seed=seed)
    choose = random.Random(3)
    while not played.is_over:
        played.play(choose.choice(played.legal_actions()))
    record = played.record()
    actions = [a for hand in record["hands"] for a in hand["actions"]]
    for at in (0, len(actions) // 3, len(actions) - 1):
        if seed == "os":  # its decks are only in the record
            m = Match.from_record(record, upto=at)
        else:  # dealt from its seed as it goes
            m = Match(game, seed=seed)
            for text in actions[:at]:
                m.play(text)
        before = [m.view(s) for s in range(m.players)]
        fork = m.fork()
        assert [fork.view(s) for s in range(m.players)] == before and fork.action_count == at
        for text in actions[at:]:
            fork.play(text)
        assert fork.record() == record  # (a seeded fork dealt the later hands from its seed)
        assert [m.view(s) for s in range(m.players)] == before and m.action_count == at
