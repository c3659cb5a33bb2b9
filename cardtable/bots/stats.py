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
from dataclasses import dataclass
from typing import Literal

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


# -- the sequential probability ratio test -------------------------------------------------
Verdict = Literal["H0", "H1"]


@dataclass(frozen=True)
class Sprt:
    """Wald's sequential probability ratio test between two win rates of the tested bot.

    Why: a strength run costs CPU hours, and most comparisons are settled long before a fixed
    number of games: the test stops as soon as the evidence accepts one hypothesis at the
    chosen error rates, as chess engine testing does. H0 says the bot wins ``p0`` of its
    decided games (deal pairs or matches; ties carry no evidence and are left out), H1 says
    ``p1``. After ``w`` wins and ``l`` losses the log-likelihood ratio is
    ``w·ln(p1/p0) + l·ln((1−p1)/(1−p0))``; H1 is accepted once it reaches
    ``ln((1−beta)/alpha)``, H0 once it falls to ``ln(beta/(1−alpha))`` (Wald 1945). Then the
    chance of accepting H1 when H0 holds is at most about ``alpha``, and of accepting H0 when
    H1 holds about ``beta``.

    >>> test = Sprt.from_elo(0, 35)
    >>> round(test.p1, 4), test.decide(10, 10), test.decide(300, 200)
    (0.5502, None, 'H1')
    """

    p0: float
    p1: float
    alpha: float = 0.05
    beta: float = 0.05
    elo: tuple[float, float] | None = None  # the hypotheses as Elo differences, if given so

    def __post_init__(self) -> None:
        if not (0 < self.p0 < 1 and 0 < self.p1 < 1) or self.p0 == self.p1:
            raise ValueError(f"need two different win rates between 0 and 1, not {self.p0}, "
                             f"{self.p1}")  # fmt: skip
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise ValueError("alpha and beta are error rates between 0 and 0.5")

    @classmethod
    def from_elo(cls, elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05) -> Sprt:
        """The test between rating differences: a bot ``elo`` points stronger than its
        opponent wins ``expected_score(elo, 0)`` of the decided games."""
        p0, p1 = expected_score(elo0, 0.0), expected_score(elo1, 0.0)
        return cls(p0, p1, alpha, beta, (elo0, elo1))

    @property
    def bounds(self) -> tuple[float, float]:
        """The log-likelihood ratio at which H0, and at which H1, is accepted."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: int, losses: int) -> float:
        """The log-likelihood ratio of H1 against H0 after ``wins`` and ``losses``."""
        return wins * math.log(self.p1 / self.p0) + losses * math.log((1 - self.p1) / (1 - self.p0))

    def decide(self, wins: int, losses: int) -> Verdict | None:
        """The hypothesis accepted after ``wins`` and ``losses``, or None: play on."""
        low, high = self.bounds
        ratio = self.llr(wins, losses)
        if ratio >= high:
            return "H1" if self.p1 > self.p0 else "H0"
        if ratio <= low:
            return "H0" if self.p1 > self.p0 else "H1"
        return None

    def describe(self) -> str:
        """The hypotheses and error rates, as a results caption names them."""
        if self.elo is not None:
            hyp = f"elo0 {self.elo[0]:g}, elo1 {self.elo[1]:g}"
        else:
            hyp = f"p0 {self.p0:.1%}, p1 {self.p1:.1%}"
        return f"{hyp}, alpha {self.alpha:g}, beta {self.beta:g}"


SPRT_KEYS = ("elo0", "elo1", "p0", "p1", "alpha", "beta")


def parse_sprt(text: str) -> Sprt:
    """A test from ``elo0=0,elo1=35`` or ``p0=0.5,p1=0.55``, with optional ``alpha=`` and
    ``beta=`` (both 0.05 unless given); ValueError saying what is wrong."""
    values: dict[str, float] = {}
    for part in text.split(","):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or key not in SPRT_KEYS:
            raise ValueError(f"an SPRT is given as elo0=A,elo1=B or p0=A,p1=B (with alpha= and "
                             f"beta= if wanted), not {text!r}")  # fmt: skip
        try:
            values[key] = float(value)
        except ValueError:
            raise ValueError(f"{key} must be a number, not {value.strip()!r}") from None
    alpha, beta = values.pop("alpha", 0.05), values.pop("beta", 0.05)
    if set(values) == {"elo0", "elo1"}:
        return Sprt.from_elo(values["elo0"], values["elo1"], alpha, beta)
    if set(values) == {"p0", "p1"}:
        return Sprt(values["p0"], values["p1"], alpha, beta)
    raise ValueError("give either elo0 and elo1, or p0 and p1")
