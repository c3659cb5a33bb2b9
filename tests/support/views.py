"""Reading views in tests: the last finished hand, which a view may not have yet."""

from __future__ import annotations

from cardtable.core.match import Match
from cardtable.core.views import LastHand, StateView


def last_hand(m: Match, seat: int | None) -> LastHand[StateView]:
    """``m.view(seat)["last_hand"]``, which the test expects to be there."""
    last = m.view(seat)["last_hand"]
    assert last is not None, "no hand has finished yet"
    return last
