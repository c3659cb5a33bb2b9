"""What a seat's view implies about the cards it has not seen (``Rules.determinize``).

``Unseen`` reads a view once: the cards each place may hold (voids from failing to follow,
BE-10; the picked-up upcard in the dealer's hand, BE-5) and the state around them;
``deal_constrained`` deals the unseen cards uniformly among the ways the view allows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.core.cards import SUITS, suit_of
from cardtable.games.buck_euchre.cards import (
    FULL,
    LAYOUT,
    LAYOUT_BITS,
    NAME_POS,
    SEATS,
    TABLES,
)
from cardtable.games.buck_euchre.state import (
    DECIDERS,
    DECIDING,
    DISCARDING,
    DOWN,
    NAMING,
    ORDERING,
    PHASE_NAMES,
    PLAYING,
    ROUND_FROM,
    TAKEN,
    UP,
    BuckEuchreState,
    Table,
)
from cardtable.games.buck_euchre.views import BuckEuchreView
from cardtable.games.tricks import NO_TRUMP

# -- sampling the hidden cards (Rules.determinize) ------------------------------------------------
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

    def __init__(self, view: BuckEuchreView, seat: int) -> None:
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
        shown = view["upcard"] or view["turned_down"]
        if shown:
            self.fate = UP if view["upcard"] else DOWN
            self.up = NAME_POS[shown]
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
            discard = view["discard"]
            assert discard is not None  # the dealer sees its own discard (BE-5)
            self.discard = NAME_POS[discard]
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


def determinize(view: BuckEuchreView, seat: int, rng: random.Random) -> BuckEuchreState:
    """A world for ``seat``'s view: the cards it has not seen dealt uniformly among the places
    the view allows them (``Unseen``). How the players bid is no part of it: reading the bids
    as evidence is a computer player's judgement (``cardtable.bots.buck_euchre.bids``)."""
    return Unseen(view, seat).deal(rng)
