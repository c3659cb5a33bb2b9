"""Scoring a hand (RC-18, RC-20, RC-22) and deciding the match (RC-21, RC-23).

Near 21 generalises to any ``target``: a side starting a hand ``target - 3``, ``- 2`` or ``- 1``
points short is limited to most cards, Big Casino or Little Casino. A hand dealt while some
side already has the target is a tie-break hand (RC-23): only a tie at the top can leave a
side at the target without a winner, so the scores passed to ``deal`` and ``settle`` say which
hands those are, and they have no near-21 limits; but a side ``target - 3`` or fewer points
short (18 or more of 21) scores no sweeps in any hand, tie-break hands included (RC-22's last
sentence, RC-23).
"""

from __future__ import annotations

from cardtable.core.cards import parse_card
from cardtable.core.game import Settlement
from cardtable.games.royal_casino.table import State
from cardtable.games.royal_casino.values import SPADE_MASK

BIG_CASINO = parse_card("Td")
LITTLE_CASINO = parse_card("2s")
#: RC-20 (5): the aces in scoring order. The items are named in words, not as cards, so that
#: a breakdown never reads like a mention of a card (views are scanned for hidden cards).
ACES = tuple(
    (f"ace of {suit}", parse_card(name))
    for suit, name in (("spades", "As"), ("clubs", "Ac"), ("hearts", "Ah"), ("diamonds", "Ad"))
)

#: RC-22 items by their code in ``State.near``; codes follow the RC-20 order.
NEAR_ITEMS = {1: "cards", 2: "big casino", 3: "little casino"}


def near_items(scores: tuple[int, ...], target: int) -> tuple[int, ...]:
    """Each side's RC-22 limit this hand: 0 none, 1 most cards, 2 Big Casino, 3 Little Casino."""
    if max(scores) >= target:  # a tie-break hand (RC-23): no near-21 limits
        return (0,) * len(scores)
    return tuple(4 - (target - s) if 1 <= target - s <= 3 else 0 for s in scores)


def _most(counts: list[int]) -> int:
    """The side with strictly more than every other, or -1 (RC-20: a tie scores nothing)."""
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else -1


def settle_hand(state: State, scores: tuple[int, ...], target: int) -> Settlement:
    """Score a finished hand against the scores before it and name the winner, if any."""
    sides = len(state.piles)
    near = near_items(scores, target)
    items: dict[str, list[int]] = {}

    def award(name: str, side: int, points: int) -> None:
        row = [0] * sides
        if side >= 0:
            row[side] = points
        items[name] = row

    def holder(c: int) -> int:
        return next((i for i, pile in enumerate(state.piles) if pile >> c & 1), -1)

    award("cards", _most([p.bit_count() for p in state.piles]), 3)
    award("spades", _most([(p & SPADE_MASK).bit_count() for p in state.piles]), 1)
    award("big casino", holder(BIG_CASINO), 2)
    award("little casino", holder(LITTLE_CASINO), 1)
    for name, ace in ACES:
        award(name, holder(ace), 1)
    # RC-18: sweeps cancel; a side on 18 or more scores none in any hand (RC-22, RC-23), but
    # its sweeps still cancel others'.
    sw = state.sweeps
    items["sweeps"] = [
        0
        if scores[i] >= target - 3
        else max(0, sw[i] - max((sw[j] for j in range(sides) if j != i), default=0))
        for i in range(sides)
    ]
    notes = []
    for side, code in enumerate(near):  # RC-22: such a side scores only its item
        if code:
            keep = NEAR_ITEMS[code]
            for name, row in items.items():
                if name != keep:
                    row[side] = 0
            notes.append(f"side {side} started on {scores[side]}: only {keep} counts (RC-22)")
    points = tuple(sum(row[i] for row in items.values()) for i in range(sides))
    items["total"] = list(points)
    after = tuple(s + p for s, p in zip(scores, points, strict=True))
    return Settlement(points, after, items, _winner(near, items, after, target), notes)


def _winner(
    near: tuple[int, ...], items: dict[str, list[int]], after: tuple[int, ...], target: int
) -> int | None:
    """RC-23: a side meeting its near-21 item wins (earliest item first); otherwise the one
    highest total at or above the target; equal highest totals play on."""
    met = [(code, side) for side, code in enumerate(near) if code and items[NEAR_ITEMS[code]][side]]
    if met:
        return min(met)[1]
    top = max(after)
    if top >= target and after.count(top) == 1:
        return after.index(top)
    return None
