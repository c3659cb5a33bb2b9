"""Why an action is refused: the rule it breaks and a sentence a player understands (C-5).

Called only for actions that are not in the legal list, so each check below looks for the
first reason that applies, from the turn's shape down to C-7 (no dead ends).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable.core.cards import CARD_NAMES, JOKER, RANKS, cards_str
from cardtable.core.errors import IllegalActionError
from cardtable.core.game import Action
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
_Err = Callable[[str, str], IllegalActionError]


def _name(card: int) -> str:
    return CARD_NAMES[card]


def explain(rules: RummyRules, st: RummyState, action: Action) -> IllegalActionError:
    r = rules.variant.rules
    text = str(action)

    def err(reason: str, rule: str) -> IllegalActionError:
        return IllegalActionError(reason, rule, text)

    kind = type(action)
    if st.phase == OVER:
        return err("The hand is over", "C-4")
    if st.phase == CALLING:
        if isinstance(action, Rummy):
            return _explain_rummy(rules, st, action, err)
        if kind is not Pass:
            return err(
                f"Seat {st.turn} has just discarded: answer 'rummy <card>' to call Rummy or 'pass'",
                r.call,
            )
    if kind in (Pass, Rummy):
        if not rules.variant.rummy_calls or rules.players < 3:
            return err("There are no Rummy calls in this game", r.call)
        return err("Rummy is called just after a discard, when you are asked", r.call)
    if st.phase == DRAWING:
        if kind is Draw:
            return err(
                "The stock is empty: take from the discard pile to meld or lay off at once, "
                "or end the hand",
                r.end,
            )
        if kind is End:
            return err("The hand may be ended only when the stock is empty", r.end)
        if isinstance(action, Take):
            return _explain_take(rules, st, action, err)
        return err("First draw: take the top card of the stock or from the discard pile", r.turn)
    assert st.phase == PLAYING
    if kind in (Draw, Take, End):
        return err("You have already drawn this turn", r.turn)
    if isinstance(action, Discard):
        return _explain_discard(rules, st, action.card, err)
    if isinstance(action, Meld):
        return _explain_meld(rules, st, action, err)
    if isinstance(action, Layoff):
        return _explain_layoff(rules, st, action, err)
    return err("That is not possible now", "C-5")


def _dead_end(st: RummyState) -> str:
    if st.duty.required:
        return (
            f"After that you could not finish your turn: {cards_str(st.duty.required)} must still "
            "be melded or laid off"
        )
    return "After that you could not finish your turn with a legal discard"


def _explain_take(rules: RummyRules, st: RummyState, a: Take, err: _Err) -> IllegalActionError:
    v, r = rules.variant, rules.variant.rules
    d = depth_of(st.pile, a.card, a.nth)
    if not d:
        what = _name(a.card) if a.nth == 1 else f"{a.nth} copies of {_name(a.card)}"
        return err(f"There is no {what} in the discard pile", r.turn)
    if not v.dig and d > 1:
        return err(
            f"Only the top card of the discard pile may be taken ({_name(st.pile[-1])})", r.turn
        )
    t = st.turn
    hand = st.hands[t]
    for c in st.pile[-d:]:
        hand = H.add(hand, c)
    stock = st.top < len(st.deck)
    if d == 1 and stock:
        return err(f"After taking {_name(a.card)} you could not finish your turn", C7)
    if not can_place(hand, st.table.shapes, (a.card,)):
        if d > 1:
            return err(
                f"You may dig down to {_name(a.card)} only if you can meld or lay it off this turn",
                r.dig,
            )
        return err(
            f"The stock is empty: you may take {_name(a.card)} only to meld or lay it off at once",
            r.end,
        )
    return err(
        f"You could use {_name(a.card)}, but then you could not finish your turn legally", C7
    )


def _explain_rummy(rules: RummyRules, st: RummyState, a: Rummy, err: _Err) -> IllegalActionError:
    r = rules.variant.rules
    d = depth_of(st.pile, a.card, a.nth)
    if not d:
        return err(f"There is no such {_name(a.card)} in the discard pile", r.call)
    hand = st.hands[st.asked]
    for c in st.pile[-d:]:
        hand = H.add(hand, c)
    top = st.pile[-1]
    need = (top,) if d == 1 else (top, a.card)
    if not can_place(hand, st.table.shapes, need):
        return err(
            f"To call Rummy down to {_name(a.card)} you must be able to meld or lay off "
            f"{cards_str(need)} at once",
            r.call,
        )
    return err("After that call you could not finish your turn legally", C7)


def required_rule(v: Variant, st: RummyState) -> str:
    """The rule that obliges the player to use the required cards."""
    if st.duty.source == CALLED:
        return v.rules.call
    if st.duty.source == DUG:
        return v.rules.dig
    return v.rules.end


def _explain_discard(rules: RummyRules, st: RummyState, card: int, err: _Err) -> IllegalActionError:
    v, r = rules.variant, rules.variant.rules
    hand = st.hands[st.turn]
    if not H.count(hand, card):
        return err(f"{_name(card)} is not in your hand", "C-5")
    if st.duty.required:
        return err(
            f"First meld or lay off {cards_str(st.duty.required)}, taken from the discard pile",
            required_rule(v, st),
        )
    if card == st.duty.forbidden:
        return err(
            f"You may not discard {_name(card)}: you have just taken it from the discard pile",
            r.back,
        )
    if H.size(hand) == 1:
        if v.out_needs_meld and not st.melders >> st.turn & 1:
            return err("You may not go out without a meld of your own this hand", r.going_out)
        if v.dead_last_discard:
            return err(
                f"The discard that empties your hand must be a card that cannot be melded or "
                f"laid off, and {_name(card)} can be laid off",
                r.dead_last,
            )
    return err("That discard is not possible now", "C-5")


def _describe_bad_meld(nat: int, jok: int) -> tuple[str, str] | None:
    """Why cards that are all distinct do not make a meld: (reason, which rule kind)."""
    cards = nat | jok
    if nat == 0:
        return "A meld needs at least one natural card", "joker"
    if cards.bit_count() < 3:
        return "A meld needs at least three cards", "meld"
    suits = {c // 13 for c in range(52) if cards >> c & 1}
    ranks = {c % 13 for c in range(52) if cards >> c & 1}
    if len(suits) == 1 and {0, 1, 12} <= ranks:
        return "An ace is high or low, never both: K A 2 is not a run", "meld"
    names = " ".join(RANKS[r] for r in sorted(ranks))
    if len(suits) == 1:
        return f"{names} of one suit are not in sequence, so they are not a run", "meld"
    if len(ranks) == 1:
        return "A set has at most four cards, all of one rank", "meld"
    return (
        "That is neither a run (one suit in sequence) nor a set (one rank, different suits)",
        "meld",
    )


def _explain_meld(rules: RummyRules, st: RummyState, m: Meld, err: _Err) -> IllegalActionError:
    v, r = rules.variant, rules.variant.rules
    hand = st.hands[st.turn]
    if m.jokers and not v.jokers:
        return err("This game is played without jokers", r.deck)
    for c in dict.fromkeys(m.naturals):
        held, want = H.count(hand, c), m.naturals.count(c)
        if held < want:
            return err(
                f"{_name(c)} is not in your hand"
                if not held
                else f"You hold only {held} {_name(c)}",
                "C-5",
            )
    if len(m.jokers) > hand >> 104:
        return err(f"You hold {hand >> 104} joker(s), not {len(m.jokers)}", "C-5")
    if len(set(m.naturals)) < len(m.naturals) or len(set(m.jokers)) < len(m.jokers):
        return err("A meld holds each card once: a set's cards are all of different suits", r.meld)
    if m.nat & m.jok:
        twice = _name((m.nat & m.jok).bit_length() - 1)
        return err(f"The meld already holds {twice}: a joker cannot stand for it too", r.joker)
    if shape_of(m.nat, m.jok) is None:
        bad = _describe_bad_meld(m.nat, m.jok)
        assert bad is not None
        return err(bad[0], r.joker if bad[1] == "joker" else r.meld)
    return err(_dead_end(st), C7)


def _explain_layoff(rules: RummyRules, st: RummyState, a: Layoff, err: _Err) -> IllegalActionError:
    v, r = rules.variant, rules.variant.rules
    hand = st.hands[st.turn]
    if a.card == JOKER and not v.jokers:
        return err("This game is played without jokers", r.deck)
    if not H.count(hand, a.card):
        return err(f"{'A joker' if a.card == JOKER else _name(a.card)} is not in your hand", "C-5")
    if a.meld > len(st.table.melds):
        which = (
            f"melds are numbered 1 to {len(st.table.melds)}" if st.table.melds else "no meld yet"
        )
        return err(f"There is no meld {a.meld} on the table ({which})", r.layoff)
    shape = st.table.melds[a.meld - 1].shape
    if a.face not in OPEN[shape]:
        what = _name(a.face) if a.card != JOKER else f"a joker as {_name(a.face)}"
        on = cards_str([c for c in range(52) if shape_faces(shape) >> c & 1])
        return err(f"{what} does not extend meld {a.meld} ({on})", r.layoff)
    if v.out_needs_meld and not st.melders >> st.turn & 1 and H.size(hand) <= 2:
        if H.size(hand) == 1:
            return err("You may not go out without a meld of your own this hand", r.going_out)
        return err(
            "Without a meld of your own you may not lay off down to one card: discarding it "
            "would go out",
            r.going_out,
        )
    return err(_dead_end(st), C7)
