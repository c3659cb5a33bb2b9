"""Buck Euchre: a club player's strategy, and a fast policy for the search bot's playouts.

``HeuristicBot`` sees only a seat's view and the legal actions. It counts hand strength the
way a club player does, as the chance each card has of taking a trick:

- **Trumps** by how many higher trumps are out against them (the right bower is a sure
  trick, the left bower nearly, a lone ace of trump often not); with three or more trumps even
  the low ones take tricks by ruffing and outlasting the others.
- **Off-suit cards**: an ace usually wins once (less when long in the suit, more with no trump),
  a king behind its own ace sometimes, lower cards hardly ever; a void beside two trumps is
  worth a ruff.
- The chances grow when fewer players are in against you (drops, BE-8).

With that count it **orders** or **names** trump when it expects three tricks, since the maker
must take three or be set 5 (BE-11), the dealer counting the upcard and its best discard; it
**stays** when the tricks it expects outweigh five times the chance of taking none (a stayer
needs one trick and is set 5 without one, and dropping costs nothing); the dealer **discards**
the card whose loss costs least, preferring to make a void.

In the **play** (BE-10) it remembers every card played and who failed to follow (voids):

- Leading, it cashes a sure winner: the highest trump still out is its own, or an off-suit
  ace (or the highest card left of a suit) that nobody known to be void can ruff. A maker or
  a long-trump hand leads trump to draw the others' trumps; otherwise it leads low from its
  shortest side suit, working towards a void.
- Following, with the trick already won by another player beyond its reach it ducks with its
  least useful card; if it can win it plays the cheapest card that is sure to hold the trick,
  else, when it still needs a trick (a maker short of three, a stayer without one), the
  trick would set the maker, or a player threatens to take all five (BE-13), the card with
  the best chance, and otherwise the cheapest card that wins for now. Everyone plays for
  themselves: there is no partner to save a trick for.

The strategy reads masks. The bot turns its view into a state holding only what the seat has
seen (``seen_world``: its own cards, the table, every card played, nobody else's cards) and
plays the card ``card_choice`` picks there; the search's sampler of worlds
(``cardtable.bots.buck_euchre.worlds``) reads the others' card play with the same
``card_choice``, from each sampled world's hand, so there is one card play for both.

The make count that bids is one too: ``make_count`` over a hand mask, in whole hundredths of a
point, with ``order_count``, ``best_discard`` and ``best_name`` over it. The bot, ``playout``
and the search's reading of the bids (``cardtable.bots.buck_euchre.bids``) all order, name
and discard with it, so no rounding can put them on two sides of the line
(tests/test_be_make_count.py).

``playout`` is the search bot's policy in sampled worlds (it reads the sampled world's state,
which holds only cards sampled from the seat's view, never the real hidden cards). It orders,
names and discards with the bot's own functions, stays as the heuristic does from bit masks
(its sum of the stay chances runs in another order, so at the exact line rounding may decide
otherwise: tests/test_bots_buck_euchre.py), and, since the sampled world is all it has, plays
each trick knowing the sampled hands: it wins a trick with the cheapest card nobody after it
can beat, or ducks. It beat uniformly random playouts clearly in search strength
(docs/bots_buck_euchre.md).
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from cardtable.core.cards import SUITS, card_str, suit_of
from cardtable.core.game import Action
from cardtable.core.views import View, own_seat
from cardtable.games.buck_euchre import (
    DISCARDING,
    DISCARDS,
    DROP,
    FULL,
    LAYOUT,
    NAMING,
    ORDER,
    ORDERING,
    PASS,
    PLAYING,
    PLAYS,
    ROUND_FROM,
    SEATS,
    STAY,
    TABLES,
    TAKEN,
    TRUMPS,
    BuckEuchreState,
    Unseen,
    buck_euchre_view,
    layout_cards,
)
from cardtable.games.tricks import NO_TRUMP, effective_suit, strength

# -- card sense -----------------------------------------------------------------------------------
SET = 5  # points for failing the requirement (BE-11)
N = TypeVar("N", int, float)

# The make count's weights: what making trump is worth, in points, counted card by card as a
# club player counts (the right bower most, the left, then the ace of trump ...). Measured, not
# guessed: a linear fit of the maker's points on the cards held, over 47,000 simulated hands in
# which a heuristic player was made to order or name (docs/bots_buck_euchre.md). A maker who
# takes k >= 3 tricks gains k; one who takes fewer is set 5 (BE-11). The one place they live:
# ``make_count`` sums them for the bot, the playouts and the search's bid reading alike.
MAKE_TRUMP = {16: 3.9, 15: 2.7, 14: 2.2, 13: 1.85, 12: 1.65, 10: 1.5, 9: 1.5}  # by strength
MAKE_SIDE = {14: 0.9, 13: 0.4, 12: 0.15}  # side-suit ace, king, queen; lower cards 0
MAKE_VOID = 0.15  # each side suit missing (the maker ruffs it)
MAKE_DEALER = 0.9  # the dealer, who has picked the upcard up and plays last to the first trick
MAKE_BASE = -7.4  # so that the sum is the points making is worth on average


@dataclass(frozen=True)
class Style:
    """The judgement calls of the strategy, tuned in paired deals against variants
    (docs/bots_buck_euchre.md)."""

    make: float = 0.0  # least make value (points) to order or name trump (BE-5, BE-6)
    stay: float = -1.0  # least stay value (points) to stay in (BE-8): see ``stay_value``
    undecided: float = 1.0  # with no trump, a player still to decide counts as this many in
    lead_trumps: int = 3  # a player who is not the maker leads trump holding this many


STYLE = Style()


@dataclass(frozen=True)
class Leanings:
    """How far each seat's bidding lines lie from the club player's (``Style.make`` to order
    or name, ``Style.stay`` to stay), in points, seat by seat: all 0 for a table of club
    players. A reading of the match may find a player who makes or stays more readily
    (bench/be_lines.py); the playouts (``lined_playout``) and the reading of the bids
    (``cardtable.bots.buck_euchre.bids``) then bid for that player at its own lines."""

    make: tuple[float, ...] = (0.0,) * SEATS
    stay: tuple[float, ...] = (0.0,) * SEATS


CLUB = Leanings()


def eff(c: int, trump: int) -> int:
    """The suit a card follows and wins in (the left bower is a trump, BE-2)."""
    return effective_suit(c, trump)


# -- the make count (BE-5, BE-6): the one count that bids, for the bot, playouts and bid reading --
_BITS = tuple(tuple(i for i in range(24) if m >> i & 1) for m in range(1 << 8))
_SIDES = tuple(
    tuple(TABLES.follow[trump][s] for s in range(4) if s != trump) for trump in range(4)
)  # per trump, the masks of the three side suits


def _positions(mask: int) -> list[int]:
    return [*_BITS[mask & 255], *(8 + i for i in _BITS[mask >> 8 & 255]),
            *(16 + i for i in _BITS[mask >> 16])]  # fmt: skip


def byte_sums(
    weights: Sequence[N], combine: Callable[[N, N], N], unit: N
) -> tuple[tuple[N, ...], ...]:
    """For each byte of a layout mask and each value of it, its cards' weights combined: a
    mask's total is then three lookups, whatever the cards."""
    out = []
    for k in range(3):
        row = []
        for m in range(256):
            acc = unit
            for i in _BITS[m]:
                acc = combine(acc, weights[8 * k + i])
            row.append(acc)
        out.append(tuple(row))
    return tuple(out)


def _cents(points: float) -> int:
    return round(100 * points)


_MAKE_BYTES = tuple(
    byte_sums(
        [
            _cents(MAKE_TRUMP[strength(c, trump)] if eff(c, trump) == trump
                   else MAKE_SIDE.get(strength(c, trump), 0.0))
            for c in LAYOUT
        ],
        operator.add,
        0,
    )
    for trump in range(4)
)  # fmt: skip
"""``[trump][byte][value]``: the MAKE_* weights of those cards, in hundredths of a point."""
_BASE, _DEALER, _VOID = _cents(MAKE_BASE), _cents(MAKE_DEALER), _cents(MAKE_VOID)


def make_count(hand: int, trump: int, *, dealer: bool = False) -> float:
    """What making ``trump`` with the five cards of ``hand`` (a layout mask) is worth to the
    maker, in points (MAKE_*; BE-11). Summed in whole hundredths, so that the count has one
    value whoever sums it: the line between ordering and passing (BE-5) cannot fall one way for
    the bot and the other for the search's playouts or its reading of the bids."""
    a, b, c = _MAKE_BYTES[trump]
    total = a[hand & 255] + b[hand >> 8 & 255] + c[hand >> 16] + _BASE
    if dealer:
        total += _DEALER
    for side in _SIDES[trump]:
        if not hand & side:
            total += _VOID
    return total / 100


def best_discard(six: int, trump: int) -> int:
    """The dealer's discard (BE-5), a layout position: the card whose loss leaves the five
    with the highest make count (the lowest side card, a void made where it can be)."""
    power, suit = TABLES.power[trump], TABLES.suit[trump]
    return max(
        _positions(six),
        key=lambda p: (make_count(six & ~(1 << p), trump, dealer=True), -power[suit[p]][p]),
    )


def order_count(hand: int, upcard: int, *, dealer: bool) -> float:
    """The make count of ordering the upcard's suit (BE-5; ``upcard`` a layout position): the
    dealer counts the upcard in and its best discard out."""
    trump = TABLES.suit[NO_TRUMP][upcard]
    if dealer:
        six = hand | 1 << upcard
        hand = six & ~(1 << best_discard(six, trump))
    return make_count(hand, trump, dealer=dealer)


def best_name(hand: int, turned: int) -> tuple[float, int]:
    """The suit with the highest make count to name (BE-6: not the turned-down one), and its
    count."""
    return max((make_count(hand, s), s) for s in range(4) if s != turned)


# -- what the seat has seen -----------------------------------------------------------------------
def seen_world(view: View) -> BuckEuchreState:
    """The seat's view as a state holding only what the seat has seen (C-6): its own cards,
    the table (upcard, trump, maker, who stayed or dropped), every card played and the tricks
    won; nobody else's cards. The rules read the view (``Unseen``); the strategy reads masks."""
    whole = buck_euchre_view(view)
    seat = own_seat(whole)
    unseen = Unseen(whole["state"], seat)
    hands = [0] * SEATS
    hands[seat] = unseen.hands[seat]
    return unseen.world(hands, 0, unseen.discard if seat == unseen.dealer else -1)


# -- bidding, discarding, staying -----------------------------------------------------------------
def opponents_expected(seat: int, dealer: int, stayed: int, style: Style = STYLE) -> float:
    """How many others are likely to be in with no trump (BE-7): those who stayed (a seat
    mask), and part of those still to decide."""
    order = [(dealer + k) % SEATS for k in range(1, SEATS + 1)]
    later = order[order.index(seat) + 1 :]
    return (stayed & ~(1 << seat)).bit_count() + style.undecided * len(later)


# What a card is worth to a player who stays (BE-8), measured: the chance it takes a trick, as
# fitted to 38,000 simulated stays of heuristic players (docs/bots_buck_euchre.md). Against a
# maker, who is long in trumps and draws them, only the bowers are near-sure and a side ace
# takes a trick less than a quarter of the time; a void beside two trumps is a likely ruff.
STAY_TRUMP = {16: 0.98, 15: 0.5, 14: 0.3, 13: 0.18, 12: 0.15, 10: 0.13, 9: 0.13}  # by strength
STAY_SIDE = {14: 0.23, 13: 0.05, 12: 0.01}  # side-suit ace, king, queen; lower cards 0
STAY_VOID = 0.4  # each side-suit void beside two or more trumps
# With no trump, by how many others are in (1, 2, 3): aces hold, kings and queens need company
# to have dropped.
STAY_PLAIN = {
    1: {14: 0.79, 13: 0.42, 12: 0.23, 11: 0.11, 10: 0.11, 9: 0.11},
    2: {14: 0.77, 13: 0.23, 12: 0.10, 11: 0.03, 10: 0.03, 9: 0.03},
    3: {14: 0.74, 13: 0.13, 12: 0.03, 11: 0.01, 10: 0.01, 9: 0.01},
}


def stay_chances(hand: Sequence[int], trump: int, opponents: float) -> list[float]:
    """Per card (and per ruffing void), the chance it takes a trick for a stayer."""
    if trump == NO_TRUMP:
        table = STAY_PLAIN[min(3, max(1, round(opponents)))]
        return [table[strength(c, trump)] for c in hand]
    out = []
    for c in hand:
        if eff(c, trump) == trump:
            out.append(STAY_TRUMP[strength(c, trump)])
        else:
            out.append(STAY_SIDE.get(strength(c, trump), 0.0))
    if sum(1 for c in hand if eff(c, trump) == trump) >= 2:
        sides = {eff(c, trump) for c in hand} - {trump}
        out += [STAY_VOID] * (3 - len(sides))
    return out


def stay_value(hand: Sequence[int], trump: int, opponents: float) -> float:
    """What staying is worth in points (BE-11): the tricks expected, less five times the chance
    of taking none. Stay when it beats ``Style.stay``."""
    chances = stay_chances(hand, trump, opponents)
    nothing = 1.0
    for p in chances:
        nothing *= 1.0 - p
    return sum(chances) - SET * nothing


# -- the bot --------------------------------------------------------------------------------------
class HeuristicBot:
    """The strategy of the module docstring; sees only the view and the legal actions. Its
    card play is ``card_choice`` on the world of its view (``seen_world``)."""

    def __init__(self, seed: int | None = None, style: Style = STYLE) -> None:
        self.rng = random.Random(seed)  # the strategy is deterministic; kept for the interface
        self.style = style

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        by_text = {str(a): a for a in legal}
        style, seat = self.style, own_seat(view)
        world = seen_world(view)
        t = world.table
        hand = world.hands[seat]
        phase = buck_euchre_view(view)["state"]["phase"]
        if phase == "order":
            value = order_count(hand, t.upcard, dealer=seat == t.dealer)
            return by_text["order" if value > style.make else "pass"]
        if phase == "discard":
            return by_text["discard " + card_str(LAYOUT[best_discard(hand, t.trump)])]
        if phase == "name":
            value, suit = best_name(hand, suit_of(LAYOUT[t.upcard]))
            return by_text[f"trump {SUITS[suit]}" if value > style.make else "pass"]
        if phase == "decide":
            opponents = opponents_expected(seat, t.dealer, t.stayed, style)
            stay = stay_value(layout_cards(hand), t.trump, opponents) > style.stay
            return by_text["stay" if stay else "drop"]
        card = LAYOUT[card_choice(world, seat, style=style)]
        return by_text["play " + card_str(card)]


# -- the playout policy: reads a SAMPLED world's state directly -----------------------------------
_T = TABLES
_LAYOUT = LAYOUT


def _stay_tables() -> tuple[tuple[float, ...], ...]:
    """Per trump and layout position: the card's chance of a trick for a stayer (STAY_*); the
    no-trump chances come by how many others are in (1-3)."""
    stay = [tuple(stay_chances([c], trump, 3.0)[0] for c in _LAYOUT) for trump in range(4)]
    for others in (1, 2, 3):
        stay.append(tuple(stay_chances([c], NO_TRUMP, others)[0] for c in _LAYOUT))
    return tuple(stay)


_STAY_W = _stay_tables()  # _STAY_W[4 + k - 1]: no trump, k others in


def _playout_stay(state: Any, seat: int, hand: int, trump: int, line: float) -> bool:
    """``stay_value`` from a mask: tricks likely less five times the chance of none."""
    if trump == NO_TRUMP:  # others in: those who stayed, and those still to decide
        t = state.table
        later = (t.dealer - seat) % SEATS
        others = (t.stayed & ~(1 << seat)).bit_count() + later
        w = _STAY_W[4 + min(3, max(1, others)) - 1]
        voids = 0
    else:
        w = _STAY_W[trump]
        voids = 0
        if (hand & _T.follow[trump][trump]).bit_count() >= 2:
            voids = sum(1 for side in _SIDES[trump] if not hand & side)
    nothing = (1.0 - STAY_VOID) ** voids
    total = STAY_VOID * voids
    for p in _positions(hand):
        nothing *= 1.0 - w[p]
        total += w[p]
    return total - SET * nothing > line


_CLUB_MAKE = (STYLE.make,) * SEATS
_CLUB_STAY = (STYLE.stay,) * SEATS


def playout(
    rules: Any,
    state: Any,
    rng: random.Random,
    make: tuple[float, ...] = _CLUB_MAKE,
    stay: tuple[float, ...] = _CLUB_STAY,
) -> Action:
    """The search bot's policy in a sampled world (reads that world's state: see the module
    docstring). Orders, names and discards with the bot's make count, stays as the heuristic
    does from bit masks; in the play each player takes a trick with the cheapest card nobody
    after it can beat, else ducks. Each seat bids at the club player's lines unless ``make``
    and ``stay`` give it others (``lined_playout``)."""
    phase, seat, t = state.phase, state.turn, state.table
    hand = state.hands[seat]
    if phase == PLAYING:
        return _playout_card(state, seat, hand, t)
    if phase == ORDERING:
        return ORDER if order_count(hand, t.upcard, dealer=seat == t.dealer) > make[seat] else PASS
    if phase == DISCARDING:
        return DISCARDS[_LAYOUT[best_discard(hand, t.trump)]]
    if phase == NAMING:
        best, suit = best_name(hand, suit_of(_LAYOUT[t.upcard]))
        return TRUMPS[suit] if best > make[seat] else PASS
    return STAY if _playout_stay(state, seat, hand, t.trump, stay[seat]) else DROP


def lined_playout(leanings: Leanings) -> Callable[[Any, Any, random.Random], Action]:
    """``playout`` with each seat bidding at its own lines (``Leanings``)."""
    make = tuple(STYLE.make + m for m in leanings.make)
    stay = tuple(STYLE.stay + m for m in leanings.stay)
    return functools.partial(playout, make=make, stay=stay)


def _playout_card(state: Any, seat: int, hand: int, t: Any) -> Action:
    trump, trick = t.trump, state.trick
    plays = PLAYS
    order = ROUND_FROM[t.dropped][state.leader]
    if trick:
        led = _T.suit[trump][trick[0]]
        follow = _T.follow[trump][led]
        legal = hand & follow or hand
        pw = _T.power[trump][led]
        top = max(pw[p] for p in trick)
        later = order[len(trick) + 1 :]
        for other in later:  # the best the players after this one can answer with
            h = state.hands[other]
            h = h & follow or h
            for p in _positions(h):
                if pw[p] > top:
                    top = pw[p]
        mine = _positions(legal)
        wins = [p for p in mine if pw[p] > top]
        if wins:
            return plays[_LAYOUT[min(wins, key=pw.__getitem__)]]
        w = _STAY_W[trump]
        return plays[_LAYOUT[min(mine, key=lambda p: (w[p], pw[p]))]]
    # leading: the cheapest card nobody can beat, else shed the least useful card
    mine = _positions(hand)
    others = [state.hands[o] for o in order[1:]]
    best_lead, best_power = -1, 1000
    for p in mine:
        led = _T.suit[trump][p]
        pw = _T.power[trump][led]
        follow = _T.follow[trump][led]
        mp = pw[p]
        if mp >= best_power:
            continue
        if all(pw[q] < mp for h in others for q in _positions(h & follow or h)):
            best_lead, best_power = p, mp
    if best_lead >= 0:
        return plays[_LAYOUT[best_lead]]
    w = _STAY_W[trump]
    return plays[_LAYOUT[min(mine, key=lambda p: (w[p], _T.power[trump][_T.suit[trump][p]][p]))]]


# -- the card play (BE-10) from masks: the bot's, and the search's reading of the table ---------
_PLAYOUT_STR = tuple(tuple(strength(c, t) for c in _LAYOUT) for t in range(5))
_PLAYOUT_ABOVE = tuple(
    tuple(
        sum(1 << q for q in range(24)
            if _T.suit[t][q] == _T.suit[t][p] and _PLAYOUT_STR[t][q] > _PLAYOUT_STR[t][p])
        for p in range(24)
    )
    for t in range(5)
)  # fmt: skip
"""``[trump][p]``: the cards of card ``p``'s suit that rank above it (BE-2)."""


def card_choice(
    state: BuckEuchreState, seat: int, hand: int = -1, discard: int = -1, *, style: Style = STYLE
) -> int:
    """The card (layout position) the strategy plays for ``seat`` in a world (BE-10: the play
    of the module docstring), from masks and from nothing the seat could see: its hand, the
    cards played so far, the upcard it saw and its own discard, never the others' hands.
    ``HeuristicBot`` plays it on its ``seen_world``; ``hand`` and ``discard``, when given,
    stand for the world's (for reading a play made earlier in the hand)."""
    t = state.table
    trump: int = t.trump
    dropped, maker = t.dropped, t.maker
    if hand < 0:
        hand = state.hands[seat]
    if discard < 0:
        discard = t.discard
    eff_, str_, suit_ = _T.suit[trump], _PLAYOUT_STR[trump], _T.follow[trump]
    above = _PLAYOUT_ABOVE[trump]
    tricks = [*state.earlier]
    if state.last_trick:
        tricks.append((state.last_leader, state.last_trick))
    tricks.append((state.leader, state.trick))
    played = 0
    void = [0] * SEATS  # per seat, a mask of the suits it failed to follow
    for leader, cards in tricks:
        if cards:
            led = eff_[cards[0]]
            for who, p in zip(ROUND_FROM[dropped][leader], cards, strict=False):
                played |= 1 << p
                if eff_[p] != led:
                    void[who] |= 1 << led
    gone = 0  # out of play and known: a club upcard, the turned-down card, its own discard
    if t.fate != TAKEN:
        gone = 1 << t.upcard
    elif seat == t.dealer and discard >= 0:
        gone = 1 << discard
    out: int = FULL & ~hand & ~played & ~gone  # what someone else may still play
    order = ROUND_FROM[dropped][state.leader]
    trick = state.trick
    later = order[len(trick) + 1 :]
    has_trump = trump != NO_TRUMP
    trumps_out = has_trump and bool(out & suit_[trump])

    def ruff_risk(p: int, players: Sequence[int]) -> bool:
        s = eff_[p]
        if not trumps_out or s == trump:
            return False
        if any(void[q] >> s & 1 and not void[q] >> trump & 1 for q in players):
            return True
        return (out & suit_[s]).bit_count() < len(players)

    def keep(p: int) -> float:
        s = eff_[p]
        value = str_[p] / 20.0
        if has_trump and s == trump:
            value += 2.0
        if not out & above[p]:
            value += 1.0
        value += 0.05 * (hand & suit_[s]).bit_count()
        return value

    if trick:  # following
        led = eff_[trick[0]]
        pw = _T.power[trump][led]
        legal = _positions(hand & suit_[led] or hand)
        best = max(range(len(trick)), key=lambda i: pw[trick[i]])
        best_seat, top = order[best], pw[trick[best]]
        winners = [p for p in legal if pw[p] > top]
        if not winners:
            return min(legal, key=keep)
        cheapest = min(winners, key=pw.__getitem__)
        if not later:
            return cheapest
        sure = [p for p in winners if not out & above[p] and not ruff_risk(p, later)]
        if sure:
            return min(sure, key=pw.__getitem__)
        won = [m.bit_count() // len(order) for m in state.taken]
        done = sum(won)
        sweeper = next((s for s in range(SEATS) if done >= 2 and won[s] == done), None)
        urgent = (
            won[seat] < (3 if seat == maker else 1)
            or (best_seat == maker and won[best_seat] == 2)
            or (sweeper is not None and sweeper != seat)
        )
        return max(winners, key=pw.__getitem__) if urgent else cheapest
    legal = _positions(hand)  # leading
    others = [s for s in order if s != seat]
    trumps = [p for p in legal if has_trump and eff_[p] == trump]
    sure_trumps = [p for p in trumps if not out & above[p]]
    if sure_trumps:
        return max(sure_trumps, key=str_.__getitem__)
    side_masters = [p for p in legal if p not in trumps and not out & above[p]
                    and not ruff_risk(p, others)]  # fmt: skip
    if side_masters:
        return max(side_masters, key=lambda p: (out & suit_[eff_[p]]).bit_count())
    if trumps and (seat == maker or len(trumps) >= style.lead_trumps):
        return max(trumps, key=str_.__getitem__)
    return min(legal, key=keep)
