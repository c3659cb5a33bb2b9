"""The engines' memos stay out of the cycle collector's way (``core.untracked``): what they
hold is untracked, so the dicts are too, and a full collection never walks them."""

from __future__ import annotations

import gc

from cardtable.core.invariants import random_match
from cardtable.core.untracked import keep, untrack
from cardtable.games.royal_casino import actions, groups


def test_untrack_leaves_the_object_as_it_was() -> None:
    masks = tuple([1 << 40, 3, 1 << 12])  # made at run time: tracked until a collection
    untrack(masks)
    assert not gc.is_tracked(masks) and masks == (1 << 40, 3, 1 << 12)
    untrack(masks)  # twice: nothing happens
    untrack(7)  # nor for an object the collector never tracks
    assert not gc.is_tracked(masks)


def test_keep_stores_the_value_and_leaves_the_memo_untracked() -> None:
    memo: dict[int, actions.Capture] = {}
    play = actions.Capture(9, 1 << 20)
    assert gc.is_tracked(play)
    assert keep(memo, 5, play) is play
    assert memo == {5: play} and not gc.is_tracked(play) and not gc.is_tracked(memo)
    assert str(memo[5]) == "capture Tc: 8d"


def test_royal_casino_memos_stay_untracked_through_random_play() -> None:
    for seed in range(3):
        random_match("royal-casino", seed=seed, players=2 + seed)
    memos = {
        "CAPTURES": actions.CAPTURES,
        "BUILDS": actions.BUILDS,
        "CAPTURED": groups.CAPTURED,
        "CREATED": groups.CREATED,
        "WORTH": groups.WORTH,
        "SUMS": groups.SUMS,
    }
    for name, memo in memos.items():
        assert memo, name
        assert not gc.is_tracked(memo), name
    assert not any(gc.is_tracked(p) for p in actions.CAPTURES.values())
