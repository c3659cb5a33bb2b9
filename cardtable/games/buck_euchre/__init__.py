"""Buck Euchre (RULES.md BE-1 … BE-13): four players each for themselves, counting down from 25.

A hand goes through phases: ordering up the upcard (BE-5) and the dealer's discard, naming a
suit (BE-6), staying or dropping (BE-8), then five tricks (BE-10). A club upcard (BE-4) skips
straight to play. Scores count down; ``Settlement.points`` are the signed changes (BE-11).

The package holds the rules only:

- ``cards``: the 24 cards (BE-1) and the 24-bit hand masks over them, in notation order;
- ``actions``: the actions, interned, and their notation (RULES.md N);
- ``state``: phases, seat tables and the frozen states (a ``Table`` holds what the deal and
  the bidding fixed, so a card played builds only the play fields);
- ``engine``: applying an action, one function per phase; ``rules``: the ``Rules`` contract;
- ``explain``: refusals with their rule; ``scoring``: BE-9, BE-11 … BE-13;
- ``views``: what a seat may see; ``worlds``: what a view implies about the unseen cards.

How to play it well (the heuristic strategy, reading the bids, the search's measures) is the
bots' business: ``cardtable.bots.heuristic.buck_euchre`` and ``cardtable.bots.buck_euchre``.

Decisions where the rule book is silent (also in docs/buck_euchre.md):

- No trump (BE-7): every player decides to stay or drop (BE-8 applies; there is no maker), and
  each player who stays needs 1 trick.
- Every player owed a stay/drop decision makes it, even when the outcome is already fixed.
- The dealer may discard any of the six cards, the picked-up upcard included (BE-5, "any card").
- The picked-up upcard is public: views name it as ``picked_up`` until it is played, wherever
  it lies, because nobody but the dealer can tell whether it was discarded. The turned-down
  upcard is public too (everyone saw it; its suit may not be named). A club upcard stays face
  up on the table for the whole hand.
- A dropped player still sees their own set-aside cards; the dealer sees their own discard.
- BE-13 takes precedence over BE-12: the player who took all five tricks wins even if another
  player's score is lower. BE-12 is applied after every hand, ties included: after a tie at
  the lowest score at or below 0, the next hand's lowest at or below 0 wins.
- Every card played this hand is public: views list the completed tricks before the last one as
  ``earlier_tricks``, since everyone at the table saw them played.

``determinize`` deals the cards a seat has not seen uniformly among the places its view allows
(voids and played cards respected: "Sampling the unseen cards" in docs/buck_euchre.md).
"""

from cardtable.games.buck_euchre.actions import (
    DISCARDS,
    DROP,
    ORDER,
    PASS,
    PLAYS,
    STAY,
    TRUMPS,
    Discard,
    Drop,
    Order,
    Pass,
    Play,
    Stay,
    Trump,
    parse_action,
)
from cardtable.games.buck_euchre.cards import (
    ALL_SEATS,
    DECK,
    FULL,
    LAYOUT,
    LAYOUT_BITS,
    NAME_POS,
    POS,
    SEATS,
    TABLES,
    layout_cards,
    layout_names,
)
from cardtable.games.buck_euchre.rules import BuckEuchre
from cardtable.games.buck_euchre.scoring import tricks_won
from cardtable.games.buck_euchre.state import (
    DEAL_ORDER,
    DECIDERS,
    DECIDING,
    DISCARDING,
    DOWN,
    NAMING,
    NEXT_IN,
    ORDERING,
    OVER,
    PHASE_NAMES,
    PLAYING,
    ROUND_FROM,
    TAKEN,
    UP,
    BuckEuchreState,
    Table,
)
from cardtable.games.buck_euchre.views import BuckEuchreOptions, BuckEuchreView, buck_euchre_view
from cardtable.games.buck_euchre.worlds import Unseen, deal_constrained, determinize, voids

__all__ = [
    "ALL_SEATS",
    "DEAL_ORDER",
    "DECIDERS",
    "DECIDING",
    "DECK",
    "DISCARDING",
    "DISCARDS",
    "DOWN",
    "DROP",
    "FULL",
    "LAYOUT",
    "LAYOUT_BITS",
    "NAME_POS",
    "NAMING",
    "NEXT_IN",
    "ORDER",
    "ORDERING",
    "OVER",
    "PASS",
    "PHASE_NAMES",
    "PLAYING",
    "PLAYS",
    "POS",
    "ROUND_FROM",
    "SEATS",
    "STAY",
    "TABLES",
    "TAKEN",
    "TRUMPS",
    "UP",
    "BuckEuchre",
    "BuckEuchreOptions",
    "BuckEuchreState",
    "BuckEuchreView",
    "Discard",
    "Drop",
    "Order",
    "Pass",
    "Play",
    "Stay",
    "Table",
    "Trump",
    "Unseen",
    "buck_euchre_view",
    "deal_constrained",
    "determinize",
    "layout_cards",
    "layout_names",
    "parse_action",
    "tricks_won",
    "voids",
]
