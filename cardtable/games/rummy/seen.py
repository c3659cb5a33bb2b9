"""What a seat sees of a rummy hand, as the places of a flat tensor's card planes and its scalar
values: what ``cardtable.research.rummy_tensor`` turns into an observation at every step of
a learning environment, so it is compiled with the engine (setup.py) rather than made from
the JSON view. It reads only what ``views.state_view`` shows the seat (C-6): its own hand,
the pile, the melds, the cards seen taken from the pile (every hand once the hand is over),
the duty, counts and flags.
"""

from __future__ import annotations

from cardtable.core.cards import JOKER
from cardtable.games.rummy import hands as H
from cardtable.games.rummy.state import CALLING, OVER, RummyState, Table

PHASES = 4  # the one-hot blocks: the phase, how the player in turn drew
SOURCES = 4


class Places:
    """Where each card plane starts in the tensor (a card's place is the plane's start plus
    its face, 52 for the joker), the scalars' divisors, and the parts worked out once: the
    last pile's marks and each table's marks per seat (a pile or a table is shared by the
    states until it changes)."""

    def __init__(
        self, players: int, deck: int, target: float, hand: int, pile: int, depth: int,
        top: int, jokers: int, melded: list[int], known: list[int], must_use: int,
        may_not: int,
    ) -> None:  # fmt: skip
        self.players, self.deck, self.target = players, deck, target
        self.hand, self.pile, self.depth, self.top = hand, pile, depth, top
        self.jokers, self.melded, self.known = jokers, melded, known
        self.must_use, self.may_not = must_use, may_not
        n = players
        # each seat's view of the seats in turn from itself (seat+0, seat+1, ...)
        self.seen_from = [[(seat + r) % n for r in range(n)] for seat in range(n)]
        self.last_pile: tuple[int, ...] = ()
        self.pile_marks: list[int] = []
        self.depth_places: list[int] = []
        self.depth_weights: list[float] = []
        # a table's marks by (its id, the seat), with the table kept alive
        self.tables: dict[tuple[int, int], tuple[Table, list[int]]] = {}

    def fill(
        self, st: RummyState, seat: int, scores: list[int]
    ) -> tuple[list[int], list[int], list[float], list[float]]:
        """Counted places, weighted places with their weights, and the scalar values."""
        n = self.players
        at = self.hand
        marks = [at + f for f in H.faces(st.hands[seat])]
        pile = st.pile
        if pile:
            if pile is not self.last_pile:
                self._pile(pile)
            marks += self.pile_marks
            weighted, weights = self.depth_places, self.depth_weights
        else:
            weighted, weights = [], []
        table = st.table
        if table.melds:
            marks += self.table_marks(table, seat)
        shown = st.hands if st.phase == OVER else st.known  # a finished hand is laid down
        seats = self.seen_from[seat]
        for r in range(n):
            k = shown[seats[r]]
            if k:
                at = self.known[r]
                marks += [at + f for f in H.faces(k)]
        duty = st.duty
        if duty.required:
            at = self.must_use
            marks += [at + c for c in duty.required]
        if duty.forbidden >= 0:
            marks.append(self.may_not + duty.forbidden)
        values = [0.0] * (PHASES + SOURCES + n)
        values[st.phase] = 1.0
        values[PHASES + duty.source] = 1.0
        values[PHASES + SOURCES + (st.turn - seat) % n] = 1.0
        asked = st.phase == CALLING and st.asked == seat
        values.append(1.0 if asked else 0.0)
        values.append(st.stock_size / self.deck)
        hands, melders, floaters = st.hands, st.melders, st.floaters
        for s in seats:
            values.append(H.size(hands[s]) / 20)
        for s in seats:
            values.append(float(melders >> s & 1))
        for s in seats:
            values.append(float(floaters >> s & 1))
        for s in seats:
            values.append(scores[s] / self.target)
        return marks, weighted, weights, values

    def _pile(self, pile: tuple[int, ...]) -> None:
        """The pile's marks (the pile, its top), and its depth plane's places and weights."""
        at, deck, top = self.pile, self.deck, len(pile) - 1
        marks = [at + c for c in pile]
        marks.append(self.top + pile[-1])
        at = self.depth
        self.depth_weights = [1.0 - (top - i) / deck for i in range(top + 1)]
        self.depth_places = [at + c for c in pile]
        self.pile_marks = marks
        self.last_pile = pile

    def table_marks(self, table: Table, seat: int) -> list[int]:
        """The marks of the melds on ``table`` seen from ``seat``."""
        key = (id(table), seat)
        hit = self.tables.get(key)
        if hit is None or hit[0] is not table:
            if len(self.tables) > 4096:
                self.tables.clear()
            hit = (table, self._table_marks(table, seat))
            self.tables[key] = hit
        return hit[1]

    def _table_marks(self, table: Table, seat: int) -> list[int]:
        n, melded, jokers = self.players, self.melded, self.jokers
        marks: list[int] = []
        for m in table.melds:
            at = melded[(m.maker - seat) % n]
            marks += [at + f for f in m.faces]  # the maker's meld lists every card on it
            faces, by = m.faces, m.seats
            for i in range(m.melded, len(faces)):  # and each lay-off is also its layer's
                marks.append(melded[(by[i] - seat) % n] + faces[i])
            for i, c in enumerate(m.cards):
                if c == JOKER:  # once on the meld, once more as a lay-off
                    marks.append(jokers + faces[i])
                    if i >= m.melded:
                        marks.append(jokers + faces[i])
        return marks
