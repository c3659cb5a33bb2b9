"""Research environments for the four games: fixed action encodings (``actions``), observation
tensors made from a seat's view (``observations``), a PettingZoo AEC environment
(``pettingzoo``), a Gymnasium single-agent environment with our bots as the other seats
(``gymnasium``), and the games registered with OpenSpiel (``openspiel``).

This package needs the ``research`` extra (numpy, PettingZoo, Gymnasium, OpenSpiel: in a clone,
``CARDTABLE_EXTRAS=research ./run.sh --version``; see ``core/extras.py``); without it,
importing any of its modules raises ``MissingExtraError`` saying so. Nothing else in cardtable
imports it. ``docs/research.md`` documents the encodings, layouts and rewards.
"""

from cardtable.core.extras import require

require("research", "cardtable.research")


def _register_gymnasium() -> None:
    """``gymnasium.make("cardtable/BuckEuchre-v0")`` and the like, for each game; keywords
    given to ``make`` go to ``CardtableGym`` (players, seat, opponents, options)."""
    import gymnasium

    for game_id, name in GYMNASIUM_IDS.items():
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point="cardtable.research.gymnasium:CardtableGym",
                kwargs={"game_id": game_id},
            )


#: The Gymnasium id of each game, registered on import of this package.
GYMNASIUM_IDS = {
    "royal-casino": "cardtable/RoyalCasino-v0",
    "buck-euchre": "cardtable/BuckEuchre-v0",
    "rummy-500": "cardtable/RummyFiveHundred-v0",
    "queen-city-rum": "cardtable/QueenCityRum-v0",
}

_register_gymnasium()
