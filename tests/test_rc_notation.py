"""Royal Casino notation (RULES.md N) and bad input: canonical text out, lenient text in, every
refusal a NotationError or an IllegalActionError naming its rule, and the match unchanged."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable import IllegalActionError, Match, NotationError
from cardtable.games.royal_casino import Build, Capture, Trail, parse_play
from tests.support.royal_casino import deal, legal


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("trail 7h", "trail 7h"),
        ("TRAIL 10h", "trail Th"),
        ("capture 9c: 4d 5s 9d", "capture 9c: 4d 9d 5s"),
        (" Capture 9C :5s, 4d ", "capture 9c: 4d 5s"),
        ("capture 9c 4d 5s", "capture 9c: 4d 5s"),
        ("build 2h: 4c 6d =12", "build 2h: 4c 6d =12"),
        ("build 2H: 6d 4C = 12", "build 2h: 4c 6d =12"),
        ("build a♥ 5♠ 9h=14", "build Ah: 9h 5s =14"),
    ],
)
def test_n_lenient_in_canonical_out(text: str, canonical: str) -> None:
    assert str(parse_play(text)) == canonical


def test_n_actions_are_values() -> None:
    assert parse_play("capture 9c: 5s 4d") == Capture(8, 1 << 16 | 1 << 43)
    assert parse_play("build 2h: 4c 6d =12") == Build(27, 1 << 3 | 1 << 18, 12)
    assert parse_play("trail 7h") == Trail(32) != Trail(33)
    assert len({parse_play("capture 9c: 4d 5s"), parse_play("capture 9c: 5s 4d")}) == 1


@pytest.mark.parametrize(
    "text",
    [
        "", "trail", "trail 7h 8h", "trail Jo", "capture 9c", "capture 9c:", "capture :4d",
        "capture 9c: 9c", "capture 9c: 4d 4d", "capture 9c 4d: 5s", "build 2h: 4c 6d",
        "build 2h: 4c =x", "build 2h: =6", "build 2h 4c =1234", "discard 7h", "pass", "7h",
        "trail 7x", "capture 9c: 4d 5z",
    ],
)  # fmt: skip
def test_n_unreadable_actions(text: str) -> None:
    with pytest.raises(NotationError):
        parse_play(text)


@given(st.text(max_size=40))
def test_n_random_text_is_read_or_refused_as_notation(text: str) -> None:
    try:
        action = parse_play(text)
    except NotationError:
        return
    assert parse_play(str(action)) == action


@given(st.text(alphabet="tracepbuildTCAKQJ0123456789hdsc:=, ", max_size=30))
def test_n_near_miss_text_is_read_or_refused_as_notation(text: str) -> None:
    try:
        action = parse_play(text)
    except NotationError:
        return
    assert parse_play(str(action)) == action


@given(
    st.integers(0, 51),
    st.sets(st.integers(0, 51), min_size=1, max_size=12),
    st.integers(0, 999),
    st.sampled_from(["trail", "capture", "build"]),
)
def test_n_every_action_round_trips(card: int, table: set[int], value: int, verb: str) -> None:
    table.discard(card)
    mask = sum(1 << c for c in table)
    if verb == "trail":
        action: Trail | Capture | Build = Trail(card)
    elif not mask:
        return
    elif verb == "capture":
        action = Capture(card, mask)
    else:
        action = Build(card, mask, value)
    text = str(action)
    assert parse_play(text) == action == parse_play(text.upper())
    assert parse_play(text.replace("T", "10").replace(" ", "  ")) == action


@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]))
def test_n_legal_actions_round_trip(seed: int, players: int) -> None:
    rng = random.Random(seed)
    m = Match("royal-casino", players=players, seed=seed)
    for _ in range(rng.randrange(40)):
        m.play(rng.choice(m.legal_actions()))
    for action in m.legal_actions():
        assert m.parse_action(str(action)) == action
        assert m.parse_action(str(action).lower()) == action


# -- bad input at the table --------------------------------------------------------------------
def test_c5_bad_input_is_refused_and_changes_nothing() -> None:
    m = deal(1, ["7h Tc 2d 5c", "Jd Js Qd Qs"], "7c 7d 3h 4s")
    before = json.dumps(m.record()), json.dumps(m.view(0)), legal(m)
    cases = {
        "trail 7s": "C-5",  # not in the hand
        "trail Jd": "C-5",  # the opponent's card
        "capture Tc: 7c 2d": "RC-5",  # 2d is in the hand, not on the table
        "build 2d: Qs =14": "RC-9",
        "trail 7h": "RC-16",
        "capture 7h: 3h 4s": "RC-6",
        "capture Tc: 7c 7d": "RC-5",
        "build 2d: 3h =6": "RC-9",
        "build 5c: 3h =8": "RC-13",
        "build 2d: 3h 4s =9": "RC-13",
    }
    for text, rule in cases.items():
        with pytest.raises(IllegalActionError) as e:
            m.play(text)
        assert e.value.rule == rule, (text, e.value)
        assert e.value.action == str(parse_play(text))
        assert str(e.value).endswith(f"({rule})")
    for text in ("trail", "capture 7h", "build 7h: 3h", "play 7h", "trail 7h 8h"):
        with pytest.raises(NotationError):
            m.play(text)
    assert (json.dumps(m.record()), json.dumps(m.view(0)), legal(m)) == before
    m.play("capture 7h: 7c 7d")
    assert m.to_move == 1


def test_c5_reasons_name_the_cards() -> None:
    m = deal(1, ["7h Tc 2d 5c", "Jd Js Qd Qs"], "7c 7d 3h 4s")
    with pytest.raises(IllegalActionError, match="7s is not in your hand"):
        m.play("trail 7s")
    with pytest.raises(IllegalActionError, match="2d is not on the table"):
        m.play("capture Tc: 7c 2d")
    with pytest.raises(IllegalActionError, match="a loose card of its rank: one of 7c 7d"):
        m.play("capture 7h: 3h 4s")
    with pytest.raises(IllegalActionError, match="keep another card of value 8"):
        m.play("build 5c: 3h =8")
