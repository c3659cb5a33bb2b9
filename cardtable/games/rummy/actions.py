"""The rummy actions and their notation (RULES.md N): ``draw`` · ``take 7h`` · ``meld 5h 6h Jo=7h``
· ``layoff 8h on 2`` · ``discard Kc`` · ``end`` · ``rummy 7h`` · ``pass``.

Actions are interned: the legal lists hand out the same objects again and again, so building
a list costs dictionary look-ups, and ``str`` is a stored string. Cards inside an action are
in canonical order (C-1: jokers last, ordered by the card they stand for).

When the discard pile holds the same face more than once (the two jokers of one deck, or any
face with two decks) the copies are told apart by an ordinal counted from the top of the pile:
``take 7h`` is the topmost 7h, ``take 2nd 7h`` the one below it (decision, see docs/rummy.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from operator import attrgetter
from typing import ClassVar

from cardtable.core.cards import CARD_NAMES, JOKER, parse_card
from cardtable.core.errors import NotationError
from cardtable.core.game import Action
from cardtable.games.rummy.shapes import OPEN, shape_of

VERBS = "draw, take, meld, layoff, discard, end, rummy, pass"
_TEXT = attrgetter("text")


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the stock (R5-6, QC-4)."""

    text: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the hand: the stock is empty and the player does not take (R5-11, QC-8)."""

    text: ClassVar[str] = "end"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline to call Rummy (R5-10)."""

    text: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the discard pile down to and including the ``nth`` ``card`` from the top (R5-6)."""

    card: int
    nth: int = 1
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Rummy(Action):
    """Call Rummy, taking the pile down to the ``nth`` ``card`` from the top (R5-10)."""

    card: int
    nth: int = 1
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one card face up, ending the turn (R5-6)."""

    card: int
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Meld(Action):
    """Put down a new run or set (R5-4). ``naturals`` are the natural faces, ``jokers`` the
    faces the jokers are declared as; both sorted. ``nat``/``jok`` are the same as masks and
    ``size`` the card count, ``shape`` its shape on the table (-1: not a meld). All derived,
    for speed; the masks are meaningless when a face is repeated."""

    naturals: tuple[int, ...]
    jokers: tuple[int, ...] = ()
    nat: int = field(default=0, compare=False, repr=False)
    jok: int = field(default=0, compare=False, repr=False)
    size: int = field(default=0, compare=False, repr=False)
    shape: int = field(default=-1, compare=False, repr=False)
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Layoff(Action):
    """Lay off one card on meld number ``meld`` (R5-9); ``face`` is the card it stands for
    (itself for a natural card, the declaration for a joker)."""

    card: int
    face: int
    meld: int
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


DRAW = Draw()
END = End()
PASS = Pass()

_ORDINALS = {1: "", 2: "2nd ", 3: "3rd "}


def _ordinal(nth: int) -> str:
    return _ORDINALS.get(nth, f"{nth}th ")


_TAKES: dict[tuple[int, int], Take] = {}
_RUMMIES: dict[tuple[int, int], Rummy] = {}
_MELDS: dict[tuple[int, int], Meld] = {}
_LAYOFFS: dict[int, Layoff] = {}
DISCARDS: tuple[Discard, ...] = tuple(Discard(c, "discard " + CARD_NAMES[c]) for c in range(53))


def take(card: int, nth: int = 1) -> Take:
    found = _TAKES.get((card, nth))
    if found is None:
        found = _TAKES[card, nth] = Take(card, nth, f"take {_ordinal(nth)}{CARD_NAMES[card]}")
    return found


def take_at(pile: tuple[int, ...], depth: int, card: int) -> Take:
    """The take of ``pile`` down to ``depth``, where ``card`` lies, with ``card`` also higher
    in the pile: it is named by its ordinal (``take 2nd 7h``)."""
    return take(card, pile[-depth:].count(card))


TAKE_TOP: tuple[Take, ...] = tuple(take(c) for c in range(53))


def rummy(card: int, nth: int = 1) -> Rummy:
    found = _RUMMIES.get((card, nth))
    if found is None:
        text = f"rummy {_ordinal(nth)}{CARD_NAMES[card]}"
        found = _RUMMIES[card, nth] = Rummy(card, nth, text)
    return found


def _mask_faces(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def meld_of_masks(nat: int, jok: int) -> Meld:
    """The interned meld of natural faces ``nat`` and joker declarations ``jok`` (masks)."""
    found = _MELDS.get((nat, jok))
    if found is None:
        naturals, jokers = _mask_faces(nat), _mask_faces(jok)
        words = [CARD_NAMES[c] for c in naturals] + ["Jo=" + CARD_NAMES[c] for c in jokers]
        shape = shape_of(nat, jok)
        found = Meld(
            naturals,
            jokers,
            nat,
            jok,
            len(naturals) + len(jokers),
            -1 if shape is None else shape,
            "meld " + " ".join(words),
        )
        _MELDS[nat, jok] = found
    return found


def meld(naturals: list[int], jokers: list[int]) -> Meld:
    """A meld from card lists; repeated faces give a (never legal) meld that keeps them."""
    nat = jok = 0
    for c in naturals:
        nat |= 1 << c
    for c in jokers:
        jok |= 1 << c
    if len(naturals) + len(jokers) == (nat | jok).bit_count():
        return meld_of_masks(nat, jok)
    ns, js = tuple(sorted(naturals)), tuple(sorted(jokers))
    words = [CARD_NAMES[c] for c in ns] + ["Jo=" + CARD_NAMES[c] for c in js]
    return Meld(ns, js, nat, jok, len(ns) + len(js), -1, "meld " + " ".join(words))


def layoff(card: int, face: int, meld_number: int) -> Layoff:
    key = meld_number << 12 | card << 6 | face
    found = _LAYOFFS.get(key)
    if found is None:
        name = CARD_NAMES[face] if card != JOKER else "Jo=" + CARD_NAMES[face]
        text = f"layoff {name} on {meld_number}"
        found = _LAYOFFS[key] = Layoff(card, face, meld_number, text)
    return found


MELD_LAYOFFS: dict[int, tuple[tuple[int, Layoff, Layoff], ...]] = {}


def meld_layoffs(shape: int, number: int) -> tuple[tuple[int, Layoff, Layoff], ...]:
    """For meld ``number`` of ``shape``: each face that extends it, with the lay-off of that
    card and of a joker declared as it."""
    key = number << 24 | shape
    found = MELD_LAYOFFS.get(key)
    if found is None:
        found = tuple((f, layoff(f, f, number), layoff(JOKER, f, number)) for f in OPEN[shape])
        MELD_LAYOFFS[key] = found
    return found


# -- reading notation back ----------------------------------------------------------------
_ORDINAL_RE = re.compile(r"^(\d+)(?:st|nd|rd|th)?$")
_ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_PARSED: dict[str, Action] = {}


def _card(word: str, text: str) -> int:
    try:
        return parse_card(word)
    except NotationError as e:
        raise NotationError(
            f"{word!r} is {e.message}",
            text,
            key="notation.r.not_a_card",
            params={"word": repr(word)},
        ) from None


def _nth_card(words: list[str], text: str) -> tuple[int, int]:
    """``[ordinal] card`` as in ``take 2nd Jo``."""
    if len(words) == 2:
        m = _ORDINAL_RE.match(words[0])
        nth = int(m.group(1)) if m else _ORDINAL_WORDS.get(words[0], 0)
        if not 1 <= nth <= 8:
            raise NotationError(
                f"{words[0]!r} is not an ordinal like 2nd",
                text,
                key="notation.r.ordinal",
                params={"word": repr(words[0])},
            )
        return _card(words[1], text), nth
    if len(words) != 1:
        raise NotationError(
            "name one card of the discard pile, like 7h or 2nd Jo", text, key="notation.r.pile"
        )
    return _card(words[0], text), 1


def _meld_card(word: str, text: str) -> tuple[int, int | None]:
    """A card inside a meld or lay-off: ``(card, declared)``; declared is None for naturals."""
    if "=" not in word:
        c = _card(word, text)
        if c == JOKER:
            raise NotationError(
                "say which card the joker stands for, like Jo=7h", text, key="notation.r.joker_for"
            )
        return c, None
    left, right = word.split("=", 1)
    if _card(left, text) != JOKER:
        raise NotationError(
            f"only a joker is declared as a card, not {left!r}",
            text,
            key="notation.r.only_joker",
            params={"word": repr(left)},
        )
    declared = _card(right, text)
    if declared == JOKER:
        raise NotationError(
            "a joker must stand for a card like 7h, not a joker", text, key="notation.r.joker_joker"
        )
    return JOKER, declared


def parse(text: str) -> Action:
    """Read an action leniently (case, spaces, ``10h``, ``Jo = 7h``, ``lay off``)."""
    if not isinstance(text, str):
        raise NotationError("an action must be text", key="notation.r.text")
    found = _PARSED.get(text)
    if found is not None:
        return found
    act = _parse(text)
    if len(_PARSED) > 200_000:
        _PARSED.clear()
    _PARSED[text] = act
    return act


def _parse(text: str) -> Action:
    norm = re.sub(r"\s*=\s*", "=", text.strip().lower())
    words = norm.split()
    if not words:
        raise NotationError(
            f"empty action (actions: {VERBS})",
            text,
            key="notation.r.empty",
            params={"verbs": VERBS},
        )
    verb, rest = words[0], words[1:]
    if verb == "lay" and rest[:1] == ["off"]:
        verb, rest = "layoff", rest[1:]
    if verb in ("draw", "end", "pass"):
        if rest:
            raise NotationError(
                f"{verb!r} takes nothing after it",
                text,
                key="notation.nothing_after",
                params={"verb": verb},
            )
        return {"draw": DRAW, "end": END, "pass": PASS}[verb]
    if verb in ("take", "rummy"):
        card, nth = _nth_card(rest, text)
        return take(card, nth) if verb == "take" else rummy(card, nth)
    if verb == "discard":
        if len(rest) != 1:
            raise NotationError(
                "discard one card, like 'discard Kc'", text, key="notation.r.discard"
            )
        return DISCARDS[_card(rest[0], text)]
    if verb == "meld":
        if not rest:
            raise NotationError(
                "name the cards of the meld, like 'meld 5h 6h 7h'", text, key="notation.r.meld"
            )
        naturals, jokers = [], []
        for word in rest:
            c, declared = _meld_card(word, text)
            if declared is None:
                naturals.append(c)
            else:
                jokers.append(declared)
        return meld(naturals, jokers)
    if verb == "layoff":
        if rest[-2:-1] == ["meld"]:
            rest = rest[:-2] + rest[-1:]
        if len(rest) != 3 or rest[1] != "on":
            raise NotationError(
                "lay off one card on a meld number, like 'layoff 8h on 2'",
                text,
                key="notation.r.layoff",
            )
        c, declared = _meld_card(rest[0], text)
        number = rest[2].lstrip("#")
        if not number.isdigit() or int(number) < 1:
            raise NotationError(
                f"{rest[2]!r} is not a meld number (1, 2, ...)",
                text,
                key="notation.r.meld_number",
                params={"word": repr(rest[2])},
            )
        return layoff(c, c if declared is None else declared, int(number))
    raise NotationError(
        f"unknown action {words[0]!r} (actions: {VERBS})",
        text,
        key="notation.r.unknown",
        params={"word": repr(words[0]), "verbs": VERBS},
    )
