"""Hint reasons are keyed like refusals: each key is catalogued in English, Punjabi and
Tagalog with its placeholders, and no margin or value ever reads "-0.0"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardtable.bots.hint import HINT_REASONS, _reason, decimal
from cardtable.bots.search import Estimate

I18N = Path(__file__).parent.parent / "cardtable" / "server" / "static" / "i18n"


@pytest.mark.parametrize("code", ["en", "pa", "tl"])
def test_every_hint_reason_is_catalogued_with_its_placeholders(code: str) -> None:
    table = json.loads((I18N / f"{code}.json").read_text(encoding="utf-8"))
    for key, params in HINT_REASONS.items():
        assert key in table, (code, key)
        assert set(re.findall(r"\{(\w+)\}", table[key])) == set(params), (code, key)


def test_decimal_never_reads_negative_zero() -> None:
    assert decimal(-0.04) == "0.0" and decimal(-0.0) == "0.0"
    assert decimal(-0.04, signed=True) == "+0.0"
    assert decimal(-0.06, signed=True) == "-0.1" and decimal(2.25) == "2.2"


@pytest.mark.parametrize("by_chance", [False, True])
@pytest.mark.parametrize("partners", [False, True])
def test_a_near_tie_reads_0_0_not_minus_0_0(by_chance: bool, partners: bool) -> None:
    """Two moves a hair apart, the best one a hair below zero: nothing says "-0.0"."""
    best = Estimate("trail Qh", 300, -0.03, 0.5, 40.001)  # type: ignore[arg-type]
    other = Estimate("trail 2c", 300, -0.01, 0.5, 40.03)  # type: ignore[arg-type]
    key, params, reason = _reason(best, [best, other], by_chance, partners=partners)
    assert key in HINT_REASONS and set(params) == set(HINT_REASONS[key])
    assert key.endswith("_side") == partners and ("chance" in key) == by_chance
    assert "-0.0" not in reason and "-0.0" not in json.dumps(params), (reason, params)
    assert params["margin"] == "0.0" and params["points"] == "+0.0"
