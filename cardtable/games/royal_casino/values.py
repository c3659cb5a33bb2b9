"""Card values of Royal Casino (RC-2) as tables built once at import, so the move generator
only indexes and masks.

A card on the table always counts its table value (an ace 1); a card played from the hand may
count any of its hand values (an ace 1 or 14). "A card of value V" in hand (RC-13) is a card
of rank V, or an ace for V = 14.
"""

from __future__ import annotations

from typing import Final

from cardtable.core.cards import ACE, SPADES, card, mask_of, rank_of

MAX_VALUE: Final = 14  # RC-7: a build is worth at most 14

#: Value of each card lying on the table (RC-2: an ace counts 1 there).
TABLE_VALUE: Final[tuple[int, ...]] = tuple(rank_of(c) + 1 for c in range(52))

#: Values a card may count when played from the hand (RC-2: an ace 1 or 14).
HAND_VALUES: Final[tuple[tuple[int, ...], ...]] = tuple(
    (1, MAX_VALUE) if rank_of(c) == ACE else (rank_of(c) + 1,) for c in range(52)
)

#: The four cards of each rank, by rank index (RC-6 compares ranks).
RANK_MASK: Final[tuple[int, ...]] = tuple(mask_of(card(r, s) for s in range(4)) for r in range(13))

#: The cards of hand value V, by V (0 unused): rank V, and the aces for 1 and 14 (RC-13).
VALUE_CARDS: Final[tuple[int, ...]] = (0, *RANK_MASK, RANK_MASK[ACE])

#: Every spade, for the "most spades" item (RC-20).
SPADE_MASK: Final = mask_of(card(r, SPADES) for r in range(13))

#: The ranks as players name them in messages ("an 8", "a Q").
VALUE_WORD: tuple[str, ...] = (
    "", "an ace", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "an 8", "a 9", "a 10",
    "a J", "a Q", "a K", "an ace",
)  # fmt: skip


def table_sum(mask: int) -> int:
    """Sum of the table values of the cards in ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += TABLE_VALUE[low.bit_length() - 1]
        mask ^= low
    return total
