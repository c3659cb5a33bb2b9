"""Why an action is refused: the rule it breaks and a reason a player understands."""

from __future__ import annotations

from cardtable.core.cards import CARD_NAMES, SUITS, suit_of
from cardtable.core.errors import IllegalActionError
from cardtable.core.game import Action
from cardtable.games.buck_euchre.actions import (
    Discard,
    Drop,
    Order,
    Pass,
    Play,
    Stay,
    Trump,
)
from cardtable.games.buck_euchre.cards import (
    _SUIT_NAMES,
    _SUIT_PLURALS,
    LAYOUT,
    POS,
    TABLES,
)
from cardtable.games.buck_euchre.state import (
    DISCARDING,
    NAMING,
    OVER,
    PLAYING,
    UP,
    BuckEuchreState,
)
from cardtable.games.reasons import refusal
from cardtable.games.tricks import is_left_bower

# -- explaining refusals --------------------------------------------------------------------------
_WHEN = {  # an action out of its phase: the reason's key and the rule
    Order: ("refusal.be.order_when", "BE-5"),
    Pass: ("refusal.be.pass_when", "BE-6"),
    Discard: ("refusal.be.discard_when", "BE-5"),
    Trump: ("refusal.be.trump_when", "BE-6"),
    Stay: ("refusal.be.stay_when", "BE-8"),
    Drop: ("refusal.be.stay_when", "BE-8"),
    Play: ("refusal.be.play_when", "BE-10"),
}


def explain(s: BuckEuchreState, a: Action) -> IllegalActionError:
    """The rule an action that is not legal now breaks, with a reason a player understands."""
    try:
        text = str(a)
    except (IndexError, TypeError):  # an action built by hand around a card that is no card
        text = repr(a)
    when = _WHEN.get(type(a))
    if when is None:
        return refusal("refusal.be.not_an_action", "N", text)
    if s.phase == OVER:
        return refusal("refusal.hand_over", "C-5", text)
    t = s.table
    if isinstance(a, Play | Discard) and not (0 <= a.card < len(POS) and POS[a.card] >= 0):
        name = CARD_NAMES[a.card] if 0 <= a.card < len(CARD_NAMES) else str(a.card)
        return refusal("refusal.be.not_in_deck", "BE-1", text, card=name)
    club_hand = t.fate == UP and s.phase == PLAYING
    if club_hand and not isinstance(a, Play):
        return refusal("refusal.be.clubs_turned", "BE-4", text)
    if isinstance(a, Discard) and s.phase == DISCARDING:
        return refusal("refusal.not_in_hand", "C-5", text, card=CARD_NAMES[a.card])
    if isinstance(a, Trump) and s.phase == NAMING:
        turned = suit_of(LAYOUT[t.upcard])
        plural = _SUIT_PLURALS[turned].capitalize()
        return refusal("refusal.be.turned_down", "BE-6", text, suit=SUITS[turned], suit_en=plural)
    if isinstance(a, Play) and s.phase == PLAYING:
        return _explain_play(s, a, text)
    if s.phase == DISCARDING:
        return refusal("refusal.be.discard_first", "BE-5", text)
    return refusal(*when, text)


def _explain_play(s: BuckEuchreState, a: Play, text: str) -> IllegalActionError:
    seat = s.turn
    assert seat is not None
    pos, trump = POS[a.card], s.table.trump
    hand = s.hands[seat]
    if not hand >> pos & 1:
        return refusal("refusal.not_in_hand", "C-5", text, card=CARD_NAMES[a.card])
    led = TABLES.suit[trump][s.trick[0]]
    key = "refusal.be.follow_trump" if led == trump else "refusal.be.follow_suit"
    bower = is_left_bower(a.card, trump)
    if bower:
        key += "_bower"
    params: dict[str, str | int] = {} if led == trump else {"suit": SUITS[led]}
    if led != trump:
        params["suit_en"] = _SUIT_NAMES[led]
    if bower:
        params["card"] = CARD_NAMES[a.card]
    return refusal(key, "BE-10", text, **params)
