"""Counting a rummy hand: what each seat melded and laid off, and what is left in hands
(R5-2, R5-12, QC-3, QC-7), and who wins the game (R5-13, QC-9). The presets combine these."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.core.cards import JOKER
from cardtable.games.rummy import hands as H
from cardtable.games.rummy.shapes import is_run, run_bounds
from cardtable.games.rummy.state import RummyState
from cardtable.games.rummy.variant import Variant


def placed_points(v: Variant, players: int, st: RummyState) -> tuple[list[int], list[int]]:
    """Per seat, the points of the cards melded and of those laid off: every card counts for
    whoever put it on the table (R5-9), a natural ace at the low end of a run ``v.low_ace``
    (R5-2), a joker its own value wherever it stands."""
    melded, laid = [0] * players, [0] * players
    for m in st.table.melds:
        low = is_run(m.shape) and run_bounds(m.shape)[1] == 0
        for i, (card, seat) in enumerate(zip(m.cards, m.seats, strict=True)):
            low_ace = card != JOKER and low and card % 13 == 0
            points = v.low_ace if low_ace else v.values[card]
            if i < m.melded:
                melded[seat] += points
            else:
                laid[seat] += points
    return melded, laid


def hand_points(v: Variant, st: RummyState) -> list[int]:
    """Per seat, the points of the cards left in hand (an ace there is never low)."""
    return [sum(v.values[c] for c in H.faces(h)) for h in st.hands]


def winner(scores: Sequence[int], target: int) -> int | None:
    """R5-13, QC-9: once someone has the target, the single highest total wins; equal
    highest totals play another hand."""
    best = max(scores)
    if best >= target and list(scores).count(best) == 1:
        return list(scores).index(best)
    return None
