"""Face-down piles leak nothing (RC-24): before a hand is scored, no view, observation tensor or
information state of Royal Casino carries which cards or how many spades a pile holds. The
piles' contents rearranged (their cards and the stock's shuffled together and dealt back in the
same sizes), every one of them is byte-identical; with ``open_piles`` they change."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from cardtable import Match
from cardtable.games.royal_casino import State
from cardtable.games.royal_casino.table import STATE_FIELDS
from cardtable.research.observations import view_tensor
from cardtable.research.openspiel import CardtableState, Held
from tests.support.research import first_hand_positions, openspiel_state


def rearranged_piles(state: State, rng: random.Random) -> State | None:
    """``state`` with the piles' cards and the stock's shuffled together and dealt back, each
    pile and the stock keeping its size; None if that cannot change a pile."""
    pool = [c for p in state.piles for c in range(52) if p >> c & 1] + list(state.stock)
    if not any(state.piles) or not state.stock:
        return None
    rng.shuffle(pool)
    piles, at = [], 0
    for p in state.piles:
        n = p.bit_count()
        piles.append(sum(1 << c for c in pool[at : at + n]))
        at += n
    fields = {name: getattr(state, name) for name in STATE_FIELDS}
    moved = State(**{**fields, "piles": tuple(piles), "stock": tuple(pool[at:])})
    return moved if moved.piles != state.piles else None


def readings(m: Match, game: CardtableState, seat: int | None) -> list[bytes]:
    """Everything a seat (None: a spectator) is given: the match's view, and for a seat the
    observation tensor and OpenSpiel's information state and observation, strings and tensors."""
    out = [json.dumps(m.view(seat), sort_keys=True).encode()]
    if seat is None:
        return out
    out.append(view_tensor(dict(m.view(seat))).tobytes())
    for read in ("information_state", "observation"):
        out.append(getattr(game, f"{read}_string")(seat).encode())
        out.append(np.asarray(getattr(game, f"{read}_tensor")(seat), np.float32).tobytes())
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("open_piles", [False, True])
def test_rc_24_rearranged_piles_leave_every_view_byte_identical(
    players: int, open_piles: bool
) -> None:
    rng = random.Random(players)
    compared = 0
    positions = first_hand_positions("royal-casino", players, 12, seed=40)
    for m in positions:
        m = Match.from_record(m.record()) if not open_piles else _with_open_piles(m)
        moved = rearranged_piles(m.state, rng)
        if moved is None:
            continue
        game = openspiel_state(m)
        before = {seat: readings(m, game, seat) for seat in [*range(players), None]}
        other, other_game = Match.from_record(m.record()), game.clone()
        other.state = moved
        other_game.held = Held(moved)
        for seat, seen in before.items():
            now = readings(other, other_game, seat)
            if open_piles:  # the piles are on the table: each reading shows them
                assert all(a != b for a, b in zip(seen, now, strict=True)), seat
            else:
                assert now == seen, seat
        compared += 1
    assert compared >= 6


def test_rc_24_the_scored_hand_shows_the_piles() -> None:
    m = first_hand_positions("royal-casino", 2, 1, seed=40)[0]
    while m.hand_number == 1:
        m.play(m.legal_actions()[0])
    last = m.view(0)["last_hand"]
    assert last is not None and last["state"]["piles"] is not None
    assert last["state"]["pile_spades"] is not None


def _with_open_piles(m: Match) -> Match:
    """The same first hand, played the same way, with ``open_piles`` on."""
    record = m.record()
    record["options"] = {**record["options"], "open_piles": True}
    return Match.from_record(record)
