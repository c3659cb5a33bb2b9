"""``RoyalCasino``: the Rules contract for Royal Casino (RULES.md RC-1 … RC-25): the deal,
applying plays, views and zones. Legal plays, refusals and scoring live in their own modules."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final, cast

from cardtable.core.cards import CARD_NAMES, FULL_DECK, cards_of, mask_of
from cardtable.core.errors import IllegalActionError
from cardtable.core.game import Action, OptionSpec, Rules, Settlement
from cardtable.core.registry import register
from cardtable.games.reasons import refusal
from cardtable.games.royal_casino.actions import Build, Capture, Play, Trail, parse_play
from cardtable.games.royal_casino.checks import find_fault
from cardtable.games.royal_casino.moves import legal_plays, sides_of
from cardtable.games.royal_casino.scoring import NEAR_ITEMS, near_items, settle_hand
from cardtable.games.royal_casino.table import (
    State,
    TableBuild,
    build_order,
    new_build,
)
from cardtable.games.royal_casino.values import SPADE_MASK, table_sum
from cardtable.games.royal_casino.views import (
    BuildView,
    CaptureView,
    RoyalCasinoOptions,
    RoyalCasinoView,
)
from cardtable.games.royal_casino.worlds import sample_world

HAND_SIZE: Final = 4  # RC-3
TABLE_CARDS: Final = 4  # RC-3: face up on the first deal of a hand
#: The plays' classes (plain Python), held as ``Final`` so that ``apply``, compiled, reads them
#: as C statics rather than from the module's dictionary.
_TRAIL: Final = Trail
_CAPTURE: Final = Capture
_BUILD: Final = Build


def _names(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in cards_of(mask)]


class RoyalCasino(Rules[State]):
    """Royal Casino for 2, 3 or 4 players (4: partnerships 0&2 against 1&3)."""

    game_id = "royal-casino"
    title = "Royal Casino"
    rule_prefix = "RC"
    player_counts = (2, 3, 4)
    default_players = 2
    option_specs = (
        OptionSpec("target", 21, "points that win the match (RC-21)", low=4, high=1000),
        OptionSpec("sweeps", True, "a capture that clears the table scores 1 (RC-18)"),
        OptionSpec(
            "partner_may_raise", False, "partners may raise each other's single builds (RC-10)"
        ),
        OptionSpec(
            "open_piles",
            False,
            "captured piles lie face up, so nobody needs to remember them: easier (RC-24)",
        ),
    )

    def __init__(self, players: int, options: Mapping[str, object]) -> None:
        super().__init__(players, options)
        self.settings = self.typed_options(RoyalCasinoOptions)
        self.target = self.settings["target"]
        self.sweeps_on = self.settings["sweeps"]
        self.partner_may_raise = self.settings["partner_may_raise"]
        self.open_piles = self.settings["open_piles"]
        self._sides = sides_of(players)
        self._next_seat = tuple((seat + 1) % players for seat in range(players))  # C-2

    # -- seats and sides (RC-1) -------------------------------------------------------------
    @property
    def sides(self) -> int:
        return self._sides

    def side_of(self, seat: int) -> int:
        return seat % self._sides

    # -- a hand -----------------------------------------------------------------------------
    def deck(self) -> tuple[int, ...]:
        return FULL_DECK

    def deal(self, deck: Sequence[int], dealer: int, scores: tuple[int, ...]) -> State:
        """RC-3: four cards each, one at a time from the player after the dealer, then four
        face up to the table; the rest is the stock."""
        hands, stock = _deal_round(tuple(deck), dealer, self.players)
        return State(
            dealer=dealer,
            turn=(dealer + 1) % self.players,
            hands=hands,
            loose=mask_of(stock[:TABLE_CARDS]),
            builds=(),
            piles=(0,) * self._sides,
            sweeps=(0,) * self._sides,
            last_capture=-1,
            stock=stock[TABLE_CARDS:],
            near=near_items(scores, self.target),
            captures=(),
        )

    def to_move(self, state: State) -> int | None:
        return None if state.turn < 0 else state.turn

    def legal_actions(self, state: State) -> list[Action]:
        return legal_plays(state, self.partner_may_raise)

    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``, a legal play of the seat to move (checked by Match)."""
        play = cast(Play, action)  # a legal play, so one of the three (no isinstance: speed)
        seat = state.turn
        bit = 1 << play.card
        hands_now = list(state.hands)
        hand = hands_now[seat] = hands_now[seat] & ~bit
        hands = tuple(hands_now)
        loose, builds, piles, sweeps = state.loose, state.builds, state.piles, state.sweeps
        last = state.last_capture
        captures = state.captures
        kind = type(play)
        if kind is _TRAIL:  # RC-15
            loose |= bit
        elif kind is _CAPTURE:  # RC-5
            taken = cast(Capture, play).cards
            loose &= ~taken
            if builds:
                builds = tuple(b for b in builds if not b.cards & taken)
            last = seat % self._sides
            piles = _add(piles, last, taken | bit)
            swept = self.sweeps_on and not loose and not builds  # RC-18
            if swept:
                sweeps = _bump(sweeps, last)
            captures = (*captures, (seat, play.card, taken, swept))  # RC-24: seen made
        elif kind is _BUILD:  # RC-9 … RC-11
            build = cast(Build, play)
            builds = _with_build(builds, build, bit, seat)
            loose &= ~build.cards
        turn = self._next_seat[seat]
        stock = state.stock
        if not hand and not any(hands):
            if stock:  # RC-3: deal again, nothing to the table
                hands, stock = _deal_round(stock, state.dealer, self.players)
            else:  # RC-19: the last capturer takes what is left; not a sweep
                left = loose
                for b in builds:
                    left |= b.cards
                if last >= 0 and left:
                    piles = _add(piles, last, left)
                    loose, builds = 0, ()
                turn = -1
        return State(
            state.dealer,
            turn,
            hands,
            loose,
            builds,
            piles,
            sweeps,
            last,
            stock,
            state.near,
            captures,
        )

    def explain(self, state: State, action: Action) -> IllegalActionError:
        if not isinstance(action, Trail | Capture | Build):
            return refusal("refusal.rc.not_a_play", "RC-4", str(action))
        fault = find_fault(state, action, self.partner_may_raise)
        if fault is None:  # the generator and the checks disagree: never expected
            fault = refusal("refusal.rc.not_allowed", "RC-4")
        fault.action = str(action)
        return fault

    def parse_action(self, text: str) -> Action:
        return parse_play(text)

    def settle(self, state: State, scores: tuple[int, ...]) -> Settlement:
        return settle_hand(state, scores, self.target)

    # -- what players see (C-6) ---------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> RoyalCasinoView:
        """Public: the table, every capture as it was made, each side's pile size and sweep
        markers, the stock's size, hand sizes. The piles themselves (their cards, their
        spades) only with ``open_piles`` or once the hand is over (RC-24). Private: the seat's
        own hand."""
        per_deal = HAND_SIZE * self.players
        builds: list[BuildView] = [
            {
                "cards": _names(b.cards),
                "value": b.value,
                "owner": b.owner,
                "kind": "multiple" if b.multiple else "single",
            }
            for b in state.builds
        ]
        shown = self.open_piles or state.turn < 0  # RC-24: face down until the hand is scored
        markers: list[list[str]] = [[] for _ in state.piles]
        captures: list[CaptureView] = []
        for taker, card, taken, swept in state.captures:
            captures.append(
                {"seat": taker, "card": CARD_NAMES[card], "cards": _names(taken), "sweep": swept}
            )
            if swept:  # RC-18, RC-24: the sweeping card lies face up on the pile
                markers[taker % self._sides].append(CARD_NAMES[card])
        return {
            "hand": None if seat is None else _names(state.hands[seat]),
            "hand_sizes": [h.bit_count() for h in state.hands],
            "loose": _names(state.loose),
            "builds": builds,
            "piles": [_names(p) for p in state.piles] if shown else None,
            "pile_sizes": [p.bit_count() for p in state.piles],
            "pile_spades": [(p & SPADE_MASK).bit_count() for p in state.piles] if shown else None,
            "sweeps": list(state.sweeps),
            "sweep_cards": markers,
            "captures": captures,
            "stock": len(state.stock),
            "deal": (len(FULL_DECK) - TABLE_CARDS - len(state.stock)) // per_deal,
            "deals": (len(FULL_DECK) - TABLE_CARDS) // per_deal,
            "dealer": state.dealer,
            "to_move": self.to_move(state),
            "last_capture": None if state.last_capture < 0 else state.last_capture,
            "must_trail": state.turn >= 0 and not state.loose and not state.builds,
            "near_21": [NEAR_ITEMS.get(code) for code in state.near],
        }

    def zones(self, state: State) -> dict[str, list[int]]:
        zones = {"stock": list(state.stock), "table": cards_of(state.table)}
        for seat, hand in enumerate(state.hands):
            zones[f"hand {seat}"] = cards_of(hand)
        for side, pile in enumerate(state.piles):
            zones[f"pile {side}"] = cards_of(pile)
        return zones

    def determinize(self, view: RoyalCasinoView, seat: int, rng: random.Random) -> State:
        """A world showing ``seat`` exactly ``view``: unseen cards dealt at random."""
        return sample_world(view, seat, rng)

    def hidden(self, state: State, seat: int | None) -> list[int]:
        """Other players' hands and the undealt stock."""
        out = list(state.stock)
        for s, hand in enumerate(state.hands):
            if s != seat:
                out += cards_of(hand)
        return out


def _deal_round(
    stock: tuple[int, ...], dealer: int, players: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """RC-3: card i of the stock goes to the seat ``dealer + 1 + i`` (mod players), four rounds;
    returns the hands and what is left of the stock."""
    hands = [0] * players
    for i in range(HAND_SIZE * players):
        hands[(dealer + 1 + i) % players] |= 1 << stock[i]
    return tuple(hands), stock[HAND_SIZE * players :]


def _with_build(
    builds: tuple[TableBuild, ...], play: Build, bit: int, seat: int
) -> tuple[TableBuild, ...]:
    """The builds after ``play`` (RC-9 … RC-11): the build it touches, if any, is replaced by
    the new one, made of the played card and every table card named; the seat owns it (RC-8)."""
    joined = play.cards
    cards = joined | bit
    new = new_build(play.value, cards, seat, table_sum(cards) != play.value)
    if not builds:
        return (new,)
    return tuple(sorted([*(b for b in builds if not b.cards & joined), new], key=build_order))


def _add(row: tuple[int, ...], i: int, mask: int) -> tuple[int, ...]:
    return (*row[:i], row[i] | mask, *row[i + 1 :])


def _bump(row: tuple[int, ...], i: int) -> tuple[int, ...]:
    return (*row[:i], row[i] + 1, *row[i + 1 :])


# Registered by a call, not a decorator: mypyc compiles this module (setup.py), and it
# cannot compile a decorated class.
register(RoyalCasino)
