"""Why a play is refused: the play is checked rule by rule against the text of RC-4 … RC-18,
and the first rule it breaks is named with a reason a player understands (C-5)."""

from __future__ import annotations

from cardtable.core.cards import CARD_NAMES
from cardtable.core.errors import IllegalActionError
from cardtable.games.royal_casino.actions import Build, Capture, Play, Trail, mask_text
from cardtable.games.royal_casino.groups import group_unions, subsets_by_sum
from cardtable.games.royal_casino.moves import sides_of
from cardtable.games.royal_casino.table import State, TableBuild
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
        return Fault(f"{name} is not in your hand", "C-5")
    rest = hand & ~(1 << p)
    owned = [b for b in state.builds if b.owner == seat]
    if isinstance(play, Trail):
        if owned:
            return Fault("You own a build, so you may not trail", "RC-17")
        same = state.loose & RANK_MASK[p % 13]
        if same:
            return Fault(
                f"You may not trail {name} while {mask_text(same)} of its rank "
                f"{'lies' if same.bit_count() == 1 else 'lie'} loose: capture with it (taking "
                f"every one) or build with it",
                "RC-16",
            )
        return None
    table = state.table
    if not table:
        return Fault("The table was swept, so you must trail", "RC-18")
    rule = "RC-5" if isinstance(play, Capture) else "RC-9"
    off = play.cards & ~table
    if off:
        return Fault(f"{mask_text(off)} {_is(off)} not on the table", rule)
    touched = [b for b in state.builds if b.cards & play.cards]
    for b in touched:
        if b.cards & ~play.cards:
            return Fault(
                f"The build {mask_text(b.cards)} is used whole: name all of its cards", "RC-7"
            )
    loose = play.cards & state.loose
    if isinstance(play, Capture):
        fault = _capture_fault(p, loose, touched, state.loose)
        kept = [b for b in owned if b not in touched]
    else:
        fault = _build_fault(play, loose, touched, seat, len(state.hands), partner_may_raise)
        if fault is None and not rest & VALUE_CARDS[play.value]:
            v = play.value
            fault = Fault(
                f"To build {v} you must keep another card of value {v} ({VALUE_WORD[v]}) in hand",
                "RC-13",
            )
        kept = owned
    if fault is not None:
        return fault
    for b in kept:
        if not rest & VALUE_CARDS[b.value]:
            return Fault(
                f"You own the build {mask_text(b.cards)} worth {b.value}, so you must keep "
                f"{VALUE_WORD[b.value]} in hand until it is captured",
                "RC-13",
            )
    return None


def _is(mask: int) -> str:
    return "is" if mask.bit_count() == 1 else "are"


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
            return 1, Fault(
                f"The build {mask_text(b.cards)} is worth {b.value}: only a card of that value "
                f"captures it",
                "RC-7",
            )
    if loose not in group_unions(loose, v, v == MAX_VALUE):
        return 2, Fault(
            f"{name} cannot take {mask_text(loose)}: loose cards are taken as single cards or "
            f"sums worth {v}",
            "RC-5",
        )
    missing = all_loose & RANK_MASK[p % 13] & ~loose
    if missing:
        return 3, Fault(
            f"Capturing with {name}, you must take every loose card of its rank: also "
            f"{mask_text(missing)}",
            "RC-6",
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
        return Fault("A build is worth from 2 to 14", "RC-7")
    if len(touched) > 1:
        return Fault("Two builds are never merged", "RC-12")
    if not touched:
        if not _group_with_played(p, loose, value):
            return Fault(
                f"{name} and {mask_text(loose)} do not make a build worth {value}: the played "
                f"card must be in a group worth {value} and every other loose card too",
                "RC-9",
            )
        return None
    b = touched[0]
    sides = sides_of(players)
    partner = b.owner != seat and b.owner % sides == seat % sides
    if value == b.value:  # RC-11: adding
        if partner:
            return Fault("You may not add to your partner's build", "RC-14")
        if not _group_with_played(p, loose, value):
            return Fault(
                f"To add to the build worth {value}, {name} alone or with loose cards must be "
                f"worth {value}, and any other loose cards must make groups worth {value}",
                "RC-11",
            )
        return None
    if b.multiple:
        return Fault("A multiple build's value never changes", "RC-12")
    if value < b.value:
        return Fault(f"Raising makes a build worth more than {b.value}, not {value}", "RC-10")
    if b.owner == seat:
        return Fault("You may not raise your own build", "RC-10")
    if partner and not partner_may_raise:
        return Fault("You may not raise your partner's build", "RC-10")
    if value - b.value not in HAND_VALUES[p]:
        sums = [b.value + v for v in HAND_VALUES[p] if b.value + v <= MAX_VALUE]
        makes = f"makes it worth {sums[0]}" if sums else f"would take it above {MAX_VALUE}"
        return Fault(f"Raising the build worth {b.value} with {name} {makes}", "RC-10")
    if loose not in group_unions(loose, value):
        return Fault(f"Loose cards joining a raised build must make groups worth {value}", "RC-10")
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
            if rest in group_unions(rest, value):
                return True
    return False
