"""Trick-taking lookup tables for euchre-family games: which cards follow a suit, which card
wins a trick, for every trump choice including no trump.

A game lays its deck out as a sequence of cards and keeps hands as bitmasks over that layout
(bit ``i`` is ``layout[i]``); every table here is indexed by those bit positions, so the hot
paths (legal plays, trick winners) are a couple of tuple lookups. The rules encoded are the
common euchre ones (BE-2, BE-10): aces high; with a trump suit the jack of trump (right bower)
is the highest card and the other jack of the same colour (left bower) the next, and the left
bower belongs to the trump suit for every purpose, following suit included.

>>> from cardtable.core.cards import parse_cards, HEARTS
>>> t = TrickTables(parse_cards("9h Jd Ah Jh"))
>>> t.winner((0, 1, 2, 3), HEARTS), t.winner((0, 1, 2), HEARTS), t.winner((0, 2), NO_TRUMP)
(3, 1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.core.cards import ACE, JACK, SUITS, rank_of, suit_of

NO_TRUMP = 4
"""The trump index of a hand played without trump (suits are 0..3)."""

TRUMP_CHOICES = (0, 1, 2, 3, NO_TRUMP)

_TRUMP_BONUS = 100  # any trump outranks any card of the suit led


def same_colour(suit: int) -> int:
    """The other suit of the same colour: clubs-spades, diamonds-hearts (suits 0-3, 1-2)."""
    return 3 - suit


def is_left_bower(card: int, trump: int) -> bool:
    """The jack of the suit of the same colour as trump (never with no trump)."""
    return trump != NO_TRUMP and rank_of(card) == JACK and suit_of(card) == same_colour(trump)


def effective_suit(card: int, trump: int) -> int:
    """The suit a card belongs to for following and winning: the left bower is a trump."""
    return trump if is_left_bower(card, trump) else suit_of(card)


def plain_strength(card: int) -> int:
    """Rank strength in a plain suit, aces high: 2..13 for 2..K, 14 for the ace."""
    r = rank_of(card)
    return 14 if r == ACE else r + 1


def strength(card: int, trump: int) -> int:
    """How strongly a card ranks within its effective suit (higher wins): the right bower
    16, the left bower 15, otherwise the plain strength."""
    if trump != NO_TRUMP and rank_of(card) == JACK:
        if suit_of(card) == trump:
            return 16
        if suit_of(card) == same_colour(trump):
            return 15
    return plain_strength(card)


class TrickTables:
    """Follow-suit masks and trick power for one deck layout, per trump choice.

    ``follow[trump][suit]``: mask of the cards whose effective suit is ``suit``.
    ``follow_of[trump][i]``: the mask a player must follow from when card ``i`` is led.
    ``power[trump][led][i]``: 0 if card ``i`` can neither follow the effective suit ``led``
    nor trump, else its strength (trumps above every card of the suit led).
    ``suit[trump][i]``: the effective suit of card ``i``.
    """

    __slots__ = ("follow", "follow_of", "layout", "power", "suit")

    def __init__(self, layout: Sequence[int]) -> None:
        self.layout = tuple(layout)
        self.suit = tuple(
            tuple(effective_suit(c, trump) for c in self.layout) for trump in TRUMP_CHOICES
        )
        self.follow = tuple(
            tuple(
                sum(1 << i for i, s in enumerate(self.suit[trump]) if s == led) for led in range(4)
            )
            for trump in TRUMP_CHOICES
        )
        self.follow_of = tuple(
            tuple(self.follow[trump][s] for s in self.suit[trump]) for trump in TRUMP_CHOICES
        )
        self.power = tuple(
            tuple(tuple(self._power(c, trump, led) for c in self.layout) for led in range(4))
            for trump in TRUMP_CHOICES
        )

    @staticmethod
    def _power(card: int, trump: int, led: int) -> int:
        suit = effective_suit(card, trump)
        if suit == trump:
            return _TRUMP_BONUS + strength(card, trump)
        return strength(card, trump) if suit == led else 0

    def playable(self, hand: int, led: int | None, trump: int) -> int:
        """The cards of ``hand`` that may be played to a trick whose first card is ``led``
        (None: leading, anything goes): the led effective suit if the hand has one (BE-10)."""
        if led is None:
            return hand
        same = hand & self.follow_of[trump][led]
        return same or hand

    def winner(self, trick: Sequence[int], trump: int) -> int:
        """Index in ``trick`` (cards in play order, the first led) of the card that wins it:
        the highest trump, else the highest card of the suit led (BE-10)."""
        power = self.power[trump][self.suit[trump][trick[0]]]
        best, top = 0, power[trick[0]]
        for i in range(1, len(trick)):
            p = power[trick[i]]
            if p > top:
                best, top = i, p
        return best


def trump_name(trump: int) -> str:
    """The notation of a trump choice: a suit letter, or ``none``."""
    return "none" if trump == NO_TRUMP else SUITS[trump]
