"""Readers and builders that use a key no view or options type has: each marked line must be
a mypy error, the one its ``# expect:`` comment names, on the line after it
(``tests/test_view_types.py`` runs mypy on this file alone; the project's own mypy run leaves
it out). Never run: it only has to import."""

from __future__ import annotations

from cardtable.core.match import Match
from cardtable.core.views import View
from cardtable.games.buck_euchre import BuckEuchreView, buck_euchre_view
from cardtable.games.royal_casino.rules import RoyalCasino
from cardtable.games.royal_casino.views import RoyalCasinoView, royal_casino_view
from cardtable.games.rummy.views import MeldView, RummyView, rummy_view


def rummy_reader(view: View) -> object:
    # expect: "RummyView" has no key "discard_piel"
    return rummy_view(view)["state"]["discard_piel"]


def meld_reader(meld: MeldView) -> object:
    # expect: "MeldView" has no key "laid_of"
    return meld["laid_of"]


def euchre_reader(view: View) -> object:
    # expect: "BuckEuchreView" has no key "trunp"
    return buck_euchre_view(view)["state"]["trunp"]


def casino_reader(view: View) -> object:
    # expect: "RoyalCasinoView" has no key "near21"
    return royal_casino_view(view)["state"]["near21"]


def options_reader(view: View) -> object:
    # expect: "RummyOptions" has no key "targte"
    return rummy_view(view)["options"]["targte"]


def rules_options(rules: RoyalCasino) -> object:
    # expect: "RoyalCasinoOptions" has no key "sweep"
    return rules.settings["sweep"]


def envelope_reader(m: Match) -> object:
    # expect: has no key "legal_action"
    return m.view(0)["legal_action"]


def euchre_builder() -> BuckEuchreView:
    # expect: Missing keys
    return {"phase": "order"}


def casino_builder(view: RoyalCasinoView) -> RoyalCasinoView:
    # expect: Extra key "must_trial" for TypedDict "RoyalCasinoView"
    return {**view, "must_trial": True}


def rummy_builder(view: RummyView) -> RummyView:
    # expect: expression has type "str", TypedDict item "stock" has type "int"
    return {**view, "stock": "12"}
