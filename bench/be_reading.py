"""A pilot ``expert`` for Buck Euchre that reads how each other player plays its cards over the
match (``cardtable.bots.buck_euchre.reading``), entered by import path:

    PYTHONPATH=bench nice -n 19 .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_reading:expert,search:medium,search:medium,search:medium \\
        --matches 300 --seed 7700 --sprt p0=0.25,p1=0.35 --workers 2 --fixed

The same seed as the shipped ``expert``'s run against three ``search:medium`` seats, so
``bench/paired.py`` compares the two match by match.
"""

from __future__ import annotations

from dataclasses import replace

from cardtable.bots.base import Bot
from cardtable.bots.buck_euchre.reading import Reading
from cardtable.bots.catalog import bots_for
from cardtable.bots.expert import EXPERT_PLAYOUTS, ExpertBot
from cardtable.bots.search import search_bot


def expert(game: str, seed: int | None) -> Bot:
    """The shipped ``expert`` with the reading of each player's card play."""
    search = search_bot(game, EXPERT_PLAYOUTS[game], seed)
    knowledge = replace(bots_for(game), reading=Reading)
    search.knowledge = knowledge
    return ExpertBot(search, knowledge)
