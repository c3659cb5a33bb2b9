"""Records that refuse tampering: ``Match.from_record`` answers a RecordError (a ValueError)
naming the flaw, never a TypeError, when the options hold one of ``Match``'s own keywords or a
name that is not a string or not the game's option, when the winner is not the one the record
replays to, and when a seed or dealer is not a real whole number. See docs/security.md."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Literal

import pytest

from cardtable.core.errors import RecordError
from cardtable.core.invariants import random_match
from cardtable.core.match import Match
from tests.support import toygame  # noqa: F401  (registers toy-high-card)

OS: Literal["os"] = "os"  # the seed a record of a match dealt from the OS gives
TOY = "toy-high-card"
Record = dict[str, Any]


def finished() -> Record:
    record = copy.deepcopy(random_match(TOY, seed=4).record())
    assert record["winner"] is not None
    return record


def refused(record: Record, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Match.from_record(record)


@pytest.mark.parametrize("key", ["seed", "players", "game", "deck", "dealer"])
def test_record_options_holding_a_match_keyword_are_refused(key: str) -> None:
    record = finished()
    record["options"][key] = record.get(key, 1)
    refused(record, f"record option '{key}' is a field of the record, not an option")


def test_record_option_names_must_be_strings() -> None:
    record = finished()
    record["options"][1] = 2
    refused(record, "option names must be strings, not 1")


def test_record_option_keys_are_checked_against_the_games_option_specs() -> None:
    record = finished()
    record["options"]["colour"] = "red"
    refused(record, r"record option 'colour' is not an option of toy-high-card \(leak, target\)")
    record = finished()
    record["options"] = ["target"]
    refused(record, "field 'options'")
    record = finished()
    record["game"] = "no-such-game"
    refused(record, "does not set up a match")


@pytest.mark.parametrize(
    "tamper",
    [
        lambda r: r.update(winner=1 - r["winner"]),
        lambda r: r.update(winner=None),
        lambda r: r.update(winner=bool(r["winner"])),
        lambda r: r.update(winner=7),
    ],
    ids=["other side", "none", "a boolean", "no such side"],
)
def test_a_tampered_winner_is_refused_like_tampered_scores(tamper: Callable[[Record], Any]) -> None:
    record = finished()
    tamper(record)
    refused(record, "replays to winner")


def test_an_unfinished_record_claiming_a_winner_is_refused() -> None:
    m = Match(TOY, seed=2)
    m.play(m.legal_actions()[0])
    record = m.record()
    assert record["winner"] is None
    record["winner"] = 0
    refused(record, "replays to winner None, not 0")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("dealer", True, "field 'dealer'"),
        ("dealer", False, "field 'dealer'"),
        ("dealer", 0.0, "field 'dealer'"),
        ("seed", True, "field 'seed'"),
        ("seed", False, "field 'seed'"),
        ("seed", "4", "field 'seed'"),
        ("seed", None, "field 'seed'"),
        ("players", True, "field 'players'"),
    ],
)
def test_dealer_and_seed_must_be_real_integers(field: str, value: object, message: str) -> None:
    record = finished()
    record[field] = value
    refused(record, message)


def test_a_hands_dealer_must_be_a_real_integer() -> None:
    record = finished()
    record["hands"][0]["dealer"] = bool(record["hands"][0]["dealer"])
    refused(record, "hand 1 needs a deck string and a dealer seat")


def test_untampered_records_still_replay() -> None:
    record = finished()
    assert Match.from_record(copy.deepcopy(record)).record() == record
    os_dealt = copy.deepcopy(record)
    os_dealt["seed"] = OS  # the decks are all in the record: no seed is needed
    assert Match.from_record(os_dealt).winner == record["winner"]
