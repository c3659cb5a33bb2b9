"""A pilot ``expert`` for Buck Euchre that solves its card play in sampled worlds from its
first card (five held, BE-4, BE-10) instead of its fourth-last, the rest as the shipped
``expert``: the first trick is then played by the club-answer solve too
(``cardtable.bots.buck_euchre.endgame.ClubAnswer``) rather than by the search's playouts.
``bench/be_solve3.py`` moves the line the other way with ``solving_from``.

    PYTHONPATH=bench nice -n 19 .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_solve5:expert,heuristic,heuristic,heuristic \\
        --matches 200 --seed 11 --sprt p0=0.35,p1=0.45 --workers 2 --fixed
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardtable.bots.base import Bot
from cardtable.bots.expert import ExpertBot, expert_bot
from cardtable.games.buck_euchre import BuckEuchreView


def expert_with(game: str, seed: int | None, **changes: Any) -> Bot:
    """The shipped ``expert`` with ``changes`` to the fields of its game's
    ``SampledEndgame`` (the pilots here and in ``bench/be_club_root.py``)."""
    bot: ExpertBot = expert_bot(game, seed)
    assert bot.knowledge.sampled_endgame is not None
    sampled = replace(bot.knowledge.sampled_endgame, **changes)
    bot.knowledge = replace(bot.knowledge, sampled_endgame=sampled)
    return bot


def solving_from(cards: int, game: str, seed: int | None) -> Bot:
    """The shipped ``expert``, its card play (BE-10) solved in sampled worlds once the seat
    holds at most ``cards`` cards, and searched before."""

    def applies(view: BuckEuchreView) -> bool:
        return view["phase"] == "play" and len(view["hand"] or ()) <= cards

    return expert_with(game, seed, applies=applies)


def expert(game: str, seed: int | None) -> Bot:
    """The shipped ``expert``, its card play solved in sampled worlds from the first card."""
    return solving_from(5, game, seed)
