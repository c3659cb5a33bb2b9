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

``playout`` is the search bot's policy in sampled worlds. It is a **separate function that
reads the sampled world's state directly** (it and the other functions named for the playouts
are the only code here that imports the engine's state module): that world holds only cards
sampled from the seat's view, never the real hidden cards. It plays the same ideas cheaply
from bit masks, and, since the sampled world is all it has, plays each trick knowing the
sampled hands: it wins a trick with the cheapest card nobody after it can beat, or ducks. It
beat uniformly random playouts clearly in search strength (docs/bots_buck_euchre.md).

``playout_worlds`` is the search's sampler of worlds: in the play it reads the others' card
play as well as their bids, weighing each sampled world by whether the strategy above
(``playout_as_seen``, the same choices as ``Play`` computed from a world's masks and from
nothing the player could not see) would have made each play from that world's hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.cards import ACE, JACK, KING, QUEEN, SUITS, card, card_str, parse_card, suit_of
from cardtable.core.game import JSON, Action
from cardtable.games import buck_euchre as _world  # the engine: for ``playout`` only (see above)
from cardtable.games.tricks import NO_TRUMP, effective_suit, strength

# -- card sense -----------------------------------------------------------------------------------
NINE, TEN = 8, 9  # rank indices of 9 and 10 (ace 0 … king 12)
RANKS_USED = (ACE, NINE, TEN, JACK, QUEEN, KING)  # BE-1
DECK = tuple(card(r, s) for s in range(4) for r in RANKS_USED)
SEATS = 4

SET = 5  # points for failing the requirement (BE-11)

# What making trump is worth, in points, counted card by card: the count a club player keeps
# (the right bower most, the left, then the ace of trump ...), with weights fitted to 47,000
# simulated hands in which a heuristic player was made to order or name (docs/bots_buck_euchre.md).
# A maker who takes k >= 3 tricks gains k; one who takes fewer is set 5 (BE-11).
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


def eff(c: int, trump: int) -> int:
    """The suit a card follows and wins in (the left bower is a trump, BE-2)."""
    return effective_suit(c, trump)


def power(c: int, trump: int, led: int) -> int:
    """How a card ranks in a trick whose led suit is ``led``: 0 if it can neither follow nor
    trump, trumps above every card of the led suit (BE-10)."""
    s = effective_suit(c, trump)
    if s == trump:
        return 100 + strength(c, trump)
    return strength(c, trump) if s == led else 0


def make_value(hand: Sequence[int], trump: int, *, dealer: bool = False) -> float:
    """What making ``trump`` with these five cards is worth, in points (see MAKE_*)."""
    value = MAKE_BASE + (MAKE_DEALER if dealer else 0.0)
    sides = set()
    for c in hand:
        if eff(c, trump) == trump:
            value += MAKE_TRUMP[strength(c, trump)]
        else:
            value += MAKE_SIDE.get(strength(c, trump), 0.0)
            sides.add(eff(c, trump))
    return value + MAKE_VOID * (3 - len(sides))


def best_discard(six: Sequence[int], trump: int) -> int:
    """The dealer's discard (BE-5): the card whose loss leaves the most valuable five (the
    lowest side card, a void made where it can be)."""
    return max(
        six,
        key=lambda c: (
            round(make_value([x for x in six if x != c], trump), 6),  # ties exact
            -power(c, trump, eff(c, trump)),
        ),
    )


# -- what the seat has seen -----------------------------------------------------------------------
TRUMP_OF = {"none": NO_TRUMP, **{s: i for i, s in enumerate(SUITS)}}


def _cards(names: Iterable[str | None] | None) -> list[int]:
    return [parse_card(n) for n in names or () if n]


@dataclass
class Reading:
    """A seat's view, read into cards and facts (C-6: nothing but the view)."""

    seat: int
    phase: str
    dealer: int
    hand: list[int]
    trump: int  # a suit, NO_TRUMP, or -1 before it is settled
    maker: int | None
    upcard: int | None  # face up on the table (BE-4/BE-5)
    turned_down: int | None
    picked_up: int | None
    discard: int | None
    stayed: list[int]
    dropped: list[int]
    tricks_won: list[int]
    scores: list[int]
    leader: int | None
    trick: list[tuple[int, int]]  # (seat, card) in play order
    done: list[tuple[int, list[tuple[int, int]], int]]  # completed tricks: leader, plays, winner
    played: set[int] = field(default_factory=set)
    voids: dict[int, set[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, view: JSON) -> Reading:
        s = view["state"]
        trump = TRUMP_OF.get(s["trump"], -1) if s["trump"] is not None else -1
        done = []
        for t in [*s.get("earlier_tricks", ()), *([s["last_trick"]] if s["last_trick"] else [])]:
            done.append((t["leader"], _in_order(t["cards"], t["leader"]), t["winner"]))
        leader = s["leader"]
        trick = _in_order(s["trick"], leader) if leader is not None else []
        r = cls(
            seat=view["seat"],
            phase=s["phase"],
            dealer=s["dealer"],
            hand=_cards(s["hand"]),
            trump=trump,
            maker=s["maker"],
            upcard=_one(s["upcard"]),
            turned_down=_one(s["turned_down"]),
            picked_up=_one(s["picked_up"]),
            discard=_one(s["discard"]),
            stayed=list(s["stayed"]),
            dropped=list(s["dropped"]),
            tricks_won=list(s["tricks_won"]),
            scores=list(view["scores"]),
            leader=leader,
            trick=trick,
            done=done,
        )
        for _, plays, _ in [*done, (leader, trick, None)]:
            r.played.update(c for _, c in plays)
            if plays and trump >= 0:
                led = eff(plays[0][1], trump)
                for who, c in plays[1:]:
                    if eff(c, trump) != led:
                        r.voids.setdefault(who, set()).add(led)
        return r

    @property
    def gone(self) -> set[int]:
        """Cards out of play that this seat knows: a club upcard left on the table (BE-4), the
        turned-down card (BE-6), its own discard."""
        return {c for c in (self.upcard, self.turned_down, self.discard) if c is not None}

    @property
    def outstanding(self) -> set[int]:
        """Cards that may still be played by someone else (unseen, or the picked-up upcard)."""
        return set(DECK) - set(self.hand) - self.played - self.gone

    @property
    def in_hand(self) -> list[int]:
        """The seats still in the hand, from the seat after the dealer."""
        return [(self.dealer + k) % SEATS for k in range(1, SEATS + 1)
                if (self.dealer + k) % SEATS not in self.dropped]  # fmt: skip

    def need(self, seat: int) -> int:
        """Tricks ``seat`` needs (BE-11): the maker 3, everyone else 1."""
        return 3 if seat == self.maker else 1

    def void(self, seat: int, suit: int) -> bool:
        return suit in self.voids.get(seat, ())


def _one(name: str | None) -> int | None:
    return None if name is None else parse_card(name)


def _in_order(by_seat: Sequence[str | None], leader: int) -> list[tuple[int, int]]:
    """A trick listed by seat back in play order, from its leader."""
    seats = [(leader + k) % SEATS for k in range(SEATS)]
    return [(seat, parse_card(c)) for seat in seats if (c := by_seat[seat])]


# -- bidding, discarding, staying -----------------------------------------------------------------
def order_value(r: Reading) -> float:
    """What ordering the upcard's suit is worth (BE-5): the dealer counts the upcard and the
    best discard."""
    assert r.upcard is not None
    trump = suit_of(r.upcard)
    if r.seat == r.dealer:
        six = [*r.hand, r.upcard]
        five = [c for c in six if c != best_discard(six, trump)]
        return make_value(five, trump, dealer=True)
    return make_value(r.hand, trump)


def best_name(r: Reading) -> tuple[float, int]:
    """The most valuable suit to name (BE-6: not the turned-down one), and its value."""
    assert r.turned_down is not None
    turned = suit_of(r.turned_down)
    return max((make_value(r.hand, s), s) for s in range(4) if s != turned)


def opponents_expected(r: Reading, style: Style = STYLE) -> float:
    """How many others are likely to be in with no trump (BE-7): those who stayed, and part of
    those still to decide."""
    order = [(r.dealer + k) % SEATS for k in range(1, SEATS + 1)]
    later = order[order.index(r.seat) + 1 :]
    return len([s for s in r.stayed if s != r.seat]) + style.undecided * len(later)


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


def stay_value(r: Reading, style: Style = STYLE) -> float:
    """What staying is worth in points (BE-11): the tricks expected, less five times the chance
    of taking none. Stay when it beats ``style.stay``."""
    chances = stay_chances(r.hand, r.trump, opponents_expected(r, style))
    nothing = 1.0
    for p in chances:
        nothing *= 1.0 - p
    return sum(chances) - SET * nothing


# -- the play -------------------------------------------------------------------------------------
class Play:
    """One card choice in the play (BE-10), from the reading of the view."""

    def __init__(self, r: Reading, legal: list[int], style: Style = STYLE) -> None:
        self.r, self.legal, self.trump, self.style = r, legal, r.trump, style
        self.out = r.outstanding
        self.led = eff(r.trick[0][1], r.trump) if r.trick else None
        played_seats = {s for s, _ in r.trick}
        order = r.in_hand
        if r.leader is not None:
            i = order.index(r.leader)
            order = order[i:] + order[:i]
        self.later = [s for s in order if s not in played_seats and s != r.seat]

    def master(self, c: int) -> bool:
        """No card still out of the same suit ranks above ``c``."""
        s, k = eff(c, self.trump), strength(c, self.trump)
        return not any(eff(x, self.trump) == s and strength(x, self.trump) > k for x in self.out)

    def ruff_risk(self, c: int, players: Sequence[int]) -> bool:
        """Could one of ``players`` trump ``c`` (a side-suit card): known void in its suit with a
        trump possibly left, or too few cards of its suit left to go round."""
        t = self.trump
        s = eff(c, t)
        if t == NO_TRUMP or s == t or not any(eff(x, t) == t for x in self.out):
            return False
        if any(self.r.void(p, s) and not self.r.void(p, t) for p in players):
            return True
        return sum(1 for x in self.out if eff(x, t) == s) < len(players)

    def sure(self, c: int, led: int) -> bool:
        """``c`` will hold the trick against every player still to play."""
        if not self.later:
            return True
        t = self.trump
        above = [x for x in self.out if power(x, t, led) > power(c, t, led)]
        if any(eff(x, t) == eff(c, t) for x in above):
            return False  # a higher card of the same suit is out (maybe behind)
        return not self.ruff_risk(c, self.later)

    def keep(self, c: int) -> float:
        """How much a card is worth keeping: trumps and masters most, then rank; a short side
        suit is cheaper to shed (working towards a void)."""
        t = self.trump
        s = eff(c, t)
        value = strength(c, t) / 20.0
        if t != NO_TRUMP and s == t:
            value += 2.0
        if self.master(c):
            value += 1.0
        value += 0.05 * sum(1 for x in self.r.hand if eff(x, t) == s)
        return value

    def lead(self) -> int:
        r, t, legal = self.r, self.trump, self.legal
        others = [s for s in r.in_hand if s != r.seat]
        trumps = [c for c in legal if t != NO_TRUMP and eff(c, t) == t]
        sure_trumps = [c for c in trumps if self.master(c)]
        if sure_trumps:
            return max(sure_trumps, key=lambda c: strength(c, t))
        side_masters = [c for c in legal if c not in trumps and self.master(c)
                        and not self.ruff_risk(c, others)]  # fmt: skip
        if side_masters:
            return max(
                side_masters, key=lambda c: sum(1 for x in self.out if eff(x, t) == eff(c, t))
            )
        if trumps and (r.seat == r.maker or len(trumps) >= self.style.lead_trumps):
            return max(trumps, key=lambda c: strength(c, t))
        return min(legal, key=self.keep)

    def follow(self) -> int:
        r, t = self.r, self.trump
        led = self.led
        assert led is not None
        best_seat, best = max(((s, c) for s, c in r.trick), key=lambda sc: power(sc[1], t, led))
        top = power(best, t, led)
        winners = [c for c in self.legal if power(c, t, led) > top]
        if not winners:
            return min(self.legal, key=self.keep)  # the trick is beyond reach: duck
        cheapest = min(winners, key=lambda c: power(c, t, led))
        if not self.later:
            return cheapest
        sure = [c for c in winners if self.sure(c, led)]
        if sure:
            return min(sure, key=lambda c: power(c, t, led))
        done = sum(r.tricks_won)
        sweeper = next(
            (s for s in range(SEATS) if done >= 2 and r.tricks_won[s] == done),
            None,
        )
        urgent = (
            r.tricks_won[r.seat] < r.need(r.seat)
            or (best_seat == r.maker and r.tricks_won[best_seat] == 2)
            or (sweeper is not None and sweeper != r.seat)
        )
        if urgent:
            return max(winners, key=lambda c: power(c, t, led))
        return cheapest

    def choose(self) -> int:
        return self.lead() if self.led is None else self.follow()


# -- the bot --------------------------------------------------------------------------------------
class HeuristicBot:
    """The strategy of the module docstring; sees only the view and the legal actions."""

    def __init__(self, seed: int | None = None, style: Style = STYLE) -> None:
        self.rng = random.Random(seed)  # the strategy is deterministic; kept for the interface
        self.style = style

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        by_text = {str(a): a for a in legal}
        r, style = Reading.of(view), self.style
        if r.phase == "order":
            return by_text["order" if order_value(r) > style.make else "pass"]
        if r.phase == "discard":
            return by_text["discard " + _name(best_discard(r.hand, r.trump))]
        if r.phase == "name":
            value, suit = best_name(r)
            return by_text[f"trump {SUITS[suit]}" if value > style.make else "pass"]
        if r.phase == "decide":
            return by_text["stay" if stay_value(r, style) > style.stay else "drop"]
        cards = [parse_card(text.split()[1]) for text in by_text]
        return by_text["play " + _name(Play(r, cards, style).choose())]


def _name(c: int) -> str:
    return card_str(c)


# -- the playout policy: reads a SAMPLED world's state directly -----------------------------------
_T = _world.TABLES
_LAYOUT = _world.LAYOUT


def _playout_tables() -> tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]:
    """Per trump and layout position: the card's make value (MAKE_*) and its chance of a trick
    for a stayer (STAY_*); the no-trump chances come by how many others are in (1-3)."""
    make, stay = [], []
    for trump in range(4):
        make.append(tuple(
            MAKE_TRUMP[strength(c, trump)] if eff(c, trump) == trump
            else MAKE_SIDE.get(strength(c, trump), 0.0)
            for c in _LAYOUT
        ))  # fmt: skip
        stay.append(tuple(stay_chances([c], trump, 3.0)[0] for c in _LAYOUT))
    for others in (1, 2, 3):
        stay.append(tuple(stay_chances([c], NO_TRUMP, others)[0] for c in _LAYOUT))
    return tuple(make), tuple(stay)


_MAKE_W, _STAY_W = _playout_tables()  # _STAY_W[4 + k - 1]: no trump, k others in
_BITS = tuple(tuple(i for i in range(24) if m >> i & 1) for m in range(1 << 8))
_SIDES = tuple(tuple(_T.follow[trump][s] for s in range(4) if s != trump) for trump in range(4))


def _positions(mask: int) -> list[int]:
    return [*_BITS[mask & 255], *(8 + i for i in _BITS[mask >> 8 & 255]),
            *(16 + i for i in _BITS[mask >> 16])]  # fmt: skip


def _playout_make(hand: int, trump: int, dealer: bool) -> float:
    """``make_value`` from a mask of five cards."""
    w = _MAKE_W[trump]
    total = MAKE_BASE + (MAKE_DEALER if dealer else 0.0)
    for p in _positions(hand):
        total += w[p]
    for side in _SIDES[trump]:
        if not hand & side:
            total += MAKE_VOID
    return total


def _playout_discard(six: int, trump: int) -> int:
    """``best_discard`` from a mask: the card whose loss leaves the most valuable five."""
    power = _T.power[trump]
    suit = _T.suit[trump]
    return max(
        _positions(six),
        key=lambda p: (round(_playout_make(six & ~(1 << p), trump, True), 6), -power[suit[p]][p]),
    )


def _playout_stay(state: Any, seat: int, hand: int, trump: int) -> bool:
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
    return total - SET * nothing > STYLE.stay


def playout(rules: Any, state: Any, rng: random.Random) -> Action:
    """The search bot's policy in a sampled world (reads that world's state: see the module
    docstring). Bids, discards and stays exactly as the heuristic does, from bit masks; in the
    play each player takes a trick with the cheapest card nobody after it can beat, else ducks."""
    phase, seat, t = state.phase, state.turn, state.table
    hand = state.hands[seat]
    if phase == _world.PLAYING:
        return _playout_card(state, seat, hand, t)
    if phase == _world.ORDERING:
        trump = suit_of(_LAYOUT[t.upcard])
        dealer = seat == t.dealer
        if dealer:
            six = hand | 1 << t.upcard
            hand = six & ~(1 << _playout_discard(six, trump))
        return _world.ORDER if _playout_make(hand, trump, dealer) > STYLE.make else _world.PASS
    if phase == _world.DISCARDING:
        return _world.DISCARDS[_LAYOUT[_playout_discard(hand, t.trump)]]
    if phase == _world.NAMING:
        turned = suit_of(_LAYOUT[t.upcard])
        best, suit = max((_playout_make(hand, s, False), s) for s in range(4) if s != turned)
        return _world.TRUMPS[suit] if best > STYLE.make else _world.PASS
    return _world.STAY if _playout_stay(state, seat, hand, t.trump) else _world.DROP


def _playout_card(state: Any, seat: int, hand: int, t: Any) -> Action:
    trump, trick = t.trump, state.trick
    plays = _world.PLAYS
    order = _world.ROUND_FROM[t.dropped][state.leader]
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


# -- the heuristic's own card play, from a sampled world's masks ----------------------------------
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


def playout_as_seen(state: Any, seat: int, hand: int = -1, discard: int = -1) -> int:
    """The card (layout position) ``HeuristicBot`` plays for ``seat`` in a world, computed
    from masks and from nothing the seat could not see: its hand, the cards played so far,
    the upcard it saw and its own discard, never the others' hands. Card for card the same
    choice as ``Play.choose`` (tests/test_bots_buck_euchre.py). ``hand`` and ``discard``, when
    given, stand for the world's (for reading a play made earlier in the hand)."""
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
            for who, p in zip(_world.ROUND_FROM[dropped][leader], cards, strict=False):
                played |= 1 << p
                if eff_[p] != led:
                    void[who] |= 1 << led
    gone = 0  # Reading.gone
    if t.fate != _world.TAKEN:
        gone = 1 << t.upcard
    elif seat == t.dealer and discard >= 0:
        gone = 1 << discard
    out: int = _world.FULL & ~hand & ~played & ~gone  # Reading.outstanding
    order = _world.ROUND_FROM[dropped][state.leader]
    trick = state.trick
    later = order[len(trick) + 1 :]
    has_trump = trump != NO_TRUMP
    trumps_out = has_trump and bool(out & suit_[trump])

    def ruff_risk(p: int, players: Sequence[int]) -> bool:  # Play.ruff_risk
        s = eff_[p]
        if not trumps_out or s == trump:
            return False
        if any(void[q] >> s & 1 and not void[q] >> trump & 1 for q in players):
            return True
        return (out & suit_[s]).bit_count() < len(players)

    def keep(p: int) -> float:  # Play.keep, the same sums in the same order
        s = eff_[p]
        value = str_[p] / 20.0
        if has_trump and s == trump:
            value += 2.0
        if not out & above[p]:
            value += 1.0
        value += 0.05 * (hand & suit_[s]).bit_count()
        return value

    if trick:  # Play.follow
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
    legal = _positions(hand)  # Play.lead
    others = [s for s in order if s != seat]
    trumps = [p for p in legal if has_trump and eff_[p] == trump]
    sure_trumps = [p for p in trumps if not out & above[p]]
    if sure_trumps:
        return max(sure_trumps, key=str_.__getitem__)
    side_masters = [p for p in legal if p not in trumps and not out & above[p]
                    and not ruff_risk(p, others)]  # fmt: skip
    if side_masters:
        return max(side_masters, key=lambda p: (out & suit_[eff_[p]]).bit_count())
    if trumps and (seat == maker or len(trumps) >= STYLE.lead_trumps):
        return max(trumps, key=str_.__getitem__)
    return min(legal, key=keep)
