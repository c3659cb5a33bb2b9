"""Two measurements taken in alternating slices, so that load on the machine (shared with
other work) falls on both alike: the fair way to print a ratio."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable

# A measurement: given a duration in seconds and the slice's number, run for about that long;
# return how many units it did and how long it really took.
Slice = Callable[[float, int], tuple[float, float]]


def alternate(first: Slice, second: Slice, seconds: float, rounds: int) -> tuple[float, float]:
    """Units per second of ``first`` and of ``second``, each given ``seconds / rounds`` in
    turn, ``rounds`` times."""
    slice_s = seconds / rounds
    done = [0.0, 0.0]
    took = [0.0, 0.0]
    for r in range(rounds):
        for i, measure in enumerate((first, second)):
            units, elapsed = measure(slice_s, r)
            done[i] += units
            took[i] += elapsed
    return done[0] / took[0], done[1] / took[1]


def ratio_interval(first: Slice, second: Slice, seconds: float, rounds: int) -> dict[str, float]:
    """The ratio of ``first``'s rate to ``second``'s in each of ``rounds`` alternating pairs of
    slices; their mean and its 95% interval (Student's t), so a goal on the ratio is judged
    by the interval, not by one run."""
    slice_s = seconds / rounds
    ratios = []
    for r in range(rounds):
        a_units, a_took = first(slice_s, r)
        b_units, b_took = second(slice_s, r)
        ratios.append((a_units / a_took) / (b_units / b_took))
    return interval(ratios)


def interval(ratios: list[float]) -> dict[str, float]:
    """The mean of per-round ratios and its 95% interval (Student's t)."""
    rounds = len(ratios)
    mean = statistics.fmean(ratios)
    half = _T95.get(rounds - 1, 1.96) * statistics.stdev(ratios) / math.sqrt(rounds)
    return {"ratio": round(mean, 3), "low": round(mean - half, 3), "high": round(mean + half, 3)}


# Student's t at 97.5% for the degrees of freedom a few rounds give.
_T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
        10: 2.23, 11: 2.20, 12: 2.18, 15: 2.13, 19: 2.09, 29: 2.05}  # fmt: skip
