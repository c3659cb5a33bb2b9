"""A deliberately naive reference for the legal plays of Royal Casino, written from the text
of RC-2 and RC-4 … RC-17 without the engine's tables: every subset of the table's items (loose cards
and whole builds), every value of the played card, every build value 2 … 14, and a brute-force
search for the groups. It is compared with the engine on thousands of positions reached by
random play with 2, 3 and 4 players: the same plays, and for each play the same table after.
The rule-by-rule refusals (``checks``) must agree with the legal list on near-miss plays.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

import pytest

from cardtable import Match
from cardtable.core.cards import CARD_NAMES, cards_of, rank_of
from cardtable.games.royal_casino import Build, Capture, Trail
from cardtable.games.royal_casino.checks import find_fault

Table = tuple[int, tuple[tuple[int, int, int, bool], ...]]  # loose mask, builds


def table_value(c: int) -> int:
    """RC-2: a card lying on the table counts its pips, J 11, Q 12, K 13, an ace 1."""
    return rank_of(c) + 1


def hand_values(c: int) -> tuple[int, ...]:
    """RC-2: a card played from the hand; an ace counts 1 or 14."""
    return (1, 14) if rank_of(c) == 0 else (rank_of(c) + 1,)


def holds_value(cards: Sequence[int], v: int) -> bool:
    """RC-13: a card of value V in hand (an ace for V = 14)."""
    return any((14 if rank_of(c) == 0 else rank_of(c) + 1) == v for c in cards)


def subsets(xs: Sequence[Any]) -> Iterator[tuple[Any, ...]]:
    for k in range(len(xs) + 1):
        yield from combinations(xs, k)


def partitions(cards: tuple[int, ...], v: int, lone_aces: bool) -> Iterator[int]:
    """The numbers of groups of every split of ``cards`` into groups each worth ``v``
    (with ``lone_aces``, a lone ace is also a group: aces pair with aces as 14, RC-2, RC-5)."""
    if not cards:
        yield 0
        return
    first, others = cards[0], cards[1:]
    for k in range(len(others) + 1):
        for mates in combinations(others, k):
            group = (first, *mates)
            worth = sum(table_value(c) for c in group) == v
            paired = lone_aces and k == 0 and rank_of(first) == 0
            if worth or paired:
                rest = tuple(c for c in others if c not in mates)
                for n in partitions(rest, v, lone_aces):
                    yield n + 1


def groups_with_played(vp: int, loose: tuple[int, ...], v: int) -> set[int]:
    """The numbers of groups of every split of the played card (worth ``vp``) and ``loose``
    into groups worth ``v``, the played card in one of them (RC-9, RC-11); a lone loose ace is
    a group in a build of 14 (RC-2: "build Ac: Ad =14")."""
    found = set()
    for k in range(len(loose) + 1):
        for mates in combinations(loose, k):
            if vp + sum(table_value(c) for c in mates) == v:
                rest = tuple(c for c in loose if c not in mates)
                found |= {n + 1 for n in partitions(rest, v, v == 14)}
    return found


def naive_plays(state: Any, players: int, partner_may_raise: bool) -> dict[str, set[Table]]:
    """Every legal play's text, with the tables it can leave (loose mask, builds)."""
    seat: int = state.turn
    sides = 2 if players == 4 else players
    hand = cards_of(state.hands[seat])
    loose = cards_of(state.loose)
    builds = [(b.value, b.cards, b.owner, b.multiple) for b in state.builds]
    owned = [b for b in builds if b[2] == seat]
    items: list[tuple[str, Any]] = [("card", c) for c in loose] + [("build", b) for b in builds]

    def partner(owner: int) -> bool:
        return owner != seat and owner % sides == seat % sides

    def keeps(rest: Sequence[int], still_owned: Sequence[tuple[int, int, int, bool]]) -> bool:
        return all(holds_value(rest, b[0]) for b in still_owned)  # RC-13

    out: dict[str, set[Table]] = {}

    def add(text: str, taken: int, new: tuple[int, int, int, bool] | None) -> None:
        left = tuple(b for b in builds if not b[1] & taken)
        if new is not None:
            left = (*left, new)
        table = (state.loose & ~taken, tuple(sorted(left, key=lambda b: b[1] & -b[1])))
        out.setdefault(text, set()).add(table)

    for p in hand:
        name = CARD_NAMES[p]
        rest = [c for c in hand if c != p]
        same_rank = [c for c in loose if rank_of(c) == rank_of(p)]
        if not owned and not same_rank:  # RC-15, RC-16, RC-17
            out[f"trail {name}"] = {(state.loose | 1 << p, tuple(builds))}
        for chosen in subsets(items):
            if not chosen:
                continue
            cards_in = tuple(c for kind, c in chosen if kind == "card")
            builds_in = [b for kind, b in chosen if kind == "build"]
            taken = sum(1 << c for c in cards_in) + sum(b[1] for b in builds_in)
            listed = " ".join(CARD_NAMES[c] for c in cards_of(taken))
            # RC-5 capture, with RC-6 and RC-13
            for v in hand_values(p):
                if any(b[0] != v for b in builds_in):
                    continue
                if not any(True for _ in partitions(cards_in, v, v == 14)):
                    continue
                if same_rank and not any(c in cards_in for c in same_rank):
                    continue  # RC-6: at least one loose card of the rank, any of them
                if keeps(rest, [b for b in owned if b not in builds_in]):
                    add(f"capture {name}: {listed}", taken, None)
            # RC-9 … RC-12 builds, with RC-13 and RC-14
            if len(builds_in) > 1:
                continue  # RC-12: never merged
            for value in range(2, 15):
                if not holds_value(rest, value) or not keeps(rest, owned):
                    continue
                for vp in hand_values(p):
                    made: set[bool] = set()  # multiple?
                    if not builds_in:  # RC-9: create
                        made |= {n > 1 for n in groups_with_played(vp, cards_in, value)}
                    else:
                        b = builds_in[0]
                        adding = value == b[0] and not partner(b[2])  # RC-11: add
                        if adding and groups_with_played(vp, cards_in, value):
                            made.add(True)
                        raise_ok = not b[3] and b[2] != seat  # RC-10
                        raise_ok &= not partner(b[2]) or partner_may_raise
                        raise_ok &= value == b[0] + vp
                        if raise_ok and not cards_in:  # "by adding a single card"
                            made.add(False)
                    for multiple in made:
                        new = (value, taken | 1 << p, seat, multiple)
                        add(f"build {name}: {listed} ={value}", taken, new)
    return out


def positions(players: int, seeds: range, every: int, **options: Any) -> Iterator[Match]:
    """Matches stopped at positions reached by random play (every ``every``-th decision)."""
    for seed in seeds:
        rng = random.Random(seed)
        m = Match("royal-casino", players=players, seed=seed, **options)
        step = 0
        while not m.is_over:
            if step % every == every - 1:
                yield m
            m.play(rng.choice(m.legal_actions()))
            step += 1


def engine_table(m: Match, text: str) -> Table | None:
    """The table the engine leaves after ``text`` (None when the play ends the hand)."""
    after = m.rules.apply(m.state, m.rules.parse_action(text))
    if after.turn < 0:
        return None
    keyed = tuple((b.value, b.cards, b.owner, b.multiple) for b in after.builds)
    return (after.loose, keyed)


CASES = [
    (2, range(0, 24), {}),
    (3, range(100, 120), {}),
    (4, range(200, 214), {}),
    (4, range(300, 314), {"partner_may_raise": True}),
]


@pytest.mark.parametrize(("players", "seeds", "options"), CASES)
def test_rc_5_to_17_engine_matches_naive_reference(
    players: int, seeds: range, options: dict[str, Any]
) -> None:
    checked = builds_seen = 0
    for m in positions(players, seeds, 3, **options):
        naive = naive_plays(m.state, players, bool(options.get("partner_may_raise")))
        got = [str(a) for a in m.legal_actions()]
        assert set(got) == set(naive), (m.record(), sorted(set(got) ^ set(naive)))
        for text, tables in naive.items():
            assert len(tables) == 1, f"{text} could leave different tables: {tables}"
            after = engine_table(m, text)
            if after is not None:
                assert {after} == tables, text
        checked += 1
        builds_seen += bool(m.state.builds)
    assert checked >= 600 and builds_seen >= 150, (checked, builds_seen)


def near_misses(m: Match, rng: random.Random) -> Iterator[Any]:
    """Plays that name cards from the hand and the table: legal ones and many that are not."""
    hand = cards_of(m.state.hands[m.state.turn])
    table = cards_of(m.state.table) or [rng.randrange(52)]
    for p in hand:
        yield Trail(p)
        for _ in range(4):
            chosen = rng.sample(table, rng.randint(1, len(table)))
            mask = sum(1 << c for c in chosen) & ~(1 << p)
            if mask:
                yield Capture(p, mask)
                total = sum(table_value(c) for c in chosen)
                yield Build(p, mask, rng.choice([total + table_value(p), rng.randint(1, 15)]))


@pytest.mark.parametrize(("players", "seeds", "options"), CASES)
def test_rc_c5_every_refusal_names_the_rule_it_breaks(
    players: int, seeds: range, options: dict[str, Any]
) -> None:
    rng = random.Random(players)
    refusals: Counter[str] = Counter()
    for m in positions(players, seeds, 5, **options):
        legal = {str(a) for a in m.legal_actions()}
        for action in near_misses(m, rng):
            fault = find_fault(m.state, action, bool(options.get("partner_may_raise")))
            assert (fault is None) == (str(action) in legal), (m.record(), str(action), fault)
            if fault is not None:
                refusals[fault.rule] += 1
                assert m.rules.explain(m.state, action).rule == fault.rule
    expected = {"RC-5", "RC-6", "RC-7", "RC-9", "RC-10", "RC-12", "RC-13", "RC-16", "RC-17"}
    assert expected <= set(refusals), refusals
