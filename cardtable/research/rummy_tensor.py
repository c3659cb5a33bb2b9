"""The rummies' observation tensor read straight from the engine's state (``RummyState``),
without building the seat's JSON view first: building that view was most of an
environment step. The numbers are those of ``view_tensor(Match.view(seat))``, byte for byte
(tests/test_research_fast.py compares them on random positions of both rummies and every
player count), and they come from what that view shows the seat only (C-6): its own hand,
the pile, the melds, the cards seen taken from the pile, the counts and flags.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from cardtable.core.cards import JOKER
from cardtable.core.game import Rules
from cardtable.games.rummy import hands as H
from cardtable.games.rummy.state import CALLING, OVER, RummyState, Table
from cardtable.research.observations import (
    KNOWN_BY,
    MELDED_BY,
    RUMMY_PHASES,
    SOURCES,
    Floats,
    assemble,
    layout_of,
)

GAMES = ("rummy-500", "queen-city-rum")


class Plan:
    """Where each plane of one rummy layout starts, and the constants the scalars divide by."""

    def __init__(self, rules: Rules[Any]) -> None:
        lay = self.layout = layout_of(rules)
        n = self.players = rules.players
        self.deck = len(rules.deck())
        self.target = float(rules.options.get("target", 500))  # type: ignore[arg-type]
        at = lay.offset
        self.hand, self.pile, self.depth = at("hand"), at("discard pile"), at("discard depth")
        self.top, self.jokers = at("discard top"), at("jokers stand for")
        self.melded = [at(MELDED_BY[r]) for r in range(n)]
        self.known = [at(KNOWN_BY[r]) for r in range(n)]
        self.must_use, self.may_not = at("must use"), at("may not discard")
        # each seat's view of the seats in turn from itself (seat+0, seat+1, ...)
        self.seen_from = [[(seat + r) % n for r in range(n)] for seat in range(n)]
        self.drew = len(RUMMY_PHASES)  # where the one-hot scalar blocks start
        self.turn = self.drew + len(SOURCES)
        self.one_hots = self.turn + n
        self.last_pile: tuple[tuple[int, ...] | None, list[int], list[int], list[float]] = (
            None,
            [],
            [],
            [],
        )
        # the marks of a table of melds by (its id, the seat), with the table kept alive
        self._tables: dict[tuple[int, int], tuple[Table, list[int]]] = {}

    def pile_marks(self, pile: tuple[int, ...]) -> tuple[list[int], list[int], list[float]]:
        """The pile's marks (the pile, its top), and its depth plane's places and weights."""
        at, deck, top = self.pile, self.deck, len(pile) - 1
        marks = [at + c for c in pile]
        marks.append(self.top + pile[-1])
        at = self.depth
        weights = [1.0 - (top - i) / deck for i in range(top + 1)]
        return marks, [at + c for c in pile], weights

    def table_marks(self, table: Table, seat: int) -> list[int]:
        """The marks of the melds on ``table`` seen from ``seat``: a table is shared by every
        state until a meld is made or grows, so each is worked out once per seat."""
        key = (id(table), seat)
        hit = self._tables.get(key)
        if hit is None or hit[0] is not table:
            if len(self._tables) > 4096:
                self._tables.clear()
            hit = self._tables[key] = (table, self._table_marks(table, seat))
        return hit[1]

    def _table_marks(self, table: Table, seat: int) -> list[int]:
        n, melded, jokers = self.players, self.melded, self.jokers
        marks: list[int] = []
        for m in table.melds:
            at = melded[(m.maker - seat) % n]
            marks += [at + f for f in m.faces]  # the maker's meld lists every card on it
            cards, faces, by = m.cards, m.faces, m.seats
            for i in range(m.melded, len(faces)):  # and each lay-off is also its layer's
                marks.append(melded[(by[i] - seat) % n] + faces[i])
            for i, c in enumerate(cards):
                if c == JOKER:  # once on the meld, once more as a lay-off
                    marks += [jokers + faces[i]] * (2 if i >= m.melded else 1)
        return marks


@lru_cache(maxsize=64)
def plan_of(rules: Rules[Any]) -> Plan:
    return Plan(rules)


def rummy_tensor(
    rules: Rules[Any], st: RummyState, seat: int, scores: list[int], tail: int = 0
) -> Floats:
    """``view_tensor`` of ``seat``'s view of ``st`` with the match's ``scores``, followed by
    ``tail`` zeros (room for the tokens chosen)."""
    p = plan_of(rules)
    n, deck = p.players, p.deck
    faces = H.faces
    at = p.hand
    marks = [at + f for f in faces(st.hands[seat])]
    pile = st.pile
    if pile:
        hit = p.last_pile
        if hit[0] is not pile:  # a pile is shared by the states until it changes
            hit = p.last_pile = (pile, *p.pile_marks(pile))
        marks += hit[1]
        weighted, weights = hit[2], hit[3]
    else:
        weighted, weights = [], []
    if st.table.melds:
        marks += p.table_marks(st.table, seat)
    shown = st.hands if st.phase == OVER else st.known  # a finished hand is laid down
    known = p.known
    seats = p.seen_from[seat]
    for r, s in enumerate(seats):
        k = shown[s]
        if k:
            at = known[r]
            marks += [at + f for f in faces(k)]
    duty = st.duty
    if duty.required:
        at = p.must_use
        marks += [at + c for c in duty.required]
    if duty.forbidden >= 0:
        marks.append(p.may_not + duty.forbidden)
    values = [0.0] * p.one_hots
    values[st.phase] = 1.0
    values[p.drew + duty.source] = 1.0
    values[p.turn + (st.turn - seat) % n] = 1.0
    asked = st.asked if st.phase == CALLING else None
    values += [float(asked == seat), st.stock_size / deck]
    hs, size = st.hands, H.size
    values += [size(hs[s]) / 20 for s in seats]
    melders, floaters = st.melders, st.floaters
    values += [float(melders >> s & 1) for s in seats]
    values += [float(floaters >> s & 1) for s in seats]
    target = p.target
    values += [scores[s] / target for s in seats]
    return assemble(p.layout, marks, weighted, weights, values, tail)
