"""The Rummy 500 and Queen City Rum computer players: the heuristic strategy, the search bot with
its playout policy, and the sampled worlds they search (``determinize``). They must be fair (see
nothing but the seat's view), play legal actions, and do what a good player must do in the
situations of ``tests/scenarios/rummy-500.json`` and ``tests/scenarios/queen-city-rum.json``.

Strength is measured with ``cardtable tournament`` (docs/bots_rummy.md), not here.
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable import Match
from cardtable.bots import SearchBot, make_bot
from cardtable.bots.heuristic import rummy as heuristic
from cardtable.core.invariants import check_determinize
from tests.support.bots import engine_confined_to_playout, playout_stays_legal

GAMES = ("rummy-500", "queen-city-rum")
HERE = Path(__file__).parent
SCENARIOS = {
    g: json.loads((HERE / "scenarios" / f"{g}.json").read_text(encoding="utf-8"))["scenarios"]
    for g in GAMES
}
SOURCE = Path(heuristic.__file__).read_text(encoding="utf-8")


def setup(game: str, sc: dict[str, Any]) -> Match:
    m = Match(game, seed=0, dealer=sc["dealer"], deck=sc["deck"], **sc["options"])
    for action in sc["actions"]:
        m.play(action)
    return m


def bot_move(game: str, level: str, m: Match, seed: int = 5) -> str:
    seat = m.to_move
    assert seat is not None
    return str(make_bot(game, level, seed=seed).choose(m.view(seat), m.legal_actions()))


# -- levels ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_make_bot_gives_the_heuristic_and_the_search_with_its_playout_policy(game: str) -> None:
    assert isinstance(make_bot(game, "heuristic", seed=1), heuristic.HeuristicBot)
    bot = make_bot(game, "search:medium", seed=1)
    assert isinstance(bot, SearchBot) and bot.knowledge.playout is heuristic.playout
    assert bot.iterations == 300


@pytest.mark.parametrize("game", GAMES)
def test_heuristic_plays_whole_matches_legally(game: str) -> None:
    """Heuristic against random over a whole match, every action checked by Match; Rummy 500
    also with three players (Rummy calls, R5-10) and with jokers off."""
    setups: list[tuple[int, dict[str, Any]]] = [(2, {})]
    if game == "rummy-500":
        setups += [(3, {}), (2, {"jokers": 0, "scoring": "5-10-15"})]
    for seed, (players, options) in enumerate(setups):
        m = Match(game, players=players, seed=seed, **options)
        bots = [make_bot(game, "heuristic" if s == 0 else "random", s) for s in range(players)]
        while not m.is_over and m.hand_number <= 30:
            seat = m.to_move
            assert seat is not None
            m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
        assert m.is_over


def test_two_heuristic_players_never_trade_one_discard_forever() -> None:
    """Queen City Rum to 500, heuristic against heuristic: on seed 24 both once held a lone 2
    and took each other's discarded 2 back and forth with 26 cards in the stock, the hand
    never ending (a take must leave the hand better after its discard than a stock draw
    would, QC-4). Every match of these seeds ends within 1,500 moves (they take about 300)."""
    game = "queen-city-rum"
    for seed in range(20, 30):
        m = Match(game, players=2, seed=seed, target=500)
        bots = [make_bot(game, "heuristic", seed * 2 + s) for s in range(2)]
        moves = 0
        while not m.is_over and moves < 1500:
            seat = m.to_move
            assert seat is not None
            m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
            moves += 1
        assert m.is_over, (seed, m.hand_number, moves)


@pytest.mark.parametrize("game", GAMES)
def test_search_easy_plays_a_hand_legally(game: str) -> None:
    m = Match(game, seed=4)
    bots = [make_bot(game, "search:easy", 0), make_bot(game, "heuristic", 1)]
    while m.hand_number == 1 and not m.is_over:
        seat = m.to_move
        assert seat is not None
        m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
    assert m.hand_number == 2 or m.is_over


@pytest.mark.parametrize("game", GAMES)
def test_playout_policy_is_legal_in_sampled_worlds(game: str) -> None:
    """From sampled worlds of many positions, the playout policy's every action is legal."""
    playout_stays_legal(
        game, heuristic.playout, seeds=30, max_steps=80, rng=random.Random(2),
        players=lambda seed: 3 if game == "rummy-500" and seed % 3 == 0 else 2,
    )  # fmt: skip


# -- sampled worlds -------------------------------------------------------------------------------
def _determinize_matches(game: str, count: int, players: int, **options: Any) -> int:
    rng = random.Random(hash((game, players)) & 0xFFFF)
    steps = 0
    for seed in range(count):
        m = Match(game, players=players, seed=seed, **options)
        while not m.is_over and m.hand_number <= 1:
            check_determinize(m, rng)
            steps += 1
            m.play(rng.choice(m.legal_actions()))
        check_determinize(m, rng)  # the next hand's deal, with the last one laid down
    return steps


def test_determinize_at_every_step_of_100_random_rummy_500_hands() -> None:
    """80 two-player hands and 20 of three and four players (Rummy calls, R5-10), floating
    (R5-14) in some; with the Queen City Rum test below, 200 random matches."""
    steps = _determinize_matches("rummy-500", 80, 2)
    steps += _determinize_matches("rummy-500", 12, 3, floating=True)
    steps += _determinize_matches("rummy-500", 8, 4)
    assert steps > 10_000


def test_determinize_at_every_step_of_100_random_queen_city_rum_hands() -> None:
    assert _determinize_matches("queen-city-rum", 100, 2) > 10_000


@pytest.mark.parametrize("game", GAMES)
def test_determinize_places_the_hidden_cards_at_random(game: str) -> None:
    """A sampled world keeps what the seat knows (its hand, cards seen taken) and deals the
    rest anew: over a few samples the opponent's unknown cards differ."""
    feed = "do not feed the opponent the card they collect"  # the opponent was seen taking 7h
    m = setup(game, next(sc for sc in SCENARIOS[game] if sc["name"] == feed))
    seat = m.to_move
    assert seat is not None
    view = m.view(seat)["state"]
    rng = random.Random(3)
    worlds = [m.rules.determinize(view, seat, rng) for _ in range(5)]
    other = 1 - seat
    assert len({w.hands[other] for w in worlds}) > 1
    for w in worlds:
        assert w.hands[seat] == m.state.hands[seat]
        assert m.rules.view(w, other)["hand"] is not None
        assert "7h" in m.rules.view(w, other)["hand"]


# -- fairness -------------------------------------------------------------------------------------
def test_the_strategy_reads_no_game_state() -> None:
    """The module imports the engine only for ``playout``, the policy for sampled worlds:
    nothing else in it (the heuristic bot included) touches the engine's names. Of the views
    module it takes the view's types only, not the code that builds views from a state."""
    tree = ast.parse(SOURCE)
    allowed = {"cardtable.core.cards", "cardtable.core.game", "cardtable.core.views"}
    view_types = {"MeldView", "RummyOptions", "RummyView", "rummy_view"}
    engine_aliases = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cardtable"):
            if node.module == "cardtable.games.rummy":
                assert {a.name for a in node.names} <= {"actions", "hands"}
                engine_aliases |= {a.asname or a.name for a in node.names}
            elif node.module == "cardtable.games.rummy.views":
                assert {a.name for a in node.names} <= view_types
            else:
                assert node.module in allowed, node.module
        if isinstance(node, ast.Import):
            assert all(not a.name.startswith("cardtable") for a in node.names)
    assert engine_aliases == {"_playout_actions", "_playout_hands"}
    engine_confined_to_playout(tree, engine_aliases, playout_named=True)


# -- scenarios ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_scenario_file_is_complete(game: str) -> None:
    assert len(SCENARIOS[game]) >= 10
    for sc in SCENARIOS[game]:
        assert sc["why"] and (sc.get("must") or sc.get("never"))
        m = setup(game, sc)
        assert m.to_move == sc["seat"]
        legal = [str(a) for a in m.legal_actions()]
        assert set(sc.get("must", [])) | set(sc.get("never", [])) <= set(legal), sc["name"]
        dealt = Match(game, seed=0, dealer=sc["dealer"], deck=sc["deck"], **sc["options"])
        for seat, cards in enumerate(sc["hands"]):
            assert sorted(dealt.view(seat)["state"]["hand"]) == sorted(cards.split()), sc["name"]
        assert dealt.view(0)["state"]["discard_pile"] == [sc["upcard"]]


CASES = [
    pytest.param(game, sc, level, id=f"{game} {level}: {sc['name']}")
    for game in GAMES
    for sc in SCENARIOS[game]
    for level in ("heuristic", "search:medium")
    if level == "heuristic" or sc.get("search")
]


@pytest.mark.parametrize(("game", "sc", "level"), CASES)
def test_scenario(game: str, sc: dict[str, Any], level: str) -> None:
    got = bot_move(game, level, setup(game, sc))
    if sc.get("must"):
        assert got in sc["must"], f"{sc['name']}: played {got}; {sc['why']}"
    assert got not in sc.get("never", []), f"{sc['name']}: played {got}; {sc['why']}"
