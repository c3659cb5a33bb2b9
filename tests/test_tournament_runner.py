"""The tournament runner: reproducible on any number of workers, duplicate deals, tallies."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable.bots import RandomBot, make_bot
from cardtable.bots import tournament as tm
from cardtable.bots.tournament import GameResult, plan_tournament, run_tournament
from cardtable.core.errors import OptionError
from cardtable.core.game import JSON, Action
from cardtable.core.match import Match
from cardtable.core.registry import rules_class
from tests.support import toygame  # registers toy-high-card

TOY = "toy-high-card"


class SmartBot:
    """Beats the led card as cheaply as it can, else throws its lowest card: much better
    than random at the toy game."""

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        rank = "A234".index
        by_rank = sorted(legal, key=lambda a: rank(str(a)[5]))
        trick = view["state"]["trick"]
        if not trick:
            return by_rank[-1]
        beating = [a for a in by_rank if rank(str(a)[5]) > rank(trick[0][0])]
        return (beating or by_rank)[0]


class BadBot:
    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        return toygame.Play(52)  # the joker: in nobody's hand


def with_test_levels(level: str, seed: int | None = None) -> Any:
    if level == "smart":
        return SmartBot()
    if level == "bad":
        return BadBot()
    return make_bot(TOY, level, seed)


@pytest.fixture
def test_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tm, "make_bot", lambda game, level, seed: with_test_levels(level, seed))


@pytest.mark.parametrize("kwargs", [{"matches": 60}, {"deals": 40}])
def test_same_seed_same_results_on_one_and_two_workers(kwargs: dict[str, Any]) -> None:
    one = run_tournament(TOY, ["random", "random"], seed=21, workers=1, **kwargs)
    two = run_tournament(TOY, ["random", "random"], seed=21, workers=2, **kwargs)
    assert one == two
    assert one.bots == two.bots and one.games == two.games
    other = run_tournament(TOY, ["random", "random"], seed=22, workers=2, **kwargs)
    assert [g.points for g in other.games] != [g.points for g in one.games]


def test_bots_are_seeded_by_tournament_seed_and_game_index_only() -> None:
    # A longer tournament begins with exactly the games of a shorter one.
    short = run_tournament(TOY, ["random", "random"], matches=6, seed=5, workers=1)
    long = run_tournament(TOY, ["random", "random"], matches=20, seed=5, workers=2)
    assert long.games[:6] == short.games
    # The bots of one game are seeded apart: seat by seat, game by game.
    seeds = {tm.derive_seed(5, "bot", i, seat) for i in range(20) for seat in range(2)}
    assert len(seeds) == 40
    assert tm.derive_seed(5, "bot", 0, 0) == tm.derive_seed(5, "bot", 0, 0) < 2**48


def test_deals_mode_replays_each_deal_with_the_seats_swapped() -> None:
    r = run_tournament(TOY, ["random", "random"], deals=5, seed=8, workers=2, keep_records=True)
    assert r.mode == "deals" and r.groups == 5 and r.per_group == 2 and len(r.games) == 10
    for first, second in zip(r.games[::2], r.games[1::2], strict=True):
        assert first.group == second.group and first.seed == second.seed
        assert (first.seats, second.seats) == ((0, 1), (1, 0))
        assert first.record is not None and second.record is not None
        a, b = first.record["hands"][0], second.record["hands"][0]
        assert a["deck"] == b["deck"] and a["dealer"] == b["dealer"]
        # One hand only: its points, as the record's first hand scored them.
        assert len(first.points) == len(second.points) == 1
        assert list(first.points[0]) == a["scores"]
        # The record replays, and is the deal its seed gives.
        assert (
            Match.from_record(first.record).hands[0].deck
            == Match(TOY, seed=first.seed).hands[0].deck
        )
    assert len({g.seed for g in r.games}) == 5


def test_deals_are_won_on_points_over_the_pair_ties_apart() -> None:
    r = run_tournament(TOY, ["random", "random"], deals=200, seed=2, workers=1)
    a, b = r.bots
    assert a.games == b.games == 200
    # Two bots: a deal one wins, the other loses; a tie is a tie for both.
    assert (a.wins, a.ties, a.losses) == (b.losses, b.ties, b.wins)
    assert a.wins + a.ties + a.losses == 200 and a.ties > 0
    assert a.win_rate == a.wins / (a.wins + a.losses)
    expected = {0: 0, 1: 0}
    for group in range(r.groups):
        totals = {0: 0, 1: 0}
        for g in r.games[2 * group : 2 * group + 2]:
            for side, bot in enumerate(g.sides):
                totals[bot] += g.points[0][side]
        if totals[0] != totals[1]:
            expected[max(totals, key=lambda k: totals[k])] += 1
    assert (a.wins, b.wins) == (expected[0], expected[1])
    # Two tricks a hand between the two sides.
    assert a.points_per_hand + b.points_per_hand == pytest.approx(2.0)


@pytest.mark.parametrize("kwargs", [{"matches": 400}, {"deals": 300}])
def test_random_against_random_is_even(kwargs: dict[str, Any]) -> None:
    r = run_tournament(TOY, ["random", "random"], seed=1, workers=2, **kwargs)
    for b in r.bots:
        assert b.ci_low < 0.5 < b.ci_high, b
        assert abs(b.elo - 1500) < 50
    assert r.bots[0].wins + r.bots[0].losses > 50


def test_a_stronger_bot_wins_and_rates_higher(test_levels: None) -> None:
    r = run_tournament(TOY, ["random", "smart"], matches=400, seed=4, workers=1)
    weak, strong = r.bots
    assert strong.ci_low > 0.5 and strong.win_rate > weak.win_rate
    assert strong.elo > 1500 > weak.elo
    assert strong.points_per_hand > weak.points_per_hand
    assert strong.wins + weak.wins == 400


def test_matches_tally() -> None:
    r = run_tournament(TOY, ["random", "random"], matches=30, seed=6, workers=1)
    a, b = r.bots
    assert a.wins + b.wins == 30 and a.ties == b.ties == 0
    assert a.losses == b.wins and a.win_rate == a.wins / 30
    hands = sum(len(g.points) for g in r.games)
    assert a.hands == b.hands == hands
    tricks_of_a = sum(row[g.sides.index(0)] for g in r.games for row in g.points)
    assert a.points_per_hand == tricks_of_a / hands
    winners = [g.sides[g.winner] for g in r.games if g.winner is not None]
    assert winners.count(0) == a.wins and len(winners) == 30


def test_lower_scores_win_where_the_game_says_so() -> None:
    plan = plan_tournament(TOY, ["random", "random"], deals=2)
    assert plan.sign == 1
    games = [
        GameResult(0, 0, 1, (0, 1), (0, 1), ((2, 0),), None),
        GameResult(1, 0, 1, (1, 0), (1, 0), ((1, 1),), None),  # bot 0: 2 + 1, bot 1: 0 + 1
        GameResult(2, 1, 2, (0, 1), (0, 1), ((1, 1),), None),
        GameResult(3, 1, 2, (1, 0), (1, 0), ((2, 0),), None),  # bot 0: 1 + 0, bot 1: 1 + 2
    ]
    high = tm.summarise(plan, games)
    low = tm.summarise(dataclasses.replace(plan, sign=-1), games)
    assert [(b.wins, b.ties, b.losses) for b in high.bots] == [(1, 0, 1), (1, 0, 1)]
    assert [(b.wins, b.ties, b.losses) for b in low.bots] == [(1, 0, 1), (1, 0, 1)]
    assert [c.leaders for c in tm.contests(plan, games)] == [{0}, {1}]
    assert [c.leaders for c in tm.contests(dataclasses.replace(plan, sign=-1), games)] == [
        {1},
        {0},
    ]
    assert [b.points_per_hand for b in high.bots] == [1.0, 1.0]


def test_buck_euchre_is_scored_low() -> None:
    assert tm.score_sign(rules_class("buck-euchre").create()) == -1  # BE-11 counts down
    assert tm.score_sign(rules_class("royal-casino").create()) == 1


def test_a_bot_playing_an_illegal_action_is_reported(test_levels: None) -> None:
    with pytest.raises(RuntimeError, match=r"bot 'bad' in seat \d of game 0 chose play Jo"):
        run_tournament(TOY, ["bad", "random"], matches=2, workers=1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": ["random"]}, "at least two bots"),
        ({"bots": ["random", " "]}, "at least two bots"),
        ({"bots": ["random", "genius"]}, "unknown bot level 'genius'"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"matches": 3, "deals": 3}, "not both"),
        ({"matches": 0}, "at least 1"),
        ({"deals": -2}, "at least 1"),
        ({"players": 3}, "played by 2 players"),
        ({"options": {"target": 0}}, "at least 1"),
        ({"options": {"colour": "red"}}, "no option 'colour'"),
        ({"workers": 0}, "workers must be at least 1"),
        ({"backend": "slurm"}, "unknown backend 'slurm'"),
    ],
)
def test_bad_requests_are_refused_before_playing(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"game": TOY, "bots": ["random", "random"], "matches": 2} | kwargs
    if "deals" in kwargs and "matches" not in kwargs:
        del args["matches"]
    with pytest.raises(OptionError, match=message):
        run_tournament(args.pop("game"), args.pop("bots"), workers=args.pop("workers", 1), **args)


def test_default_is_a_hundred_matches() -> None:
    plan = plan_tournament(TOY, ["random", "random"])
    assert plan.mode == "matches" and plan.requested == 100 and len(plan.tables) == 100
    assert tm.default_workers() >= 1


def test_ray_backend_needs_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes ``import ray`` fail
    with pytest.raises(OptionError, match="needs the ray extra"):
        run_tournament(TOY, ["random", "random"], matches=2, backend="ray")


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_counts_every_game(workers: int) -> None:
    seen: list[tuple[int, int]] = []
    run_tournament(
        TOY,
        ["random", "random"],
        deals=10,
        workers=workers,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1] == (20, 20)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_random_bot_is_the_baseline_level() -> None:
    assert isinstance(make_bot(TOY, "random", 1), RandomBot)


@pytest.mark.parametrize("workers", [1, 2])
def test_each_game_reaches_the_caller_as_it_comes_back(workers: int) -> None:
    plan = plan_tournament(TOY, ["random", "random"], deals=6, seed=3)
    arrived: list[GameResult] = []
    progress: list[int] = []
    out = tm.execute(
        plan,
        workers,
        progress=lambda done, total: progress.append(done),
        on_result=arrived.append,
        batch=1,
    )
    assert sorted(arrived, key=lambda r: r.index) == out
    assert len(out) == 12 and progress == list(range(13))  # one game a batch: one step each


def test_a_batch_is_at_least_one_game() -> None:
    plan = plan_tournament(TOY, ["random", "random"], matches=2)
    with pytest.raises(OptionError, match="at least one game"):
        tm.execute(plan, batch=0)
