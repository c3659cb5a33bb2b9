"""A pilot ``expert`` for Buck Euchre whose card play (BE-10) chooses only its next card in
each sampled world: after it, every player, the seat included, plays the club player's card
(``card_choice``) from what it could see, so the seat's later cards are not chosen knowing
the world (no strategy fusion past the first card). The shipped ``expert`` searches its own
later cards in each world (``cardtable.bots.buck_euchre.endgame.ClubAnswer``), and solving
from the first card that way played worse (``bench/be_solve5.py``).

    PYTHONPATH=bench nice -n 19 .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots be_club_root:expert,heuristic,heuristic,heuristic \\
        --matches 200 --seed 11 --sprt p0=0.35,p1=0.45 --workers 2 --fixed
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from be_solve5 import expert_with

from cardtable.bots.base import Bot
from cardtable.bots.buck_euchre.endgame import ClubAnswer
from cardtable.bots.heuristic.buck_euchre import card_choice
from cardtable.bots.knowledge import Utility
from cardtable.core.game import Rules
from cardtable.games.buck_euchre import LAYOUT, PLAYS


class ClubFinish(ClubAnswer):
    """The value for the seat of a world's play to the hand's end with every player's card,
    its own too, the club player's."""

    def __call__(self, state: Any) -> float:
        rules = self.rules
        mover = rules.to_move(state)
        if mover is None:
            return self.utility(rules, rules.settle(state, self.scores), self.seat)
        return self(rules.apply(state, PLAYS[LAYOUT[card_choice(state, mover)]]))


def club_finish(
    rules: Rules[Any], seat: int, scores: tuple[int, ...], utility: Utility
) -> Callable[[Any], float]:
    """A fresh ``ClubFinish`` for one world (``SampledEndgame.value``)."""
    return ClubFinish(rules, seat, scores, utility)


def expert(game: str, seed: int | None) -> Bot:
    """The shipped ``expert``, each world's later cards played by the club player's strategy."""
    return expert_with(game, seed, value=club_finish)
