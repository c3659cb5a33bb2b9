"""Tournament statistics against values computed by hand or published elsewhere."""

from __future__ import annotations

import math

import pytest

from cardtable.bots.stats import (
    ELO_ANCHOR,
    bradley_terry,
    elo_ratings,
    expected_score,
    per_hand,
    wilson_interval,
)

# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
# method 3 (Wilson score, no continuity correction), to four decimals.
NEWCOMBE = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
]


@pytest.mark.parametrize(("wins", "n", "low", "high"), NEWCOMBE)
def test_wilson_interval_matches_published_values(
    wins: int, n: int, low: float, high: float
) -> None:
    got = wilson_interval(wins, n)
    assert (round(got[0], 4), round(got[1], 4)) == (low, high)


def test_wilson_interval_by_hand_and_symmetry() -> None:
    # 5 of 10: centre exactly 1/2; half-width z/(1+z²/n)·sqrt(1/40 + z²/400).
    z = 1.959963984540054
    half = z / (1 + z * z / 10) * math.sqrt(0.25 / 10 + z * z / 400)
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.5 - half, abs=1e-15)
    assert high == pytest.approx(0.5 + half, abs=1e-15)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    # k of n and n-k of n mirror each other around 1/2.
    a, b = wilson_interval(3, 17), wilson_interval(14, 17)
    assert a[0] == pytest.approx(1 - b[1]) and a[1] == pytest.approx(1 - b[0])
    # All successes: the top is exactly 1, the bottom is n/(n+z²).
    low, high = wilson_interval(20, 20)
    assert low == pytest.approx(20 / (20 + z * z)) and high == 1.0


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 5)[0] == 0.0
    narrow, wide = wilson_interval(500, 1000), wilson_interval(5, 10)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    for bad in [(3, 2), (-1, 4), (0, -1)]:
        with pytest.raises(ValueError):
            wilson_interval(*bad)


def test_bradley_terry_two_players_is_the_win_ratio() -> None:
    # The maximum-likelihood strength ratio for two players is exactly wins/losses.
    p = bradley_terry([[0, 30], [10, 0]], prior=0)
    assert p[0] / p[1] == pytest.approx(3.0, rel=1e-9)
    assert p[0] * p[1] == pytest.approx(1.0)  # geometric mean 1
    elo = elo_ratings([[0, 30], [10, 0]], prior=0)
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(3), rel=1e-9)  # 190.85
    assert (elo[0] + elo[1]) / 2 == pytest.approx(ELO_ANCHOR)
    assert expected_score(elo[0], elo[1]) == pytest.approx(0.75)


def test_bradley_terry_recovers_strengths_from_exact_expected_results() -> None:
    # Strengths 4 : 2 : 1. Each pair's results are exactly the expected shares, so the
    # likelihood is maximal at the true strengths: A-B 20-10, B-C 20-10, A-C 20-5.
    wins = [[0, 20, 20], [10, 0, 20], [5, 10, 0]]
    p = bradley_terry(wins, prior=0)
    assert [x / p[2] for x in p] == pytest.approx([4.0, 2.0, 1.0], rel=1e-9)
    elo = elo_ratings(wins, prior=0)
    step = 400 * math.log10(2)  # 120.41
    assert elo == pytest.approx([ELO_ANCHOR + step, ELO_ANCHOR, ELO_ANCHOR - step], rel=1e-9)


def test_elo_ordering_on_a_constructed_result_set() -> None:
    # D beats everyone most of the time, A and B are close, C loses most: D > A > B > C,
    # although A never met C and B beat A in their own meeting only barely less often.
    wins = [
        [0, 11, 0, 2],  # A
        [9, 0, 14, 3],  # B
        [0, 6, 0, 1],  # C
        [8, 7, 9, 0],  # D
    ]
    elo = elo_ratings(wins)
    order = sorted(range(4), key=lambda i: -elo[i])
    assert order == [3, 0, 1, 2]
    assert sum(elo) / 4 == pytest.approx(ELO_ANCHOR)


def test_prior_keeps_a_clean_sweep_finite_and_ties_count_half() -> None:
    elo = elo_ratings([[0, 10], [0, 0]], prior=0.5)
    # 10.5 wins to 0.5: ratio 21.
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(21), rel=1e-9)
    with pytest.raises(ValueError, match="never won"):
        bradley_terry([[0, 10], [0, 0]], prior=0)
    # Ten ties between two bots are five wins each: equal ratings.
    assert elo_ratings([[0, 5], [5, 0]], prior=0) == pytest.approx([ELO_ANCHOR] * 2)


def test_bradley_terry_rejects_bad_input_and_handles_loners() -> None:
    with pytest.raises(ValueError, match="square"):
        bradley_terry([[0, 1]])
    with pytest.raises(ValueError, match="negative"):
        bradley_terry([[0, -1], [1, 0]])
    assert bradley_terry([[0.0]]) == [1.0]
    # C met nobody: it stays at the anchor, A and B as if alone.
    p = bradley_terry([[0, 6, 0], [2, 0, 0], [0, 0, 0]], prior=0)
    assert p == pytest.approx([math.sqrt(3), 1 / math.sqrt(3), 1.0])


def test_points_per_hand() -> None:
    assert per_hand(7, 2) == 3.5
    assert per_hand(-12, 4) == -3.0
    assert per_hand(0, 0) == 0.0
