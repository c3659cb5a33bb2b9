"""The statistics a tournament reports: win rates with confidence intervals, and ratings.

Why these: the Wilson score interval keeps its promised coverage for small samples and for
rates near 0 or 1, where the textbook normal interval collapses to nothing or spills outside
[0, 1]. Ratings come from the Bradley-Terry model fitted by maximum likelihood and shown on
the Elo scale (400 points = odds of 10 to 1): it is the model Elo approximates, but unlike
game-by-game Elo updates it does not depend on the order in which games finished, so a
tournament run on any number of workers gets the same ratings.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal: a two-sided 95% interval
ELO_ANCHOR = 1500.0


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (without continuity correction) for ``successes/trials``.

    >>> tuple(round(x, 4) for x in wilson_interval(81, 263))
    (0.2553, 0.3662)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, not {successes}/{trials}")
    if trials == 0:
        return (0.0, 1.0)  # no evidence: every rate is plausible
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # At 0 or n successes one end is exactly 0 or 1; clamp the rounding noise.
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(
    wins: Sequence[Sequence[float]],
    prior: float = 0.5,
    tol: float = 1e-12,
    max_iter: int = 100_000,
) -> list[float]:
    """Bradley-Terry strengths from ``wins[i][j]``, how often i beat j; geometric mean 1.

    A tie counts half a win each way. ``prior`` adds that many virtual wins each way to every
    pair (one virtual drawn game per unit), so a bot that won or lost everything still has a
    finite strength and every pair is linked. With ``prior=0`` a bot without a single win has
    no finite rating (ValueError), and one that met nobody keeps 1. Fitted with Hunter's MM
    iteration (2004), which converges when the graph of who met whom is connected.
    """
    n = len(wins)
    if any(len(row) != n for row in wins):
        raise ValueError("wins must be a square matrix")
    if prior < 0 or any(w < 0 for row in wins for w in row):
        raise ValueError("wins and the prior must not be negative")
    w = [[(wins[i][j] + prior) if i != j else 0.0 for j in range(n)] for i in range(n)]
    met = [[w[i][j] + w[j][i] for j in range(n)] for i in range(n)]
    won = [sum(row) for row in w]
    for i in range(n):
        if won[i] == 0 and any(met[i]):
            raise ValueError(f"player {i} never won: no finite rating without a prior")
    rated = [i for i in range(n) if any(met[i])]
    p = [1.0] * n
    for _ in range(max_iter):
        new = list(p)
        for i in rated:
            new[i] = won[i] / sum(met[i][j] / (p[i] + p[j]) for j in range(n) if met[i][j] > 0)
        scale = math.exp(sum(math.log(new[i]) for i in rated) / len(rated)) if rated else 1.0
        new = [x / scale if i in rated else x for i, x in enumerate(new)]
        done = max(abs(a - b) / b for a, b in zip(new, p, strict=True)) < tol
        p = new
        if done:
            break
    return p


def elo_ratings(
    wins: Sequence[Sequence[float]], prior: float = 0.5, anchor: float = ELO_ANCHOR
) -> list[float]:
    """Bradley-Terry ratings on the Elo scale, averaging ``anchor``: a gap of D points means
    the stronger side is expected to win 1 / (1 + 10^(-D/400)) of their games."""
    return [anchor + 400.0 * math.log10(s) for s in bradley_terry(wins, prior)]


def expected_score(rating: float, other: float) -> float:
    """The share of games a player rated ``rating`` is expected to win against ``other``."""
    return 1.0 / (1.0 + math.pow(10.0, (other - rating) / 400.0))


def per_hand(points: int, hands: int) -> float:
    """Average points per hand; 0.0 for no hands (nothing was scored)."""
    return points / hands if hands else 0.0
