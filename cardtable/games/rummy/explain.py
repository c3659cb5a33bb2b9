"""Why an action is refused: the rule it breaks and a sentence a player understands (C-5).

Called only for actions that are not in the legal list, so each check below looks for the
first reason that applies, from the turn's shape down to C-7 (no dead ends).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.cards import CARD_NAMES, JOKER, RANKS, cards_str
from cardtable.core.errors import IllegalActionError
from cardtable.core.game import Action
from cardtable.games.reasons import refusal
from cardtable.games.rummy import hands as H
from cardtable.games.rummy.actions import Discard, Draw, End, Layoff, Meld, Pass, Rummy, Take
from cardtable.games.rummy.finishing import can_place
from cardtable.games.rummy.shapes import OPEN, shape_faces, shape_of
from cardtable.games.rummy.state import (
    CALLED,
    CALLING,
    DRAWING,
    DUG,
    OVER,
    PLAYING,
    RummyState,
    depth_of,
)
from cardtable.games.rummy.variant import Variant

if TYPE_CHECKING:
    from cardtable.games.rummy.engine import RummyRules

C7 = "C-7"


def _name(card: int) -> str:
    return CARD_NAMES[card]


def explain(rules: RummyRules, st: RummyState, action: Action) -> IllegalActionError:
    """The first rule ``action`` breaks, as a keyed reason (``games/reasons.py``)."""
    text = str(action)

    fault = _explain(rules, st, action)
    fault.action = text
    return fault


def _explain(rules: RummyRules, st: RummyState, action: Action) -> IllegalActionError:
    r = rules.variant.rules
    kind = type(action)
    if st.phase == OVER:
        return refusal("refusal.hand_over", "C-4")
    if st.phase == CALLING:
        if isinstance(action, Rummy):
            return _explain_rummy(rules, st, action)
        if kind is not Pass:
            return refusal("refusal.rummy.answer_call", r.call, seat=st.turn)
    if kind in (Pass, Rummy):
        if not rules.variant.rummy_calls or rules.players < 3:
            return refusal("refusal.rummy.no_calls", r.call)
        return refusal("refusal.rummy.call_when_asked", r.call)
    if st.phase == DRAWING:
        if kind is Draw:
            return refusal("refusal.rummy.stock_empty", r.end)
        if kind is End:
            return refusal("refusal.rummy.end_when_empty", r.end)
        if isinstance(action, Take):
            return _explain_take(rules, st, action)
        return refusal("refusal.rummy.draw_first", r.turn)
    assert st.phase == PLAYING
    if kind in (Draw, Take, End):
        return refusal("refusal.rummy.drawn_already", r.turn)
    if isinstance(action, Discard):
        return _explain_discard(rules, st, action.card)
    if isinstance(action, Meld):
        return _explain_meld(rules, st, action)
    if isinstance(action, Layoff):
        return _explain_layoff(rules, st, action)
    return refusal("refusal.rummy.not_now", "C-5")


def _dead_end(st: RummyState) -> IllegalActionError:
    if st.duty.required:
        return refusal("refusal.rummy.dead_end_required", C7, cards=cards_str(st.duty.required))
    return refusal("refusal.rummy.dead_end", C7)


def _explain_take(rules: RummyRules, st: RummyState, a: Take) -> IllegalActionError:
    v, r = rules.variant, rules.variant.rules
    d = depth_of(st.pile, a.card, a.nth)
    if not d:
        if a.nth == 1:
            return refusal("refusal.rummy.not_in_pile", r.turn, card=_name(a.card))
        return refusal("refusal.rummy.copies_not_in_pile", r.turn, card=_name(a.card), n=a.nth)
    if not v.dig and d > 1:
        return refusal("refusal.rummy.top_only", r.turn, card=_name(st.pile[-1]))
    t = st.turn
    hand = st.hands[t]
    for c in st.pile[-d:]:
        hand = H.add(hand, c)
    stock = st.top < len(st.deck)
    name = _name(a.card)
    if d == 1 and stock:
        return refusal("refusal.rummy.take_dead_end", C7, card=name)
    if not can_place(hand, st.table.shapes, (a.card,)):
        if d > 1:
            return refusal("refusal.rummy.dig_must_use", r.dig, card=name)
        return refusal("refusal.rummy.empty_take_must_use", r.end, card=name)
    return refusal("refusal.rummy.use_dead_end", C7, card=name)


def _explain_rummy(rules: RummyRules, st: RummyState, a: Rummy) -> IllegalActionError:
    r = rules.variant.rules
    d = depth_of(st.pile, a.card, a.nth)
    if not d:
        return refusal("refusal.rummy.no_such_in_pile", r.call, card=_name(a.card))
    hand = st.hands[st.asked]
    for c in st.pile[-d:]:
        hand = H.add(hand, c)
    top = st.pile[-1]
    need = (top,) if d == 1 else (top, a.card)
    if not can_place(hand, st.table.shapes, need):
        return refusal(
            "refusal.rummy.call_must_use", r.call, card=_name(a.card), cards=cards_str(need)
        )
    return refusal("refusal.rummy.call_dead_end", C7)


def required_rule(v: Variant, st: RummyState) -> str:
    """The rule that obliges the player to use the required cards."""
    if st.duty.source == CALLED:
        return v.rules.call
    if st.duty.source == DUG:
        return v.rules.dig
    return v.rules.end


def _explain_discard(rules: RummyRules, st: RummyState, card: int) -> IllegalActionError:
    v, r = rules.variant, rules.variant.rules
    hand = st.hands[st.turn]
    if not H.count(hand, card):
        return refusal("refusal.not_in_hand", "C-5", card=_name(card))
    if st.duty.required:
        return refusal(
            "refusal.rummy.use_taken_first",
            required_rule(v, st),
            cards=cards_str(st.duty.required),
        )
    if card == st.duty.forbidden:
        return refusal("refusal.rummy.not_back", r.back, card=_name(card))
    if H.size(hand) == 1:
        if v.out_needs_meld and not st.melders >> st.turn & 1:
            return refusal("refusal.rummy.out_needs_meld", r.going_out)
        if v.dead_last_discard:
            return refusal("refusal.rummy.dead_last", r.dead_last, card=_name(card))
    return refusal("refusal.rummy.discard_not_now", "C-5")


def _describe_bad_meld(nat: int, jok: int) -> tuple[str, dict[str, str], str] | None:
    """Why cards that are all distinct do not make a meld: (reason key, its parameters, which
    rule kind)."""
    cards = nat | jok
    if nat == 0:
        return "refusal.rummy.meld_needs_natural", {}, "joker"
    if cards.bit_count() < 3:
        return "refusal.rummy.meld_needs_three", {}, "meld"
    suits = {c // 13 for c in range(52) if cards >> c & 1}
    ranks = {c % 13 for c in range(52) if cards >> c & 1}
    if len(suits) == 1 and {0, 1, 12} <= ranks:
        return "refusal.rummy.ace_high_or_low", {}, "meld"
    names = " ".join(RANKS[r] for r in sorted(ranks))
    if len(suits) == 1:
        return "refusal.rummy.not_in_sequence", {"ranks": names}, "meld"
    if len(ranks) == 1:
        return "refusal.rummy.set_at_most_four", {}, "meld"
    return "refusal.rummy.not_a_meld", {}, "meld"


def _explain_meld(rules: RummyRules, st: RummyState, m: Meld) -> IllegalActionError:
    v, r = rules.variant, rules.variant.rules
    hand = st.hands[st.turn]
    if m.jokers and not v.jokers:
        return refusal("refusal.rummy.no_jokers", r.deck)
    for c in dict.fromkeys(m.naturals):
        held, want = H.count(hand, c), m.naturals.count(c)
        if held < want:
            if not held:
                return refusal("refusal.not_in_hand", "C-5", card=_name(c))
            return refusal("refusal.rummy.hold_only", "C-5", n=held, card=_name(c))
    if len(m.jokers) > hand >> 104:
        return refusal("refusal.rummy.jokers_held", "C-5", n=hand >> 104, want=len(m.jokers))
    if len(set(m.naturals)) < len(m.naturals) or len(set(m.jokers)) < len(m.jokers):
        return refusal("refusal.rummy.meld_each_once", r.meld)
    if m.nat & m.jok:
        twice = _name((m.nat & m.jok).bit_length() - 1)
        return refusal("refusal.rummy.joker_for_held", r.joker, card=twice)
    if shape_of(m.nat, m.jok) is None:
        bad = _describe_bad_meld(m.nat, m.jok)
        assert bad is not None
        key, params, kind = bad
        return refusal(key, r.joker if kind == "joker" else r.meld, **params)
    return _dead_end(st)


def _explain_layoff(rules: RummyRules, st: RummyState, a: Layoff) -> IllegalActionError:
    v, r = rules.variant, rules.variant.rules
    hand = st.hands[st.turn]
    if a.card == JOKER and not v.jokers:
        return refusal("refusal.rummy.no_jokers", r.deck)
    if not H.count(hand, a.card):
        if a.card == JOKER:
            return refusal("refusal.rummy.joker_not_in_hand", "C-5")
        return refusal("refusal.not_in_hand", "C-5", card=_name(a.card))
    melds = len(st.table.melds)
    if a.meld > melds:
        if not melds:
            return refusal("refusal.rummy.no_meld_yet", r.layoff, meld=a.meld)
        return refusal("refusal.rummy.no_such_meld", r.layoff, meld=a.meld, n=melds)
    shape = st.table.melds[a.meld - 1].shape
    if a.face not in OPEN[shape]:
        key = "refusal.rummy.not_extend" if a.card != JOKER else "refusal.rummy.joker_not_extend"
        on = cards_str([c for c in range(52) if shape_faces(shape) >> c & 1])
        return refusal(key, r.layoff, card=_name(a.face), meld=a.meld, cards=on)
    if v.out_needs_meld and not st.melders >> st.turn & 1 and H.size(hand) <= 2:
        if H.size(hand) == 1:
            return refusal("refusal.rummy.out_needs_meld", r.going_out)
        return refusal("refusal.rummy.layoff_to_last_card", r.going_out)
    return _dead_end(st)
