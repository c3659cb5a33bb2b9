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
from cardtable.games.rummy.state import CALLING, OVER, RummyState
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
    at = p.pile
    marks += [at + c for c in pile]
    if pile:
        marks.append(p.top + pile[-1])
    at, top = p.depth, len(pile) - 1
    weighted = [at + c for c in pile]
    weights = [1.0 - (top - i) / deck for i in range(top + 1)]
    melds = st.table.melds
    if melds:
        melded, jokers = p.melded, p.jokers
        for m in melds:
            at = melded[(m.maker - seat) % n]
            marks += [at + f for f in m.faces]  # the maker's meld lists every card on it
            cards, mf, by = m.cards, m.faces, m.seats
            for i in range(m.melded, len(mf)):  # and each lay-off is also its layer's
                marks.append(melded[(by[i] - seat) % n] + mf[i])
            if JOKER in cards:
                for i, c in enumerate(cards):
                    if c == JOKER:
                        marks.append(jokers + mf[i])
                        if i >= m.melded:
                            marks.append(jokers + mf[i])
    shown = st.hands if st.phase == OVER else st.known  # a finished hand is laid down
    known = p.known
    for r in range(n):
        k = shown[(seat + r) % n]
        if k:
            at = known[r]
            marks += [at + f for f in faces(k)]
    duty = st.duty
    if duty.required:
        at = p.must_use
        marks += [at + c for c in duty.required]
    if duty.forbidden >= 0:
        marks.append(p.may_not + duty.forbidden)
    values = [0.0] * (len(RUMMY_PHASES) + len(SOURCES) + n)
    values[st.phase] = 1.0
    values[len(RUMMY_PHASES) + duty.source] = 1.0
    values[len(RUMMY_PHASES) + len(SOURCES) + (st.turn - seat) % n] = 1.0
    asked = st.asked if st.phase == CALLING else None
    values += [float(asked == seat), st.stock_size / deck]
    hs = st.hands
    values += [H.size(hs[(seat + r) % n]) / 20 for r in range(n)]
    melders, floaters = st.melders, st.floaters
    values += [float(melders >> ((seat + r) % n) & 1) for r in range(n)]
    values += [float(floaters >> ((seat + r) % n) & 1) for r in range(n)]
    target = p.target
    values += [scores[(seat + r) % len(scores)] / target for r in range(len(scores))]
    return assemble(p.layout, marks, weighted, weights, values, tail)
