"""Why a play is refused: the play is checked rule by rule against the text of RC-4 … RC-18,
and the first rule it breaks is named with a reason a player understands (C-5)."""

from __future__ import annotations

from cardtable.core.cards import CARD_NAMES
from cardtable.core.errors import IllegalActionError
from cardtable.games.reasons import refusal
from cardtable.games.royal_casino.actions import Build, Capture, Play, Trail
from cardtable.games.royal_casino.groups import group_unions, subsets_by_sum
from cardtable.games.royal_casino.moves import sides_of
from cardtable.games.royal_casino.table import State, TableBuild
from cardtable.games.royal_casino.texts import mask_text
from cardtable.games.royal_casino.values import (
    HAND_VALUES,
    MAX_VALUE,
    RANK_MASK,
    VALUE_CARDS,
    VALUE_WORD,
)

Fault = IllegalActionError


def find_fault(state: State, play: Play, partner_may_raise: bool) -> Fault | None:
    """The first rule ``play`` breaks in ``state``, or None if it breaks none."""
    seat = state.turn
    hand = state.hands[seat]
    p = play.card
    name = CARD_NAMES[p]
    if not hand >> p & 1:
        return refusal("refusal.not_in_hand", "C-5", card=name)
    rest = hand & ~(1 << p)
    owned = [b for b in state.builds if b.owner == seat]
    if isinstance(play, Trail):
        if owned:
            return refusal("refusal.rc.owner_may_not_trail", "RC-17")
        same = state.loose & RANK_MASK[p % 13]
        if same:
            return refusal(
                "refusal.rc.trail_rank_loose",
                "RC-16",
                card=name,
                cards=mask_text(same),
                n=same.bit_count(),
            )
        return None
    table = state.table
    if not table:
        return refusal("refusal.rc.swept_must_trail", "RC-18")
    rule = "RC-5" if isinstance(play, Capture) else "RC-9"
    off = play.cards & ~table
    if off:
        return refusal("refusal.rc.not_on_table", rule, cards=mask_text(off), n=off.bit_count())
    touched = [b for b in state.builds if b.cards & play.cards]
    for b in touched:
        if b.cards & ~play.cards:
            return refusal("refusal.rc.build_used_whole", "RC-7", cards=mask_text(b.cards))
    loose = play.cards & state.loose
    if isinstance(play, Capture):
        fault = _capture_fault(p, loose, touched, state.loose)
        kept = [b for b in owned if b not in touched]
    else:
        fault = _build_fault(play, loose, touched, seat, len(state.hands), partner_may_raise)
        if fault is None and not rest & VALUE_CARDS[play.value]:
            v = play.value
            fault = refusal("refusal.rc.keep_to_build", "RC-13", value=v, value_en=VALUE_WORD[v])
        kept = owned
    if fault is not None:
        return fault
    for b in kept:
        if not rest & VALUE_CARDS[b.value]:
            return refusal(
                "refusal.rc.keep_for_owned_build",
                "RC-13",
                cards=mask_text(b.cards),
                value=b.value,
                value_en=VALUE_WORD[b.value],
            )
    return None


def _capture_fault(p: int, loose: int, builds: list[TableBuild], all_loose: int) -> Fault | None:
    """RC-5/RC-6/RC-7 for a capture: None if some value of ``p`` makes it right, else the fault
    found last in the order of the checks (the one that got furthest)."""
    worst: tuple[int, Fault] | None = None
    for v in HAND_VALUES[p]:
        stage, fault = _capture_fault_at(p, v, loose, builds, all_loose)
        if fault is None:
            return None
        if worst is None or stage > worst[0]:
            worst = (stage, fault)
    assert worst is not None
    return worst[1]


def _capture_fault_at(
    p: int, v: int, loose: int, builds: list[TableBuild], all_loose: int
) -> tuple[int, Fault | None]:
    name = CARD_NAMES[p]
    for b in builds:
        if b.value != v:
            return 1, refusal(
                "refusal.rc.build_captured_by_value",
                "RC-7",
                cards=mask_text(b.cards),
                value=b.value,
            )
    if loose not in group_unions(loose, v, v == MAX_VALUE):
        return 2, refusal(
            "refusal.rc.capture_sums", "RC-5", card=name, cards=mask_text(loose), value=v
        )
    same = all_loose & RANK_MASK[p % 13]
    if same and not loose & same:  # RC-6: one of them is enough, the player's choice
        return 3, refusal(
            "refusal.rc.capture_one_of_rank", "RC-6", card=name, cards=mask_text(same)
        )
    return 4, None


def _build_fault(
    play: Build,
    loose: int,
    touched: list[TableBuild],
    seat: int,
    players: int,
    partner_may_raise: bool,
) -> Fault | None:
    """RC-7, RC-9 … RC-12 and RC-14 for a build play (RC-13 is checked by the caller)."""
    p, value = play.card, play.value
    name = CARD_NAMES[p]
    if not 2 <= value <= MAX_VALUE:
        return refusal("refusal.rc.build_range", "RC-7")
    if len(touched) > 1:
        return refusal("refusal.rc.never_merged", "RC-12")
    if not touched:
        if not _group_with_played(p, loose, value):
            return refusal(
                "refusal.rc.no_build_group", "RC-9", card=name, cards=mask_text(loose), value=value
            )
        return None
    b = touched[0]
    sides = sides_of(players)
    partner = b.owner != seat and b.owner % sides == seat % sides
    if value == b.value:  # RC-11: adding
        if partner:
            return refusal("refusal.rc.partner_no_add", "RC-14")
        if not _group_with_played(p, loose, value):
            return refusal("refusal.rc.add_groups", "RC-11", card=name, value=value)
        return None
    if b.multiple:
        return refusal("refusal.rc.multiple_fixed", "RC-12")
    if value < b.value:
        return refusal("refusal.rc.raise_higher", "RC-10", old=b.value, value=value)
    if b.owner == seat:
        return refusal("refusal.rc.raise_own", "RC-10")
    if partner and not partner_may_raise:
        return refusal("refusal.rc.raise_partner", "RC-10")
    if value - b.value not in HAND_VALUES[p]:
        sums = [b.value + v for v in HAND_VALUES[p] if b.value + v <= MAX_VALUE]
        if sums:
            return refusal("refusal.rc.raise_makes", "RC-10", old=b.value, card=name, value=sums[0])
        return refusal("refusal.rc.raise_above", "RC-10", old=b.value, card=name, value=MAX_VALUE)
    if loose:  # RC-10: "by adding a single card"
        return refusal("refusal.rc.raise_alone", "RC-10")
    return None


def _group_with_played(p: int, loose: int, value: int) -> bool:
    """Whether the played card, alone or with some of ``loose``, is worth ``value`` and the
    rest of ``loose`` splits into groups worth ``value`` (RC-9, RC-11)."""
    by_sum = subsets_by_sum(loose)
    for vp in HAND_VALUES[p]:
        if vp > value:
            continue
        for g in by_sum.get(value - vp, ()):
            rest = loose & ~g
            if rest in group_unions(rest, value, value == MAX_VALUE):  # RC-2: lone aces pair
                return True
    return False
