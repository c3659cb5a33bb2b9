"""What a seat sees of a rummy hand, as the float32 bytes of a flat tensor's card planes and
its scalar values: what ``cardtable.research.rummy_tensor`` turns into an observation at every
step of a learning environment, so it is compiled with the engine (setup.py) rather than made
from the JSON view. It reads only what ``views.state_view`` shows the seat (C-6): its own hand,
the pile, the melds, the cards seen taken from the pile (every hand once the hand is over),
the duty, counts and flags.
"""

from __future__ import annotations

import struct
from typing import Final

from cardtable.core.cards import JOKER
from cardtable.games.rummy import hands as H
from cardtable.games.rummy.state import CALLING, OVER, RummyState, Table

PHASES = 4  # the one-hot blocks: the phase, how the player in turn drew
SOURCES = 4
CARDS: Final = 53  # a plane's columns: the 52 faces, then the joker
FLOAT: Final = 4  # bytes of a float32
SUIT: Final = 13  # faces of a suit: a 13-bit pattern of a multiset's layer

_PACKERS: dict[int, struct.Struct] = {}
_SUIT_ROWS: list[bytes] = []


def packer(count: int) -> struct.Struct:
    """Packs ``count`` floats as native float32 (numpy's ``float32``), each rounded once."""
    found = _PACKERS.get(count)
    if found is None:
        found = _PACKERS[count] = struct.Struct(f"={count}f")
    return found


def suit_rows() -> list[bytes]:
    """The 13 float32 0/1 entries of every 13-bit suit pattern (bit r: rank r), made once."""
    if not _SUIT_ROWS:
        row = packer(SUIT)
        for pattern in range(1 << SUIT):
            _SUIT_ROWS.append(row.pack(*[float(pattern >> r & 1) for r in range(SUIT)]))
    return _SUIT_ROWS


def counted(places: list[int], size: int) -> bytes:
    """``size`` float32 counts: how often each place is listed."""
    out = [0.0] * size
    for p in places:
        out[p] += 1.0
    return packer(size).pack(*out)


class Places:
    """One rummy layout's tensor as bytes: the scalars' divisors, the planes that stay empty,
    and the parts worked out once: the last pile's planes and each table's meld planes per
    seat (a pile or a table is shared by the states until it changes). Made from bytes
    rather than summed by numpy: numpy's cost per call was most of an environment step."""

    def __init__(self, players: int, deck: int, target: float) -> None:
        self.players, self.deck, self.target = players, deck, target
        n = players
        # the meld planes' block: seat+0 … seat+n-1 who melded or laid off, then the jokers'
        self.melded = [r * CARDS for r in range(n)]
        self.jokers = n * CARDS
        # each seat's view of the seats in turn from itself (seat+0, seat+1, ...)
        self.seen_from = [[(seat + r) % n for r in range(n)] for seat in range(n)]
        self.hand_high = deck / 20  # a hand's size / 20 is clipped to it (a whole deck)
        self.rows = suit_rows()
        self.empty = bytes(CARDS * FLOAT)
        self.no_pile = bytes(3 * CARDS * FLOAT)
        self.no_melds = bytes((n + 1) * CARDS * FLOAT)
        self.one = [counted([c], CARDS) for c in range(CARDS)]
        self.jokers_bytes = [packer(1).pack(float(k)) for k in range(8)]
        self.last_pile: tuple[int, ...] = ()
        self.pile_bytes = self.no_pile
        # a table's planes by (its id, the seat), with the table kept alive
        self.tables: dict[tuple[int, int], tuple[Table, bytes]] = {}

    def tensor_bytes(self, st: RummyState, seat: int, scores: list[int]) -> bytes:
        """The tensor's float32 bytes (native order): its planes in the layout's order (the
        hand, the pile's three, the melds' and the jokers', the known cards', the duty's two),
        then its scalars, clipped to the layout's bounds. Counts are small integers, exact in
        float32; the depth weights and the scalars are worked out in float64 and rounded once,
        as the view's tensor is."""
        n = self.players
        seats = self.seen_from[seat]
        pile = st.pile
        if pile is not self.last_pile:
            self._pile(pile)
        table = st.table
        parts = [self.plane(st.hands[seat]), self.pile_bytes]
        parts.append(self.table_bytes(table, seat) if table.melds else self.no_melds)
        shown = st.hands if st.phase == OVER else st.known  # a finished hand is laid down
        empty = self.empty
        for s in seats:
            k = shown[s]
            parts.append(self.plane(k) if k else empty)
        duty = st.duty
        parts.append(counted(list(duty.required), CARDS) if duty.required else empty)
        parts.append(self.one[duty.forbidden] if duty.forbidden >= 0 else empty)
        values = [0.0] * (PHASES + SOURCES + n)
        values[st.phase] = 1.0
        values[PHASES + duty.source] = 1.0
        values[PHASES + SOURCES + (st.turn - seat) % n] = 1.0
        asked = st.phase == CALLING and st.asked == seat
        values.append(1.0 if asked else 0.0)
        values.append(st.stock_size / self.deck)
        hands, melders, floaters = st.hands, st.melders, st.floaters
        high, target = self.hand_high, self.target
        for s in seats:  # the layout's bounds: only a hand size or a score may leave [0, 1]
            values.append(min(H.size(hands[s]) / 20, high))
        for s in seats:
            values.append(float(melders >> s & 1))
        for s in seats:
            values.append(float(floaters >> s & 1))
        for s in seats:
            values.append(min(max(scores[s] / target, -2.0), 2.0))
        parts.append(packer(len(values)).pack(*values))
        return b"".join(parts)

    def plane(self, h: int) -> bytes:
        """The counts plane of a face multiset (a hand, the cards known in one): four rows
        of a suit's 13 faces looked up, and the jokers."""
        if h >> H.SECOND & H.NAT:  # two decks, a face twice: counted one by one
            return counted(H.faces(h), CARDS)
        rows = self.rows
        jokers = h >> 104
        return b"".join(
            [
                rows[h & 0x1FFF],
                rows[h >> 13 & 0x1FFF],
                rows[h >> 26 & 0x1FFF],
                rows[h >> 39 & 0x1FFF],
                self.jokers_bytes[jokers] if jokers < 8 else packer(1).pack(float(jokers)),
            ]
        )

    def _pile(self, pile: tuple[int, ...]) -> None:
        """The pile's three planes: its counts, its depth weights (summed in pile order, as
        the view's tensor sums them), its top card."""
        self.last_pile = pile
        if not pile:
            self.pile_bytes = self.no_pile
            return
        out = [0.0] * (3 * CARDS)
        top = len(pile) - 1
        deck = self.deck
        for i in range(top + 1):
            c = pile[i]
            out[c] += 1.0
            out[CARDS + c] += 1.0 - (top - i) / deck
        out[2 * CARDS + pile[top]] = 1.0
        self.pile_bytes = packer(3 * CARDS).pack(*out)

    def table_bytes(self, table: Table, seat: int) -> bytes:
        """The melds' planes and the jokers' plane of ``table`` seen from ``seat``."""
        key = (id(table), seat)
        hit = self.tables.get(key)
        if hit is None or hit[0] is not table:
            if len(self.tables) > 4096:
                self.tables.clear()
            hit = (table, counted(self._table_marks(table, seat), (self.players + 1) * CARDS))
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
