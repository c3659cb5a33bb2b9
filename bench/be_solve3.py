"""A pilot ``expert`` for Buck Euchre that solves its card play in sampled worlds only from
its third-last card (three held, BE-10), the first two tricks searched, the rest as the
shipped ``expert`` (which solves from four cards). Solving from the first card played worse
(``bench/be_solve5.py``): this tries the line on the other side.

    PYTHONPATH=bench nice -n 19 .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_solve3:expert,heuristic,heuristic,heuristic \\
        --matches 200 --seed 11 --sprt p0=0.35,p1=0.45 --workers 2 --fixed
"""

from __future__ import annotations

from be_solve5 import solving_from

from cardtable.bots.base import Bot


def expert(game: str, seed: int | None) -> Bot:
    """The shipped ``expert``, its card play solved in sampled worlds from three cards."""
    return solving_from(3, game, seed)
