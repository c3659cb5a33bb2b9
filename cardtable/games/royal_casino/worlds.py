"""Sampling the worlds a seat cannot tell apart (``Rules.determinize``): everything a seat's
view shows is kept, and the cards it cannot see (the other hands and the stock) are dealt at
random in the sizes the view gives. Search bots play these worlds out.

The view says more than the sizes: RC-13 makes every owner of a build hold a card of its value,
so each other owner is first given one unseen card of each value it must hold, then the rest is
dealt. (The true hands prove such cards exist, and all cards of one value are alike, so this
never fails.)"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.cards import FULL_DECK, mask_of, parse_card
from cardtable.games.royal_casino.scoring import NEAR_ITEMS
from cardtable.games.royal_casino.table import State, TableBuild
from cardtable.games.royal_casino.values import VALUE_CARDS

_NEAR_CODES = {name: code for code, name in NEAR_ITEMS.items()}


def _mask(names: list[str]) -> int:
    return mask_of(parse_card(name) for name in names)


def sample_world(view: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A state that shows ``seat`` exactly ``view``, the unseen cards placed at random."""
    hand = _mask(view["hand"])
    loose = _mask(view["loose"])
    builds = tuple(
        TableBuild(b["value"], _mask(b["cards"]), b["owner"], b["kind"] == "multiple")
        for b in view["builds"]
    )
    piles = tuple(_mask(p) for p in view["piles"])
    seen = hand | loose
    for mask in (*(b.cards for b in builds), *piles):
        seen |= mask
    unseen = [c for c in FULL_DECK if not seen >> c & 1]
    rng.shuffle(unseen)
    hands = [0] * len(view["hand_sizes"])
    hands[seat] = hand
    for b in builds:  # RC-13: an owner holds a card of each of its builds' values
        if b.owner != seat and not hands[b.owner] & VALUE_CARDS[b.value]:
            held = next(c for c in unseen if VALUE_CARDS[b.value] >> c & 1)
            hands[b.owner] |= 1 << held
            unseen.remove(held)
    for other, size in enumerate(view["hand_sizes"]):
        if other != seat:
            missing = size - hands[other].bit_count()
            hands[other] |= mask_of(unseen[:missing])
            del unseen[:missing]
    assert len(unseen) == view["stock"], "the view's counts do not add up to the deck"
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
        stock=tuple(unseen),
        near=tuple(_NEAR_CODES.get(item, 0) for item in view["near_21"]),
    )
