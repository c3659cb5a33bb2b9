"""Sampled worlds: a full state that shows one seat exactly its view, with the cards hidden
from it dealt at random (``Rules.determinize``, what a fair search bot plays out).

Everything public is read back from the view: the discard pile, the melds (their cards in
order, who made them, who laid off what, in that order), the cards each seat was seen taking
(C-6), the turn and its duties. The cards the seat cannot see are shuffled into the other
hands (around their known cards) and the stock.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.core.cards import JOKER, parse_card
from cardtable.games.rummy import hands as H
from cardtable.games.rummy.shapes import run_shape, set_shape
from cardtable.games.rummy.state import (
    OVER,
    PHASE_NAMES,
    SOURCE_NAMES,
    Duty,
    RummyState,
    Table,
    TableMeld,
)
from cardtable.games.rummy.views import MeldView, RummyView

if TYPE_CHECKING:
    from cardtable.games.rummy.engine import RummyRules


def _cards(names: list[str]) -> list[int]:
    return [parse_card(n) for n in names]


def _placed(name: str) -> tuple[int, int]:
    """A meld card of a view (``7h`` or ``Jo=7h``): (card, face it stands for)."""
    if name.startswith("Jo="):
        return JOKER, parse_card(name[3:])
    c = parse_card(name)
    return c, c


def _meld(view: MeldView) -> TableMeld:
    """A table meld back from its view: the meld itself first, then the lay-offs in order."""
    shown = [_placed(n) for n in view["cards"]]
    laid = [(entry["seat"], _placed(entry["card"])) for entry in view["laid_off"]]
    own = [p for p in shown if p not in {q for _, q in laid}]
    order = [(view["by"], p) for p in own] + laid
    faces = [f for _, f in shown]
    if view["kind"] == "run":
        # shown by position: an ace first is low (position 0), last is high (13)
        lo = 0 if faces[0] % 13 == 0 else faces[0] % 13
        hi = 13 if faces[-1] % 13 == 0 else faces[-1] % 13
        shape = run_shape(faces[0] // 13, lo, hi)
    else:
        shape = set_shape(faces[0] % 13, sum(1 << (f // 13) for f in faces))
    return TableMeld(
        shape,
        view["by"],
        len(own),
        tuple(c for _, (c, _) in order),
        tuple(f for _, (_, f) in order),
        tuple(s for s, _ in order),
    )


def determinize(
    rules: RummyRules,
    view: RummyView,
    seat: int,
    rng: random.Random,
    leaning: Sequence[Sequence[float] | None] | None = None,
) -> RummyState:
    """A world for ``seat``'s view. ``leaning`` (None: every hidden card equally likely
    anywhere) gives, per seat, a weight for each face (index 52: the joker) of a hidden card
    being in that seat's hand rather than elsewhere (each above 0): its hidden cards are drawn by
    weight without replacement (Efraimidis and Spirakis), the rest dealt as before."""
    n = rules.players
    phase = PHASE_NAMES.index(view["phase"])
    own = _cards(view["hand"] or [])
    pile = _cards(view["discard_pile"])
    melds = tuple(_meld(m) for m in view["melds"])
    known = [_cards(k) for k in view["known"]]
    seen = Counter(own + pile + [c for m in melds for c in m.cards])
    for s in range(n):
        if s != seat:
            seen.update(known[s])
    unknown = list((Counter(rules.deck()) - seen).elements())
    rng.shuffle(unknown)
    hands, knowns = [], []
    for s in range(n):
        if s == seat:
            hands.append(H.of(own))
            knowns.append(H.of(known[s]))
            continue
        extra = view["hand_sizes"][s] - len(known[s])
        weights = None if leaning is None else leaning[s]
        if weights is not None and extra > 0:
            keys = [rng.random() ** (1.0 / weights[c]) for c in unknown]
            chosen = set(sorted(range(len(unknown)), key=keys.__getitem__)[-extra:])
            unknown = [c for i, c in enumerate(unknown) if i in chosen] + [
                c for i, c in enumerate(unknown) if i not in chosen
            ]
        hands.append(H.of(known[s] + unknown[:extra]))
        del unknown[:extra]
        knowns.append(H.of(known[s]))
    if phase == OVER:  # ``known`` then lists the whole hands, laid down
        knowns = [0] * n
    stock = unknown
    assert len(stock) == view["stock"], "the view's stock does not match its cards"
    top = len(rules.deck()) - len(stock)
    forbidden = view["may_not_discard"]
    return RummyState(
        dealer=view["dealer"],
        phase=phase,
        turn=view["turn"],
        asked=-1 if view["asked"] is None else view["asked"],
        hands=tuple(hands),
        known=tuple(knowns),
        deck=(JOKER,) * top + tuple(stock),  # cards before ``top`` were dealt: not needed
        top=top,
        pile=tuple(pile),
        table=Table.of(melds),
        duty=Duty(
            SOURCE_NAMES.index(view["drew"]),
            tuple(_cards(view["must_use"])),
            -1 if forbidden is None else parse_card(forbidden),
        ),
        melders=sum(1 << s for s in view["has_melded"]),
        floaters=sum(1 << s for s in view["floating"]),
        out=-1 if view["went_out"] is None else view["went_out"],
    )
