"""Computer players for Royal Casino: the sampled worlds (``determinize``), the heuristic bot on
the situations of ``tests/scenarios/royal-casino.json``, the search bot's playout policy, and
fairness: the bots see only a seat's view, so hidden cards arranged differently behind the
same view change nothing they do. Strength and speed are measured with ``cardtable
tournament`` and ``bench/run.py``, never here (docs/bots_royal_casino.md)."""

from __future__ import annotations

import ast
import inspect
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable import Match
from cardtable.bots import make_bot
from cardtable.bots.catalog import bots_for
from cardtable.bots.heuristic import royal_casino as heuristic
from cardtable.bots.knowledge import GameBots
from cardtable.bots.search import SearchBot, rules_for
from cardtable.core.cards import card_str
from cardtable.core.invariants import check_determinize
from cardtable.games.royal_casino.values import VALUE_CARDS
from tests.support.bots import rearranged
from tests.support.royal_casino import stack

GAME = "royal-casino"
SCENARIOS = json.loads((Path(__file__).parent / "scenarios" / "royal-casino.json").read_text())


def scenario_match(s: dict[str, Any]) -> Match:
    """The match of a scenario: its stacked deck(s) and the actions in notation played."""
    m = Match(
        GAME, players=s["players"], seed=0, dealer=s["dealer"], deck=s["deck"],
        **s.get("options", {}),
    )  # fmt: skip
    for text in s["actions"]:
        m.play(text)
    return m


# -- determinize (RC-13 owners, every card once, the same view and options) -----------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampled_worlds_match_the_view_at_every_step(players: int) -> None:
    """check_determinize at every step of 70 random matches per player count (210 in all),
    every seat, with low targets on some so that near-21 hands (RC-22) come up."""
    owners = near = 0
    for seed in range(70):
        rng = random.Random(seed)
        target = (21, 11, 7)[seed % 3]
        m = Match(GAME, players=players, seed=1000 + seed, target=target)
        while not m.is_over:
            check_determinize(m, rng)
            owners += bool(m.state.builds)
            near += any(m.state.near)
            m.play(rng.choice(m.legal_actions()))
    assert owners > 500 and near > 100  # the hard cases were met often


def test_sampled_worlds_give_owners_their_build_values() -> None:
    """RC-13: an owner holds a card of each of its builds' values in every sampled world, so
    the sampled hand plays out to the end (the owner can always capture its build)."""
    hands = ["7h 9s 3c 4d", "5c Kd 6h Jc", "Qs 2h 8d Tc"]
    m = Match(GAME, players=3, seed=0, dealer=2, deck=stack(2, hands, "2c Ks As 8c"))
    m.play("build 7h: 2c =9")  # seat 0 owns a 9, and holds 9s
    rng = random.Random(1)
    seen_nines = set()
    for _ in range(200):
        world = m.rules.determinize(m.rules.view(m.state, 1), 1, rng)
        nines = world.hands[0] & VALUE_CARDS[9]
        assert nines, "the owner of a 9-build holds a 9"
        seen_nines.add(nines)
        assert world.hands[1] == m.state.hands[1]  # the seat's own hand is its own
        while m.rules.to_move(world) is not None:
            world = m.rules.apply(world, rng.choice(m.rules.legal_actions(world)))
    assert len(seen_nines) > 1  # which 9 is dealt at random


def test_sampled_worlds_vary_the_hidden_cards_only() -> None:
    m = Match(GAME, players=2, seed=5)
    for _ in range(8):  # the second deal: the other hand holds 4 cards, the stock 32
        m.play(m.legal_actions()[0])
    seat = m.to_move
    assert seat is not None and m.state.hands[1 - seat].bit_count() == 4
    view = m.rules.view(m.state, seat)
    rng = random.Random(2)
    worlds = [m.rules.determinize(view, seat, rng) for _ in range(30)]
    other = 1 - seat
    assert len({w.hands[other] for w in worlds}) > 20
    assert len({w.stock for w in worlds}) == 30
    for w in worlds:
        assert w.loose == m.state.loose and w.piles == m.state.piles
        assert w.builds == m.state.builds and w.hands[seat] == m.state.hands[seat]
        assert sorted(w.stock + tuple(c for c in range(52) if w.hands[other] >> c & 1)) == sorted(
            m.rules.hidden(m.state, seat)
        )


# -- the heuristic on the scenarios --------------------------------------------------------------
def test_the_scenario_file_is_well_formed() -> None:
    assert len(SCENARIOS) >= 10
    names = [s["name"] for s in SCENARIOS]
    assert len(set(names)) == len(names)
    for s in SCENARIOS:
        assert s["why"] and ("must" in s or "never" in s), s["name"]


@pytest.mark.parametrize("s", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_heuristic_plays_the_scenarios_right(s: dict[str, Any]) -> None:
    m = scenario_match(s)
    if "scores" in s:
        assert m.scores == s["scores"] and m.hand_number == 2
    seat = m.to_move
    assert seat is not None
    legal = [str(a) for a in m.legal_actions()]
    named = s.get("must", []) + s.get("never", [])
    assert set(named) <= set(legal), f"{s['name']}: a named play is not legal here"
    assert set(legal) - set(s.get("never", [])), "there must be a good play left"
    if "must" in s:
        assert set(legal) - set(s["must"]), "a must-scenario needs a wrong choice to avoid"
    choice = str(make_bot(GAME, "heuristic", 0).choose(m.view(seat), m.legal_actions()))
    if "must" in s:
        assert choice in s["must"], f"{s['name']}: chose {choice} ({s['why']})"
    assert choice not in s.get("never", []), f"{s['name']}: chose {choice} ({s['why']})"


FAST = [s for s in SCENARIOS if s.get("search")]


@pytest.mark.parametrize("s", FAST, ids=[s["name"] for s in FAST])
def test_search_medium_plays_the_plain_scenarios_right(s: dict[str, Any]) -> None:
    """The search bot on the scenarios marked ``search``: those whose right play is clear
    enough for 300 sampled deals. Early in a hand the spread of whole-hand results hides
    differences of a point or so, and near-21 play is about winning the match, which the hand
    utility the search maximises does not see (docs/bots_royal_casino.md)."""
    m = scenario_match(s)
    seat = m.to_move
    assert seat is not None
    choice = str(make_bot(GAME, "search:medium", 0).choose(m.view(seat), m.legal_actions()))
    if "must" in s:
        assert choice in s["must"], f"{s['name']}: chose {choice} ({s['why']})"
    assert choice not in s.get("never", []), f"{s['name']}: chose {choice} ({s['why']})"


def test_near_21_changes_what_the_heuristic_takes() -> None:
    """The same cards with no near-21 limit: Big Casino (2 points) is worth more than Little
    Casino (1), so the heuristic only prefers Little Casino when RC-22 makes it the match."""
    s = next(s for s in SCENARIOS if s["name"] == "near 21: deny Little Casino")
    m = scenario_match({**s, "options": {"target": 40}})
    seat = m.to_move
    assert seat is not None
    assert m.view(seat)["state"]["near_21"] == [None, None]
    reading = heuristic.Reading(m.view(seat))
    near = scenario_match(s)
    limited = heuristic.Reading(near.view(seat))
    assert near.view(seat)["state"]["near_21"] == ["little casino", None]
    td, two = 22, 40  # Td, 2s
    assert (card_str(td), card_str(two)) == ("Td", "2s")
    assert reading.price[td] > reading.price[two]
    assert limited.price[two] > limited.price[td]


# -- the heuristic's parts -----------------------------------------------------------------------
def test_parse_reads_every_legal_play_back() -> None:
    rng = random.Random(4)
    for seed in range(20):
        m = Match(GAME, players=2 + seed % 3, seed=seed)
        while not m.is_over and m.hand_number == 1:
            for a in m.legal_actions():
                kind, played, named, value = heuristic.parse(str(a))
                assert kind == str(a).split()[0] and played == a.card  # type: ignore[attr-defined]
                assert named == getattr(a, "cards", 0) and value == getattr(a, "value", 0)
            m.play(rng.choice(m.legal_actions()))


def test_unions_are_disjoint_groups_of_the_value() -> None:
    loose = sum(1 << c for c in (1, 2, 16, 20, 39))  # 2c 3c 4d 8d As
    for v in range(1, 15):
        for u in heuristic.unions(loose, v):
            assert u and u & ~loose == 0
    # the groups worth 5 are 2c+3c and 4d+As: both together, or either alone
    fives = set(heuristic.unions(loose, 5))
    assert (1 << 1 | 1 << 2 | 1 << 16 | 1 << 39) in fives and len(fives) == 3


def test_every_choice_is_legal_in_whole_matches() -> None:
    """The heuristic and its playout policy always answer with one of the legal plays, in every
    seat of 2, 3 and 4 player matches."""
    for players in (2, 3, 4):
        m = Match(GAME, players=players, seed=players)
        bots = [make_bot(GAME, "heuristic", seat) for seat in range(players)]
        while not m.is_over:
            seat = m.to_move
            assert seat is not None
            legal = m.legal_actions()
            choice = bots[seat].choose(m.view(seat), legal)
            assert choice in legal
            world = m.rules.determinize(m.rules.view(m.state, seat), seat, random.Random(0))
            assert heuristic.playout(m.rules, world, random.Random(0)) in m.rules.legal_actions(
                world
            )
            m.play(choice)


def test_heuristic_beats_random_in_a_short_series() -> None:
    """Not the strength measurement (docs/bots_royal_casino.md): a smoke check that the
    strategy is not upside down. Ten matches, seats alternating."""
    wins = 0
    for seed in range(10):
        m = Match(GAME, players=2, seed=seed)
        mine = seed % 2
        bots = {mine: make_bot(GAME, "heuristic", seed), 1 - mine: make_bot(GAME, "random", seed)}
        while not m.is_over:
            seat = m.to_move
            assert seat is not None
            m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
        wins += m.winner == mine
    assert wins >= 9


def test_make_bot_builds_the_levels() -> None:
    assert bots_for(GAME).heuristic is heuristic.HeuristicBot
    assert isinstance(make_bot(GAME, "heuristic", 1), heuristic.HeuristicBot)
    bot = make_bot(GAME, "search:medium", 1)
    assert isinstance(bot, SearchBot) and bot.knowledge.playout is heuristic.playout


# -- what the search sees --------------------------------------------------------------------------
def positions(count: int) -> list[tuple[Match, int]]:
    """Positions of first hands a few plays in, with a choice to make."""
    out = []
    for seed in range(200):
        rng = random.Random(seed)
        m = Match(GAME, players=2 + seed % 3, seed=seed)
        for _ in range(rng.randrange(2, 14)):
            m.play(rng.choice(m.legal_actions()))
        if m.hand_number == 1 and m.to_move is not None and len(m.legal_actions()) > 3:
            out.append((m, m.to_move))
        if len(out) == count:
            break
    return out


def test_search_sees_nothing_but_the_view() -> None:
    """The search bot's estimates are a function of the view and the seed: identical for two
    deals that differ only in what the seat cannot see."""
    m, seat = positions(1)[0]
    other = None
    rng = random.Random(3)
    while other is None:
        other = rearranged(m, seat, rng)
    legal = m.legal_actions()
    first = SearchBot(40, seed=2, knowledge=GameBots(playout=heuristic.playout)).analyse(
        m.view(seat), legal
    )
    second = SearchBot(40, seed=2, knowledge=GameBots(playout=heuristic.playout)).analyse(
        other.view(seat), legal
    )
    assert [(str(e.action), e.visits, e.mean) for e in first] == [
        (str(e.action), e.visits, e.mean) for e in second
    ]
    assert rules_for(m.view(seat)) is rules_for(other.view(seat))


# the card notation, the Action base class, and the shape of a view (types only)
ALLOWED = {
    "cardtable.core.cards",
    "cardtable.core.game",
    "cardtable.core.views",
    "cardtable.games.royal_casino.views",
}


def test_the_heuristic_module_imports_no_game_internals() -> None:
    """The bot module may import the card notation and the Action base class, never the
    game's state classes or engine; the playout policy reads sampled worlds through its
    arguments only."""
    tree = ast.parse(inspect.getsource(heuristic))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    ours = {name for name in imported if name.startswith("cardtable")}
    assert ours <= ALLOWED, ours - ALLOWED


def test_only_the_playout_policy_touches_a_state() -> None:
    """Every function of the module but ``playout`` works from views, masks and notation: the
    name ``state`` (a sampled world) appears in ``playout`` alone."""
    tree = ast.parse(inspect.getsource(heuristic))
    users = set()
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Name) and node.id == "state":
                    users.add(fn.name)
    assert users == {"playout"}
