"""Two measurements taken in alternating slices, so that load on the machine (shared with
other work) falls on both alike: the fair way to print a ratio."""

from __future__ import annotations

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
