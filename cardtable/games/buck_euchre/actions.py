"""Buck Euchre's actions (RULES.md N): ``order``, ``pass``, ``discard 9c``, ``trump h``,
``stay``, ``drop``, ``play Jd``. Actions are interned: ``PLAYS[card]`` and friends are created
once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from cardtable.core.cards import CARD_NAMES, SUITS, parse_card
from cardtable.core.errors import NotationError
from cardtable.core.game import Action
from cardtable.games.buck_euchre.cards import (
    _SUIT_WORDS,
    LAYOUT,
    _byte_tables,
)


# -- actions (RULES.md N) -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Order(Action):
    """Make the upcard's suit trump (BE-5)."""

    def __str__(self) -> str:
        return "order"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline to order (BE-5) or to name a suit (BE-6)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """The dealer's face-down discard after picking up the upcard (BE-5)."""

    card: int

    def __str__(self) -> str:
        return "discard " + CARD_NAMES[self.card]


@dataclass(frozen=True, slots=True)
class Trump(Action):
    """Name a suit as trump in the second round (BE-6)."""

    suit: int

    def __str__(self) -> str:
        return "trump " + SUITS[self.suit]


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """Take part in the hand (BE-8)."""

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Drop(Action):
    """Set the cards aside and sit the hand out (BE-8)."""

    def __str__(self) -> str:
        return "drop"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the trick (BE-10)."""

    card: int

    def __str__(self) -> str:
        return "play " + CARD_NAMES[self.card]


ORDER, PASS, STAY, DROP = Order(), Pass(), Stay(), Drop()
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in range(len(CARD_NAMES)))
DISCARDS: tuple[Discard, ...] = tuple(Discard(c) for c in range(len(CARD_NAMES)))
TRUMPS: tuple[Trump, ...] = tuple(Trump(s) for s in range(4))
_WORDS: dict[str, Action] = {"order": ORDER, "pass": PASS, "stay": STAY, "drop": DROP}
_CARD_VERBS: dict[str, tuple[Action, ...]] = {"play": PLAYS, "discard": DISCARDS}


_PLAY0, _PLAY1, _PLAY2 = _byte_tables([cast(Action, PLAYS[c]) for c in LAYOUT])
_DISCARD0, _DISCARD1, _DISCARD2 = _byte_tables([cast(Action, DISCARDS[c]) for c in LAYOUT])
_BIDS: tuple[Action, ...] = (ORDER, PASS)
_DECISIONS: tuple[Action, ...] = (DROP, STAY)
_NAMINGS = tuple((PASS, *(TRUMPS[s] for s in range(4) if s != turned)) for turned in range(4))


def parse_action(text: str) -> Action:
    """Read ``order``, ``pass``, ``discard 9c``, ``trump h``, ``stay``, ``drop``, ``play Jd``
    (any case, any spacing, ``10h`` for ``Th``, suits as letters, symbols or words)."""
    words = text.split()
    if not words:
        raise NotationError("empty action", text, key="notation.empty")
    verb, args = words[0].lower(), words[1:]
    simple = _WORDS.get(verb)
    if simple is not None:
        if args:
            raise NotationError(
                f"'{verb}' takes nothing after it",
                text,
                key="notation.nothing_after",
                params={"verb": verb},
            )
        return simple
    cards = _CARD_VERBS.get(verb)
    if cards is not None:
        if len(args) != 1:
            raise NotationError(
                f"'{verb}' takes exactly one card, like '{verb} Jd'",
                text,
                key="notation.one_card",
                params={"verb": verb},
            )
        try:
            return cards[parse_card(args[0])]
        except NotationError as e:
            raise e.within(text, text.find(args[0])) from None
    if verb == "trump":
        suit = _SUIT_WORDS.get(args[0].lower()) if len(args) == 1 else None
        if suit is None:
            raise NotationError(
                "'trump' takes one suit: c, d, h or s", text, key="notation.be.trump"
            )
        return TRUMPS[suit]
    raise NotationError(
        "not a Buck Euchre action (order, pass, discard 9c, trump h, stay, drop, play Jd)",
        text,
        key="notation.be.unknown",
    )
