"""The one rummy turn engine, shared by Rummy 500 and Queen City Rum (R5-3 ... R5-15, QC-2 ...
QC-8): draw or dig, meld, lay off, discard, Rummy calls, floating, the end of a hand.

A preset subclasses ``RummyRules`` with its game id and options, builds a ``Variant`` (data)
and scores a hand (``settle``); the turn itself is here, once. Legality is decided in two
steps: what the rules allow at all, then C-7 (``finishing``): an action is legal only if the
turn can still be finished after it. Exact shortcuts (a big enough hand, a card that can be
laid off or has a three-card meld) answer most C-7 questions before any search.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any, Final

from cardtable.core.cards import JOKER
from cardtable.core.errors import IllegalActionError, OptionError
from cardtable.core.game import Action, Rules
from cardtable.games.rummy import hands as H
from cardtable.games.rummy.actions import (
    DISCARDS,
    DRAW,
    END,
    PASS,
    TAKE_TOP,
    Discard,
    Draw,
    End,
    Layoff,
    Meld,
    Pass,
    Rummy,
    Take,
    parse,
    rummy,
    take_at,
)
from cardtable.games.rummy.explain import explain
from cardtable.games.rummy.finishing import (
    can_close,
    chain_gap,
    finishable,
    only_card,
    placed,
    without,
)
from cardtable.games.rummy.listing import discards, table_layoffs
from cardtable.games.rummy.melds import NEIGHBOURS, hand_melds, meld3, meld3_with, rummy_open
from cardtable.games.rummy.scoring import hand_points, placed_points
from cardtable.games.rummy.shapes import EXTEND, OPEN_MASK, open_mask
from cardtable.games.rummy.state import (
    CALLED,
    CALLING,
    DRAWING,
    EMPTY_TABLE,
    FREE,
    OVER,
    PLAYING,
    RUMMYSTATE_FIELDS,
    TOP,
    TOP_DUTIES,
    Duty,
    RummyState,
    Table,
    depth_of,
    dug_duty,
    new_meld,
    new_state,
    replaced,
)
from cardtable.games.rummy.variant import Variant
from cardtable.games.rummy.views import RummyOptions, RummyView, hidden, state_view, zones
from cardtable.games.rummy.worlds import determinize

_TEXT: Final = attrgetter("text")

#: The plain actions module's classes, tables and makers, held here as ``Final`` so that the
#: compiled module reads them as C statics, not from its globals' dictionary at every use.
_DISCARD: Final = Discard
_TAKE: Final = Take
_DRAW_KIND: Final = Draw
_MELD: Final = Meld
_LAYOFF: Final = Layoff
_RUMMY: Final = Rummy
_PASS_KIND: Final = Pass
_END_KIND: Final = End
_DRAW: Final = DRAW
_END: Final = END
_PASS: Final = PASS
_TAKE_TOP: Final = TAKE_TOP
_DISCARDS: Final = DISCARDS
_take_at: Final = take_at
_rummy: Final = rummy


class RummyRules(Rules[RummyState]):
    """A rummy game: the shared engine. Presets set the class attributes and ``variant``."""

    variant: Variant

    def __init__(self, players: int, options: Mapping[str, object]) -> None:
        super().__init__(players, options)
        self.settings = self.typed_options(RummyOptions)
        self.variant = v = self.make_variant()
        self._calls = v.rummy_calls and players >= 3  # R5-10 needs a third player
        naturals = sorted(list(range(52)) * v.decks)
        self._deck = (*naturals, *[JOKER] * (v.jokers * v.decks))
        if players * v.hand_size + 1 > len(self._deck):
            raise OptionError(
                f"{players} hands of {v.hand_size} cards and a discard do not fit in a deck "
                f"of {len(self._deck)} cards",
                key="option.error.deck_fit",
                params={"players": players, "hand": v.hand_size, "deck": len(self._deck)},
            )

    @abstractmethod
    def make_variant(self) -> Variant:
        """The variant data for these options (may resolve automatic options in place)."""

    # -- a hand ---------------------------------------------------------------------------
    def deck(self) -> tuple[int, ...]:
        return self._deck

    def deal(self, deck: Sequence[int], dealer: int, scores: tuple[int, ...]) -> RummyState:
        """R5-3, QC-2: one card at a time from the seat after the dealer; then the discard."""
        n, size = self.players, self.variant.hand_size
        hands = [0] * n
        for i in range(n * size):
            seat = (dealer + 1 + i) % n
            hands[seat] = H.add(hands[seat], deck[i])
        return RummyState(
            dealer=dealer,
            phase=DRAWING,
            turn=(dealer + 1) % n,
            asked=-1,
            hands=tuple(hands),
            known=(0,) * n,
            deck=tuple(deck),
            top=n * size + 1,
            pile=(deck[n * size],),
            table=EMPTY_TABLE,
            duty=FREE,
            melders=0,
            floaters=0,
            out=-1,
        )

    def to_move(self, state: RummyState) -> int | None:
        phase = state.phase
        if phase == OVER:
            return None
        return state.asked if phase == CALLING else state.turn

    # -- legal actions --------------------------------------------------------------------
    def legal_actions(self, state: RummyState) -> list[Action]:
        phase = state.phase
        if phase == PLAYING:
            return self._play_actions(state)
        if phase == DRAWING:
            return self._draw_actions(state)
        if phase == CALLING:
            return self._call_actions(state)
        return []

    def _draw_actions(self, st: RummyState) -> list[Any]:
        """R5-6/QC-4 draw or take; R5-7 digging; R5-11/QC-8 the empty stock."""
        stock = st.top < len(st.deck)
        first: Any = _DRAW if stock else _END
        pile = st.pile
        if not pile:
            return [first]
        t = st.turn
        hand = st.hands[t]
        x = pile[-1]
        if stock:  # the top card alone: only R5-8, no discarding it back, binds
            if (
                hand & H.NATURALS if x == JOKER else hand & ~(1 << x) & H.NAT or hand >> 104
            ) or can_close(self.variant, H.add(hand, x), st.table.shapes, x, self._own(st, t)):
                acts = [first, _TAKE_TOP[x]]
            else:
                acts = [first]
        elif finishable(  # R5-11, QC-8: even the top card must be used at once
            self.variant,
            H.add(hand, x),
            st.table.shapes,
            st.table.open,
            (x,),
            x,
            self._own(st, t),
        ):
            acts = [first, _TAKE_TOP[x]]
        else:
            acts = [first]
        if len(pile) == 1 or not self.variant.dig:
            return acts
        takes = self._digs(st, hand, pile)
        if takes:
            if len(acts) == 2:
                takes.append(acts.pop())
            if len(takes) > 1:
                takes.sort(key=_TEXT)
            acts += takes
        return acts

    def _digs(self, st: RummyState, hand: int, pile: tuple[int, ...]) -> list[Take]:
        """R5-7: the takes below the top card, each legal only if the turn can be finished
        using the card dug. Every card of the pile is looked at on every draw, so the exact
        shortcuts of ``finishable`` are inlined here and it runs only when they cannot
        answer: a card that can be laid off, or melded in a three, with two cards to spare."""
        table = st.table
        opens, run_suits = table.open, table.run_suits
        n = H.size(hand) + 1  # cards held once the pile is taken down to the card looked at
        faces, jokers = (hand | 1 << pile[-1]) & H.NAT, (hand >> 104) + (pile[-1] == JOKER)
        seen = 1 << pile[-1]  # faces met so far, to number repeated ones (``take 2nd Jo``)
        takes = []
        d = 1
        for x in pile[-2::-1]:
            d += 1
            n += 1
            if x == JOKER:
                jokers += 1
                ok = self._dig_finishes(st, hand, pile, d)
            else:
                b = 1 << x
                faces |= b
                if opens & b:  # lay x off; with two cards or more left, one is discarded
                    ok = n >= 3 or self._dig_finishes(st, hand, pile, d)
                elif meld3(faces, jokers, x):  # meld x in a three; two cards or more stay
                    ok = n >= 5 or self._dig_finishes(st, hand, pile, d)
                elif (
                    not run_suits >> (x // 13) & 1
                    or not (jokers or faces & NEIGHBOURS[x])
                    or chain_gap(faces | jokers << 104, table.shapes, x) is None
                ):
                    ok = False  # no run of its suit to lay it off on, or none reaches it
                else:
                    ok = self._dig_finishes(st, hand, pile, d)
            if ok:
                takes.append(_TAKE_TOP[x] if not seen >> x & 1 else _take_at(pile, d, x))
            seen |= 1 << x
        return takes

    def _dig_finishes(self, st: RummyState, hand: int, pile: tuple[int, ...], d: int) -> bool:
        """C-7 for digging to depth ``d`` of the pile, from ``hand``."""
        table = st.table
        pool = hand
        for c in pile[-d:]:
            pool = H.add(pool, c)
        own = self._own(st, st.turn)
        return finishable(self.variant, pool, table.shapes, table.open, (pile[-d],), -1, own)

    @staticmethod
    def _own(st: RummyState, seat: int) -> bool:
        """Whether ``seat`` has made a meld of its own this hand (QC-6)."""
        return bool(st.melders >> seat & 1)

    def _call_actions(self, st: RummyState) -> list[Any]:
        """R5-10: the asked seat may call Rummy down to any card it can then use, or pass."""
        v, table = self.variant, st.table
        c, pile = st.asked, st.pile
        hand, own = st.hands[c], self._own(st, c)
        discard = pile[-1]
        calls: list[Any] = []
        copies: dict[int, int] = {}
        for d in range(1, len(pile) + 1):
            x = pile[-d]
            hand = H.add(hand, x)
            nth = copies[x] = copies.get(x, 0) + 1
            if (
                d > 1
                and x != JOKER
                and not (
                    table.open >> x & 1 or meld3_with(hand, x) or table.run_suits >> (x // 13) & 1
                )
            ):
                continue  # the deepest card could be neither laid off nor melded
            required = (discard,) if d == 1 else (discard, x)
            forbidden = discard if d == 1 else -1
            if finishable(v, hand, table.shapes, table.open, required, forbidden, own):
                calls.append(_rummy(x, nth))
        calls.sort(key=_TEXT)
        return [_PASS, *calls]

    def _play_actions(self, st: RummyState) -> list[Any]:
        """R5-6 (2)-(3): the discard, lay-offs, melds; each only if the turn can finish. The
        three kinds come out in notation order ("discard" < "layoff" < "meld")."""
        t, table, duty = st.turn, st.table, st.duty
        hand = st.hands[t]
        required, forbidden = duty.required, duty.forbidden
        n = (hand & H.NATURALS).bit_count() + (hand >> 104)
        acts: list[Any]
        if required:  # R5-7: no discard before the required cards are placed
            acts = []
        elif n >= 2:
            acts = discards(hand, forbidden)
        else:
            x = only_card(hand)
            acts = [_DISCARDS[x]] if self._may_discard_last(st, x) else []
        opens = table.open
        if opens and (opens & hand or hand >> 104):
            found = table_layoffs(table, hand)
            if n == 1:  # going out (QC-6)
                if not self.variant.out_needs_meld or self._own(st, t):
                    acts += found
            # a lay-off surely finishes when nothing is required after it and two cards or
            # more stay, one of which may be discarded
            elif not required and ((n >= 4 and forbidden != JOKER) or (n == 3 and forbidden < 0)):
                acts += found
            else:
                acts += [a for a in found if self._layoff_finishes(st, hand, n, a)]
        melds = hand_melds(hand)
        if not melds:
            return acts
        spare = 2 if forbidden < 0 else 3  # cards that must stay to discard one of them
        if not required and forbidden != JOKER:  # all but the melds leaving one or two cards
            ok = [m for m in melds if n - m.size >= spare or m.size == n]
            if len(ok) < len(melds):
                ok += [m for m in melds if 0 < n - m.size < spare and self._meld_finishes(st, n, m)]
        elif len(required) == 1 and forbidden < 0 and required[0] != JOKER:  # dug (R5-7)
            x = required[0]
            ok = [m for m in melds if m.size == n or self._dug_meld_finishes(st, hand, n, m, x)]
        else:
            ok = [m for m in melds if m.size == n or self._meld_finishes(st, n, m)]
        if len(ok) > 1:
            ok.sort(key=_TEXT)
        acts += ok
        return acts

    def _dug_meld_finishes(self, st: RummyState, hand: int, n: int, m: Meld, x: int) -> bool:
        """``_meld_finishes`` when the one card required is ``x``, dug from the pile (R5-7),
        answered at once in the common cases: two cards or more left finish once x is
        placed, by this meld, by a lay-off, or in a three-card meld."""
        rest = n - m.size
        if m.nat >> x & 1:
            quick = rest >= 2
        else:
            quick = (rest >= 3 and bool((st.table.open | OPEN_MASK[m.shape]) >> x & 1)) or (
                rest >= 5 and meld3_with(H.take_out(hand, m.nat, len(m.jokers)), x)
            )
        return quick or self._meld_finishes(st, n, m)

    def _meld_finishes(self, st: RummyState, n: int, m: Meld) -> bool:
        """C-7 for the meld ``m`` from a hand of ``n`` cards: can the turn still be finished
        after it?"""
        t, table, duty = st.turn, st.table, st.duty
        required, forbidden = duty.required, duty.forbidden
        rest = n - m.size
        need = placed(required, m.nat, len(m.jokers)) if required else required
        if not need and forbidden != JOKER and rest >= (2 if forbidden < 0 else 3):
            return True
        return finishable(
            self.variant,
            H.take_out(st.hands[t], m.nat, len(m.jokers)),
            (*table.shapes, m.shape),
            table.open | OPEN_MASK[m.shape],
            need,
            forbidden,
            True,
        )

    def _layoff_finishes(self, st: RummyState, hand: int, n: int, a: Layoff) -> bool:
        """C-7 for the lay-off ``a`` from ``hand`` of ``n`` cards."""
        shapes, i, card = st.table.shapes, a.meld - 1, a.card
        required, forbidden = st.duty.required, st.duty.forbidden
        s = shapes[i]
        grown_shape = EXTEND[s, a.face]
        if len(required) == 1 and forbidden < 0 and n >= 4:  # dug (R5-7), two cards to spare
            x = required[0]
            if card == x:
                return True  # x is placed
            if x != JOKER:
                if OPEN_MASK[grown_shape] >> x & 1 or (st.table.open & ~OPEN_MASK[s]) >> x & 1:
                    return True  # x can still be laid off, then a card discarded
                if n >= 6 and meld3_with(H.remove(hand, card), x):
                    return True  # x can be melded in a three, then a card discarded
        grown = replaced(shapes, i, grown_shape)
        return finishable(
            self.variant,
            H.remove(hand, card),
            grown,
            open_mask(grown),
            without(required, card),
            forbidden,
            self._own(st, st.turn),
        )

    def _may_discard_last(self, st: RummyState, card: int) -> bool:
        """The discard that empties the hand: R5-8, QC-6, R5-15."""
        v = self.variant
        if card == st.duty.forbidden or st.duty.required:
            return False
        if v.out_needs_meld and not self._own(st, st.turn):
            return False
        opens = st.table.open
        return not (v.dead_last_discard and (opens >> card & 1 if card != JOKER else opens))

    # -- applying -------------------------------------------------------------------------
    # Every transition builds its state with ``new_state`` (see ``state``); the fields in order:
    # dealer, phase, turn, asked, hands, known, deck, top, pile, table, duty, melders,
    # floaters, out.
    def apply(self, state: RummyState, action: Action) -> RummyState:
        kind = type(action)  # most frequent first
        if kind is _DISCARD:
            return self._discard(state, action.card)  # type: ignore[attr-defined]
        if kind is _TAKE:
            assert isinstance(action, Take)
            if action.nth == 1 and state.pile[-1] == action.card and state.top < len(state.deck):
                return self._take_top(state, action.card)
            return self._take(state, state.turn, action.card, action.nth, called=False)
        if kind is _DRAW_KIND:
            return self._draw(state)
        if kind is _MELD:
            assert isinstance(action, Meld)
            return self._meld(state, action)
        if kind is _LAYOFF:
            assert isinstance(action, Layoff)
            return self._layoff(state, action)
        if kind is _RUMMY:
            assert isinstance(action, Rummy)
            return self._take(state, state.asked, action.card, action.nth, called=True)
        if kind is _PASS_KIND:
            return self._pass(state)
        if kind is _END_KIND:  # R5-11, QC-8
            return self._with(state, phase=OVER)
        raise TypeError(f"not a rummy action: {action!r}")

    @staticmethod
    def _take_top(st: RummyState, card: int) -> RummyState:
        """R5-6: the top discard alone, with cards left in the stock (R5-8 then binds)."""
        t, hands, known = st.turn, st.hands, st.known
        return new_state(
            st.dealer, PLAYING, t, -1, (*hands[:t], H.add(hands[t], card), *hands[t + 1 :]),
            (*known[:t], H.add(known[t], card), *known[t + 1 :]), st.deck, st.top,
            st.pile[:-1], st.table, TOP_DUTIES[card], st.melders, st.floaters & ~(1 << t),
            st.out,
        )  # fmt: skip

    @staticmethod
    def _with(st: RummyState, **changes: Any) -> RummyState:
        """A copy with some fields changed (for the rarer transitions)."""
        fields = {name: getattr(st, name) for name in RUMMYSTATE_FIELDS}
        fields.update(changes)
        return RummyState(**fields)

    @staticmethod
    def _draw(st: RummyState) -> RummyState:
        t, hands, top = st.turn, st.hands, st.top
        return new_state(
            st.dealer, PLAYING, t, -1, (*hands[:t], H.add(hands[t], st.deck[top]), *hands[t + 1 :]),
            st.known, st.deck, top + 1, st.pile, st.table, FREE, st.melders,
            st.floaters & ~(1 << t), st.out,
        )  # fmt: skip

    def _take(self, st: RummyState, seat: int, card: int, nth: int, *, called: bool) -> RummyState:
        """R5-6 take / R5-10 call: the pile down to that card joins the hand, publicly."""
        pile = st.pile
        d = depth_of(pile, card, nth)
        hand, known = st.hands[seat], st.known[seat]
        for c in pile[-d:]:
            if c == JOKER:
                hand += H.JOKER_UNIT
                known += H.JOKER_UNIT
            else:
                b = 1 << c
                hand = hand | b << H.SECOND if hand & b else hand | b
                known = known | b << H.SECOND if known & b else known | b
        top = pile[-1]
        if called:  # R5-10: use the discard and the deepest card taken
            duty = Duty(CALLED, (top,) if d == 1 else (top, card), card if d == 1 else -1)
        elif d > 1:  # R5-7
            duty = dug_duty(card)
        elif st.top < len(st.deck):  # R5-8
            duty = TOP_DUTIES[card]
        else:  # R5-11, QC-8: with an empty stock even the top card must be used
            duty = Duty(TOP, (card,), card)
        return new_state(
            st.dealer, PLAYING, seat, -1, replaced(st.hands, seat, hand),
            replaced(st.known, seat, known), st.deck, st.top, pile[:-d], st.table, duty,
            st.melders, st.floaters & ~(1 << seat), st.out,
        )  # fmt: skip

    def _pass(self, st: RummyState) -> RummyState:
        n = self.players
        nxt = (st.asked + 1) % n
        if nxt == st.turn:  # everyone asked: the next player draws
            return self._with(st, phase=DRAWING, turn=(st.turn + 1) % n, asked=-1)
        return self._with(st, asked=nxt)

    def _placed(
        self, st: RummyState, hand: int, known: int, table: Table, required: tuple[int, ...],
        melders: int,
    ) -> RummyState:  # fmt: skip
        """After a meld or lay-off: the turn goes on, or the player floats (R5-14), or the
        hand ends (R5-11)."""
        t, hands, knowns, duty = st.turn, st.hands, st.known, st.duty
        hands = (*hands[:t], hand, *hands[t + 1 :])
        if known != knowns[t]:
            knowns = (*knowns[:t], known, *knowns[t + 1 :])
        if required != duty.required:
            duty = Duty(duty.source, required, duty.forbidden)
        if hand:
            phase, turn, floaters, out = PLAYING, t, st.floaters, st.out
        elif self.variant.floating:
            phase, turn, floaters, out = DRAWING, (t + 1) % self.players, st.floaters | 1 << t, -1
            duty = FREE
        else:
            phase, turn, floaters, out = OVER, t, st.floaters, t
        return new_state(
            st.dealer, phase, turn, -1, hands, knowns, st.deck, st.top, st.pile, table, duty,
            melders, floaters, out,
        )  # fmt: skip

    def _meld(self, st: RummyState, m: Meld) -> RummyState:
        t = st.turn
        known = st.known[t]
        jokers = len(m.jokers)
        if known:  # C-6: the cards seen taken that are now melded are forgotten
            present = known & m.nat
            second = known >> H.SECOND & present
            known ^= second << H.SECOND | present & ~second
            known -= min(known >> 104, jokers) * H.JOKER_UNIT
        made = new_meld(
            m.shape,
            t,
            m.size,
            m.naturals + (JOKER,) * jokers if jokers else m.naturals,
            m.naturals + m.jokers if jokers else m.naturals,
            (t,) * m.size,
        )
        required = st.duty.required
        return self._placed(
            st,
            H.take_out(st.hands[t], m.nat, jokers),
            known,
            st.table.plus(made),
            placed(required, m.nat, jokers) if required else required,
            st.melders | 1 << t,
        )

    def _layoff(self, st: RummyState, a: Layoff) -> RummyState:
        t, i, table = st.turn, a.meld - 1, st.table
        old = table.melds[i]
        grown = new_meld(
            EXTEND[old.shape, a.face],
            old.maker,
            old.melded,
            (*old.cards, a.card),
            (*old.faces, a.face),
            (*old.seats, t),
        )
        known, required = st.known[t], st.duty.required
        return self._placed(
            st,
            H.remove(st.hands[t], a.card),
            H.forget(known, a.card) if known else known,
            table.grown(i, grown),
            without(required, a.card) if required else required,
            st.melders,
        )

    def _discard(self, st: RummyState, card: int) -> RummyState:
        t, hands, known = st.turn, st.hands, st.known
        hand = hands[t]
        if card == JOKER:
            hand -= H.JOKER_UNIT
        else:
            b = 1 << (card + H.SECOND)
            hand = hand ^ b if hand & b else hand ^ (1 << card)
        if known[t]:
            known = (*known[:t], H.forget(known[t], card), *known[t + 1 :])
        pile = (*st.pile, card)
        if not hand:  # R5-11: the final discard ends the hand (R5-14: even a floater's)
            phase, turn, asked, out = OVER, t, -1, t
        elif self._calls and rummy_open(st.table.open, pile):
            phase, turn, asked, out = CALLING, t, (t + 2) % self.players, -1
        else:
            phase, turn, asked, out = DRAWING, (t + 1) % self.players, -1, -1
        return new_state(
            st.dealer, phase, turn, asked, (*hands[:t], hand, *hands[t + 1 :]), known, st.deck,
            st.top, pile, st.table, FREE, st.melders, st.floaters, out,
        )  # fmt: skip

    # -- why not, and notation ------------------------------------------------------------
    def explain(self, state: RummyState, action: Action) -> IllegalActionError:
        return explain(self, state, action)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    # -- scoring helpers for the presets ----------------------------------------------------
    def placed_points(self, st: RummyState) -> tuple[list[int], list[int]]:
        """Per seat, the points of the cards melded and of those laid off (R5-2, QC-3)."""
        return placed_points(self.variant, self.players, st)

    def hand_points(self, st: RummyState) -> list[int]:
        """Per seat, the points of the cards left in hand."""
        return hand_points(self.variant, st)

    # -- what players see -----------------------------------------------------------------
    def view(self, state: RummyState, seat: int | None) -> RummyView:
        return state_view(state, seat)

    def determinize(self, view: RummyView, seat: int, rng: random.Random) -> RummyState:
        """A state showing ``seat`` exactly ``view``, the cards it cannot see dealt at random
        into the other hands and the stock (see ``worlds``)."""
        return determinize(self, view, seat, rng)

    def zones(self, state: RummyState) -> dict[str, list[int]]:
        return zones(state)

    def hidden(self, state: RummyState, seat: int | None) -> list[int]:
        return hidden(state, seat)
