"""The three plays of Royal Casino (RC-4) and their notation (RULES.md N).

``trail 7h`` · ``capture 9c: 4d 5s 9d`` (the played card, then every table card taken, builds
included whole) · ``build 2h: 4c 6d =12`` (the played card, then every table card joining the
build, then its value). Table cards are a mask, so they are always printed in canonical order
and two groupings of the same cards are one action. Each action keeps its text, computed once,
because the legal list is sorted by it, and the move generator takes its plays from
``TRAILS`` and from ``interned.capture_of`` and ``build_of``, which make each play once: the
same plays recur from position to position, and making one (its text above all) costs more
than finding it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardtable.core.cards import CARD_NAMES, JOKER, mask_of, parse_cards
from cardtable.core.errors import NotationError
from cardtable.core.frozen import unfrozen_twin
from cardtable.core.game import Action
from cardtable.games.royal_casino.texts import mask_text


@dataclass(frozen=True, slots=True)
class Trail(Action):
    """RC-15: the played card stays on the table, loose."""

    card: int
    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", "trail " + CARD_NAMES[self.card])

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Capture(Action):
    """RC-5: the played card takes ``cards`` (a mask of table cards, builds whole)."""

    card: int
    cards: int
    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "text", f"capture {CARD_NAMES[self.card]}: {mask_text(self.cards)}"
        )

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Build(Action):
    """RC-9 to RC-11: the played card and ``cards`` (table cards, an existing build's whole)
    become one build worth ``value``."""

    card: int
    cards: int
    value: int
    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "text",
            f"build {CARD_NAMES[self.card]}: {mask_text(self.cards)} ={self.value}",
        )

    def __str__(self) -> str:
        return self.text


Play = Trail | Capture | Build

_VALUE_AT_END = re.compile(r"=\s*([0-9]{1,3})\s*$")
_FORMS = "trail 7h, capture 9c: 4d 5s or build 2h: 4c 6d =12"


def parse_play(text: str) -> Play:
    """Read a play leniently (case, spaces, commas, ``10h``, a missing colon)."""
    if not isinstance(text, str):
        raise NotationError(
            f"an action is text, like {_FORMS}", key="notation.rc.text", params={"forms": _FORMS}
        )
    parts = text.strip().split(None, 1)
    verb = parts[0].lower() if parts else ""
    rest = parts[1] if len(parts) > 1 else ""
    if verb == "trail":
        cards = _cards(rest, text)
        if len(cards) != 1:
            raise NotationError(
                "a trail names exactly one card, like trail 7h", text, key="notation.rc.trail"
            )
        return Trail(cards[0])
    if verb == "capture":
        played, table = _played_and_table(rest, text)
        return Capture(played, table)
    if verb == "build":
        m = _VALUE_AT_END.search(rest)
        if m is None:
            raise NotationError(
                "a build ends with its value, like build 2h: 4c 6d =12",
                text,
                key="notation.rc.build_value",
            )
        played, table = _played_and_table(rest[: m.start()], text)
        return Build(played, table, int(m.group(1)))
    raise NotationError(
        f"an action is one of: {_FORMS}", text, key="notation.rc.unknown", params={"forms": _FORMS}
    )


def _cards(part: str, text: str) -> list[int]:
    try:
        cards = parse_cards(part)
    except NotationError as e:
        raise e.within(text) from None
    if JOKER in cards:
        raise NotationError(
            "Royal Casino is played without jokers", text, key="notation.rc.no_jokers"
        )
    if len(set(cards)) != len(cards):
        raise NotationError("a card is named twice", text, key="notation.card_twice")
    return cards


def _played_and_table(part: str, text: str) -> tuple[int, int]:
    """The played card and the mask of table cards from ``9c: 4d 5s`` (colon optional)."""
    head, colon, tail = part.partition(":")
    if colon:
        played_list = _cards(head, text)
        if len(played_list) != 1:
            raise NotationError(
                "name one played card before the colon", text, key="notation.rc.one_played"
            )
        table_list = _cards(tail, text)
    else:
        both = _cards(head, text)
        played_list, table_list = both[:1], both[1:]
    if not played_list:
        raise NotationError("name the card you play", text, key="notation.rc.played")
    played = played_list[0]
    if not table_list:
        raise NotationError(
            "name the table cards after the colon, like capture 9c: 4d 5s",
            text,
            key="notation.rc.table",
        )
    if played in table_list:
        raise NotationError(
            f"{CARD_NAMES[played]} is both played and on the table",
            text,
            key="notation.rc.both",
            params={"card": CARD_NAMES[played]},
        )
    return played, mask_of(table_list)


#: RC-15: the trail of each card.
TRAILS: tuple[Trail, ...] = tuple(Trail(c) for c in range(52))

#: The captures and builds made so far, under the keys ``interned.capture_of`` and
#: ``interned.build_of`` give them: the move generator looks a play up here and makes only the
#: new ones (compiled, in ``interned``).
CAPTURES: dict[int, Capture] = {}
BUILDS: dict[int, Build] = {}
UnfrozenCapture = unfrozen_twin(Capture)
UnfrozenBuild = unfrozen_twin(Build)
