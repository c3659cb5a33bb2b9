"""Buck Euchre notation (RULES.md N) and bad input: every action reads back from its text, any
text reads as an action or fails with NotationError, and refused input changes nothing."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable import Action, IllegalActionError, Match, NotationError
from cardtable.games.buck_euchre import (
    DISCARDS,
    DROP,
    LAYOUT,
    ORDER,
    PASS,
    PLAYS,
    STAY,
    TRUMPS,
    Play,
)
from tests.support.buck_euchre import deal, legal, play

RULES = Match("buck-euchre", seed=1).rules
EVERY_ACTION: list[Action] = [
    ORDER, PASS, STAY, DROP, *TRUMPS, *(PLAYS[c] for c in LAYOUT), *(DISCARDS[c] for c in LAYOUT)
]  # fmt: skip
HANDS = ["Jd Qd 9s Ts Kc", "Jh Kh 9c Tc Qc", "Qh Th Ad Kd 9d", "9h Ac As Ks Qs"]


def test_notation_of_every_action() -> None:
    texts = [str(a) for a in EVERY_ACTION]
    assert texts[:8] == [
        "order",
        "pass",
        "stay",
        "drop",
        "trump c",
        "trump d",
        "trump h",
        "trump s",
    ]
    assert "play Jd" in texts and "discard 9c" in texts and "play Th" in texts
    assert len(set(texts)) == len(texts) == 8 + 24 + 24


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  PLAY   10h ", "play Th"),
        ("play jd", "play Jd"),
        ("Discard 9C", "discard 9c"),
        ("discard A♠", "discard As"),
        ("trump H", "trump h"),
        ("trump ♥", "trump h"),
        ("trump spades", "trump s"),
        ("ORDER", "order"),
        ("\tpass\n", "pass"),
        ("Stay", "stay"),
        ("DROP ", "drop"),
    ],
)
def test_lenient_reading(text: str, canonical: str) -> None:
    assert str(RULES.parse_action(text)) == canonical


@pytest.mark.parametrize(
    "text",
    ["", "   ", "fly away", "play", "play Jd Qd", "play 1x", "play Jdd", "discard", "trump",
     "trump x", "trump h s", "order up", "stay put", "passs", "9c"],
)  # fmt: skip
def test_unreadable_text_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        RULES.parse_action(text)


@given(st.sampled_from(EVERY_ACTION), st.data())
def test_every_action_reads_back_in_any_case_and_spacing(
    action: Action, data: st.DataObject
) -> None:
    words = str(action).split()
    words = [data.draw(st.sampled_from([w, w.upper(), w.lower(), w.title()])) for w in words]
    space = data.draw(st.sampled_from([" ", "  ", "\t", " \t "]))
    text = (
        data.draw(st.sampled_from(["", " "]))
        + space.join(words)
        + data.draw(st.sampled_from(["", "\n"]))
    )
    assert RULES.parse_action(text) == action


@given(st.text(max_size=30))
def test_any_text_reads_or_raises_notation_error(text: str) -> None:
    try:
        action = RULES.parse_action(text)
    except NotationError:
        return
    assert RULES.parse_action(str(action)) == action


@given(
    st.lists(
        st.sampled_from(["play", "discard", "trump", "order", "pass", "stay", "drop", "10h", "Jo",
                         "jd", "♥", "h", "x", "9", "Tc", "ace", " ", "\t"]),
        max_size=4,
    )
)  # fmt: skip
def test_near_miss_text_reads_or_raises_notation_error(words: list[str]) -> None:
    text = " ".join(words)
    try:
        action = RULES.parse_action(text)
    except NotationError:
        return
    assert RULES.parse_action(str(action)) == action


def test_bad_input_changes_nothing() -> None:
    m = deal(3, HANDS, "Ah", "Jc Td Js")
    play(m, "pass, order, discard Qs, stay, stay, stay")
    before = (m.record(), legal(m), m.to_move, m.view(0))
    with pytest.raises(NotationError):
        m.play("play the jack")
    with pytest.raises(IllegalActionError) as err:
        m.play("play Ah")  # the dealer's card, not seat 0's
    assert (err.value.rule, err.value.reason) == ("C-5", "Ah is not in your hand")
    with pytest.raises(IllegalActionError) as err:
        m.play("order")
    assert err.value.rule == "BE-5"
    with pytest.raises(IllegalActionError) as err:
        m.play("play Jo")
    assert err.value.rule == "BE-1"
    with pytest.raises(IllegalActionError) as err:
        m.play(Play(99))  # built by hand around a number that is no card
    assert err.value.rule == "BE-1"

    @dataclass(frozen=True)
    class Shout(Action):
        def __str__(self) -> str:
            return "shout"

    with pytest.raises(IllegalActionError) as err:
        m.play(Shout())
    assert err.value.rule == "N"
    assert (m.record(), legal(m), m.to_move, m.view(0)) == before
    play(m, "play 9s")  # and the match goes on as usual
    assert m.to_move == 1 and m.view(0)["state"]["trick"] == ["9s", None, None, None]
