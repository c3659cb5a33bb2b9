"""C-7 (no dead ends) against brute force: for small random positions, a naive solver that
tries every meld and lay-off (from the naive meld checker) decides which actions still let
the turn finish, and so rebuilds the whole legal list, which must equal the engine's."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

import pytest

from cardtable.games.rummy.state import DRAWING, PLAYING
from tests.support.rummy import random_positions
from tests.test_rummy_melds import ALL_FACES, is_meld, naive_melds

Meld = tuple[tuple[str, bool], ...]  # (card stood for, natural)


class Rules:
    """The flags of the variant being checked, read from the options."""

    def __init__(self, game: str, options: dict[str, Any]) -> None:
        qc = game == "queen-city-rum"
        self.needs_meld = qc  # QC-6
        self.dead_last = bool(options.get("dead_last_discard")) and not qc  # R5-15
        self.floating = bool(options.get("floating")) and not qc  # R5-14


def _without(cards: tuple[str, ...], *gone: str) -> tuple[str, ...]:
    rest = list(cards)
    for c in gone:
        rest.remove(c)
    return tuple(sorted(rest))


def _lay_offs(hand: tuple[str, ...], table: tuple[Meld, ...]) -> Iterator[tuple[str, str, int]]:
    """(card played, face it stands for, meld index) for every lay-off."""
    for i, meld in enumerate(table):
        for card in set(hand):
            for face in ALL_FACES if card == "Jo" else [card]:
                if is_meld([*meld, (face, card != "Jo")]):
                    yield card, face, i


def _melds(hand: tuple[str, ...]) -> Iterator[tuple[str, list[str], list[str]]]:
    """(text, naturals, joker declarations) for every meld of the hand."""
    for text in naive_melds(list(hand)):
        words = text.split()[1:]
        yield text, [w for w in words if "=" not in w], [w[3:] for w in words if "=" in w]


def make_solver(rules: Rules):  # type: ignore[no-untyped-def]
    @cache
    def finish(
        hand: tuple[str, ...],
        table: tuple[Meld, ...],
        required: tuple[str, ...],
        forbidden: str | None,
        own: bool,
    ) -> bool:
        """Can the turn still end legally: the required cards placed, then a discard or
        going out?"""
        if not required and closes(hand, table, forbidden, own):
            return True
        for card, face, i in _lay_offs(hand, table):
            grown = (*table[:i], (*table[i], (face, card != "Jo")), *table[i + 1 :])
            if after(_without(hand, card), grown, _without_one(required, card), forbidden, own):
                return True
        for _, naturals, jokers in _melds(hand):
            new = tuple([(c, True) for c in naturals] + [(c, False) for c in jokers])
            rest = _without(hand, *naturals, *["Jo"] * len(jokers))
            need = required
            for c in [*naturals, *["Jo"] * len(jokers)]:
                need = _without_one(need, c)
            if after(rest, (*table, new), need, forbidden, True):
                return True
        return False

    def after(
        hand: tuple[str, ...],
        table: tuple[Meld, ...],
        required: tuple[str, ...],
        forbidden: str | None,
        own: bool,
    ) -> bool:
        if not hand:  # the hand emptied: out (or floating), allowed with a meld of one's own
            return own or not rules.needs_meld
        return finish(hand, table, required, forbidden, own)

    def closes(
        hand: tuple[str, ...], table: tuple[Meld, ...], forbidden: str | None, own: bool
    ) -> bool:
        """A discard is possible now: two cards or more with one that may go, or a last card
        that may be discarded."""
        if len(hand) >= 2:
            return any(c != forbidden for c in hand)
        return len(hand) == 1 and discard_last_ok(hand[0], table, forbidden, own)

    def discard_last_ok(
        card: str, table: tuple[Meld, ...], forbidden: str | None, own: bool
    ) -> bool:
        if card == forbidden or (rules.needs_meld and not own):
            return False
        layable = any(True for _ in _lay_offs((card,), table))
        return not (rules.dead_last and layable)

    def legal_play(
        hand: tuple[str, ...], table: tuple[Meld, ...], required: tuple[str, ...],
        forbidden: str | None, own: bool,
    ) -> set[str]:  # fmt: skip
        out = set()
        if not required:
            for card in set(hand):
                if card == forbidden:
                    continue
                if len(hand) >= 2 or discard_last_ok(card, table, forbidden, own):
                    out.add(f"discard {card}")
        for card, face, i in _lay_offs(hand, table):
            grown = (*table[:i], (*table[i], (face, card != "Jo")), *table[i + 1 :])
            if after(_without(hand, card), grown, _without_one(required, card), forbidden, own):
                name = face if card != "Jo" else f"Jo={face}"
                out.add(f"layoff {name} on {i + 1}")
        for text, naturals, jokers in _melds(hand):
            new = tuple([(c, True) for c in naturals] + [(c, False) for c in jokers])
            rest = _without(hand, *naturals, *["Jo"] * len(jokers))
            need = required
            for c in [*naturals, *["Jo"] * len(jokers)]:
                need = _without_one(need, c)
            if after(rest, (*table, new), need, forbidden, True):
                out.add(text)
        return out

    return finish, legal_play


def _without_one(required: tuple[str, ...], card: str) -> tuple[str, ...]:
    return _without(required, card) if card in required else required


def _table(view: Mapping[str, Any]) -> tuple[Meld, ...]:
    return tuple(
        tuple((c.split("=")[-1], not c.startswith("Jo=")) for c in m["cards"])
        for m in view["melds"]
    )


def _small(rules: Any, st: Any) -> bool:
    """A turn small enough for the brute force: few cards, at most one joker in reach."""
    view = rules.view(st, rules.to_move(st))
    hand = view["hand"]
    jokers = hand.count("Jo") + view["discard_pile"].count("Jo")
    small = len(hand) <= 7 if st.phase == PLAYING else len(hand) + len(view["discard_pile"]) <= 9
    return small and jokers <= 1 and st.phase in (PLAYING, DRAWING)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("rummy-500", 2, {"hand_size": 5}),
        ("rummy-500", 3, {"hand_size": 4, "floating": True}),
        ("rummy-500", 4, {"hand_size": 4, "dead_last_discard": True}),
        ("rummy-500", 2, {"hand_size": 3, "dead_last_discard": True, "floating": True}),
        ("rummy-500", 5, {"hand_size": 3, "jokers": 1}),
        ("queen-city-rum", 2, {}),
    ],
)
def test_rummy_c_7_legal_lists_agree_with_brute_force(
    game: str, players: int, options: dict[str, Any]
) -> None:
    flags = Rules(game, options)
    _finish, legal_play = make_solver(flags)
    checked = constrained = 0
    for rules, st, acts in random_positions(
        game, players, options, seed=players, count=600, keep=_small
    ):
        view, legal = rules.view(st, rules.to_move(st)), [str(a) for a in acts]
        seat = rules.to_move(st)
        hand = tuple(sorted(view["hand"]))
        table = _table(view)
        own = seat in view["has_melded"]
        if st.phase == PLAYING:
            required = tuple(sorted(view["must_use"]))
            expect = legal_play(hand, table, required, view["may_not_discard"], own)
            assert set(legal) == expect, (hand, table, required, sorted(set(legal) ^ expect))
            constrained += bool(required) or len(hand) <= 3
        else:
            assert set(_takes(flags, _finish, game, view, hand, table, own)) == set(legal)
        checked += 1
    assert checked == 600 and constrained > 60


def _takes(
    flags: Rules, finish: Any, game: str, view: Mapping[str, Any], hand: tuple[str, ...],
    table: tuple[Meld, ...], own: bool,
) -> list[str]:  # fmt: skip
    """The draw-phase list by brute force: ``draw`` (or ``end``), and each take after which
    the turn can finish (R5-7, R5-8, R5-11, QC-4, QC-8)."""
    stock = view["stock"] > 0
    out = ["draw" if stock else "end"]
    pile = view["discard_pile"]
    depths = range(1, len(pile) + 1) if game == "rummy-500" else range(1, 2 if pile else 1)
    for d in depths:
        taken = pile[-d:]
        card = taken[0]
        required = (card,) if d > 1 or not stock else ()
        forbidden = card if d == 1 else None
        if finish(tuple(sorted(hand + tuple(taken))), table, required, forbidden, own):
            nth = taken.count(card)
            ordinal = {1: "", 2: "2nd ", 3: "3rd "}.get(nth, f"{nth}th ")
            out.append(f"take {ordinal}{card}")
    return out
