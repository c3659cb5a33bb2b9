"""Seat rotation: every bot plays every seat (and side) equally often, partners are one bot.

Besides the two-player toy game, a small table game is defined here so that seating can be
checked with three individual players and with four players in two partnerships (seats 0+2
against 1+3, as in 4-player Royal Casino, RC-1), whatever real games are registered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from cardtable.bots.tournament import Results, run_tournament, seats_of, tables
from cardtable.core.cards import card_str, cards_of, mask_of, parse_card, rank_of
from cardtable.core.errors import IllegalActionError, NotationError
from cardtable.core.game import JSON, Action, OptionSpec, Rules, Settlement
from cardtable.core.invariants import random_match
from cardtable.core.registry import game_ids, register, rules_class
from tests.support.toygame import Play  # and registers toy-high-card

TOY = "toy-high-card"
TABLE = "toy-table"
DECK = tuple(suit * 13 + rank for suit in range(4) for rank in range(3))  # A 2 3 of each suit


@dataclass(frozen=True, slots=True)
class TableState:
    hands: tuple[int, ...]
    turn: int | None
    leader: int
    trick: tuple[int, ...]
    taken: tuple[int, ...]  # tricks per seat
    played: int  # cards of finished tricks


@register
class TableRules(Rules[TableState]):
    """Twelve cards dealt out; everyone plays any card to each trick; the highest rank takes
    it (the earliest on equal rank); a side scores its tricks; first side to ``target``."""

    game_id = TABLE
    title = "Toy Table"
    listed = False
    player_counts = (3, 4)
    default_players = 4
    option_specs = (OptionSpec("target", 4, "points to win", low=1, high=99),)

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    def deck(self) -> tuple[int, ...]:
        return DECK

    def deal(self, deck: Sequence[int], dealer: int, scores: tuple[int, ...]) -> TableState:
        n, first = self.players, (dealer + 1) % self.players
        hands = [0] * n
        for i, c in enumerate(deck):
            hands[(first + i) % n] |= 1 << c
        return TableState(tuple(hands), first, first, (), (0,) * n, 0)

    def to_move(self, state: TableState) -> int | None:
        return state.turn

    def legal_actions(self, state: TableState) -> list[Action]:
        if state.turn is None:
            return []
        return sorted((Play(c) for c in cards_of(state.hands[state.turn])), key=str)

    def apply(self, state: TableState, action: Action) -> TableState:
        assert isinstance(action, Play) and state.turn is not None
        n = self.players
        hands = list(state.hands)
        hands[state.turn] &= ~(1 << action.card)
        trick = (*state.trick, action.card)
        if len(trick) < n:
            after = (state.turn + 1) % n
            return TableState(tuple(hands), after, state.leader, trick, state.taken, state.played)
        best = max(range(n), key=lambda i: (rank_of(trick[i]), -i))
        winner = (state.leader + best) % n
        taken = list(state.taken)
        taken[winner] += 1
        turn = winner if hands[winner] else None
        return TableState(
            tuple(hands), turn, winner, (), tuple(taken), state.played | mask_of(trick)
        )

    def explain(self, state: TableState, action: Action) -> IllegalActionError:
        return IllegalActionError(f"{action} is not possible: not in your hand", "C-5")

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if len(words) != 2 or words[0].lower() != "play":
            raise NotationError("expected 'play CARD'", text)
        return Play(parse_card(words[1]))

    def settle(self, state: TableState, scores: tuple[int, ...]) -> Settlement:
        points = [0] * self.sides
        for seat, tricks in enumerate(state.taken):
            points[self.side_of(seat)] += tricks
        after = tuple(s + p for s, p in zip(scores, points, strict=True))
        top = max(after)
        winner = None
        if top >= int(self.options["target"]) and after.count(top) == 1:  # type: ignore[call-overload]
            winner = after.index(top)
        return Settlement(tuple(points), after, {"tricks": points, "total": points}, winner)

    def view(self, state: TableState, seat: int | None) -> JSON:
        return {
            "hand": [] if seat is None else [card_str(c) for c in cards_of(state.hands[seat])],
            "hand_sizes": [h.bit_count() for h in state.hands],
            "trick": [card_str(c) for c in state.trick],
            "taken": list(state.taken),
        }

    def zones(self, state: TableState) -> dict[str, list[int]]:
        zones = {f"hand {s}": cards_of(h) for s, h in enumerate(state.hands)}
        return zones | {"trick": list(state.trick), "played": cards_of(state.played)}

    def hidden(self, state: TableState, seat: int | None) -> list[int]:
        return [c for s, h in enumerate(state.hands) if s != seat for c in cards_of(h)]


def test_the_table_game_keeps_the_core_invariants() -> None:
    for players in (3, 4):
        for seed in range(3):
            m = random_match(TABLE, seed=seed, players=players)
            assert m.winner is not None


@pytest.mark.parametrize("sides", range(2, 9))
@pytest.mark.parametrize("bots", range(1, 9))
def test_tables_put_every_bot_on_every_side_equally_often(bots: int, sides: int) -> None:
    group = tables(bots, sides)
    assert len(set(group)) == len(group)
    count = Counter((bot, side) for t in group for side, bot in enumerate(t))
    assert set(count) == {(b, s) for b in range(bots) for s in range(sides)}
    assert len(set(count.values())) == 1


def test_tables_fill_sides_cyclically() -> None:
    assert tables(2, 2) == [(0, 1), (1, 0)]
    assert tables(2, 4) == [(0, 1, 0, 1), (1, 0, 1, 0)]  # Buck Euchre: A B A B, B A B A
    assert tables(4, 4) == [(0, 1, 2, 3), (3, 0, 1, 2), (2, 3, 0, 1), (1, 2, 3, 0)]
    assert tables(2, 3) == [(0, 1, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (0, 1, 1)]
    assert tables(3, 2) == [(0, 1), (1, 0), (1, 2), (2, 1), (2, 0), (0, 2)]
    with pytest.raises(ValueError):
        tables(0, 2)


def test_partners_get_the_same_bot() -> None:
    rules = rules_class(TABLE).create(4, {})
    assert seats_of(rules, (0, 1)) == (0, 1, 0, 1)  # RC-1-like: seats 0+2 against 1+3
    assert seats_of(rules, (1, 0)) == (1, 0, 1, 0)


def seat_counts(r: Results) -> Counter[tuple[int, int]]:
    return Counter((bot, seat) for g in r.games for seat, bot in enumerate(g.seats))


def assert_rotation_complete(r: Results, bots: int, players: int) -> None:
    count = seat_counts(r)
    assert set(count) == {(b, s) for b in range(bots) for s in range(players)}
    assert len(set(count.values())) == 1, count
    # The tables of one group replay one seed: the same deals with the seats moved.
    for group in range(r.groups):
        games = [g for g in r.games if g.group == group]
        assert len(games) == r.per_group
        assert len({g.seed for g in games}) == 1
        assert len({g.seats for g in games}) == r.per_group
    assert len({g.seed for g in r.games}) == r.groups


def test_two_players_alternate_seats() -> None:
    r = run_tournament(TOY, ["random", "random"], matches=10, seed=3, workers=1)
    assert [g.seats for g in r.games[:4]] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert_rotation_complete(r, 2, 2)
    assert [b.games for b in r.bots] == [10, 10]


def test_three_players_two_bots_rotate_over_six_tables() -> None:
    r = run_tournament(TABLE, ["random", "random"], matches=12, players=3, workers=1)
    assert r.per_group == 6 and r.groups == 2
    assert_rotation_complete(r, 2, 3)
    # Every match has both bots (one of them twice) and exactly one winner.
    assert [b.games for b in r.bots] == [12, 12]
    assert sum(b.wins for b in r.bots) == 12


def test_four_player_partnerships_keep_a_bot_per_side() -> None:
    r = run_tournament(TABLE, ["random", "random"], matches=6, players=4, seed=9, workers=1)
    assert r.per_group == 2
    assert_rotation_complete(r, 2, 4)
    for g in r.games:
        assert g.seats in ((0, 1, 0, 1), (1, 0, 1, 0))
        assert g.seats == seats_of(rules_class(TABLE).create(4, {}), g.sides)
    # A partnership's win is its bot's win: the wins add up to the matches.
    assert sum(b.wins for b in r.bots) == 6
    assert all(b.losses == 6 - b.wins for b in r.bots)


def test_more_bots_than_sides_pair_cyclically() -> None:
    r = run_tournament(TOY, ["random", "random", "random"], matches=6, workers=1)
    assert [g.sides for g in r.games] == [(0, 1), (1, 0), (1, 2), (2, 1), (2, 0), (0, 2)]
    assert_rotation_complete(r, 3, 2)
    assert [b.games for b in r.bots] == [4, 4, 4]
    assert [b.name for b in r.bots] == ["random#1", "random#2", "random#3"]


def test_matches_round_up_to_whole_rotations() -> None:
    r = run_tournament(TABLE, ["random", "random"], matches=7, players=3, workers=1)
    assert (r.requested, len(r.games), r.groups) == (7, 12, 2)
    assert_rotation_complete(r, 2, 3)


def test_every_registered_real_game_rotates_seats_in_deals_mode() -> None:
    # The four games land one by one; each registered one gets a one-deal tournament here.
    for game in game_ids():
        if game.startswith("toy"):
            continue
        cls = rules_class(game)
        for players in cls.player_counts[:1] + cls.player_counts[-1:]:
            r = run_tournament(
                game, ["random", "random"], deals=1, players=players, seed=1, workers=1
            )
            assert_rotation_complete(r, 2, players)
            assert all(len(g.points) == 1 for g in r.games)
