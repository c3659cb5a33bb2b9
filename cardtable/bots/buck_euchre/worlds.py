"""The search's sampler of Buck Euchre worlds: it reads the card play as well as the bids.

Before the play a world is one of ``bids.determinize`` (the unseen cards dealt as the view
allows, weighed by the bids). In the play (BE-10) the sampler also reads the cards the others
have played, as a player reads a table of club players: each drawn world is weighed by whether
the heuristic strategy (``card_choice``, the heuristic bot's own card play from masks)
would have made each past play from that world's hand.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.bots.buck_euchre.bids import Bids, determinize
from cardtable.bots.heuristic.buck_euchre import CLUB, Leanings, card_choice
from cardtable.core.game import Rules
from cardtable.games.buck_euchre import (
    PLAYING,
    ROUND_FROM,
    SEATS,
    BuckEuchreState,
    BuckEuchreView,
    Table,
    Unseen,
)

PLAYOUT_READ_DRAWS = 300  # worlds drawn once per decision in the play, weighed, then resampled
PLAYOUT_OFF_STRATEGY = 0.01  # a world's weight for each play the strategy would not have made


def past_plays(u: Unseen) -> list[tuple[int, BuckEuchreState, int, int]]:
    """Every card the other seats have played this hand, as (seat, the state when it was
    played with that seat's hand left out, the card, the mask of the cards that seat has
    played since, this one included): a world's hand for the seat then is its hand now plus
    those."""
    tricks = [*u.done, (u.lead, u.current)] if u.lead is not None else list(u.done)
    table = Table(u.dealer, u.up, 0, u.fate, -1, u.trump, u.maker, u.stayed, u.dropped)
    out = []
    taken = [0] * SEATS
    before = [0] * SEATS  # per seat, the cards it played earlier this hand
    for i, (leader, cards) in enumerate(tricks):
        last_leader, last = u.done[i - 1] if i else (-1, ())
        seats = ROUND_FROM[u.dropped][leader]
        for k, (who, pos) in enumerate(zip(seats, cards, strict=False)):
            since = u.played[who] & ~before[who]
            before[who] |= 1 << pos
            if who == u.seat:
                continue
            then = BuckEuchreState(
                table, PLAYING, who, (0,) * SEATS, tuple(cards[:k]), leader,
                tuple(taken), last, last_leader, tuple(u.done[: max(0, i - 1)]),
            )  # fmt: skip
            out.append((who, then, pos, since))
        if i < len(u.winners):
            for pos in cards:
                taken[u.winners[i]] |= 1 << pos
    return out


def playout_worlds(
    rules: Rules[Any],
    view: BuckEuchreView,
    seat: int,
    rng: random.Random,
    off: Sequence[float] = (PLAYOUT_OFF_STRATEGY,) * SEATS,
    leanings: Leanings = CLUB,
) -> Callable[[], Any]:
    """The search's sampler of worlds for ``seat``'s view (the ``state`` part). Before the
    play, ``determinize`` of the bids (``bids``). In the play it also reads the
    cards the others have played, as a player reads a table of club players: it draws
    ``PLAYOUT_READ_DRAWS`` worlds once, weighs each by the bids and, for every past play the
    heuristic strategy would not have made from that world's hand, by that player's ``off``
    (``PLAYOUT_OFF_STRATEGY``, a club player's, unless a reading of the match gives another,
    as the pilot of ``bench/be_reading.py`` does), and returns a sampler drawing among them by
    weight. The bids are read at each player's ``leanings`` (a club player's by default)."""
    unseen = Unseen(view, seat) if view["phase"] == "play" else None
    plays = past_plays(unseen) if unseen is not None else []
    if unseen is None or not plays:
        return lambda: determinize(view, seat, rng, leanings)
    bids = Bids(unseen, leanings)
    draws = [unseen.draw(rng) for _ in range(PLAYOUT_READ_DRAWS)]
    weights = []
    for hands, _, discard in draws:
        weight = bids.likelihood(hands, discard) if bids else 1.0
        for who, then, pos, since in plays:
            if card_choice(then, who, hands[who] | since, discard) != pos:
                weight *= off[who]
        weights.append(weight)
    cumulative = list(itertools.accumulate(weights))

    def world() -> Any:
        i = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
        return unseen.world(*draws[min(i, len(draws) - 1)])

    return world
