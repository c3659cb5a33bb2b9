"""Sampling the worlds a seat cannot tell apart (``Rules.determinize``): everything a seat's
view shows is kept, and the cards it cannot see (the other hands and the stock) are dealt at
random in the sizes the view gives. Search bots play these worlds out, hundreds of times a
decision, so this reads the view with dictionary lookups and shuffles once.

The view says more than the sizes: RC-13 makes every owner of a build hold a card of its value,
so each other owner is first given one unseen card of each value it must hold, then the rest is
dealt. (The true hands prove such cards exist, and all cards of one value are alike, so this
never fails.) Nothing else public narrows the hidden cards: every capture is made face up,
so the piles are known from the hand's captures (``captures``) even while they lie face down
(RC-24), and no rule lets a play reveal what a hand lacks.
"""

from __future__ import annotations

import random

from cardtable.core.cards import CARD_NAMES, FULL_DECK
from cardtable.games.royal_casino.scoring import NEAR_ITEMS
from cardtable.games.royal_casino.table import State, TableBuild, Taken
from cardtable.games.royal_casino.values import VALUE_CARDS
from cardtable.games.royal_casino.views import RoyalCasinoView

_NEAR_CODES: dict[str | None, int] = {name: code for code, name in NEAR_ITEMS.items()}
_BIT = {name: 1 << i for i, name in enumerate(CARD_NAMES)}
_ALL = (1 << len(FULL_DECK)) - 1


def _mask(names: list[str] | None) -> int:
    m = 0
    for name in names or ():
        m |= _BIT[name]
    return m


def sample_world(view: RoyalCasinoView, seat: int, rng: random.Random) -> State:
    """A state that shows ``seat`` exactly ``view``, the unseen cards placed at random."""
    hand = _mask(view["hand"])
    loose = _mask(view["loose"])
    builds = tuple(
        TableBuild(b["value"], _mask(b["cards"]), b["owner"], b["kind"] == "multiple")
        for b in view["builds"]
    )
    captures = tuple(
        (c["seat"], _BIT[c["card"]].bit_length() - 1, _mask(c["cards"]), c["sweep"])
        for c in view["captures"]
    )
    piles = _piles(view, captures)
    seen = hand | loose
    for b in builds:
        seen |= b.cards
    for p in piles:
        seen |= p
    rest = _ALL & ~seen
    unseen = [c for c in FULL_DECK if rest >> c & 1]
    rng.shuffle(unseen)
    hands = [0] * len(view["hand_sizes"])
    hands[seat] = hand
    for b in builds:  # RC-13: an owner holds a card of each of its builds' values
        if b.owner != seat and not hands[b.owner] & VALUE_CARDS[b.value]:
            held = next(c for c in unseen if VALUE_CARDS[b.value] >> c & 1)
            hands[b.owner] |= 1 << held
            unseen.remove(held)
    start = 0
    for other, size in enumerate(view["hand_sizes"]):
        if other != seat:
            end = start + size - hands[other].bit_count()
            for c in unseen[start:end]:
                hands[other] |= 1 << c
            start = end
    stock = tuple(unseen[start:])
    assert len(stock) == view["stock"], "the view's counts do not add up to the deck"
    turn = view["to_move"]
    return State(
        dealer=view["dealer"],
        turn=-1 if turn is None else turn,
        hands=tuple(hands),
        loose=loose,
        builds=builds,
        piles=piles,
        sweeps=tuple(view["sweeps"]),
        last_capture=-1 if view["last_capture"] is None else view["last_capture"],
        stock=stock,
        near=tuple(_NEAR_CODES.get(item, 0) for item in view["near_21"]),
        captures=captures,
    )


def _piles(view: RoyalCasinoView, captures: tuple[Taken, ...]) -> tuple[int, ...]:
    """The piles: as the view shows them, or, face down (RC-24), as the captures made them."""
    if view["piles"] is not None:
        return tuple(_mask(p) for p in view["piles"])
    piles = [0] * len(view["pile_sizes"])
    for seat, card, taken, _ in captures:
        piles[seat % len(piles)] |= taken | 1 << card
    return tuple(piles)
