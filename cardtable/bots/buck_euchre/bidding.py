"""Buck Euchre's learned bidding: what ordering, naming and staying are worth, learned from play.

The search values a bid by playouts in sampled worlds, and those playouts see every sampled
card; its stays run optimistic and its passes pessimistic (docs/bots_buck_euchre.md, "What
limits the search"). Here each bid is valued instead by what it really brought at the table:
heuristic players' matches were played, and at every order (BE-5), naming (BE-6) and stay or
drop (BE-8) each legal bid was applied to the *real* deal and the hand played out; the change
in the bidder's chance of winning the match (``measures.win_chance``, or 1 or 0 when the hand
ended it, BE-12, BE-13) was recorded. A small network per phase was fitted to those figures
from what the bidder could see (``features``), so it learns what the bids before a bid say
about the hidden cards as they really fall, and what a hand is worth when the play is not
clairvoyant. ``bench/be_bidding.py`` collects the figures and fits the networks; the weights
ship in ``bidding.json`` and are read here, in plain Python.

The networks only read the bidder's view: its hand, the upcard, who has bid what, the scores.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from cardtable.bots.buck_euchre.measures import win_chance
from cardtable.bots.heuristic.buck_euchre import (
    make_count,
    opponents_expected,
    order_count,
    seen_world,
    stay_value,
)
from cardtable.core.cards import SUITS, suit_of
from cardtable.core.game import Action
from cardtable.core.views import View, own_seat
from cardtable.games.buck_euchre import LAYOUT, SEATS, TAKEN, layout_cards
from cardtable.games.tricks import NO_TRUMP, same_colour, strength

#: The bids each phase's network values, in the order of its outputs. In the naming round the
#: three suits that may be named (BE-6) are the turned-down suit's partner of the same colour,
#: then the other two in ``suit_order``.
OUTPUTS = {
    "order": ("pass", "order"),
    "name": ("pass", "same colour", "first other", "second other"),
    "decide": ("drop", "stay"),
}
#: The strengths (``strength``) of each group of a hand's cards, the reference suit first:
#: its trumps with both bowers, the same-colour suit without its jack, then the other two.
TRUMP_GROUP = (16, 15, 14, 13, 12, 10, 9)
PARTNER_GROUP = (14, 13, 12, 10, 9)
PLAIN_GROUP = (14, 13, 12, 11, 10, 9)
UPCARD_STRENGTHS = (16, 14, 13, 12, 10, 9)
START = 25  # BE-11: everyone starts at 25; scores are read in units of it


def suit_order(cards: Sequence[int], suits: Sequence[int]) -> list[int]:
    """``suits`` with the longest first, ties by the higher cards: two suits that play alike
    are read alike, whichever they are."""

    def key(s: int) -> tuple[int, list[int]]:
        mine = sorted((strength(c, NO_TRUMP) for c in cards if suit_of(c) == s), reverse=True)
        return (len(mine), mine)

    return sorted(suits, key=key, reverse=True)


def hand_slots(cards: Sequence[int], reference: int) -> list[float]:
    """The hand as 24 flags, one per card relative to ``reference`` as trump: its seven trumps,
    the same-colour suit's other five, then the other two suits longest first."""
    partner = same_colour(reference)
    others = suit_order(cards, [s for s in range(4) if s not in (reference, partner)])
    groups = [(reference, TRUMP_GROUP), (partner, PARTNER_GROUP)] + [
        (s, PLAIN_GROUP) for s in others
    ]
    slots: list[float] = []
    for suit, strengths in groups:
        held = {strength(c, reference) for c in cards if _group(c, reference) == suit}
        slots += [1.0 if s in held else 0.0 for s in strengths]
    return slots


def plain_slots(cards: Sequence[int]) -> list[float]:
    """The hand as 24 flags with no trump (BE-7): the four suits longest first, A K Q J T 9."""
    slots: list[float] = []
    for suit in suit_order(cards, range(4)):
        held = {strength(c, NO_TRUMP) for c in cards if suit_of(c) == suit}
        slots += [1.0 if s in held else 0.0 for s in PLAIN_GROUP]
    return slots


def _group(card: int, reference: int) -> int:
    return reference if strength(card, reference) == 15 else suit_of(card)


def one_hot(index: int, size: int) -> list[float]:
    return [1.0 if i == index else 0.0 for i in range(size)]


@dataclass(frozen=True)
class Bidding:
    """One bidding decision as the networks read it: the phase, the input, and each legal
    action's output index."""

    phase: str
    inputs: list[float]
    outputs: dict[str, int]  # an action's text -> its output in OUTPUTS[phase]


def features(view: View) -> Bidding | None:
    """What the bidder sees, as the network of its phase reads it; None outside the bidding
    (and with clubs turned, BE-4, where nobody bids)."""
    state = view["state"]
    phase = state["phase"]
    if phase not in OUTPUTS:
        return None
    seat = own_seat(view)
    world = seen_world(view)
    table = world.table
    hand = world.hands[seat]
    cards = layout_cards(hand)
    upcard = LAYOUT[table.upcard]
    up_suit = suit_of(upcard)
    dealer = table.dealer
    position = (seat - dealer - 1) % SEATS  # 0: first to bid … 3: the dealer
    scores = list(view["scores"])
    others = sorted(scores[s] for s in range(SEATS) if s != seat)
    common = [
        *one_hot(position, SEATS),
        scores[seat] / START,
        *(s / START for s in others),
        win_chance(scores, seat),
    ]
    if phase == "order":
        inputs = [
            *hand_slots(cards, up_suit),
            *common,
            *one_hot(UPCARD_STRENGTHS.index(strength(upcard, up_suit)), 6),
            order_count(hand, table.upcard, dealer=seat == dealer) / 10,
        ]
        return Bidding(phase, inputs, {"pass": 0, "order": 1})
    if phase == "name":
        partner = same_colour(up_suit)
        others_suits = suit_order(cards, [s for s in range(4) if s not in (up_suit, partner)])
        candidates = [partner, *others_suits]
        inputs = [
            *hand_slots(cards, up_suit),
            *common,
            *one_hot(UPCARD_STRENGTHS.index(strength(upcard, up_suit)), 6),
            *(make_count(hand, s) / 10 for s in candidates),
        ]
        outputs = {"pass": 0} | {f"trump {SUITS[s]}": 1 + i for i, s in enumerate(candidates)}
        return Bidding(phase, inputs, outputs)
    trump = table.trump
    order = [(dealer + k) % SEATS for k in range(1, SEATS + 1)]
    before = order[: order.index(seat)]
    stayed = sum(1 for s in before if table.stayed >> s & 1)
    dropped = sum(1 for s in before if table.dropped >> s & 1)
    later = SEATS - 1 - order.index(seat)
    no_trump = trump == NO_TRUMP
    ordered = table.fate == TAKEN
    maker = table.maker
    maker_position = one_hot((maker - dealer - 1) % SEATS, SEATS) if maker >= 0 else [0.0] * 4
    up = one_hot(UPCARD_STRENGTHS.index(strength(upcard, trump)), 6) if ordered else [0.0] * 6
    opponents = opponents_expected(seat, dealer, table.stayed)
    inputs = [
        *(plain_slots(cards) if no_trump else hand_slots(cards, trump)),
        *common,
        *up,
        float(no_trump),
        float(ordered),
        *maker_position,
        stayed / 3,
        dropped / 3,
        later / 3,
        stay_value(cards, trump, opponents) / 5,
    ]
    return Bidding(phase, inputs, {"drop": 0, "stay": 1})


class Network:
    """A small fully connected network: ReLU between layers, a plain last layer."""

    def __init__(self, layers: Sequence[tuple[Sequence[Sequence[float]], Sequence[float]]]):
        self.layers = [([list(row) for row in w], list(b)) for w, b in layers]

    def __call__(self, inputs: Sequence[float]) -> list[float]:
        x = list(inputs)
        last = len(self.layers) - 1
        for i, (weights, bias) in enumerate(self.layers):
            y = [b + math.fsum(w * v for w, v in zip(row, x, strict=True))
                 for row, b in zip(weights, bias, strict=True)]  # fmt: skip
            x = y if i == last else [v if v > 0 else 0.0 for v in y]
        return x


WEIGHTS = "bidding.json"


@cache
def networks() -> dict[str, Network]:
    """The shipped networks, one per phase of ``OUTPUTS`` (read once)."""
    text = resources.files(__package__).joinpath(WEIGHTS).read_text()
    data: dict[str, Any] = json.loads(text)
    return {phase: Network(data[phase]["layers"]) for phase in OUTPUTS}


def values(view: View, nets: dict[str, Network] | None = None) -> dict[str, float] | None:
    """Each legal bid's learned worth (a change in the bidder's chance of winning the match,
    in percentage points) by its text; None outside the bidding."""
    bidding = features(view)
    if bidding is None:
        return None
    out = (nets or networks())[bidding.phase](bidding.inputs)
    return {text: out[i] for text, i in bidding.outputs.items()}


def choose(view: View, legal: Sequence[Action]) -> Action | None:
    """The legal bid worth most by the networks; None outside the bidding."""
    worth = values(view)
    if worth is None:
        return None
    return max(legal, key=lambda a: worth[str(a)])
