"""The bot knowledge of each game, by game id (``GameBots``, ``cardtable.bots.knowledge``)."""

from __future__ import annotations

from cardtable.bots import buck_euchre, royal_casino_endgame
from cardtable.bots.heuristic import royal_casino, rummy
from cardtable.bots.knowledge import PLAIN, GameBots
from cardtable.bots.rummy_reading import Reading

_RUMMY = GameBots(heuristic=rummy.HeuristicBot, playout=rummy.playout, reading=Reading)

BOTS: dict[str, GameBots] = {
    "royal-casino": GameBots(
        heuristic=royal_casino.HeuristicBot,
        playout=royal_casino.playout,
        endgame=royal_casino_endgame.ENDGAME,
        sampled_endgame=royal_casino_endgame.SAMPLED,
    ),
    "buck-euchre": buck_euchre.BOTS,
    "rummy-500": _RUMMY,
    "queen-city-rum": _RUMMY,
}


def bots_for(game: str) -> GameBots:
    """What the bots know of ``game`` (a game id): ``PLAIN`` for a game they were not taught."""
    return BOTS.get(game, PLAIN)
