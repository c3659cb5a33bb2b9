"""The rules of Buck Euchre as the ``Rules`` contract, registered as ``buck-euchre``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from cardtable.core.cards import CLUBS
from cardtable.core.errors import IllegalActionError
from cardtable.core.game import Action, OptionSpec, Rules, Settlement
from cardtable.core.registry import register
from cardtable.games.buck_euchre.actions import (
    _BIDS,
    _DECISIONS,
    _DISCARD0,
    _DISCARD1,
    _DISCARD2,
    _NAMINGS,
    _PLAY0,
    _PLAY1,
    _PLAY2,
    Discard,
    parse_action,
)
from cardtable.games.buck_euchre.cards import (
    DECK,
    LAYOUT,
    POS,
    SEATS,
    SUIT_AT,
    TABLES,
    layout_cards,
)
from cardtable.games.buck_euchre.engine import next_state
from cardtable.games.buck_euchre.explain import explain
from cardtable.games.buck_euchre.scoring import settle
from cardtable.games.buck_euchre.state import (
    DEAL_ORDER,
    DECIDING,
    DISCARDING,
    DOWN,
    NAMING,
    ORDERING,
    PLAYING,
    TAKEN,
    UP,
    BuckEuchreState,
    Table,
)
from cardtable.games.buck_euchre.views import BuckEuchreOptions, BuckEuchreView, view_of
from cardtable.games.buck_euchre.worlds import determinize

# Module constants (``Final``): the compiled module reads them as C statics, not from a dict.
_PLAYS0: Final = _PLAY0
_PLAYS1: Final = _PLAY1
_PLAYS2: Final = _PLAY2
_FOLLOW_OF: Final[tuple[tuple[int, ...], ...]] = TABLES.follow_of

# -- the rules ------------------------------------------------------------------------------------


class BuckEuchre(Rules[BuckEuchreState]):
    """Buck Euchre with its options: ``start`` (BE-11) and ``five_tricks_win`` (BE-13)."""

    game_id = "buck-euchre"
    title = "Buck Euchre"
    rule_prefix = "BE"
    player_counts = (4,)
    default_players = 4
    score_direction = -1  # scores count down: lower is better (BE-11)
    option_specs = (
        OptionSpec(
            "start", 25, "score every player starts from, counting down (BE-11)", low=1, high=1000
        ),
        OptionSpec("five_tricks_win", True, "taking all five tricks wins the game (BE-13)"),
    )

    def __init__(self, players: int, options: Mapping[str, object]) -> None:
        super().__init__(players, options)
        self.settings = self.typed_options(BuckEuchreOptions)
        self.start = self.settings["start"]
        self.five_tricks_win = self.settings["five_tricks_win"]

    def initial_scores(self) -> tuple[int, ...]:
        return (self.start,) * SEATS

    def deck(self) -> tuple[int, ...]:
        return DECK

    # -- a hand -----------------------------------------------------------------------------
    def deal(self, deck: Sequence[int], dealer: int, scores: tuple[int, ...]) -> BuckEuchreState:
        """BE-3: 2 cards each, then 3 each, from the player after the dealer; the next card is
        the upcard and the last 3 are the kitty. BE-4: a club upcard makes clubs trump at once."""
        hands = [0, 0, 0, 0]
        for seat, c in zip(DEAL_ORDER[dealer], deck, strict=False):
            hands[seat] |= 1 << POS[c]
        upcard = POS[deck[20]]
        kitty = 1 << POS[deck[21]] | 1 << POS[deck[22]] | 1 << POS[deck[23]]
        first = (dealer + 1) % SEATS
        if SUIT_AT[upcard] == CLUBS:  # BE-4: no bidding, nobody drops, all play
            table = Table(dealer, upcard, kitty, UP, -1, CLUBS, -1, 0, 0)
            return BuckEuchreState(table, PLAYING, first, tuple(hands), (), first, (0,) * 4, (),
                                   -1)  # fmt: skip
        table = Table(dealer, upcard, kitty, UP, -1, -1, -1, 0, 0)
        return BuckEuchreState(table, ORDERING, first, tuple(hands), (), -1, (0,) * 4, (), -1)

    def to_move(self, state: BuckEuchreState) -> int | None:
        return state.turn

    def legal_actions(self, state: BuckEuchreState) -> list[Action]:
        phase = state.phase
        if phase == PLAYING:  # BE-10: follow the led suit (left bower included) if you can
            hand = state.hands[state.turn]  # type: ignore[index]
            if state.trick:
                same = hand & _FOLLOW_OF[state.table.trump][state.trick[0]]
                if same:
                    hand = same
            return _PLAYS0[hand & 255] + _PLAYS1[hand >> 8 & 255] + _PLAYS2[hand >> 16]
        if phase == ORDERING:
            return list(_BIDS)
        if phase == DECIDING:
            return list(_DECISIONS)
        if phase == NAMING:  # BE-6: any suit but the turned-down one
            return list(_NAMINGS[SUIT_AT[state.table.upcard]])
        if phase == DISCARDING:  # BE-5: any card of the dealer's six
            hand = state.hands[state.table.dealer]
            return _DISCARD0[hand & 255] + _DISCARD1[hand >> 8 & 255] + _DISCARD2[hand >> 16]
        return []

    def apply(self, state: BuckEuchreState, action: Action) -> BuckEuchreState:
        return next_state(state, action)

    def explain(self, state: BuckEuchreState, action: Action) -> IllegalActionError:
        return explain(state, action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def settle(self, state: BuckEuchreState, scores: tuple[int, ...]) -> Settlement:
        return settle(state, scores, five_tricks_win=self.five_tricks_win)

    # -- what players see -------------------------------------------------------------------
    def public_action(self, action: Action) -> str:
        """The dealer's discard is face down (BE-5): others see only that one was made."""
        return "discard" if isinstance(action, Discard) else str(action)

    def view(self, state: BuckEuchreState, seat: int | None) -> BuckEuchreView:
        return view_of(state, seat)

    def determinize(self, view: BuckEuchreView, seat: int, rng: random.Random) -> BuckEuchreState:
        return determinize(view, seat, rng)

    def zones(self, state: BuckEuchreState) -> dict[str, list[int]]:
        t = state.table
        zones: dict[str, list[int]] = {}
        for seat in range(SEATS):
            where = "set aside" if t.dropped >> seat & 1 else "hand"
            zones[f"{where} {seat}"] = layout_cards(state.hands[seat])
        zones["upcard"] = [LAYOUT[t.upcard]] if t.fate == UP else []
        zones["turned down"] = [LAYOUT[t.upcard]] if t.fate == DOWN else []
        zones["kitty"] = layout_cards(t.kitty)
        zones["discard"] = [LAYOUT[t.discard]] if t.discard >= 0 else []
        zones["trick"] = [LAYOUT[p] for p in state.trick]
        for seat in range(SEATS):
            zones[f"won {seat}"] = layout_cards(state.taken[seat])
        return zones

    def hidden(self, state: BuckEuchreState, seat: int | None) -> list[int]:
        """Other players' hands and set-aside cards, the kitty, and the discard (but for the
        dealer); never the picked-up upcard, whose identity everyone saw (module docstring)."""
        t = state.table
        mask = t.kitty
        for other in range(SEATS):
            if other != seat:
                mask |= state.hands[other]
        if t.discard >= 0 and seat != t.dealer:
            mask |= 1 << t.discard
        if t.fate == TAKEN:
            mask &= ~(1 << t.upcard)
        return layout_cards(mask)


# Registered by a call, not a decorator: mypyc compiles this module (setup.py), and it cannot
# compile a decorated class.
register(BuckEuchre)
