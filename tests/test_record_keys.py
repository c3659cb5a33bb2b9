"""Every flaw ``Match.from_record`` names carries a catalogue key (``record.error.*``, and
``match.error.*`` for a seed, dealer or stacked deck ``Match`` refuses) whose English is the
error's own message, so the terminal's replay says it in Punjabi and Tagalog too; a refused
action inside a record is said as the table says a refusal, with its rule."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardtable.cli import render, text
from cardtable.cli.text import catalogue, set_language
from cardtable.core.errors import CardtableError, NotationError, RecordError
from cardtable.core.match import Match

Record = dict[str, Any]


def finished() -> Record:
    """A whole match of three hands or more."""
    m = Match("buck-euchre", seed=8, five_tricks_win=False)
    rng = random.Random(8)
    while not m.is_over:
        m.play(rng.choice(m.legal_actions()))
    assert m.hand_number >= 3
    return copy.deepcopy(m.record())


def second_dealer(r: Record) -> None:
    r["hands"][1]["dealer"] = (r["hands"][1]["dealer"] + 1) % 4


def replace_first_action(r: Record, action: str) -> None:
    r["hands"][0]["actions"][0] = action


TAMPERS: list[tuple[str, Callable[[Record], object], str]] = [
    ("not a record", lambda r: r.update(format="other"), "record.error.format"),
    ("version", lambda r: r.update(version=99), "record.error.version"),
    ("no game", lambda r: r.pop("game"), "record.error.field_text"),
    ("players", lambda r: r.update(players="4"), "record.error.field_whole"),
    ("seed", lambda r: r.update(seed=1.5), "record.error.seed"),
    ("options", lambda r: r.update(options=[]), "record.error.options"),
    ("option name", lambda r: r["options"].update({1: 2}), "record.error.option_name"),
    ("option field", lambda r: r["options"].update(seed=1), "record.error.option_field"),
    ("option", lambda r: r["options"].update(colour="red"), "record.error.option_unknown"),
    ("no hands", lambda r: r.update(hands=[]), "record.error.no_hands"),
    ("hand", lambda r: r["hands"].__setitem__(0, 7), "record.error.hand_object"),
    ("hand deck", lambda r: r["hands"][0].pop("deck"), "record.error.hand_deck"),
    ("hand actions", lambda r: r["hands"][0].update(actions="pass"), "record.error.hand_actions"),
    ("setup", lambda r: r["options"].update(start=0), "record.error.setup"),
    ("dealer", second_dealer, "record.error.dealer"),
    ("after the end", lambda r: r["hands"].append(dict(r["hands"][-1])), "record.error.after_end"),
    ("refused", lambda r: replace_first_action(r, "play 9h"), "record.error.action"),
    ("unread", lambda r: replace_first_action(r, "shuffle"), "record.error.action"),
    ("hand scores", lambda r: r["hands"][0].update(scores=[1, 2]), "record.error.hand_scores"),
    ("scores", lambda r: r.update(scores=[1, 2, 3, 4]), "record.error.scores"),
    ("winner", lambda r: r.update(winner=None), "record.error.winner"),
    ("dealer seat", lambda r: r.update(dealer=9), "record.error.setup"),
    ("seed text", lambda r: r.update(seed=10**40), ""),  # a big seed is a seed: no flaw
    ("deck text", lambda r: r["hands"][0].update(deck="Zz"), "record.error.setup"),
    ("deck card", lambda r: r["hands"][0].update(deck="2c"), "record.error.setup"),
    ("deck twice", lambda r: r["hands"][0].update(deck="Ac Ac"), "record.error.setup"),
]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def caught(tamper: Callable[[Record], object]) -> RecordError | None:
    record = finished()
    tamper(record)
    try:
        Match.from_record(record)
    except RecordError as e:
        return e
    return None


@pytest.mark.parametrize(("name", "tamper", "key"), TAMPERS, ids=[n for n, _, _ in TAMPERS])
def test_every_record_flaw_is_keyed_and_its_english_is_the_message(
    name: str, tamper: Callable[[Record], object], key: str
) -> None:
    e = caught(tamper)
    if not key:
        assert e is None
        return
    assert e is not None and e.key == key
    english = render.said(e, letters=True)
    expected = str(e).replace("of buck-euchre", "of Buck Euchre")  # the game by its name
    # an inner error with no key (a play the game cannot read) is said in English as the
    # library says it, and elsewhere as "it cannot be read"
    if isinstance(e.cause, NotationError) and e.cause.text is not None:
        assert expected.startswith(english)  # a stacked deck: the English adds its text
    else:
        assert english == expected
    for lang in ("pa", "tl"):
        set_language(lang)
        there = render.said(e, letters=True)
        assert there != english and "{" not in there, there
    set_language("en")


def test_every_record_and_setup_key_is_one_a_flaw_carries() -> None:
    """No ``record.error.*`` or ``match.error.*`` message is written for nothing (the deck's,
    the seed's and the dealer's arrive inside ``record.error.setup``)."""
    seen = {"record.error.unread", "record.error.not_object", "record.error.upto"}
    for _, tamper, _ in TAMPERS:
        e = caught(tamper)
        while e is not None:
            seen.add(str(e.key))
            e = e.cause  # type: ignore[assignment]
    with pytest.raises(RecordError) as upto:
        Match.from_record(finished(), upto="3")
    assert upto.value.key == "record.error.upto"
    with pytest.raises(RecordError) as shape:
        Match.from_record([1, 2])
    assert shape.value.key == "record.error.not_object"
    # a record's own checks stop these before Match sees them
    for bad in ({"seed": 1.5}, {"deck": [3]}, {"deck": 5}):
        with pytest.raises(CardtableError) as setup:
            Match("buck-euchre", **bad)
        assert text.reason(setup.value) == str(setup.value)
        seen.add(str(setup.value.key))
    written = {k for k in catalogue("en") if k.startswith(("record.error.", "match.error."))}
    assert written == {k for k in seen if k.startswith(("record.error.", "match.error."))}


def test_a_refused_action_in_a_record_is_said_as_the_table_says_it() -> None:
    e = caught(lambda r: replace_first_action(r, "play 9h"))
    assert e is not None and isinstance(e.cause, Exception)
    set_language("tl")
    said = render.said(e, letters=True)
    head = text.t("record.error.action", hand=1, index=1, action="'play 9h'", reason="")
    assert said.startswith(head)
    assert render.said(e.cause, letters=True) in said  # the Tagalog refusal, with its rule
    assert "(BE-" in said or "(C-" in said
