"""The expert's reading of the other player in two-player rummy (``cardtable.bots.rummy_reading``):
it remembers exactly the cards the other discarded and left on the pile (C-6: from the seat's
own views), and the search's worlds lean the other hand by it without changing the view.
"""

from __future__ import annotations

import pickle
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any, cast

import pytest

from cardtable import Match
from cardtable.bots import make_bot
from cardtable.bots.catalog import bots_for
from cardtable.bots.expert import ExpertBot
from cardtable.bots.rummy_reading import ODDS, LeaningWorlds, Reading
from cardtable.bots.search import SearchBot, search_bot
from cardtable.core.cards import parse_card
from cardtable.core.game import Action
from cardtable.core.views import View
from cardtable.games.rummy.engine import RummyRules
from cardtable.games.rummy.views import RummyView
from cardtable.games.rummy.worlds import determinize

GAMES = ("rummy-500", "queen-city-rum")


@pytest.mark.parametrize("game", GAMES)
def test_the_reading_holds_the_discards_and_the_cards_left_since_its_first_discard(
    game: str,
) -> None:
    """At each of a seat's draws its reading holds every card the other discarded after the
    seat's first discard, and every discard of its own the other then drew past (C-6, R5-6):
    30 two-player hands of random and heuristic play (random play digs, R5-7)."""
    draws_checked = 0
    for deal in range(30):
        m = Match(game, players=2, seed=deal)
        bots = [make_bot(game, "random" if deal % 2 else "heuristic", deal * 2 + s) for s in (0, 1)]
        readings = [Reading(), Reading()]
        discarded: list[set[int]] = [set(), set()]  # per reader, the other's discards read
        left: list[set[int]] = [set(), set()]
        has_discarded = [False, False]
        top_of: list[int | None] = [None, None]  # per seat, its last discard if on top still
        while m.to_move is not None and m.hand_number == 1:
            seat = m.to_move
            view = m.view(seat)
            readings[seat].worlds(view)
            if view["state"]["phase"] == "draw":
                assert readings[seat].discarded == discarded[seat]
                assert readings[seat].left == left[seat]
                draws_checked += 1
            action = bots[seat].choose(view, m.legal_actions())
            readings[seat].chose(view, action)
            words = str(action).split()
            other = 1 - seat
            if words[0] == "draw" and top_of[other] is not None:
                left[other].add(top_of[other])  # type: ignore[arg-type]
            if words[0] in ("draw", "take", "end"):
                top_of[other] = None
            if words[0] == "discard":
                card = parse_card(words[-1])
                if has_discarded[other]:
                    discarded[other].add(card)
                has_discarded[seat] = True
                top_of[seat] = card
            m.play(action)
    assert draws_checked > 300


def test_a_card_beside_a_discard_leans_out_of_the_other_hand_and_beside_a_take_in() -> None:
    """The shipped odds (counted in self-play) make a card of a discarded rank less likely in
    the other hand than a card with no relation, and one of a taken rank more likely."""
    m = Match("rummy-500", players=2, seed=3)
    view = m.view(0)
    reading = Reading()
    reading.discarded = {parse_card("9c")}
    reading.hand = view["hand_number"]
    view["state"]["known"][1] = ["4d"]
    leaning = reading.leaning(view)
    assert leaning is not None and leaning[0] is None
    weights = leaning[1]
    assert weights is not None
    odds = ODDS["rummy-500"]
    assert odds["discarded rank"][0] < odds["discarded rank"][1]
    assert weights[parse_card("9h")] < weights[parse_card("6h")] < weights[parse_card("4s")]


@pytest.mark.parametrize("game", GAMES)
def test_leaning_worlds_keep_the_view_and_put_heavy_cards_in_the_other_hand(game: str) -> None:
    """Worlds drawn with a leaning show the seat its own view; cards weighed a billion times
    the rest are in the other hand in every world, and the hand keeps its size."""
    m = Match(game, players=2, seed=11)
    for _ in range(6):
        m.play(m.legal_actions()[-1])
    seat = m.to_move
    assert seat is not None
    view = m.view(seat)
    state = view["state"]
    other = 1 - seat
    seen = Counter(parse_card(c) for c in state["hand"] + state["discard_pile"])
    hidden = sorted((Counter(m.rules.deck()) - seen).keys() - {52})
    heavy = hidden[:3]
    weights = [1e9 if c in heavy else 1.0 for c in range(53)]
    lean: list[list[float] | None] = [None, None]
    lean[other] = weights
    sample = LeaningWorlds(lean)(m.rules, state, seat, random.Random(1))
    for _ in range(40):
        world = sample()
        assert m.rules.view(world, seat) == state
        theirs = Counter(parse_card(c) for c in m.rules.view(world, other)["hand"])
        assert all(theirs[c] for c in heavy)
        assert sum(theirs.values()) == state["hand_sizes"][other]
    rules = cast(RummyRules, m.rules)
    plain = rules.determinize(cast(RummyView, state), seat, random.Random(2))
    assert plain == determinize(rules, cast(RummyView, state), seat, random.Random(2), None)


@pytest.mark.parametrize("game", GAMES)
def test_the_expert_searches_the_read_worlds_and_carries_its_reading(game: str) -> None:
    """The expert's search draws its worlds with the reading once there is one, goes back to
    the game's sampler after each decision, and the bot with its reading pickles (the room
    runs a bot's decision in another process and takes the bot back)."""
    knowledge = bots_for(game)
    bot = ExpertBot(search_bot(game, 30, seed=4), knowledge)
    used: list[object] = []
    search = bot.search

    class Recording(SearchBot):
        def choose(self, view: View, legal: Any) -> Action:
            used.append(self.knowledge.worlds)
            return super().choose(view, legal)

    search.__class__ = Recording
    m = Match(game, players=2, seed=21)
    other = make_bot(game, "heuristic", 9)
    while m.to_move is not None and m.hand_number == 1:
        seat = m.to_move
        player = bot if seat == 0 else other
        m.play(player.choose(m.view(seat), m.legal_actions()))
        assert bot.search.knowledge is knowledge
    assert bot.reading is not None
    assert any(isinstance(w, LeaningWorlds) for w in used)
    search.__class__ = SearchBot
    again = pickle.loads(pickle.dumps(bot))
    assert again.reading.discarded == bot.reading.discarded  # type: ignore[attr-defined]


def test_the_counting_script_finds_a_discarded_rank_less_likely_in_the_other_hand() -> None:
    """``bench/rummy_reading.py``, which counted ``ODDS``, counts from real play: in 30
    heuristic hands a card of a rank the other discarded is less often in their hand."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    import rummy_reading as script  # a script of bench/, found by the line above

    odds = script.count("rummy-500", range(90000, 90030), "heuristic")
    holds, not_holds = odds["discarded rank"]
    assert holds < 1 < not_holds
