"""Queen City Rum over 2,000 whole random matches, every step checked (``random_match``: every
card in one place, sorted unique round-tripping legal lists, views that leak nothing, records
that replay).

Most matches play to a ``target`` of 25 so that random players finish in about a hand (the
last chunks play to the real 101): a match still ends only when one player alone holds the
highest total at or past the target (QC-9), and every hand must end (QC-6, QC-8)."""

from __future__ import annotations

import pytest

from cardtable.core.invariants import random_match
from cardtable.games.rummy.state import OVER

CHUNKS = [(start, 300, 25) for start in range(0, 1800, 300)]
CHUNKS += [(9000, 100, 101), (9100, 100, 101)]
assert sum(chunk[1] for chunk in CHUNKS) == 2000


@pytest.mark.parametrize(("start", "count", "target"), CHUNKS)
def test_qc_random_matches_keep_every_invariant(start: int, count: int, target: int) -> None:
    went_out = stock_ran_out = 0
    for seed in range(start, start + count):
        m = random_match("queen-city-rum", seed=seed, target=target)
        assert m.is_over and m.winner is not None
        top = max(m.scores)
        assert m.scores[m.winner] == top >= target and m.scores.count(top) == 1  # QC-9
        for number, hand in enumerate(m.hands):
            final = hand.final
            assert hand.settlement is not None and final.phase == OVER
            if final.out >= 0:  # QC-6: out only with a meld of one's own, QC-7: the bonus
                went_out += 1
                assert final.hands[final.out] == 0 and final.melders >> final.out & 1
                assert hand.settlement.breakdown["going out"][final.out] == 25
            else:  # QC-8: the stock ran out, no bonus
                stock_ran_out += 1
                assert final.top == len(final.deck)
                assert hand.settlement.breakdown["going out"] == [0, 0]
            if number + 1 < len(m.hands):  # QC-2: who deals next
                dealer = m.hands[number + 1].dealer
                assert dealer == (final.out if final.out >= 0 else 1 - hand.dealer)
    assert went_out and stock_ran_out
