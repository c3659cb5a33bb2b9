"""Royal Casino, Dominican variant (RULES.md RC-1 … RC-23), for 2, 3 or 4 players.

Modules: ``values`` (card values, RC-2), ``table`` (the immutable state), ``actions`` (plays
and their notation), ``groups`` (the loose groups a play may take or build with, memoised),
``moves`` (legal plays), ``checks`` (why a play is refused), ``scoring`` (RC-18 … RC-23),
``worlds`` (sampled worlds) and ``rules`` (the Rules contract: deal, apply, views); ``frozen``
and ``memo`` are the two speed helpers they share. The decisions taken where the rules are
silent are written in ``docs/royal_casino.md``.
"""

from cardtable.games.royal_casino.actions import Build, Capture, Trail, parse_play
from cardtable.games.royal_casino.rules import RoyalCasino
from cardtable.games.royal_casino.table import State, TableBuild

__all__ = ["Build", "Capture", "RoyalCasino", "State", "TableBuild", "Trail", "parse_play"]
