"""Random playouts of whole Buck Euchre matches with every core invariant checked at every step
(cards in exactly one place, legal lists sorted, unique, non-empty and round-tripping, views
JSON-ready and leaking nothing, scores adding up, records replaying), and the match results
checked against BE-12 and BE-13.

2,000 default matches, in chunks so that ``pytest -n`` can spread them over workers. Each chunk
also asserts that random play reached the paths that matter (club upcards, orders, naming, BE-9
hands, five-trick wins), so a change that quietly stopped reaching them would fail. Uniform
play reaches no trump only once in about 5,500 hands (all eight bids must be passes), so a
second playout uses players who mostly pass, with the same checks at every step.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable import Match
from cardtable.core.invariants import check_scores, check_state, random_match
from cardtable.games.buck_euchre import (
    ALL_SEATS,
    DOWN,
    TAKEN,
    UP,
    BuckEuchreState,
    tricks_won,
)
from cardtable.games.tricks import NO_TRUMP

CHUNKS, PER_CHUNK = 8, 250  # 2,000 matches


def hand_kind(final: BuckEuchreState) -> str:
    """How a finished hand went, for the coverage counts."""
    t = final.table
    still_in = (ALL_SEATS & ~t.dropped).bit_count()
    if still_in == 1:
        return "one left"
    if still_in == 0:
        return "nobody left"
    if t.fate == UP:
        return "clubs"
    if t.trump == NO_TRUMP:
        return "no trump"
    return "ordered" if t.fate == TAKEN else "named"


def check_result(m: Match, five_tricks_win: bool) -> Counter[str]:
    """BE-12/BE-13 on the match's end, and what each hand was like."""
    kinds: Counter[str] = Counter()
    for h in m.hands:
        assert h.settlement is not None
        final = h.final
        kinds[hand_kind(final)] += 1
        assert final.table.fate in (UP, TAKEN, DOWN)
    last = m.hands[-1].settlement
    assert last is not None and last.winner is not None and m.winner == last.winner
    winner, scores = last.winner, m.scores
    won = tricks_won(m.hands[-1].final)
    if five_tricks_win and 5 in won:
        assert winner == won.index(5)  # BE-13
        kinds["five tricks"] += 1
    else:
        assert scores[winner] == min(scores) <= 0 and scores.count(min(scores)) == 1  # BE-12
    return kinds


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_matches_keep_every_invariant(chunk: int) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        m = random_match("buck-euchre", seed=seed)
        kinds += check_result(m, five_tricks_win=True)
    for kind in ("clubs", "ordered", "named", "one left", "five tricks"):
        assert kinds[kind] > 0, kind


@pytest.mark.parametrize(
    ("start", "five_tricks_win"), [(5, True), (5, False), (12, False), (1, True)]
)
def test_random_matches_with_options(start: int, five_tricks_win: bool) -> None:
    for seed in range(40):
        m = random_match(
            "buck-euchre", seed=10_000 + seed, start=start, five_tricks_win=five_tricks_win
        )
        check_result(m, five_tricks_win)


def passing_match(seed: int) -> Match:
    """A match whose players pass 90% of their bids and otherwise act at random, checked at
    every step the way ``random_match`` checks, and replayed from its record."""
    rng = random.Random(seed)
    m = Match("buck-euchre", seed=seed, start=5)
    while not m.is_over:
        check_state(m)
        legal = m.legal_actions()
        passes = [a for a in legal if str(a) == "pass"]
        m.play(passes[0] if passes and rng.random() < 0.9 else rng.choice(legal))
    check_state(m)
    check_scores(m)
    replay = Match.from_record(json.loads(json.dumps(m.record())))
    assert (replay.scores, replay.winner) == (m.scores, m.winner)
    return m


def test_passing_matches_reach_no_trump_and_empty_hands() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(60):
        kinds += check_result(passing_match(seed), five_tricks_win=True)
    assert kinds["no trump"] > 0 and kinds["nobody left"] > 0 and kinds["one left"] > 0
