"""What makes one rummy differ from another: plain data, read by the one engine.

A preset (``rummy_500``, ``queen_city_rum``) builds a ``Variant`` from its options; the engine
never asks which game it is playing, only what the variant says.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleIds:
    """The RULES.md id cited when an action breaks each kind of rule."""

    deck: str  # jokers exist or not
    turn: str  # draw, then meld/lay off, then discard
    meld: str  # what a run or set is
    joker: str  # joker declarations, a natural in every meld
    dig: str  # what taking from the discard pile obliges
    back: str  # no discarding back the card just taken
    layoff: str  # what may be laid off where
    call: str  # Rummy calls
    end: str  # the empty stock
    going_out: str  # who may empty the hand
    dead_last: str  # what the discard that empties a hand may be


@dataclass(frozen=True)
class Variant:
    """The data of one rummy game with its options resolved.

    ``values`` gives each face's points (index 52: the joker) and ``low_ace`` an ace's points
    at the low end of a run (R5-2). ``dig``: any card of the discard pile may be taken (R5-6),
    otherwise only the top one (QC-4). ``out_needs_meld``: going out needs a meld of one's own
    this hand (QC-6).
    """

    rules: RuleIds
    decks: int
    jokers: int  # per deck
    hand_size: int
    values: tuple[int, ...]
    low_ace: int
    dig: bool
    rummy_calls: bool
    floating: bool
    dead_last_discard: bool
    out_needs_meld: bool
