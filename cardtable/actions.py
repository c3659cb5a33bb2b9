"""Every game's actions, by game, for bots and programs that build or inspect them.

``Match.legal_actions()`` hands these out; each one's ``str`` is its notation (RULES.md N)
and its ``repr`` shows that notation, ``Build('build 8c: 8s =8')``. Match by type rather than
by parsing text:

>>> from cardtable import Match, actions
>>> m = Match("royal-casino", seed=1)
>>> all(isinstance(a, actions.royal_casino.Play) for a in m.legal_actions())
True
>>> actions.buck_euchre.Pass()
Pass('pass')

Royal Casino: ``Trail``, ``Capture``, ``Build`` (``Play`` is any of them). Buck Euchre:
``Order``, ``Pass``, ``Discard``, ``Trump``, ``Stay``, ``Drop``, ``Play``. Rummy 500 and
Queen City Rum share ``cardtable.actions.rummy``: ``Draw``, ``Take``, ``Meld``, ``Layoff``,
``Discard``, ``End``, ``Rummy``, ``Pass``.
"""

from __future__ import annotations

from cardtable.games.buck_euchre import actions as buck_euchre
from cardtable.games.royal_casino import actions as royal_casino
from cardtable.games.rummy import actions as rummy

__all__ = ["buck_euchre", "royal_casino", "rummy"]
