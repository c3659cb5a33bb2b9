"""Buck Euchre (RULES.md BE-1 … BE-13): four players each for themselves, counting down from 25.

A hand goes through phases: ordering up the upcard (BE-5) and the dealer's discard, naming a
suit (BE-6), staying or dropping (BE-8), then five tricks (BE-10). A club upcard (BE-4) skips
straight to play. Scores count down; ``Settlement.points`` are the signed changes (BE-11).

Representation, chosen for speed (random play and search bots call ``legal_actions`` and
``apply`` millions of times):

- The 24 cards are laid out in the string order of their notation (``9c 9d … Th Ts``) and a
  hand is a 24-bit mask over that layout, so reading a mask's bits from low to high already
  gives the sorted legal list; precomputed action lists for each byte of a mask make a legal
  list three lookups and two concatenations.
- States are small frozen slotted dataclasses: what the deal and the bidding fixed lives in a
  ``Table`` shared by every state of the play, so a card played builds only the play fields.
- Actions are interned: ``PLAYS[card]`` and friends are created once.

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

For search bots, ``determinize`` samples the cards a seat has not seen from its view (voids and
played cards respected, the bids read as evidence: "Sampling the unseen cards" in
docs/buck_euchre.md), and ``hand_utility`` counts winning the match (``MATCH_WIN``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from cardtable.core.cards import CARD_NAMES, CLUBS, SUITS, parse_card, suit_of
from cardtable.core.errors import IllegalActionError, NotationError
from cardtable.core.game import JSON, Action, OptionSpec, Rules, Settlement
from cardtable.core.registry import register
from cardtable.games.reasons import refusal
from cardtable.games.tricks import (
    NO_TRUMP,
    TRUMP_CHOICES,
    TrickTables,
    effective_suit,
    is_left_bower,
    strength,
    trump_name,
)

# -- cards (BE-1) ---------------------------------------------------------------------------------
DECK: tuple[int, ...] = tuple(sorted(s * 13 + r for s in range(4) for r in (0, 8, 9, 10, 11, 12)))
LAYOUT: tuple[int, ...] = tuple(sorted(DECK, key=CARD_NAMES.__getitem__))
"""Bit ``i`` of a hand mask is the card ``LAYOUT[i]``: notation order, so masks list sorted."""
POS: tuple[int, ...] = tuple(LAYOUT.index(c) if c in LAYOUT else -1 for c in range(53))
LAYOUT_BITS: tuple[int, ...] = tuple(1 << i for i in range(len(LAYOUT)))
TABLES = TrickTables(LAYOUT)
SEATS = 4
PASS_UNDERRATED = 0.4  # ``estimate_shift``: points a first-round pass's estimate runs low by
MATCH_WIN = 20.0  # what winning the match is worth to a search, in points (``hand_utility``)
WIN_FIT = (
    0.05,
    0.16,
    12,
)  # ``win_chance``: a point's weight, its extra weight below the mark, the mark
T = TypeVar("T")
ALL_SEATS = 0b1111

_SUIT_NAMES = ("club", "diamond", "heart", "spade")
_SUIT_PLURALS = ("clubs", "diamonds", "hearts", "spades")
_SUIT_WORDS = {
    **{s: i for i, s in enumerate(SUITS)},
    **{s: i for i, s in enumerate(_SUIT_NAMES)},
    **{s: i for i, s in enumerate(_SUIT_PLURALS)},
    "♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3,
}  # fmt: skip


def _byte_tables(values: Sequence[T]) -> tuple[tuple[list[T], ...], ...]:
    """For each of the three bytes of a layout mask and each value of that byte, the values of
    its cards in layout order: a mask's list is three lookups and two concatenations."""
    return tuple(
        tuple([values[8 * k + i] for i in range(8) if m >> i & 1] for m in range(256))
        for k in range(3)
    )


_CARD0, _CARD1, _CARD2 = _byte_tables(LAYOUT)


def layout_cards(mask: int) -> list[int]:
    """The cards of a layout mask, in canonical order (C-1)."""
    return sorted(_CARD0[mask & 255] + _CARD1[mask >> 8 & 255] + _CARD2[mask >> 16])


def layout_names(mask: int) -> list[str]:
    """The notation of the cards of a layout mask, in canonical order (C-1)."""
    return [CARD_NAMES[c] for c in layout_cards(mask)]


# -- actions (RULES.md N) -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Order(Action):
    """Make the upcard's suit trump (BE-5)."""

    def __str__(self) -> str:
        return "order"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline to order (BE-5) or to name a suit (BE-6)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """The dealer's face-down discard after picking up the upcard (BE-5)."""

    card: int

    def __str__(self) -> str:
        return "discard " + CARD_NAMES[self.card]


@dataclass(frozen=True, slots=True)
class Trump(Action):
    """Name a suit as trump in the second round (BE-6)."""

    suit: int

    def __str__(self) -> str:
        return "trump " + SUITS[self.suit]


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """Take part in the hand (BE-8)."""

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Drop(Action):
    """Set the cards aside and sit the hand out (BE-8)."""

    def __str__(self) -> str:
        return "drop"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the trick (BE-10)."""

    card: int

    def __str__(self) -> str:
        return "play " + CARD_NAMES[self.card]


ORDER, PASS, STAY, DROP = Order(), Pass(), Stay(), Drop()
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in range(len(CARD_NAMES)))
DISCARDS: tuple[Discard, ...] = tuple(Discard(c) for c in range(len(CARD_NAMES)))
TRUMPS: tuple[Trump, ...] = tuple(Trump(s) for s in range(4))
_WORDS: dict[str, Action] = {"order": ORDER, "pass": PASS, "stay": STAY, "drop": DROP}
_CARD_VERBS: dict[str, tuple[Action, ...]] = {"play": PLAYS, "discard": DISCARDS}


_PLAY0, _PLAY1, _PLAY2 = _byte_tables([cast(Action, PLAYS[c]) for c in LAYOUT])
_DISCARD0, _DISCARD1, _DISCARD2 = _byte_tables([cast(Action, DISCARDS[c]) for c in LAYOUT])
_BIDS: tuple[Action, ...] = (ORDER, PASS)
_DECISIONS: tuple[Action, ...] = (DROP, STAY)
_NAMINGS = tuple((PASS, *(TRUMPS[s] for s in range(4) if s != turned)) for turned in range(4))

# -- phases and seats -----------------------------------------------------------------------------
ORDERING, DISCARDING, NAMING, DECIDING, PLAYING, OVER = range(6)
PHASE_NAMES = ("order", "discard", "name", "decide", "play", "over")
UP, TAKEN, DOWN = range(3)
"""Where the upcard is: face up on the table, in the dealer's hand, or turned down (BE-5/6)."""

NEXT_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        next(
            ((s + k) % SEATS for k in range(1, SEATS + 1) if not dropped >> (s + k) % SEATS & 1), -1
        )
        for s in range(SEATS)
    )
    for dropped in range(16)
)
"""``NEXT_IN[dropped][seat]``: the next seat after ``seat`` still in the hand (BE-8, BE-10)."""

ROUND_FROM: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple((s + k) % SEATS for k in range(SEATS) if not dropped >> (s + k) % SEATS & 1)
        for s in range(SEATS)
    )
    for dropped in range(16)
)
"""``ROUND_FROM[dropped][leader]``: the seats still in, in playing order from ``leader``."""

DEAL_ORDER: tuple[tuple[int, ...], ...] = tuple(
    tuple((d + 1 + k // packet) % SEATS for packet in (2, 3) for k in range(SEATS * packet))
    for d in range(SEATS)
)
"""``DEAL_ORDER[dealer][i]``: who receives the i-th card dealt: 2 each, then 3 each (BE-3)."""


@dataclass(frozen=True, slots=True)
class Table:
    """What the deal and the bidding fixed: constant once the play starts (BE-3 … BE-9)."""

    dealer: int
    upcard: int  # layout position
    kitty: int  # layout mask, never seen by anyone
    fate: int  # UP, TAKEN or DOWN
    discard: int  # layout position, -1 before the dealer discards
    trump: int  # a suit, NO_TRUMP, or -1 while undecided
    maker: int  # seat, or -1 (none yet, club upcard, no trump)
    stayed: int  # seat mask of players who said stay
    dropped: int  # seat mask of players who dropped


@dataclass(frozen=True, slots=True)
class BuckEuchreState:
    """One moment of a hand. ``turn`` is the seat to act (None once the hand is over)."""

    table: Table
    phase: int
    turn: int | None
    hands: tuple[int, ...]  # layout mask per seat; a dropped player's set-aside cards stay here
    trick: tuple[int, ...]  # layout positions of the current trick, in play order
    leader: int  # who led the current trick (once the hand is over: who won the last one)
    taken: tuple[int, ...]  # layout mask of the cards in the tricks each seat won
    last_trick: tuple[int, ...]  # the last completed trick, in play order
    last_leader: int  # who led it
    earlier: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """The completed tricks before ``last_trick``, oldest first, as (leader, cards in play
    order): public, so that a seat's view carries every card played this hand."""


def _hands_with(hands: tuple[int, ...], seat: int, mask: int) -> tuple[int, ...]:
    """The hands with ``mask`` toggled in ``seat``'s hand."""
    out = list(hands)
    out[seat] ^= mask
    return tuple(out)


DECIDERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple((d + k) % SEATS for k in range(1, SEATS + 1) if (d + k) % SEATS != maker)
        for maker in (*range(SEATS), -1)
    )
    for d in range(SEATS)
)
"""``DECIDERS[dealer][maker]``: who decides stay or drop, in order from the player after the
dealer (BE-8). The entry for no maker comes last, so ``maker == -1`` indexes it directly."""


# -- applying actions, one function per phase -----------------------------------------------------
def _apply_order(s: BuckEuchreState, a: Action) -> BuckEuchreState:
    t, seat = s.table, s.turn
    assert seat is not None
    if isinstance(a, Order):  # BE-5: the dealer picks the upcard up and must discard
        table = Table(t.dealer, t.upcard, t.kitty, TAKEN, -1, suit_of(LAYOUT[t.upcard]), seat,
                      0, 0)  # fmt: skip
        hands = _hands_with(s.hands, t.dealer, 1 << t.upcard)
        return BuckEuchreState(table, DISCARDING, t.dealer, hands, (), -1, s.taken, (), -1)
    if seat == t.dealer:  # BE-6: all four passed, the upcard is turned down
        table = Table(t.dealer, t.upcard, t.kitty, DOWN, -1, -1, -1, 0, 0)
        return BuckEuchreState(table, NAMING, (seat + 1) % SEATS, s.hands, (), -1, s.taken, (), -1)
    return BuckEuchreState(t, ORDERING, (seat + 1) % SEATS, s.hands, (), -1, s.taken, (), -1)


def _apply_discard(s: BuckEuchreState, a: Discard) -> BuckEuchreState:
    t = s.table
    pos = POS[a.card]
    table = Table(t.dealer, t.upcard, t.kitty, t.fate, pos, t.trump, t.maker, 0, 0)
    return _start_deciding(s, table, _hands_with(s.hands, t.dealer, 1 << pos))


def _apply_name(s: BuckEuchreState, a: Action) -> BuckEuchreState:
    t, seat = s.table, s.turn
    assert seat is not None
    if isinstance(a, Trump):  # BE-6: the namer is the maker
        table = Table(t.dealer, t.upcard, t.kitty, t.fate, -1, a.suit, seat, 0, 0)
        return _start_deciding(s, table, s.hands)
    if seat == t.dealer:  # BE-7: all passed again, no trump and no maker
        table = Table(t.dealer, t.upcard, t.kitty, t.fate, -1, NO_TRUMP, -1, 0, 0)
        return _start_deciding(s, table, s.hands)
    return BuckEuchreState(t, NAMING, (seat + 1) % SEATS, s.hands, (), -1, s.taken, (), -1)


def _start_deciding(s: BuckEuchreState, table: Table, hands: tuple[int, ...]) -> BuckEuchreState:
    first = DECIDERS[table.dealer][table.maker][0]
    return BuckEuchreState(table, DECIDING, first, hands, (), -1, s.taken, (), -1)


def _apply_decide(s: BuckEuchreState, a: Action) -> BuckEuchreState:
    t, seat = s.table, s.turn
    assert seat is not None
    stayed, dropped = t.stayed, t.dropped
    if isinstance(a, Stay):
        stayed |= 1 << seat
    else:
        dropped |= 1 << seat
    table = Table(t.dealer, t.upcard, t.kitty, t.fate, t.discard, t.trump, t.maker, stayed,
                  dropped)  # fmt: skip
    order = DECIDERS[t.dealer][t.maker]
    if seat != order[-1]:
        nxt = order[order.index(seat) + 1]
        return BuckEuchreState(table, DECIDING, nxt, s.hands, (), -1, s.taken, (), -1)
    if (ALL_SEATS & ~dropped).bit_count() < 2:  # BE-9: the hand is not played
        return BuckEuchreState(table, OVER, None, s.hands, (), -1, s.taken, (), -1)
    leader = NEXT_IN[dropped][t.dealer]  # BE-10: after the dealer, or the next player still in
    return BuckEuchreState(table, PLAYING, leader, s.hands, (), leader, s.taken, (), -1)


def _apply_play(s: BuckEuchreState, a: Play) -> BuckEuchreState:
    t, seat = s.table, s.turn
    assert seat is not None
    pos = POS[a.card]
    hands_ = list(s.hands)  # inline _hands_with: this is the hottest path
    hands_[seat] ^= 1 << pos
    hands = tuple(hands_)
    trick = (*s.trick, pos)
    round_ = ROUND_FROM[t.dropped][s.leader]
    if len(trick) < len(round_):
        return BuckEuchreState(t, PLAYING, NEXT_IN[t.dropped][seat], hands, trick, s.leader,
                               s.taken, s.last_trick, s.last_leader, s.earlier)  # fmt: skip
    winner = round_[TABLES.winner(trick, t.trump)]  # BE-10: the winner leads next
    won = 0
    for p in trick:
        won |= 1 << p
    taken = _hands_with(s.taken, winner, won)
    earlier = (*s.earlier, (s.last_leader, s.last_trick)) if s.last_trick else s.earlier
    if hands[winner]:
        return BuckEuchreState(t, PLAYING, winner, hands, (), winner, taken, trick, s.leader,
                               earlier)  # fmt: skip
    return BuckEuchreState(t, OVER, None, hands, (), winner, taken, trick, s.leader, earlier)


def _no_actions(s: BuckEuchreState, a: Action) -> BuckEuchreState:
    raise AssertionError("the hand is over")


# Indexed by phase; Match has checked that the action is legal, so each gets its own kind.
_APPLY: tuple[Callable[[BuckEuchreState, Any], BuckEuchreState], ...] = (
    _apply_order, _apply_discard, _apply_name, _apply_decide, _apply_play, _no_actions
)  # fmt: skip


# -- the search's measure of a hand ---------------------------------------------------------------


def win_chance(scores: Sequence[int], seat: int) -> float:
    """``seat``'s chance of winning the match from the scores alone: in proportion to
    exp(-0.05 s + 0.16 max(0, 12 - s)) for a score s, fitted to 1,500 matches of heuristic
    players (docs/bots_buck_euchre.md). Below 12 a point is worth about five times as much."""
    weight, extra, mark = WIN_FIT
    weights = [math.exp(-weight * s + extra * max(0, mark - s)) for s in scores]
    return weights[seat] / sum(weights)


# -- the rules ------------------------------------------------------------------------------------


@register
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
        start = options["start"]
        assert isinstance(start, int)
        self.start = start
        self.five_tricks_win = bool(options["five_tricks_win"])

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
        if suit_of(deck[20]) == CLUBS:  # BE-4: no bidding, nobody drops, all play
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
                same = hand & TABLES.follow_of[state.table.trump][state.trick[0]]
                if same:
                    hand = same
            return _PLAY0[hand & 255] + _PLAY1[hand >> 8 & 255] + _PLAY2[hand >> 16]
        if phase == ORDERING:
            return list(_BIDS)
        if phase == DECIDING:
            return list(_DECISIONS)
        if phase == NAMING:  # BE-6: any suit but the turned-down one
            return list(_NAMINGS[suit_of(LAYOUT[state.table.upcard])])
        if phase == DISCARDING:  # BE-5: any card of the dealer's six
            hand = state.hands[state.table.dealer]
            return _DISCARD0[hand & 255] + _DISCARD1[hand >> 8 & 255] + _DISCARD2[hand >> 16]
        return []

    def apply(self, state: BuckEuchreState, action: Action) -> BuckEuchreState:
        return _APPLY[state.phase](state, action)

    def explain(self, state: BuckEuchreState, action: Action) -> IllegalActionError:
        return _explain(state, action)

    def parse_action(self, text: str) -> Action:
        """Read ``order``, ``pass``, ``discard 9c``, ``trump h``, ``stay``, ``drop``, ``play Jd``
        (any case, any spacing, ``10h`` for ``Th``, suits as letters, symbols or words)."""
        words = text.split()
        if not words:
            raise NotationError("empty action", text)
        verb, args = words[0].lower(), words[1:]
        simple = _WORDS.get(verb)
        if simple is not None:
            if args:
                raise NotationError(f"'{verb}' takes nothing after it", text)
            return simple
        cards = _CARD_VERBS.get(verb)
        if cards is not None:
            if len(args) != 1:
                raise NotationError(f"'{verb}' takes exactly one card, like '{verb} Jd'", text)
            try:
                return cards[parse_card(args[0])]
            except NotationError as e:
                raise NotationError(e.message, text, text.find(args[0])) from None
        if verb == "trump":
            suit = _SUIT_WORDS.get(args[0].lower()) if len(args) == 1 else None
            if suit is None:
                raise NotationError("'trump' takes one suit: c, d, h or s", text)
            return TRUMPS[suit]
        raise NotationError(
            "not a Buck Euchre action (order, pass, discard 9c, trump h, stay, drop, play Jd)",
            text,
        )

    def settle(self, state: BuckEuchreState, scores: tuple[int, ...]) -> Settlement:
        return _settle(state, scores, five_tricks_win=self.five_tricks_win)

    def hand_utility(self, settlement: Settlement, side: int) -> float:
        """Points against the others' mean (the default), plus ``MATCH_WIN`` points if the hand
        wins the match for ``side`` and minus as much if it wins it for another player: most
        matches end on a sweep (BE-13) long before the scores run out, so a search that counted
        a sweep as five points would give matches away."""
        utility = super().hand_utility(settlement, side)
        if settlement.winner is not None:
            utility += MATCH_WIN if settlement.winner == side else -MATCH_WIN
        return utility

    def match_chance(self, settlement: Settlement, side: int) -> float:
        """``side``'s chance of winning the match after the hand, in percent: 100 or 0 if the
        hand ended it (BE-12, BE-13), else ``win_chance`` of the scores."""
        if settlement.winner is not None:
            return 100.0 if settlement.winner == side else 0.0
        return 100.0 * win_chance(settlement.scores, side)

    def decision_utility(self, view: JSON) -> Callable[[Settlement, int], float]:
        """The search ranks by ``match_chance``, but when ordering up (BE-5) by
        ``hand_utility``: scored on single decisions with the real deal, the match chance
        chose better names, stays and card plays and worse first-round orders
        (docs/bots_buck_euchre.md)."""
        return self.hand_utility if view["phase"] == "order" else self.match_chance

    def estimate_shift(self, view: JSON, action: Action) -> float:
        """A first-round pass (BE-5) is ranked 0.4 points higher: over 150 matches its
        estimate came out 0.4 below what the hand then realised, since the playouts bid the
        seat's later turns as the heuristic would (docs/bots_buck_euchre.md)."""
        return PASS_UNDERRATED if view["phase"] == "order" and str(action) == "pass" else 0.0

    # -- what players see -------------------------------------------------------------------
    def public_action(self, action: Action) -> str:
        """The dealer's discard is face down (BE-5): others see only that one was made."""
        return "discard" if isinstance(action, Discard) else str(action)

    def view(self, state: BuckEuchreState, seat: int | None) -> JSON:
        return _view(state, seat)

    def determinize(self, view: JSON, seat: int, rng: random.Random) -> BuckEuchreState:
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


# -- sampling the hidden cards (Rules.determinize) ------------------------------------------------
NAME_POS: dict[str, int] = {CARD_NAMES[c]: POS[c] for c in DECK}
"""Layout position of each card's notation."""
FULL = (1 << len(LAYOUT)) - 1
_TRUMP_OF: dict[str | None, int] = {
    None: -1,
    "none": NO_TRUMP,
    **{s: i for i, s in enumerate(SUITS)},
}
_GREEDY_TRIES = 20


def _names_mask(names: Sequence[str] | None) -> int:
    mask = 0
    for name in names or ():
        mask |= 1 << NAME_POS[name]
    return mask


def _play_order(cards: Sequence[str | None], leader: int, dropped: int) -> tuple[int, ...]:
    """A trick listed by seat (as views show it) back in play order, as layout positions."""
    return tuple(NAME_POS[c] for seat in ROUND_FROM[dropped][leader] if (c := cards[seat]))


def voids(tricks: Sequence[tuple[int, tuple[int, ...]]], trump: int, dropped: int) -> list[int]:
    """Per seat, the layout mask of the cards it cannot hold: every card of a suit it failed
    to follow (BE-10 makes a player follow when able), the left bower counted as a trump."""
    void = [0] * SEATS
    for leader, cards in tricks:
        if not cards:
            continue
        follow = TABLES.follow_of[trump][cards[0]]
        for who, pos in zip(ROUND_FROM[dropped][leader], cards, strict=False):
            if not follow >> pos & 1:
                void[who] |= follow
    return void


class Unseen:
    """What a seat's view fixes about the hand, read once; ``deal`` places the cards the seat
    has not seen at random where they may be: the other hands (none of a suit its holder failed
    to follow), the set-aside cards of dropped players, the kitty, and the dealer's discard."""

    def __init__(self, view: JSON, seat: int) -> None:
        self.seat = seat
        self.dealer = dealer = view["dealer"]
        self.phase = phase = PHASE_NAMES.index(view["phase"])
        self.trump = trump = _TRUMP_OF[view["trump"]]
        self.maker = -1 if view["maker"] is None else view["maker"]
        self.stayed = sum(1 << i for i in view["stayed"])
        self.dropped = dropped = sum(1 << i for i in view["dropped"])
        done: list[tuple[int, tuple[int, ...]]] = []  # completed tricks, oldest first
        self.winners: list[int] = []
        last = [view["last_trick"]] if view["last_trick"] else []
        for t in [*view.get("earlier_tricks", ()), *last]:
            done.append((t["leader"], _play_order(t["cards"], t["leader"], dropped)))
            self.winners.append(t["winner"])
        self.done = done
        self.lead: int | None = view["leader"]
        current = () if self.lead is None else _play_order(view["trick"], self.lead, dropped)
        self.current = current
        tricks = [*done, (self.lead if self.lead is not None else 0, current)]
        self.played = [0] * SEATS  # per seat, the cards it played this hand
        for leader, cards in tricks:
            for who, pos in zip(ROUND_FROM[dropped][leader], cards, strict=False):
                self.played[who] |= 1 << pos
        own = _names_mask(view["hand"]) | _names_mask(view["set_aside"])
        known = own | sum(self.played)
        picked = view["picked_up"]
        if view["upcard"] or view["turned_down"]:
            self.fate = UP if view["upcard"] else DOWN
            self.up = NAME_POS[view["upcard"] or view["turned_down"]]
        else:  # taken by the dealer, and maybe played since: then any trump the dealer played
            self.fate = TAKEN
            self.up = (
                NAME_POS[picked]
                if picked
                else _played_upcard(done, current, self.lead, dealer, dropped, trump)
            )
        known |= 1 << self.up
        self.has_discard = self.fate == TAKEN and phase >= DECIDING
        self.discard = -1
        if self.has_discard and seat == dealer:
            self.discard = NAME_POS[view["discard"]]
            known |= 1 << self.discard
        void = voids(tricks, trump, dropped) if trump >= 0 else [0] * SEATS
        sizes = [5 if dropped >> i & 1 else view["hand_sizes"][i] for i in range(SEATS)]
        self.hands = [0] * SEATS
        self.hands[seat] = own
        if picked and seat != dealer:  # BE-5: the dealer keeps the card picked up ...
            if phase == DISCARDING or (sizes[dealer] and not void[dealer] >> self.up & 1):
                self.hands[dealer] = 1 << self.up
                sizes[dealer] -= 1
            else:  # ... unless shown out of trump, or out of cards, while it is still named
                self.discard = self.up
        self.places: list[tuple[int, int]] = []  # (capacity, allowed mask): seats, kitty, discard
        self.owners: list[int] = []
        for other in range(SEATS):
            if other != seat and sizes[other]:
                self.places.append((sizes[other], FULL & ~void[other]))
                self.owners.append(other)
        self.places.append((3, FULL))
        self.owners.append(-1)
        if self.has_discard and self.discard < 0:
            self.places.append((1, FULL))
            self.owners.append(-2)
        self.pool = FULL & ~known
        self.passed = len(view["passed"])
        self.decided = len(view["stayed"]) + len(view["dropped"])

    def draw(self, rng: random.Random) -> tuple[list[int], int, int]:
        """The unseen cards dealt uniformly among the ways the view allows: every seat's cards
        (its hand or set-aside cards), the kitty, and the dealer's discard (-1 if none)."""
        hands = list(self.hands)
        kitty, discard = 0, self.discard
        dealt = deal_constrained(self.pool, self.places, rng)
        for owner, mask in zip(self.owners, dealt, strict=True):
            if owner >= 0:
                hands[owner] |= mask
            elif owner == -1:
                kitty = mask
            else:
                discard = mask.bit_length() - 1
        return hands, kitty, discard

    def deal(self, rng: random.Random) -> BuckEuchreState:
        """A world dealt uniformly (``draw``)."""
        return self.world(*self.draw(rng))

    def world(self, hands: list[int], kitty: int, discard: int) -> BuckEuchreState:
        """The state of the view with the unseen cards where ``draw`` put them."""
        dealer, phase, maker, dropped = self.dealer, self.phase, self.maker, self.dropped
        table = Table(dealer, self.up, kitty, self.fate, discard, self.trump, maker, self.stayed,
                      dropped)  # fmt: skip
        taken = [0] * SEATS
        for (_, cards), won in zip(self.done, self.winners, strict=True):
            for pos in cards:
                taken[won] |= 1 << pos
        last_leader, last_trick = self.done[-1] if self.done else (-1, ())
        turn: int | None = None
        leader = -1
        if phase in (ORDERING, NAMING):
            turn = (dealer + 1 + self.passed) % SEATS
        elif phase == DISCARDING:
            turn = dealer
        elif phase == DECIDING:
            turn = DECIDERS[dealer][maker][self.decided]
        elif phase == PLAYING:
            assert self.lead is not None
            leader = self.lead
            turn = ROUND_FROM[dropped][leader][len(self.current)]
        elif self.winners:
            leader = self.winners[-1]
        return BuckEuchreState(
            table, phase, turn, tuple(hands), self.current, leader, tuple(taken), last_trick,
            last_leader, tuple(self.done[:-1]),
        )  # fmt: skip


def _played_upcard(
    done: Sequence[tuple[int, tuple[int, ...]]],
    current: tuple[int, ...],
    lead: int | None,
    dealer: int,
    dropped: int,
    trump: int,
) -> int:
    """Once played, the picked-up upcard is no longer named; the state needs one, and any card
    of the trump suit's own that the dealer played stands for it (nothing else depends on it)."""
    for leader, cards in [*done, (lead if lead is not None else 0, current)]:
        for who, pos in zip(ROUND_FROM[dropped][leader], cards, strict=False):
            if who == dealer and suit_of(LAYOUT[pos]) == trump:
                return pos
    raise ValueError("the view names no upcard and the dealer played no trump")


def deal_constrained(pool: int, places: Sequence[tuple[int, int]], rng: random.Random) -> list[int]:
    """Deal the cards of ``pool`` (a layout mask) to ``places``, each a (capacity, allowed
    mask) pair whose capacities add up to the pool's size, uniformly among the ways that give
    every place only cards it allows (exactly uniform with at most one restricted place).

    Restricted places draw first from a shuffled pool, then the rest is sliced; if a restricted
    place comes up short, it tries again, and after a few failures falls back to a card-by-card
    deal that never fails when a deal exists (Hall's condition over suits, checked each step).
    """
    cards = [LAYOUT_BITS[i] for i in range(len(LAYOUT)) if pool >> i & 1]
    if sum(cap for cap, _ in places) != len(cards):
        raise ValueError("the view's hand sizes do not match the cards it has not seen")
    restricted = sorted(
        (i for i, (_, allowed) in enumerate(places) if pool & ~allowed),
        key=lambda i: (pool & places[i][1]).bit_count() - places[i][0],
    )
    for _ in range(_GREEDY_TRIES if restricted else 1):
        draw = rng.random
        cards.sort(key=lambda _: draw())  # a shuffle: random keys, faster than rng.shuffle
        out = [0] * len(places)
        rest = cards
        ok = True
        for i in restricted:
            cap, allowed = places[i]
            chosen: list[int] = []
            rest_: list[int] = []
            for bit in rest:
                if len(chosen) < cap and bit & allowed:
                    chosen.append(bit)
                else:
                    rest_.append(bit)
            if len(chosen) < cap:
                ok = False
                break
            out[i] = sum(chosen)
            rest = rest_
        if not ok:
            continue
        k = 0
        for i, (cap, _) in enumerate(places):
            if i not in restricted:
                out[i] = sum(rest[k : k + cap])
                k += cap
        return out
    return _deal_by_card(cards, places, rng)


def _deal_by_card(
    cards: list[int], places: Sequence[tuple[int, int]], rng: random.Random
) -> list[int]:
    """The careful deal: each card to a random place that allows it, keeping a full deal
    possible (cards differ only by which places allow them, so Hall's condition over the
    groups of cards allowed by the same places is exact)."""
    kinds: dict[int, int] = {}  # allowed-places mask -> number of cards left of that kind
    kind_of: dict[int, int] = {}
    for bit in cards:
        k = sum(1 << i for i, (_, allowed) in enumerate(places) if bit & allowed)
        kind_of[bit] = k
        kinds[k] = kinds.get(k, 0) + 1
    caps = [cap for cap, _ in places]
    kind_list = list(kinds)

    def feasible() -> bool:
        for subset in range(1, 1 << len(kind_list)):
            need = reach = 0
            for j, k in enumerate(kind_list):
                if subset >> j & 1:
                    need += kinds[k]
                    reach |= k
            if need > sum(c for i, c in enumerate(caps) if reach >> i & 1):
                return False
        return True

    if not feasible():
        raise ValueError("no deal of the unseen cards fits the suits players failed to follow")
    out = [0] * len(places)
    rng.shuffle(cards)
    for bit in cards:
        k = kind_of[bit]
        options = [i for i in range(len(places)) if k >> i & 1 and caps[i]]
        rng.shuffle(options)
        kinds[k] -= 1
        for i in options:
            caps[i] -= 1
            if feasible():
                out[i] |= bit
                break
            caps[i] += 1
        else:  # pragma: no cover - feasibility was checked before this card
            raise AssertionError("deal became infeasible")
    return out


# -- reading the bids -----------------------------------------------------------------------------
# A player at the table reads the bidding: whoever ordered or named trump is long in it, whoever
# passed the upcard is not, whoever stayed in holds a likely trick. ``determinize`` deals the
# unseen cards at random ``BID_DRAWS`` times and picks one deal with odds in proportion to the
# chance that its players would have bid as they did (sampling importance resampling). That
# chance is a logistic curve (``BID_SPREAD`` points wide) around a plain count of what making
# trump is worth (the bowers most, then the trump ace …, less 7.4 points: order or name above 0)
# and of what staying is worth (tricks likely, less five times the chance of none: stay above
# -1). The counts are those of the heuristic strategy, rounded (docs/bots_buck_euchre.md). A
# seat's own bids are not read, nor drops (those cards are out of play) or second-round passes
# (they say only that no suit was strong enough).
EVIDENCE_TRUMP = {16: 3.9, 15: 2.7, 14: 2.2, 13: 1.85, 12: 1.65, 10: 1.5, 9: 1.5}  # by strength
EVIDENCE_SIDE = {14: 0.9, 13: 0.4, 12: 0.15}  # side-suit ace, king, queen
EVIDENCE_MAKE_BASE, EVIDENCE_VOID, EVIDENCE_DEALER = -7.4, 0.15, 0.9
STAY_TRUMP = {16: 0.98, 15: 0.5, 14: 0.3, 13: 0.18, 12: 0.15, 10: 0.13, 9: 0.13}
STAY_SIDE = {14: 0.23, 13: 0.05, 12: 0.01}
STAY_PLAIN = {14: 0.77, 13: 0.23, 12: 0.1}  # no trump (BE-7)
STAY_LINE = -1.0  # stay value at which a player is as likely to stay as to drop
BID_SPREAD = 0.5


def _evidence_tables() -> tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]:
    """Per trump and layout position: what a card adds to the make count and its chance of a
    trick for a stayer."""
    make, stay = [], []
    for trump in TRUMP_CHOICES:
        make.append(tuple(
            0.0 if trump == NO_TRUMP
            else EVIDENCE_TRUMP[strength(c, trump)] if effective_suit(c, trump) == trump
            else EVIDENCE_SIDE.get(strength(c, trump), 0.0)
            for c in LAYOUT
        ))  # fmt: skip
        stay.append(tuple(
            STAY_PLAIN.get(strength(c, trump), 0.03) if trump == NO_TRUMP
            else STAY_TRUMP[strength(c, trump)] if effective_suit(c, trump) == trump
            else STAY_SIDE.get(strength(c, trump), 0.0)
            for c in LAYOUT
        ))  # fmt: skip
    return tuple(make), tuple(stay)


_MAKE_COUNT, _STAY_CHANCE = _evidence_tables()
BID_DRAWS = 20  # uniform deals weighed against the bids for each world


def _byte_sums(
    weights: Sequence[float], combine: Callable[[float, float], float], unit: float
) -> tuple[tuple[float, ...], ...]:
    """For each byte of a layout mask and each value of it, its cards' weights combined."""
    out = []
    for k in range(3):
        row = []
        for m in range(256):
            acc = unit
            for i in range(8):
                if m >> i & 1:
                    acc = combine(acc, weights[8 * k + i])
            row.append(acc)
        out.append(tuple(row))
    return tuple(out)


_MAKE_SUM = tuple(_byte_sums(w, float.__add__, 0.0) for w in _MAKE_COUNT)
_STAY_SUM = tuple(_byte_sums(w, float.__add__, 0.0) for w in _STAY_CHANCE)
_STAY_MISS = tuple(_byte_sums(w, lambda a, p: a * (1.0 - p), 1.0) for w in _STAY_CHANCE)
_SIDE_SUITS = tuple(
    tuple(TABLES.follow[trump][s] for s in range(4) if s != trump) for trump in TRUMP_CHOICES
)


def make_count(hand: int, trump: int, *, dealer: bool = False) -> float:
    """What making ``trump`` is worth to the holder of ``hand`` (a layout mask), in points; a
    six-card hand (the dealer with the upcard) counts its best five."""
    a, b, c = _MAKE_SUM[trump]
    total = a[hand & 255] + b[hand >> 8 & 255] + c[hand >> 16]
    if hand.bit_count() > 5:
        w = _MAKE_COUNT[trump]
        total -= min(w[p] for p in range(len(LAYOUT)) if hand >> p & 1)
    voids = 0
    for side in _SIDE_SUITS[trump]:
        if not hand & side:
            voids += 1
    return total + EVIDENCE_MAKE_BASE + EVIDENCE_VOID * voids + (EVIDENCE_DEALER if dealer else 0.0)


def stay_count(hand: int, trump: int) -> float:
    """What staying is worth to the holder of ``hand``: tricks likely less five times the
    chance of none (BE-11)."""
    a, b, c = _STAY_SUM[trump]
    x, y, z = _STAY_MISS[trump]
    lo, mid, hi = hand & 255, hand >> 8 & 255, hand >> 16
    return a[lo] + b[mid] + c[hi] - 5 * x[lo] * y[mid] * z[hi]


def _likely(value: float) -> float:
    return 1.0 / (1.0 + math.exp(-value / BID_SPREAD))


class Bids:
    """The public bids of a hand as a seat's view shows them, read as evidence about the other
    players' cards (the seat's own bids tell it nothing): who passed the upcard or ordered it
    (BE-5), who named trump (BE-6), who stayed in (BE-8)."""

    def __init__(self, u: Unseen) -> None:
        self.u = u
        d = u.dealer
        order = [(d + 1 + i) % SEATS for i in range(SEATS)]
        self.upcard_suit = suit_of(LAYOUT[u.up])
        passed: list[int] = []
        if u.phase == ORDERING:
            passed = order[: u.passed]
        elif u.fate == TAKEN:
            passed = order[: order.index(u.maker)]
        elif u.fate == DOWN:
            passed = order
        self.passed = [p for p in passed if p != u.seat]
        self.ordered = u.maker if u.fate == TAKEN and u.maker != u.seat else -1
        self.named = u.maker if u.fate == DOWN and u.maker >= 0 and u.maker != u.seat else -1
        self.stayed = [p for p in range(SEATS) if u.stayed >> p & 1 and p != u.seat]

    def __bool__(self) -> bool:
        return bool(self.passed or self.stayed) or self.ordered >= 0 or self.named >= 0

    def likelihood(self, hands: list[int], discard: int) -> float:
        """The chance that players holding ``hands`` (and the dealer's ``discard``) would have
        bid as the view shows."""
        u = self.u
        d, up = u.dealer, u.up
        held = [hands[p] | u.played[p] for p in range(SEATS)]  # since the discard
        dealt = held
        if u.fate == TAKEN:  # as dealt: the dealer's discard back, the upcard out
            dealt = list(held)
            dealt[d] = (held[d] | (1 << discard if discard >= 0 else 0)) & ~(1 << up)
        chance = 1.0
        for p in self.passed:
            chance *= 1.0 - self._first(dealt[p], p)
        if self.ordered >= 0:
            chance *= self._first(dealt[self.ordered], self.ordered)
        if self.named >= 0:
            chance *= _likely(make_count(dealt[self.named], u.trump))
        for p in self.stayed:
            chance *= _likely(stay_count(held[p], u.trump) - STAY_LINE)
        return chance

    def _first(self, hand: int, p: int) -> float:
        """The chance that ``p`` orders the upcard (BE-5), the dealer counting it in."""
        dealer = p == self.u.dealer
        if dealer:
            hand |= 1 << self.u.up
        return _likely(make_count(hand, self.upcard_suit, dealer=dealer))


def determinize(view: JSON, seat: int, rng: random.Random) -> BuckEuchreState:
    """A world for ``seat``'s view: ``BID_DRAWS`` uniform deals of the unseen cards (``Unseen``),
    one of them picked with odds in proportion to the chance that its players would have bid as
    they did (``Bids``): sampling importance resampling."""
    unseen = Unseen(view, seat)
    bids = Bids(unseen)
    if not bids:
        return unseen.deal(rng)
    draws = [unseen.draw(rng) for _ in range(BID_DRAWS)]
    weights = [bids.likelihood(hands, discard) for hands, _, discard in draws]
    total = sum(weights)
    pick = rng.random() * total
    for draw, weight in zip(draws, weights, strict=True):
        pick -= weight
        if pick < 0:
            return unseen.world(*draw)
    return unseen.world(*draws[-1])  # all weights 0, or rounding


# -- explaining refusals --------------------------------------------------------------------------
_WHEN = {  # an action out of its phase: the reason's key and the rule
    Order: ("refusal.be.order_when", "BE-5"),
    Pass: ("refusal.be.pass_when", "BE-6"),
    Discard: ("refusal.be.discard_when", "BE-5"),
    Trump: ("refusal.be.trump_when", "BE-6"),
    Stay: ("refusal.be.stay_when", "BE-8"),
    Drop: ("refusal.be.stay_when", "BE-8"),
    Play: ("refusal.be.play_when", "BE-10"),
}


def _explain(s: BuckEuchreState, a: Action) -> IllegalActionError:
    """The rule an action that is not legal now breaks, with a reason a player understands."""
    try:
        text = str(a)
    except (IndexError, TypeError):  # an action built by hand around a card that is no card
        text = repr(a)
    when = _WHEN.get(type(a))
    if when is None:
        return refusal("refusal.be.not_an_action", "N", text)
    if s.phase == OVER:
        return refusal("refusal.hand_over", "C-5", text)
    t = s.table
    if isinstance(a, Play | Discard) and not (0 <= a.card < len(POS) and POS[a.card] >= 0):
        name = CARD_NAMES[a.card] if 0 <= a.card < len(CARD_NAMES) else str(a.card)
        return refusal("refusal.be.not_in_deck", "BE-1", text, card=name)
    club_hand = t.fate == UP and s.phase == PLAYING
    if club_hand and not isinstance(a, Play):
        return refusal("refusal.be.clubs_turned", "BE-4", text)
    if isinstance(a, Discard) and s.phase == DISCARDING:
        return refusal("refusal.not_in_hand", "C-5", text, card=CARD_NAMES[a.card])
    if isinstance(a, Trump) and s.phase == NAMING:
        turned = suit_of(LAYOUT[t.upcard])
        plural = _SUIT_PLURALS[turned].capitalize()
        return refusal("refusal.be.turned_down", "BE-6", text, suit=SUITS[turned], suit_en=plural)
    if isinstance(a, Play) and s.phase == PLAYING:
        return _explain_play(s, a, text)
    if s.phase == DISCARDING:
        return refusal("refusal.be.discard_first", "BE-5", text)
    return refusal(*when, text)


def _explain_play(s: BuckEuchreState, a: Play, text: str) -> IllegalActionError:
    seat = s.turn
    assert seat is not None
    pos, trump = POS[a.card], s.table.trump
    hand = s.hands[seat]
    if not hand >> pos & 1:
        return refusal("refusal.not_in_hand", "C-5", text, card=CARD_NAMES[a.card])
    led = TABLES.suit[trump][s.trick[0]]
    key = "refusal.be.follow_trump" if led == trump else "refusal.be.follow_suit"
    bower = is_left_bower(a.card, trump)
    if bower:
        key += "_bower"
    params: dict[str, str | int] = {} if led == trump else {"suit": SUITS[led]}
    if led != trump:
        params["suit_en"] = _SUIT_NAMES[led]
    if bower:
        params["card"] = CARD_NAMES[a.card]
    return refusal(key, "BE-10", text, **params)


# -- scoring --------------------------------------------------------------------------------------
def tricks_won(state: BuckEuchreState) -> list[int]:
    """Tricks each seat took this hand."""
    n_in = (ALL_SEATS & ~state.table.dropped).bit_count()
    return [m.bit_count() // n_in for m in state.taken] if n_in else [0] * SEATS


def _settle(s: BuckEuchreState, scores: tuple[int, ...], *, five_tricks_win: bool) -> Settlement:
    """BE-9 and BE-11 for the hand, then BE-13 and BE-12 for the match."""
    t = s.table
    still_in = [seat for seat in range(SEATS) if not t.dropped >> seat & 1]
    won = tricks_won(s)
    credit, euchred = [0] * SEATS, [0] * SEATS
    notes: list[str] = []
    if len(still_in) == 1:  # BE-9: not played, credited with 5 tricks
        credit[still_in[0]] = -5
        notes.append(f"Everyone else dropped: seat {still_in[0]} is credited with 5 tricks (BE-9)")
    elif not still_in:
        notes.append("Everyone dropped: nobody scores (BE-9)")
    else:
        for seat in still_in:  # BE-11: the maker needs 3 tricks, everyone else 1
            need = 3 if seat == t.maker else 1
            if won[seat] >= need:
                credit[seat] = -won[seat]
            else:
                euchred[seat] = 5
    points = tuple(c + e for c, e in zip(credit, euchred, strict=True))
    after = tuple(a + p for a, p in zip(scores, points, strict=True))
    winner = None
    if five_tricks_win and 5 in won:  # BE-13 (a BE-9 credit is not tricks taken)
        winner = won.index(5)
        notes.append(f"Seat {winner} took all five tricks and wins (BE-13)")
    elif min(after) <= 0:  # BE-12
        low = min(after)
        lowest = [seat for seat in range(SEATS) if after[seat] == low]
        if len(lowest) == 1:
            winner = lowest[0]
        else:
            seats = " and ".join(str(seat) for seat in lowest)
            notes.append(f"Seats {seats} tie for the lowest score, {low}: another hand (BE-12)")
    return Settlement(
        points=points,
        scores=after,
        breakdown={"tricks": credit, "euchred": euchred, "total": list(points)},
        winner=winner,
        notes=notes,
    )


# -- views ----------------------------------------------------------------------------------------
def _seats(mask: int) -> list[int]:
    return [seat for seat in range(SEATS) if mask >> seat & 1]


def _passed(s: BuckEuchreState) -> list[int]:
    """Who has passed in the current round of bidding (public)."""
    if s.phase not in (ORDERING, NAMING) or s.turn is None:
        return []
    d = s.table.dealer
    return [(d + k) % SEATS for k in range(1, (s.turn - d - 1) % SEATS + 1)]


def _view(s: BuckEuchreState, seat: int | None) -> JSON:
    """What ``seat`` may see (C-6); the module docstring says what is public and why.

    Tricks are listed by seat (``None`` for a seat that has not played to it or is out), the
    way they lie on the table in front of each player. ``earlier_tricks`` (the completed tricks
    before ``last_trick``) appears once there is one: everyone at the table saw those cards
    played, and a player who remembers them knows who is void in what.
    """
    t = s.table
    upcard = CARD_NAMES[LAYOUT[t.upcard]]
    dealer_has = (s.hands[t.dealer] | (1 << t.discard if t.discard >= 0 else 0)) >> t.upcard & 1
    view: JSON = {
        "phase": PHASE_NAMES[s.phase],
        "dealer": t.dealer,
        "upcard": upcard if t.fate == UP else None,
        "turned_down": upcard if t.fate == DOWN else None,
        "picked_up": upcard if t.fate == TAKEN and dealer_has else None,
        "trump": None if t.trump < 0 else trump_name(t.trump),
        "maker": None if t.maker < 0 else t.maker,
        "passed": _passed(s),
        "stayed": _seats(t.stayed),
        "dropped": _seats(t.dropped),
        "hand_sizes": [0 if t.dropped >> i & 1 else s.hands[i].bit_count() for i in range(SEATS)],
        "leader": s.leader if s.phase == PLAYING else None,
        "trick": _by_seat(s.trick, s.leader, t.dropped),
        "last_trick": None,
        "tricks_won": tricks_won(s),
        "hand": None,
        "set_aside": None,
        "discard": None,
    }
    if s.last_trick:
        view["last_trick"] = {
            "leader": s.last_leader,
            "winner": s.leader,
            "cards": _by_seat(s.last_trick, s.last_leader, t.dropped),
        }
    if s.earlier:  # every card played this hand is public (who played it, to which trick)
        winners = [leader for leader, _ in s.earlier[1:]] + [s.last_leader]
        view["earlier_tricks"] = [
            {"leader": leader, "winner": won, "cards": _by_seat(trick, leader, t.dropped)}
            for (leader, trick), won in zip(s.earlier, winners, strict=True)
        ]
    if seat is not None:
        own = layout_names(s.hands[seat])
        dropped = bool(t.dropped >> seat & 1)
        view["hand"] = [] if dropped else own
        view["set_aside"] = own if dropped else []
        if seat == t.dealer and t.discard >= 0:
            view["discard"] = CARD_NAMES[LAYOUT[t.discard]]
    return view


def _by_seat(trick: tuple[int, ...], leader: int, dropped: int) -> list[str | None]:
    """The cards of a trick indexed by the seat that played them."""
    cards: list[str | None] = [None] * SEATS
    for seat, pos in zip(ROUND_FROM[dropped][leader], trick, strict=False):
        cards[seat] = CARD_NAMES[LAYOUT[pos]]
    return cards
