"""C-1: card notation, lenient in, canonical out; card sets as bitmasks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable import CardSet, NotationError, card_str, cards_str, parse_card, parse_cards
from cardtable.core.cards import JOKER, cards_of, mask_of


def test_c1_canonical_names_and_order() -> None:
    assert [card_str(c) for c in (0, 9, 12, 13, 51, JOKER)] == ["Ac", "Tc", "Kc", "Ad", "Ks", "Jo"]
    # C-1: by suit c < d < h < s, then rank A < 2 < … < K, jokers last.
    assert cards_str(parse_cards("Jo Ks 2c Ac Td Ah")) == "Ac 2c Td Ah Ks Jo"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("10h", "Th"), ("AH", "Ah"), ("A♥", "Ah"), ("ah", "Ah"), ("t♠", "Ts"), ("jo", "Jo"),
     ("JOKER", "Jo"), (" Qd ", "Qd"), ("1c", "Ac")],
)  # fmt: skip
def test_c1_lenient_input(text: str, canonical: str) -> None:
    assert card_str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", "A", "11h", "Ax", "hA", "Joo", "0s", "AhAh"])
def test_c1_unreadable_card_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match="not a card"):
        parse_card(text)


def test_c1_position_of_a_bad_card_in_a_list() -> None:
    with pytest.raises(NotationError) as e:
        parse_cards("Ah, Kd zz 2c")
    assert e.value.position == 7 and "'Ah, Kd zz 2c' at position 7" in str(e.value)


def test_cardset_refuses_duplicates() -> None:
    with pytest.raises(NotationError, match="listed twice"):
        CardSet.parse("Ah ah")


@given(st.lists(st.integers(0, 52)))
def test_c1_cards_round_trip(cards: list[int]) -> None:
    text = cards_str(cards, sort=False)
    assert parse_cards(text) == cards
    assert parse_cards(text.lower()) == cards


@given(st.sets(st.integers(0, 51)))
def test_masks_round_trip(cards: set[int]) -> None:
    assert cards_of(mask_of(cards)) == sorted(cards)
    s = CardSet(cards)
    assert len(s) == len(cards) and list(s) == sorted(cards)
    assert CardSet.parse(str(s)) == s


@given(st.text(max_size=12))
def test_parse_card_raises_only_notation_errors(text: str) -> None:
    try:
        c = parse_card(text)
    except NotationError:
        return
    assert 0 <= c <= JOKER and parse_card(card_str(c)) == c
