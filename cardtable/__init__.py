"""cardtable: exact rules, seeded deals, records and views for Royal Casino, Buck Euchre,
Rummy 500 and Queen City Rum."""

# _pure first: with CARDTABLE_PURE_PYTHON set, no compiled module may be imported before it.
from cardtable import _pure, actions, games  # noqa: F401  (games: registers the games)
from cardtable.core.cards import (
    CardSet,
    card_str,
    cards_str,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from cardtable.core.errors import (
    CardtableError,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
)
from cardtable.core.game import Action, Rules, Settlement
from cardtable.core.match import Match
from cardtable.core.registry import game_ids, rules_class
from cardtable.core.views import View

__all__ = [
    "Action",
    "CardSet",
    "CardtableError",
    "IllegalActionError",
    "Match",
    "NotationError",
    "OptionError",
    "RecordError",
    "Rules",
    "Settlement",
    "View",
    "actions",
    "card_str",
    "cards_str",
    "game_ids",
    "parse_card",
    "parse_cards",
    "rank_of",
    "rules_class",
    "suit_of",
]
#: The version, written only here: the package metadata reads it (pyproject.toml), and so
#: does ``cardtable --version``; CHANGELOG.md says what each version changed.
__version__ = "0.2.0"
