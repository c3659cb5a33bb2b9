"""Observation tensors made from a seat's view, and nothing else.

``view_tensor(view)`` turns a ``Match.view(seat)`` (it reads the keys ``game``, ``players``,
``options``, ``seat``, ``scores`` and ``state``) into a flat ``float32`` array: first the
*card planes*, each 53 wide (the 52 cards in canonical order, C-1, then the joker), then the
*scalars*. ``layout(game, players, options)`` names every plane and scalar block with its
offset; ``docs/research.md`` prints them per game. Seats and sides are counted from the
observer (``seat+0`` is the observer, ``seat+1`` the next to play), so one policy serves every
seat. Counts are counts (two-deck rummy holds a card twice); values are scaled to about 0–1.
Every entry lies within ``Layout.bounds()``: a card column counts at most every copy of its
card and every joker (twice in the rummies' meld planes, where a laid-off card counts for the
meld and for who laid it off); scores divided by the target are clipped to [-2, 2] (the only values
with no bound of their own: a rummy score can fall without end).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from cardtable.bots.search import rules_for
from cardtable.core.cards import CARD_NAMES, JOKER
from cardtable.core.game import JSON, Rules
from cardtable.core.registry import rules_class
from cardtable.research.actions import CARDS

#: scores divided by the target (or Buck Euchre's start), clipped: the one unbounded value
SCORES = (("scores / target", -2.0, 2.0), ("scores / start", -2.0, 2.0))

COLUMN: dict[str | None, int] = {name: i for i, name in enumerate(CARD_NAMES)}
COLUMN.update({f"Jo={name}": i for i, name in enumerate(CARD_NAMES[:52])})

Floats = np.ndarray[Any, np.dtype[np.float32]]


@dataclass(frozen=True)
class Layout:
    """Where each part of a game's observation lies: planes (53 columns each), then scalars."""

    planes: tuple[str, ...]
    scalars: tuple[tuple[str, int], ...]
    #: the most a card column can count: every copy of a card, and every joker standing for it
    card_high: float = 1.0
    #: scalar blocks whose values leave [0, 1]: (name, low, high); values are clipped to them
    wide: tuple[tuple[str, float, float], ...] = (
        ("scores / target", -2.0, 2.0),
        ("scores / start", -2.0, 2.0),
    )

    @cached_property
    def _bounds(self) -> tuple[Floats, Floats]:
        low = np.zeros(self.size, np.float64)
        high = np.ones(self.size, np.float64)
        high[: self.plane_size] = self.card_high
        blocks = dict(self.scalars)
        for name, lo, hi in self.wide:
            if name in blocks:
                at = self.offset(name)
                low[at : at + blocks[name]], high[at : at + blocks[name]] = lo, hi
        return low.astype(np.float32), high.astype(np.float32)

    def bounds(self) -> tuple[Floats, Floats]:
        """The least and the greatest value of every entry (arrays of ``size``)."""
        return self._bounds

    @cached_property
    def scalar_parts(self) -> tuple[list[int], Floats, Floats]:
        """What ``assemble`` adds and clips for every tensor, made once: the scalars' places
        and their bounds."""
        low, high = self._bounds
        return (
            list(range(self.plane_size, self.size)),
            low[self.plane_size :],
            high[self.plane_size :],
        )

    @cached_property
    def plane_size(self) -> int:
        return len(self.planes) * CARDS

    @cached_property
    def size(self) -> int:
        return self.plane_size + sum(n for _, n in self.scalars)

    def plane(self, name: str) -> int:
        return self.planes.index(name)

    def offset(self, name: str) -> int:
        """Where a plane or a scalar block starts in the flat tensor."""
        if name in self.planes:
            return self.plane(name) * CARDS
        at = self.plane_size
        for block, n in self.scalars:
            if block == name:
                return at
            at += n
        raise KeyError(name)

    def rows(self) -> list[tuple[str, int, int]]:
        """(name, offset, length) of every plane and scalar block, in order."""
        out = [(p, i * CARDS, CARDS) for i, p in enumerate(self.planes)]
        at = self.plane_size
        for block, n in self.scalars:
            out.append((block, at, n))
            at += n
        return out


class Sheet:
    """Collects one observation: card marks (some weighted) and scalar values. ``at[plane]``
    maps a card name to its place in the flat tensor."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.at = _places(layout)
        self.marks: list[int] = []
        self.weighted: list[int] = []
        self.weights: list[float] = []
        self.values: list[float] = []

    def cards(self, plane: str, names: Sequence[str | None], weight: float = 1.0) -> None:
        if not names:
            return
        at = self.at[plane]
        if weight == 1.0:
            self.marks.extend([at[n] for n in names if n is not None])
        else:
            self.weigh([at[n] for n in names if n is not None], [weight] * len(names))

    def weigh(self, places: list[int], weights: list[float]) -> None:
        self.weighted.extend(places)
        self.weights.extend(weights)

    def scalars(self, values: Iterable[float]) -> None:
        self.values.extend(values)

    def tensor(self) -> Floats:
        return assemble(self.layout, self.marks, self.weighted, self.weights, self.values)


def assemble(
    layout: Layout,
    marks: list[int],
    weighted: list[int],
    weights: list[float],
    values: list[float],
    tail: int = 0,
) -> Floats:
    """The flat tensor: a count per mark and the weights added, then the scalar values, then
    ``tail`` zeros. Every tensor is made here, so the fast rummy path
    (``cardtable.research.rummy_tensor``) rounds exactly as ``view_tensor`` does: all is
    summed in float64 in one ``bincount`` (counts, the weights in their order, the values
    added to 0), then rounded to float32 once."""
    size, end = layout.plane_size, layout.size
    scalar_places, low, high = layout.scalar_parts
    places = marks + weighted
    places += scalar_places
    sums = np.bincount(places, [1.0] * len(marks) + weights + values, minlength=end + tail)
    scalars = sums[size:end]
    # np.clip's own arithmetic (the greater of the value and its low bound, then the lesser of
    # that and its high bound), without the Python layers np.clip goes through
    np.minimum(np.maximum(scalars, low, out=scalars), high, out=scalars)
    return sums.astype(np.float32)


@lru_cache(maxsize=64)
def _places(layout: Layout) -> dict[str, dict[str | None, int]]:
    """Per plane, each card name's (and ``Jo=X``'s) index in the flat tensor."""
    return {
        name: {card: i * CARDS + column for card, column in COLUMN.items()}
        for i, name in enumerate(layout.planes)
    }


def relative(values: Sequence[float], seat: int) -> list[float]:
    """Per-seat (or per-side) values rotated so the observer's comes first."""
    return [values[(seat + r) % len(values)] for r in range(len(values))]


def one_hot(index: int | None, size: int) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def seats_in(seats: Iterable[int], seat: int, n: int) -> list[float]:
    """A per-seat 0/1 list, relative to the observer, of the seats listed."""
    out = [0.0] * n
    for s in seats:
        out[(s - seat) % n] = 1.0
    return out


# -- Royal Casino ----------------------------------------------------------------------------------
def _rc_layout(rules: Rules[Any]) -> Layout:
    n, k = rules.players, rules.sides
    return Layout(
        ("hand", "loose", "in builds", "in builds of my side", "build value / 14",
         *(f"captured by side+{r}" for r in range(k))),
        (("scores / target", k), ("hand sizes / 4", n), ("stock / 52", 1), ("deal / deals", 1),
         ("must trail", 1), ("sweeps / 10", k), ("last capture by side+", k)),
        wide=(*SCORES, ("sweeps / 10", 0.0, 5.2)),  # a sweep takes a card played: 52 at most
    )  # fmt: skip


def _rc_fill(rules: Rules[Any], view: JSON, sheet: Sheet) -> None:
    st, seat = view["state"], view["seat"]
    k, side = rules.sides, rules.side_of(view["seat"])
    sheet.cards("hand", st["hand"] or [])
    sheet.cards("loose", st["loose"])
    for b in st["builds"]:
        sheet.cards("in builds", b["cards"])
        if rules.side_of(b["owner"]) == side:
            sheet.cards("in builds of my side", b["cards"])
        sheet.cards("build value / 14", b["cards"], b["value"] / 14)
    if st["piles"] is not None:  # open piles (option open_piles), or the hand is scored
        for r in range(k):
            sheet.cards(f"captured by side+{r}", st["piles"][(side + r) % k])
    else:  # RC-24: face down, but every capture was made in front of everyone
        for taken in st["captures"]:
            r = (rules.side_of(taken["seat"]) - side) % k
            sheet.cards(f"captured by side+{r}", [*taken["cards"], taken["card"]])
    target = float(view["options"].get("target", 21))
    last = st["last_capture"]
    sheet.scalars(s / target for s in relative(view["scores"], side))
    sheet.scalars(h / 4 for h in relative(st["hand_sizes"], seat))
    sheet.scalars([st["stock"] / 52, st["deal"] / st["deals"], float(st["must_trail"])])
    sheet.scalars(s / 10 for s in relative(st["sweeps"], side))
    sheet.scalars(one_hot(None if last is None else (last - side) % k, k))  # a side


# -- Buck Euchre -----------------------------------------------------------------------------------
BE_PHASES = ("order", "discard", "name", "decide", "play", "over")
TRUMPS = ("c", "d", "h", "s", "none")


def _be_layout(rules: Rules[Any]) -> Layout:
    return Layout(
        ("hand", "upcard", "turned down", "picked up", "my discard", "set aside",
         *(f"trick by seat+{r}" for r in range(4)), "last trick", "played earlier"),
        (("phase", len(BE_PHASES)), ("trump", len(TRUMPS)), ("dealer", 4), ("maker", 4),
         ("passed", 4), ("stayed", 4), ("dropped", 4), ("hand sizes / 5", 4),
         ("tricks won / 5", 4), ("leader", 4), ("scores / start", 4)),
    )  # fmt: skip


def _be_fill(rules: Rules[Any], view: JSON, sheet: Sheet) -> None:
    st, seat = view["state"], view["seat"]
    sheet.cards("hand", st["hand"] or [])
    sheet.cards("upcard", [st["upcard"]])
    sheet.cards("turned down", [st["turned_down"]])
    sheet.cards("picked up", [st["picked_up"]])
    sheet.cards("my discard", [st["discard"]])
    sheet.cards("set aside", st["set_aside"] or [])
    for r in range(4):
        sheet.cards(f"trick by seat+{r}", [st["trick"][(seat + r) % 4]])
    if st["last_trick"]:
        sheet.cards("last trick", st["last_trick"]["cards"])
        sheet.cards("played earlier", st["last_trick"]["cards"])
    for trick in st.get("earlier_tricks", []):
        sheet.cards("played earlier", trick["cards"])

    def rel(s: int | None) -> int | None:
        return None if s is None else (s - seat) % 4

    trump = st["trump"]
    sheet.scalars(one_hot(BE_PHASES.index(st["phase"]), len(BE_PHASES)))
    sheet.scalars(one_hot(None if trump is None else TRUMPS.index(trump), len(TRUMPS)))
    sheet.scalars(one_hot(rel(st["dealer"]), 4) + one_hot(rel(st["maker"]), 4))
    for key in ("passed", "stayed", "dropped"):
        sheet.scalars(seats_in(st[key], seat, 4))
    sheet.scalars(h / 5 for h in relative(st["hand_sizes"], seat))
    sheet.scalars(t / 5 for t in relative(st["tricks_won"], seat))
    sheet.scalars(one_hot(rel(st["leader"]), 4))
    start = float(view["options"].get("start", 25))
    sheet.scalars(s / start for s in relative(view["scores"], seat))


# -- the rummies -----------------------------------------------------------------------------------
RUMMY_PHASES = ("draw", "play", "rummy call", "over")
MELDED_BY = tuple(f"melded by seat+{r}" for r in range(8))
KNOWN_BY = tuple(f"known in hand of seat+{r}" for r in range(8))
SOURCES = ("stock", "top discard", "dug", "rummy call")


def _rummy_layout(rules: Rules[Any]) -> Layout:
    n = rules.players
    deck = Counter(rules.deck())
    jokers = sum(k for card, k in deck.items() if card >= JOKER)
    copies = max(k for card, k in deck.items() if card < JOKER)
    return Layout(
        ("hand", "discard pile", "discard depth", "discard top",
         *MELDED_BY[:n], "jokers stand for", *KNOWN_BY[:n], "must use", "may not discard"),
        (("phase", len(RUMMY_PHASES)), ("drew", len(SOURCES)), ("turn", n),
         ("asked to call", 1), ("stock / deck", 1), ("hand sizes / 20", n),
         ("has melded", n), ("floating", n), ("scores / target", n)),
        # a laid-off card is among its meld's cards (the melder's plane) and also the plane
        # of who laid it off, so one copy can count twice there
        card_high=2.0 * (copies + jokers),
        wide=(*SCORES, ("hand sizes / 20", 0.0, deck.total() / 20)),  # a hand may hold the deck
    )  # fmt: skip


def _rummy_fill(rules: Rules[Any], view: JSON, sheet: Sheet) -> None:
    st, seat = view["state"], view["seat"]
    n = rules.players
    pile = st["discard_pile"]
    deck = len(rules.deck())
    sheet.cards("hand", st["hand"] or [])
    sheet.cards("discard pile", pile)
    top = len(pile) - 1
    depth = sheet.at["discard depth"]
    sheet.weigh([depth[name] for name in pile], [1.0 - (top - i) / deck for i in range(top + 1)])
    sheet.cards("discard top", pile[-1:])
    by_seat: list[list[str]] = [[] for _ in range(n)]
    for meld in st["melds"]:
        by_seat[(meld["by"] - seat) % n].extend(meld["cards"])
        for lay in meld["laid_off"]:
            by_seat[(lay["seat"] - seat) % n].append(lay["card"])
    for r, cards in enumerate(by_seat):
        sheet.cards(MELDED_BY[r], cards)
    if st["melds"]:
        everything = [c for cards in by_seat for c in cards]
        sheet.cards("jokers stand for", [c for c in everything if c[1] == "o"])  # Jo=…
    known = st["known"]
    for r in range(n):
        sheet.cards(KNOWN_BY[r], known[(seat + r) % n])
    sheet.cards("must use", st["must_use"])
    sheet.cards("may not discard", [st["may_not_discard"]])
    turn = st["turn"]
    sheet.scalars(one_hot(RUMMY_PHASES.index(st["phase"]), len(RUMMY_PHASES)))
    sheet.scalars(one_hot(SOURCES.index(st["drew"]), len(SOURCES)))
    sheet.scalars(one_hot(None if turn is None else (turn - seat) % n, n))
    sheet.scalars([float(st["asked"] == seat), st["stock"] / deck])
    sheet.scalars([h / 20 for h in relative(st["hand_sizes"], seat)])
    sheet.scalars(seats_in(st["has_melded"], seat, n) + seats_in(st["floating"], seat, n))
    target = float(view["options"].get("target", 500))
    sheet.scalars([s / target for s in relative(view["scores"], seat)])


Filler = Callable[[Rules[Any], JSON, Sheet], None]
_GAMES: dict[str, tuple[Callable[[Rules[Any]], Layout], Filler]] = {
    "royal-casino": (_rc_layout, _rc_fill),
    "buck-euchre": (_be_layout, _be_fill),
    "rummy-500": (_rummy_layout, _rummy_fill),
    "queen-city-rum": (_rummy_layout, _rummy_fill),
}


def layout(game: str, players: int | None = None, **options: object) -> Layout:
    """The observation layout of a game, its player count and options."""
    rules = rules_class(game).create(players, options)
    return _GAMES[rules.game_id][0](rules)


@lru_cache(maxsize=64)
def layout_of(rules: Rules[Any]) -> Layout:
    """``layout`` of the rules a match is played under."""
    return _GAMES[rules.game_id][0](rules)


def view_tensor(view: JSON, rules: Rules[Any] | None = None) -> Floats:
    """The observation tensor of a seat's view (``Match.view(seat)``); see ``layout``.
    ``rules``, the rules the view was made under, saves looking them up."""
    if view["seat"] is None:
        raise ValueError("a spectator's view has no observer to count seats from")
    if rules is None:
        rules = rules_for(view)
    sheet = Sheet(layout_of(rules))
    _GAMES[rules.game_id][1](rules, view, sheet)
    return sheet.tensor()
