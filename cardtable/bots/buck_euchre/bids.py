"""Reading the bids of a Buck Euchre hand as evidence about the cards a seat has not seen.

A player at the table reads the bidding: whoever ordered or named trump is long in it, whoever
passed the upcard is not, whoever stayed in holds a likely trick. ``determinize`` deals the
unseen cards at random ``BID_DRAWS`` times (``Unseen``, what the view implies: BE-5, BE-10) and
picks one deal with odds in proportion to the chance that its players would have bid as they
did (sampling importance resampling). That chance is a logistic curve (``BID_SPREAD`` points
wide) around the make count that the heuristic bot and the playouts bid with (``make_count`` and
``order_count`` of ``cardtable.bots.heuristic.buck_euchre``, BE-5, BE-6: the bowers most, then
the trump ace …; order or name above 0, the dealer counting the upcard in and its best discard
out), and around a plain count of what staying is worth (BE-8, BE-11: tricks likely, less five
times the chance of none: stay above -1) with the heuristic's weights (``STAY_*``) made
plainer: with no trump as if two others were in, and no ruffing voids. A seat's own bids are
not read, nor drops (those cards are out of play) or second-round passes (they say only that
no suit was strong enough).
"""

from __future__ import annotations

import math
import random

from cardtable.bots.heuristic.buck_euchre import (
    CLUB,
    STAY_PLAIN,
    STAY_SIDE,
    STAY_TRUMP,
    STYLE,
    Leanings,
    byte_sums,
    make_count,
    order_count,
)
from cardtable.games.buck_euchre import (
    DOWN,
    LAYOUT,
    ORDERING,
    SEATS,
    TAKEN,
    BuckEuchreState,
    BuckEuchreView,
    Unseen,
)
from cardtable.games.tricks import NO_TRUMP, TRUMP_CHOICES, effective_suit, strength

STAY_PLAIN_READ = STAY_PLAIN[2]  # no trump (BE-7): as if two others were in
STAY_LINE = STYLE.stay  # stay value at which a player is as likely to stay as to drop
MAKE_LINE = STYLE.make  # make count at which a player is as likely to make trump as to pass
BID_SPREAD = 0.5


def _stay_chances() -> tuple[tuple[float, ...], ...]:
    """Per trump and layout position: a card's chance of a trick for a stayer."""
    return tuple(
        tuple(
            STAY_PLAIN_READ[strength(c, trump)] if trump == NO_TRUMP
            else STAY_TRUMP[strength(c, trump)] if effective_suit(c, trump) == trump
            else STAY_SIDE.get(strength(c, trump), 0.0)
            for c in LAYOUT
        )
        for trump in TRUMP_CHOICES
    )  # fmt: skip


_STAY_CHANCE = _stay_chances()
BID_DRAWS = 20  # uniform deals weighed against the bids for each world
_STAY_SUM = tuple(byte_sums(w, float.__add__, 0.0) for w in _STAY_CHANCE)
_STAY_MISS = tuple(byte_sums(w, lambda a, p: a * (1.0 - p), 1.0) for w in _STAY_CHANCE)


def stay_count(hand: int, trump: int) -> float:
    """What staying is worth to the holder of ``hand``: tricks likely less five times the
    chance of none (BE-11)."""
    a, b, c = _STAY_SUM[trump]
    x, y, z = _STAY_MISS[trump]
    lo, mid, hi = hand & 255, hand >> 8 & 255, hand >> 16
    return a[lo] + b[mid] + c[hi] - 5 * x[lo] * y[mid] * z[hi]


def _likely(value: float) -> float:
    return 1.0 / (1.0 + math.exp(-value / BID_SPREAD))


def name_chance(hand: int, trump: int, leaning: float = 0.0) -> float:
    """The chance that a player holding ``hand`` would name ``trump`` (BE-6): above 1/2 exactly
    when its make count is above the line the heuristic bot and the playouts name at (moved by
    the player's ``leaning``, ``Leanings.make``)."""
    return _likely(make_count(hand, trump) - MAKE_LINE - leaning)


def order_chance(hand: int, up: int, dealer: bool, leaning: float = 0.0) -> float:
    """The chance that a player dealt ``hand`` orders the upcard ``up`` (BE-5): above 1/2
    exactly when the heuristic bot and the playouts order, the dealer counting the upcard in
    (the line moved by the player's ``leaning``, ``Leanings.make``)."""
    return _likely(order_count(hand, up, dealer=dealer) - MAKE_LINE - leaning)


def stay_chance(hand: int, trump: int, leaning: float = 0.0) -> float:
    """The chance that a player holding ``hand`` would stay in (BE-8): above 1/2 exactly when
    the plain ``stay_count`` is above the line (moved by ``Leanings.stay``)."""
    return _likely(stay_count(hand, trump) - STAY_LINE - leaning)


class Bids:
    """The public bids of a hand as a seat's view shows them, read as evidence about the other
    players' cards (the seat's own bids tell it nothing): who passed the upcard or ordered it
    (BE-5), who named trump (BE-6), who stayed in (BE-8), each player read at its own lines
    (``leanings``; a club player's unless a reading of the match says otherwise)."""

    def __init__(self, u: Unseen, leanings: Leanings = CLUB) -> None:
        self.u = u
        self.leanings = leanings
        d = u.dealer
        self.order = order = [(d + 1 + i) % SEATS for i in range(SEATS)]  # of bidding
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
        dealt, held = self.dealt_and_held(hands, discard)
        chance = 1.0
        for p in self.passed:
            chance *= 1.0 - self.order_chance(dealt[p], p)
        if self.ordered >= 0:
            chance *= self.order_chance(dealt[self.ordered], self.ordered)
        if self.named >= 0:
            chance *= name_chance(dealt[self.named], u.trump, self.leanings.make[self.named])
        for p in self.stayed:
            chance *= stay_chance(held[p], u.trump, self.leanings.stay[p])
        return chance

    def dealt_and_held(self, hands: list[int], discard: int) -> tuple[list[int], list[int]]:
        """Each player's cards as dealt (the dealer's ``discard`` back, the upcard out) and as
        held after the discard, the cards played since included: what its bids were made from."""
        u = self.u
        held = [hands[p] | u.played[p] for p in range(SEATS)]  # since the discard
        dealt = held
        if u.fate == TAKEN:  # as dealt: the dealer's discard back, the upcard out
            dealt = list(held)
            d = u.dealer
            dealt[d] = (held[d] | (1 << discard if discard >= 0 else 0)) & ~(1 << u.up)
        return dealt, held

    def order_chance(self, hand: int, p: int) -> float:
        """The chance that ``p``, dealt ``hand``, orders the upcard (BE-5): above 1/2 exactly
        when the heuristic bot and the playouts order, the dealer counting the upcard in."""
        return order_chance(hand, self.u.up, p == self.u.dealer, self.leanings.make[p])


def determinize(
    view: BuckEuchreView, seat: int, rng: random.Random, leanings: Leanings = CLUB
) -> BuckEuchreState:
    """A world for ``seat``'s view: ``BID_DRAWS`` uniform deals of the unseen cards (``Unseen``),
    one of them picked with odds in proportion to the chance that its players would have bid as
    they did (``Bids``, at their ``leanings``): sampling importance resampling."""
    unseen = Unseen(view, seat)
    bids = Bids(unseen, leanings)
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
