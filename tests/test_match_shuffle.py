"""``Match`` shuffles each hand's deck with its own compiled copy of ``random.shuffle``; seeded
matches (records, the behaviour fingerprints, every seeded test) depend on it dealing exactly
the decks the library's shuffle deals."""

from __future__ import annotations

import random

from cardtable.core.match import Match, shuffle


def test_the_shuffle_is_the_librarys_for_every_seed_and_deck_size() -> None:
    for seed in range(300):
        for size in (0, 1, 2, 24, 52, 104, 106):
            ours, theirs = list(range(size)), list(range(size))
            a, b = random.Random(seed), random.Random(seed)
            shuffle(a, ours)
            b.shuffle(theirs)
            assert ours == theirs, (seed, size)
            assert a.random() == b.random()  # the generators are left in the same state


def test_a_match_deals_the_deck_the_library_shuffles() -> None:
    m = Match("royal-casino", players=2, seed=11)
    rng = random.Random(11)
    rng.randrange(2)  # the first dealer is drawn before the first deck
    deck = list(m.rules.deck())
    rng.shuffle(deck)
    assert m.hands[0].deck == tuple(deck)


def test_other_generators_shuffle_their_own_way() -> None:
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            Counting.calls += 1
            super().shuffle(x)

    cards = list(range(10))
    shuffle(Counting(1), cards)
    assert Counting.calls == 1 and sorted(cards) == list(range(10))
