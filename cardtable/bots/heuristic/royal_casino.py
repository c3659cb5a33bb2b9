"""Royal Casino: a club player's strategy, and a fast policy for the search bot's playouts.

``HeuristicBot`` sees only a seat's view and the legal actions (read from their notation). It
prices every card in points, as a club player counts them (RC-20): Big Casino (``Td``) 2,
Little Casino (``2s``) 1, each ace 1, and a share of the 3 points for most cards and the 1
for most spades while those races are still open; a sweep is worth 1 (RC-18). A card taken
is worth its price to the side that takes it *and* the price it would have had for the
others: near 21 (RC-22) the prices change, a side on 18 caring only for cards, on 19 only for
Big Casino, on 20 only for Little Casino, and whatever the others need to finish the match
becomes the most valuable card on the table to take from them.

Every legal play is then scored as

    what it takes now  -  what the next player can expect to take from the table it leaves
                       +  what this seat's remaining hand could take from it next turn,
                          times the chance that the next player leaves those cards alone

- **Captures** take the most and the most valuable cards (casinos, aces, spades), and a
  capture that clears the table earns the sweep.
- **Avoiding sweeps and gifts**: for each rank the next player may hold (the unseen cards, the
  size of their hand, and RC-13: an owner of a build surely holds its value), the best capture
  that rank would give them on the table left behind, a sweep included; the chances of the
  ranks combine into the capture they can expect. A table of a few small cards that one card
  can clear is therefore avoided, and so is trailing a casino or an ace.
- **Builds** only ever go to a value this seat still holds (RC-13 makes every legal build so);
  the build then scores through the next-turn term, less the chance that the next player
  holds that value and takes it first, so builds that gather valuable cards and that few
  unseen cards can take are preferred.
- **Trails** are what is left when nothing pays: the trail that gives the next player least,
  which is a low, harmless card that makes no sum with the table.
- **The end of the hand** (RC-19): the last card of the hand takes what is left on the table
  along with its capture.

``playout`` is the search bot's policy in sampled worlds. It is a **separate function that
reads the sampled world's state directly** (the only code here that looks at a state; the
module imports nothing from the engine): that world holds only cards sampled from the seat's
view, never the real hidden cards. It is a greedy one-step version of the same ideas, cheap
enough to run thousands of times per decision: take the capture worth most (a sweep most of
all), else build unless the next player's sampled hand holds the build's value, else trail
the least valuable card, not one whose rank the next player's sampled hand holds
(docs/bots_royal_casino.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtable.core.cards import CARD_NAMES, card, cards_of, mask_of, rank_of
from cardtable.core.game import Action
from cardtable.core.views import View, own_seat
from cardtable.games.royal_casino.views import royal_casino_view

# -- card sense -------------------------------------------------------------------------------
_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
BIG_CASINO = _INDEX["Td"]
LITTLE_CASINO = _INDEX["2s"]
ACES = tuple(card(0, s) for s in range(4))
SPADES = mask_of(card(r, 3) for r in range(13))
DECK_SIZE = 52
MAX_VALUE = 14  # RC-7: builds are worth at most 14, an ace from the hand counts 14 (RC-2)

#: Value on the table of each card (RC-2: an ace counts 1 there).
TABLE_VALUE = tuple(rank_of(c) + 1 for c in range(52))
#: The cards of each rank, ace 0 … king 12.
RANK_CARDS = tuple(mask_of(card(r, s) for s in range(4)) for r in range(13))


@dataclass(frozen=True)
class Style:
    """The prices (points) the strategy plays by: a club player's judgement, set by hand
    (docs/bots_royal_casino.md)."""

    card_share: float = 0.2  # a card towards the 3 points of most cards, while the race is open
    spade_share: float = 0.15  # a spade towards the 1 point of most spades, likewise
    win: float = 10.0  # the item that finishes the match for a side near 21 (RC-22, RC-23)
    near_card: float = 1.0  # a card for a side that can only win by most cards (RC-22)
    next_turn: float = 1.0  # share of what the seat's own hand could take next turn


CLUB = Style()


def _mask(names: Sequence[str]) -> int:
    m = 0
    for n in names:
        m |= 1 << _INDEX[n]
    return m


# -- groups of loose cards (RC-5) ---------------------------------------------------------------
@lru_cache(maxsize=1 << 14)
def _groups(loose: int) -> dict[int, list[int]]:
    """Every non-empty subset of the loose cards worth at most 14, by the sum of its values."""
    found = [(0, 0)]
    for c in cards_of(loose):
        x = TABLE_VALUE[c]
        found += [(m | 1 << c, s + x) for m, s in found if s + x <= MAX_VALUE]
    out: dict[int, list[int]] = {}
    for m, s in found[1:]:
        out.setdefault(s, []).append(m)
    return out


@lru_cache(maxsize=1 << 15)
def unions(loose: int, v: int) -> tuple[int, ...]:
    """Every non-empty union of disjoint loose groups worth ``v`` (RC-5); for ``v`` = 14 a
    lone loose ace is a group too (aces pair with aces)."""
    groups = list(_groups(loose).get(v, ()))
    if v == MAX_VALUE:
        groups += [1 << a for a in ACES if loose >> a & 1]
    found = {0}
    for g in groups:
        found |= {m | g for m in found if not m & g}
    found.discard(0)
    return tuple(found)


# -- what the seat has seen ---------------------------------------------------------------------
class Reading:
    """A seat's view read into masks and prices (C-6: nothing but the view)."""

    def __init__(self, view: View, style: Style = CLUB) -> None:
        whole = royal_casino_view(view)
        s = whole["state"]
        self.style = style
        self.seat = own_seat(whole)
        self.players = whole["players"]
        self.side_of: list[int] = whole["sides"]  # each seat's side (RC-1: partners at four)
        self.sides = max(self.side_of) + 1
        self.side = self.side_of[self.seat]
        self.hand = _mask(s["hand"] or ())
        self.loose = _mask(s["loose"])
        self.builds = [
            (b["value"], _mask(b["cards"]), b["owner"], b["kind"] == "multiple")
            for b in s["builds"]
        ]
        # RC-24: the piles lie face down, but every capture was made in front of everyone, so
        # a careful player knows them from the hand's captures (never from ``piles``).
        self.piles = [0] * self.sides
        for taken in s["captures"]:
            side = self.side_of[taken["seat"]]
            self.piles[side] |= _mask(taken["cards"]) | 1 << _INDEX[taken["card"]]
        self.hand_sizes = s["hand_sizes"]
        self.stock = s["stock"]
        self.sweeps_on = bool(whole["options"].get("sweeps", True))
        self.near = s["near_21"]
        # RC-22, RC-23: a side on 18 or more (target - 3) scores no sweeps, in any hand
        barred = int(whole["options"].get("target", 21)) - 3
        self.no_sweeps = [score >= barred for score in whole["scores"]]
        self.last_capture = s["last_capture"]
        seen = self.hand | self.loose
        for _, m, _, _ in self.builds:
            seen |= m
        for p in self.piles:
            seen |= p
        self.unseen = ((1 << DECK_SIZE) - 1) & ~seen
        self.price = self._prices()
        self.sweep_us = self._sweep_value(self.side)

    # prices ------------------------------------------------------------------------------
    def _open(self, counts: list[int], left: int) -> bool:
        """Whether a "most" race (RC-20) can still change hands."""
        top = sorted(counts, reverse=True)
        return len(top) > 1 and top[0] - top[1] <= left

    def _side_prices(self, side: int, cards_open: bool, spades_open: bool) -> list[float]:
        """What each card is worth to ``side`` if it ends in that side's pile (RC-20, RC-22)."""
        item = self.near[side]
        price = [0.0] * DECK_SIZE
        if item == "cards":
            return [self.style.near_card] * DECK_SIZE
        if item == "big casino":
            price[BIG_CASINO] = self.style.win
            return price
        if item == "little casino":
            price[LITTLE_CASINO] = self.style.win
            return price
        for c in range(DECK_SIZE):
            p = self.style.card_share if cards_open else 0.0
            if spades_open and SPADES >> c & 1:
                p += self.style.spade_share
            price[c] = p
        price[BIG_CASINO] += 2
        price[LITTLE_CASINO] += 1
        for a in ACES:
            price[a] += 1
        return price

    def _prices(self) -> list[float]:
        """A card's price for this seat: its worth to us plus its worth to the side that
        would want it most among the others (taking it denies them)."""
        left = DECK_SIZE - sum(p.bit_count() for p in self.piles)
        spades_left = 13 - sum((p & SPADES).bit_count() for p in self.piles)
        cards_open = self._open([p.bit_count() for p in self.piles], left)
        spades_open = self._open([(p & SPADES).bit_count() for p in self.piles], spades_left)
        per_side = [self._side_prices(s, cards_open, spades_open) for s in range(self.sides)]
        others = [per_side[s] for s in range(self.sides) if s != self.side]
        return [per_side[self.side][c] + max(o[c] for o in others) for c in range(DECK_SIZE)]

    def _sweep_value(self, side: int) -> float:
        """RC-18: a sweep scores 1, not for a side on 18 or more (RC-22, RC-23)."""
        return 1.0 if self.sweeps_on and not self.no_sweeps[side] else 0.0

    def worth(self, mask: int) -> float:
        price = self.price
        return sum(price[c] for c in cards_of(mask))

    # the table -----------------------------------------------------------------------------
    def best_take(self, rank: int, loose: int, builds: Sequence[tuple[int, int]]) -> int:
        """The most valuable set of table cards one card of ``rank`` can capture (RC-5):
        loose groups and every build of its value; 0 if none."""
        best, best_worth = 0, 0.0
        for v in (1, MAX_VALUE) if rank == 0 else (rank + 1,):
            whole = 0
            for value, m in builds:
                if value == v:
                    whole |= m
            options = unions(loose, v) if loose else ()
            for u in options or (0,):
                taken = u | whole
                if taken:
                    w = self.worth(taken)
                    if w > best_worth or not best:
                        best, best_worth = taken, w
        return best


class Judge:
    """Scores the legal plays of one position (see the module docstring)."""

    def __init__(self, r: Reading) -> None:
        self.r = r
        self.next_seat = (r.seat + 1) % r.players

    def holds(self, seat: int, hand_after: int, loose: int) -> list[float]:
        """For each rank, the chance that ``seat`` (the next to play) holds a card of it."""
        r = self.r
        sizes = list(r.hand_sizes)
        sizes[r.seat] = hand_after.bit_count()
        size = sizes[seat]
        unseen = r.unseen
        total = unseen.bit_count()
        if not any(sizes) and r.stock:  # RC-3: a fresh deal comes from the stock
            size = 4
        chances = []
        for rank in range(13):
            k = (unseen & RANK_CARDS[rank]).bit_count()
            miss = 1.0
            for i in range(min(size, total)):
                miss *= max(0.0, (total - k - i) / (total - i))
            chances.append(1.0 - miss)
        return chances

    def threats(
        self, hand_after: int, loose: int, builds: list[tuple[int, int, int]]
    ) -> list[tuple[float, float, int]]:
        """What the next player (always an opponent, RC-1) could capture from this table:
        per rank they may hold, the gain (a sweep included), its chance and the cards taken,
        best gain first."""
        r = self.r
        if not loose and not builds:
            return []
        nxt = self.next_seat
        chance = self.holds(nxt, hand_after, loose)
        for value, _, owner in builds:  # RC-13: an owner holds its build's value
            if owner == nxt:
                chance[0 if value == MAX_VALUE else value - 1] = 1.0
        pairs = [(value, m) for value, m, _ in builds]
        table = loose
        for _, m in pairs:
            table |= m
        sweep = r._sweep_value(r.side_of[nxt])
        found = []
        for rank in range(13):
            p = chance[rank]
            if p <= 0.0:
                continue
            taken = r.best_take(rank, loose, pairs)
            if taken:
                found.append((r.worth(taken) + (sweep if taken == table else 0.0), p, taken))
        found.sort(reverse=True)
        return found

    @staticmethod
    def exposure(threats: list[tuple[float, float, int]]) -> float:
        """The capture the next player can expect: the ranks' chances combined, the best
        capture they hold taken."""
        expected, miss = 0.0, 1.0
        for gain, p, _ in threats:
            expected += miss * p * gain
            miss *= 1.0 - p
        return expected

    def next_turn(
        self,
        hand_after: int,
        loose: int,
        builds: list[tuple[int, int, int]],
        threats: list[tuple[float, float, int]],
    ) -> float:
        """The best this seat's remaining hand could take from the table next turn, times the
        chance that the next player takes none of those cards first."""
        if not hand_after:
            return 0.0
        r = self.r
        pairs = [(value, m) for value, m, _ in builds]
        best = 0.0
        for rank in {rank_of(c) for c in cards_of(hand_after)}:
            taken = r.best_take(rank, loose, pairs)
            if taken:
                survive = 1.0
                for _, p, theirs in threats:
                    if theirs & taken:
                        survive *= 1.0 - p
                best = max(best, r.worth(taken) * survive)
        return best

    def score(self, text: str) -> float:
        r = self.r
        kind, played, named, value = parse(text)
        bit = 1 << played
        hand_after = r.hand & ~bit
        loose = r.loose
        builds = [(v, m, o) for v, m, o, _ in r.builds]
        gain = 0.0
        if kind == "trail":  # RC-15
            loose |= bit
        elif kind == "capture":  # RC-5
            loose &= ~named
            builds = [b for b in builds if not b[1] & named]
            gain = r.worth(named | bit)
            if not loose and not builds:
                gain += r.sweep_us  # RC-18
        else:  # RC-9 … RC-11: the played card and the named cards become one build
            loose &= ~named
            builds = [b for b in builds if not b[1] & named] + [(value, named | bit, r.seat)]
        others_hold = sum(r.hand_sizes) - r.hand.bit_count()
        if not r.stock and not others_hold and not hand_after:  # the last card of the hand
            rest = loose
            for _, m, _ in builds:
                rest |= m
            last = r.side if kind == "capture" else r.last_capture
            if last is not None:  # RC-19: what is left goes to the last capturer
                gain += r.worth(rest) if last == r.side else -r.worth(rest)
            return gain
        threats = self.threats(hand_after, loose, builds)
        later = self.next_turn(hand_after, loose, builds, threats)
        return gain - self.exposure(threats) + r.style.next_turn * later


def parse(text: str) -> tuple[str, int, int, int]:
    """A play's notation (RULES.md N) read back: kind, played card, table cards, value."""
    verb, _, rest = text.partition(" ")
    if verb == "trail":
        return verb, _INDEX[rest], 0, 0
    head, _, tail = rest.partition(": ")
    value = 0
    if verb == "build":
        tail, _, v = tail.rpartition(" =")
        value = int(v)
    return verb, _INDEX[head], _mask(tail.split()), value


# -- the bot ----------------------------------------------------------------------------------
class HeuristicBot:
    """The strategy of the module docstring; sees only the view and the legal actions."""

    def __init__(self, seed: int | None = None, style: Style = CLUB) -> None:
        self.rng = random.Random(seed)  # the strategy is deterministic; kept for the interface
        self.style = style

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        judge = Judge(Reading(view, self.style))
        scores = [judge.score(str(a)) for a in legal]
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        return legal[best]


# -- the playout policy: reads a SAMPLED world's state directly ---------------------------------
_POINTS = [1.0] * DECK_SIZE
for _c in range(DECK_SIZE):
    if SPADES >> _c & 1:
        _POINTS[_c] += 0.5
_POINTS[BIG_CASINO] += 8.0
_POINTS[LITTLE_CASINO] += 4.0
for _a in ACES:
    _POINTS[_a] += 4.0
_TRAIL_COST = tuple(_POINTS[c] * 4 + TABLE_VALUE[c] * 0.1 for c in range(DECK_SIZE))


def _mask_points(mask: int) -> float:
    total = 0.0
    while mask:
        low = mask & -mask
        total += _POINTS[low.bit_length() - 1]
        mask ^= low
    return total


_VALUE_CARDS = (0, *RANK_CARDS, RANK_CARDS[0])  # cards of each value 1 … 14 (aces: 1 and 14)


def playout(rules: Any, state: Any, rng: random.Random) -> Action:
    """The search bot's policy in a sampled world (reads that world's state: see the module
    docstring). Greedy, one step: the capture worth most (cards, casinos, aces, spades, a
    sweep most of all); a build, unless the next player's sampled hand holds its value; else
    the trail of the least valuable card, not one of a rank the next player holds."""
    legal: list[Any] = rules.legal_actions(state)
    best: Action = legal[0]
    if len(legal) == 1:
        return best
    hands = state.hands
    nxt = hands[(state.turn + 1) % len(hands)]
    best_score = -1e9
    for a in legal:
        played: int = a.card
        cards: int | None = getattr(a, "cards", None)
        if cards is None:  # a trail (RC-15)
            s = -_TRAIL_COST[played]
            if nxt & RANK_CARDS[played % 13]:
                s -= 4.0 + _POINTS[played]
        elif hasattr(a, "value"):  # a build (RC-9 … RC-11)
            points = _mask_points(cards) + _POINTS[played]
            s = 0.5 + 0.5 * points
            if nxt & _VALUE_CARDS[a.value]:
                s -= points
        else:  # a capture (RC-5); a sweep clears the table (RC-18)
            s = 2.0 + _mask_points(cards) + _POINTS[played]
            if not state.loose & ~cards and all(b.cards & cards for b in state.builds):
                s += 3.0
        if s > best_score:
            best, best_score = a, s
    return best
