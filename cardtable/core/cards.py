"""Cards as small ints, card sets as int bitmasks, and the card notation of RULES.md C-1.

A card is ``suit * 13 + rank`` with suits ``c d h s`` = 0..3 and ranks ``A 2 … K`` = 0..12, so
integer order *is* the canonical order (C-1); the joker is 52 and sorts last. A set of distinct
cards is an int with bit ``c`` set for card ``c`` (python-chess keeps squares the same way).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

from cardtable.core.errors import NotationError

SUITS = "cdhs"
RANKS = "A23456789TJQK"
JOKER: Final = 52
CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
ACE: Final = 0
JACK: Final = 10
QUEEN: Final = 11
KING: Final = 12

CARD_NAMES: tuple[str, ...] = (*(r + s for s in SUITS for r in RANKS), "Jo")
FULL_DECK: tuple[int, ...] = tuple(range(52))
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}

_SUIT_ALIASES = {
    "c": 0, "d": 1, "h": 2, "s": 3,
    "♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3,
}  # fmt: skip
_RANK_ALIASES = {r.lower(): i for i, r in enumerate(RANKS)} | {"10": 9, "1": 0}
_CARD_RE = re.compile(r"^(10|[a2-9tjqk1])([cdhs♣♧♦♢♥♡♠♤])$")
_CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}


def card(rank: int, suit: int) -> int:
    """The card of a rank index (ace 0 … king 12) and a suit index (clubs 0 … spades 3)."""
    return suit * 13 + rank


def rank_of(c: int) -> int:
    """Rank index, ace 0 … king 12 (meaningless for the joker)."""
    return c % 13


def suit_of(c: int) -> int:
    """Suit index, clubs 0 … spades 3 (4 for the joker)."""
    return c // 13


def card_str(c: int) -> str:
    """Canonical text of a card (``Ah``, ``Td``, ``Jo``)."""
    return CARD_NAMES[c]


def parse_card(text: str) -> int:
    """Read one card leniently (``10h``, ``AH``, ``A♥``, ``ah``, ``Jo``, ``joker``)."""
    t = text.strip()
    found = _CARD_INDEX.get(t)
    if found is not None:
        return found
    low = t.lower()
    if low in ("jo", "joker", "jk"):
        return JOKER
    m = _CARD_RE.match(low)
    if m is None:
        raise NotationError(
            "not a card (write rank then suit, like Ah, Td, 7c or Jo)",
            text,
            key="notation.not_a_card",
        )
    return card(_RANK_ALIASES[m.group(1)], _SUIT_ALIASES[m.group(2)])


def parse_cards(text: str) -> list[int]:
    """Read cards separated by spaces or commas, in the order given (duplicates kept)."""
    out: list[int] = []
    for m in re.finditer(r"[^\s,]+", text):
        try:
            out.append(parse_card(m.group()))
        except NotationError as e:
            raise e.within(text, m.start()) from None
    return out


def cards_str(cards: Iterable[int], *, sort: bool = True) -> str:
    """Cards as space-separated text, in canonical order unless ``sort`` is false."""
    seq = sorted(cards) if sort else cards
    return " ".join(CARD_NAMES[c] for c in seq)


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of distinct cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a bitmask, in canonical order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class CardSet:
    """A friendly, immutable wrapper over a card bitmask, for printing and tests.

    Examples:
        >>> s = CardSet.parse("Td 2s ah")
        >>> str(s), len(s), parse_card("AH") in s
        ('Td Ah 2s', 3, True)
    """

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[int] | int = 0) -> None:
        self.mask = cards if isinstance(cards, int) else mask_of(cards)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        cards = parse_cards(text)
        s = cls(cards)
        if len(s) != len(cards):
            raise NotationError("a card is listed twice", text, key="notation.card_twice")
        return s

    def __iter__(self) -> Iterator[int]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 64 and bool(self.mask >> c & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __str__(self) -> str:
        return cards_str(self)

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"
