"""Rummy notation (RULES.md N): lenient reading, canonical printing, fuzzing, and bad input that
is refused with a reason and changes nothing."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import IllegalActionError, Match, NotationError
from cardtable.core.cards import CARD_NAMES
from cardtable.games.rummy.actions import parse
from tests.support.rummy import legal, play, rummy_match

R5 = "rummy-500"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("draw", "draw"),
        ("  DRAW ", "draw"),
        ("end", "end"),
        ("Pass", "pass"),
        ("take 7h", "take 7h"),
        ("take 10H", "take Th"),
        ("take 2nd jo", "take 2nd Jo"),
        ("take second Jo", "take 2nd Jo"),
        ("take 3rd 7h", "take 3rd 7h"),
        ("rummy 7♥", "rummy 7h"),
        ("discard kc", "discard Kc"),
        ("discard joker", "discard Jo"),
        ("meld 7h 5h 6h", "meld 5h 6h 7h"),
        ("MELD jo = 7h 5H 6h", "meld 5h 6h Jo=7h"),
        ("meld Jo=7s 7c Jo=7d", "meld 7c Jo=7d Jo=7s"),
        ("meld ah 2h 3h", "meld Ah 2h 3h"),
        ("layoff 8h on 2", "layoff 8h on 2"),
        ("lay off 10h on 12", "layoff Th on 12"),
        ("layoff jo=9H on meld 2", "layoff Jo=9h on 2"),
        ("layoff Jo = 9h on #3", "layoff Jo=9h on 3"),
    ],
)
def test_rummy_lenient_reading_and_canonical_text(text: str, canonical: str) -> None:
    action = parse(text)
    assert str(action) == canonical
    assert parse(canonical) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fold",
        "draw 7h",
        "take",
        "take 7h 8h",
        "take 0th 7h",
        "take 9th 7h",
        "take zz",
        "discard",
        "discard 7h 8h",
        "discard 1x",
        "meld",
        "meld Jo 5h 6h",
        "meld 5h=6h 7h",
        "meld Jo=Jo 5h 6h",
        "layoff 8h",
        "layoff 8h 2",
        "layoff 8h on two",
        "layoff 8h on 0",
        "layoff Jo on 2",
        "rummy",
    ],
)
def test_rummy_unreadable_actions_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse(text)


_WORDS = [
    "draw", "take", "meld", "layoff", "lay", "off", "discard", "end", "rummy", "pass", "on",
    "2nd", "3rd", "Jo", "jo=", "=", "#", "meld", "0", "1", "2", "13", "x", "10",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=40))
def test_rummy_random_text_raises_only_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse(text)


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_WORDS + list(CARD_NAMES)), min_size=1, max_size=7))
def test_rummy_word_salad_raises_only_notation_error_and_round_trips(words: list[str]) -> None:
    try:
        action = parse(" ".join(words))
    except NotationError:
        return
    assert parse(str(action)) == action
    assert str(parse(str(action))) == str(action)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 8))
def test_rummy_every_legal_action_parses_back(seed: int, players: int) -> None:
    rng = random.Random(seed)
    m = Match(R5, players=players, seed=seed, jokers=rng.choice([0, 1, 2]), target=50)
    for _ in range(rng.randrange(1, 80)):
        if m.is_over:
            break
        for action in m.legal_actions():
            text = str(action)
            assert parse(text) == action
            assert parse(text.upper()) == action
        m.play(rng.choice(m.legal_actions()))


# -- bad input changes nothing -----------------------------------------------------------
def _snapshot(m: Match) -> tuple[object, ...]:
    return (m.record(), legal(m), m.to_move, m.view(m.to_move))


def test_rummy_unparsable_action_is_refused_and_changes_nothing() -> None:
    m = rummy_match(R5, ["5h 6h 7h Kc", "4s 5d 6c Td"], "2d", "9s")
    before = _snapshot(m)
    with pytest.raises(NotationError):
        m.play("meld the hearts")
    assert _snapshot(m) == before


def test_rummy_card_not_in_hand_is_refused_and_changes_nothing() -> None:
    m = rummy_match(R5, ["5h 6h 7h Kc", "4s 5d 6c Td"], "2d", "9s")
    play(m, "draw")
    before = _snapshot(m)
    for action in ("discard 9c", "meld 5h 6h 7h 8h", "meld 5h 6h Jo=7h"):
        with pytest.raises(IllegalActionError) as info:
            m.play(action)
        assert info.value.rule == "C-5"
        assert _snapshot(m) == before
    with pytest.raises(IllegalActionError) as info:
        m.play("discard 9c")
    assert str(info.value) == "9c is not in your hand (C-5)"


def test_rummy_illegal_action_names_its_rule_and_changes_nothing() -> None:
    m = rummy_match(R5, ["5h 6h 7h Kc", "4s 5d 6c Td"], "2d", "9s")
    before = _snapshot(m)
    cases = {
        "discard Kc": "R5-6",  # draw first
        "end": "R5-11",  # the stock is not empty
        "pass": "R5-10",  # no Rummy call is open
        "take 3c": "R5-6",  # not in the pile
    }
    for action, rule in cases.items():
        with pytest.raises(IllegalActionError) as info:
            m.play(action)
        assert info.value.rule == rule, (action, str(info.value))
        assert _snapshot(m) == before
    play(m, "draw", "meld 5h 6h 7h")
    before = _snapshot(m)
    for action, rule in {"layoff 9s on 1": "R5-9", "layoff Kc on 2": "R5-9"}.items():
        with pytest.raises(IllegalActionError) as info:
            m.play(action)
        assert info.value.rule == rule, (action, str(info.value))
        assert _snapshot(m) == before


def test_rummy_legal_actions_are_interned() -> None:
    m = rummy_match(R5, ["5h 6h 7h Kc", "4s 5d 6c Td"], "2d", "9s")
    play(m, "draw")
    for action in m.legal_actions():
        assert parse(str(action)) is action


RULE_IDS = (
    {"C-4", "C-5", "C-7"} | {f"R5-{i}" for i in range(1, 16)} | {f"QC-{i}" for i in range(1, 10)}
)


def _candidates(rng: random.Random, pile: list[str]) -> list[str]:
    """Well-formed actions, mostly illegal: every kind, random cards, random meld numbers."""
    faces = list(CARD_NAMES)
    out = ["draw", "end", "pass"]
    out += [f"discard {c}" for c in rng.sample(faces, 6)]
    out += [f"take {c}" for c in rng.sample(faces, 3)] + [f"take {c}" for c in pile[-4:]]
    out += [f"rummy {c}" for c in rng.sample(faces, 2)] + [f"take 2nd {c}" for c in pile[-2:]]
    for _ in range(6):
        cards = rng.sample(faces[:52], rng.randrange(1, 5))
        jokers = [f"Jo={c}" for c in rng.sample(faces[:52], rng.randrange(0, 3))]
        out.append("meld " + " ".join(cards + jokers))
    out += [f"layoff {rng.choice(faces[:52])} on {rng.randrange(1, 6)}" for _ in range(4)]
    out += [f"layoff Jo={rng.choice(faces[:52])} on {rng.randrange(1, 6)}" for _ in range(2)]
    return out


@pytest.mark.parametrize(("game", "players"), [(R5, 2), (R5, 4), (R5, 6), ("queen-city-rum", 2)])
def test_rummy_every_illegal_action_is_explained_by_a_rule(game: str, players: int) -> None:
    rng = random.Random(players)
    refused = 0
    for seed in range(6):
        m = Match(game, players=players, seed=seed, target=40)
        while not m.is_over:
            legal_texts = set(legal(m))
            pile = m.view(None)["state"]["discard_pile"]
            before = _snapshot(m)
            for text in _candidates(rng, pile):
                if text in legal_texts:
                    continue
                with pytest.raises(IllegalActionError) as info:
                    m.play(text)
                assert info.value.rule in RULE_IDS, (text, str(info.value))
                assert info.value.reason and not info.value.reason.endswith(".")
                refused += 1
            assert _snapshot(m) == before
            m.play(rng.choice(m.legal_actions()))
    assert refused > 1000
