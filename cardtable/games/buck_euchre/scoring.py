"""Scoring a hand (BE-9, BE-11) and the match (BE-12, BE-13)."""

from __future__ import annotations

from cardtable.core.game import Settlement
from cardtable.games.buck_euchre.cards import SEATS
from cardtable.games.buck_euchre.state import BuckEuchreState


# -- scoring --------------------------------------------------------------------------------------
def tricks_won(state: BuckEuchreState) -> list[int]:
    """Tricks each seat took this hand."""
    n_in = SEATS - state.table.dropped.bit_count()
    return [m.bit_count() // n_in for m in state.taken] if n_in else [0] * SEATS


def settle(s: BuckEuchreState, scores: tuple[int, ...], *, five_tricks_win: bool) -> Settlement:
    """BE-9 and BE-11 for the hand, then BE-13 and BE-12 for the match. Written as plain
    loops over the four seats: it runs once a hand, compiled (setup.py)."""
    t = s.table
    dropped = t.dropped
    still_in = [seat for seat in range(SEATS) if not dropped >> seat & 1]
    won = tricks_won(s)
    credit, euchred = [0] * SEATS, [0] * SEATS
    notes: list[str] = []
    if len(still_in) == 1:  # BE-9: not played, credited with 5 tricks
        credit[still_in[0]] = -5
        notes.append(f"Everyone else dropped: seat {still_in[0]} is credited with 5 tricks (BE-9)")
    elif not still_in:
        notes.append("Everyone dropped: nobody scores (BE-9)")
    else:
        for seat in still_in:  # BE-11: the maker needs 3 tricks, everyone else 1
            need = 3 if seat == t.maker else 1
            if won[seat] >= need:
                credit[seat] = -won[seat]
            else:
                euchred[seat] = 5
    total = [credit[seat] + euchred[seat] for seat in range(SEATS)]
    points = tuple(total)
    after = tuple([scores[seat] + total[seat] for seat in range(SEATS)])
    winner = None
    if five_tricks_win and 5 in won:  # BE-13 (a BE-9 credit is not tricks taken)
        winner = won.index(5)
        notes.append(f"Seat {winner} took all five tricks and wins (BE-13)")
    else:
        low = min(after)
        if low <= 0:  # BE-12
            lowest = [seat for seat in range(SEATS) if after[seat] == low]
            if len(lowest) == 1:
                winner = lowest[0]
            else:
                seats = " and ".join(str(seat) for seat in lowest)
                notes.append(f"Seats {seats} tie for the lowest score, {low}: another hand (BE-12)")
    return Settlement(
        points=points,
        scores=after,
        breakdown={"tricks": credit, "euchred": euchred, "total": total},
        winner=winner,
        notes=notes,
    )
