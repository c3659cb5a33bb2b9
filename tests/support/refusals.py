"""An illegal action refused as the rule book says, with nothing changed (every game's rule
tests use it)."""

from __future__ import annotations

import pytest

from cardtable import IllegalActionError, Match


def _where(m: Match) -> tuple[object, list[str], int | None]:
    legal = sorted(map(str, m.legal_actions())) if not m.is_over else []
    return m.record(), legal, m.to_move


def refused(m: Match, action: str, rule: str | None = None) -> IllegalActionError:
    """The error ``action`` raises (citing ``rule`` when one is given); the match keeps its
    record, its legal list and the seat to move."""
    before = _where(m)
    with pytest.raises(IllegalActionError) as info:
        m.play(action)
    if rule is not None:
        assert info.value.rule == rule, str(info.value)
    assert _where(m) == before
    return info.value
