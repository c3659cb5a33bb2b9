"""The pilot player whose runs measured ``expert``'s card play solved against club players
(docs/bots_buck_euchre.md, "The card play solved against club players"), kept so that their
games replay: it is now the shipped ``expert``, entered by import path.

    PYTHONPATH=bench nice -n 19 .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_response:expert,heuristic,heuristic,heuristic \\
        --matches 200 --seed 11 --sprt p0=0.35,p1=0.45 --workers 2 --fixed

The pilot subclassed ``ExpertBot`` with the solve that is now
``cardtable.bots.buck_euchre.endgame.ClubAnswer``; every action of two seeded matches against
heuristic seats was the same for the pilot and for the shipped ``expert``.
"""

from __future__ import annotations

from cardtable.bots.base import Bot
from cardtable.bots.expert import expert_bot


def expert(game: str, seed: int | None) -> Bot:
    """The shipped ``expert`` (its card play solved against club players)."""
    return expert_bot(game, seed)
