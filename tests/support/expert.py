"""What the ``expert`` tests of several games share (no tests of its own): positions reached by
heuristic players, and the checks that the expert solves a position from the view alone or
leaves it to the search."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from cardtable import Match
from cardtable.bots import make_bot
from cardtable.bots.catalog import bots_for
from cardtable.bots.expert import ExpertBot
from cardtable.bots.search import search_bot

Wanted = Callable[[Mapping[str, Any]], bool]


def heuristic_positions(
    game: str,
    count: int,
    wanted: Wanted,
    players: int,
    most: int | None = None,
    passes: Callable[[int], int] = lambda _: 0,
) -> list[Match]:
    """Up to ``count`` positions of a first hand, one per seed, reached by heuristic players:
    in each, the first position with a choice to make whose view's state is ``wanted``, the
    seat holding at most ``most`` cards, after passing over ``passes(seed)`` such positions."""
    out = []
    for seed in range(200):
        m = Match(game, players=players, seed=seed)
        bots = [make_bot(game, "heuristic", seed * 4 + s) for s in range(players)]
        skip = passes(seed)
        while m.to_move is not None and m.hand_number == 1:
            view = m.view(m.to_move)
            legal = m.legal_actions()
            state = view["state"]
            held = len(state["hand"] or ())
            if len(legal) > 1 and (most is None or held <= most) and wanted(state):
                if skip == 0:
                    out.append(m)
                    break
                skip -= 1
            m.play(bots[m.to_move].choose(view, legal))
        if len(out) == count:
            break
    return out


def assert_solved_from_the_view(game: str, m: Match) -> None:
    """The expert solves the position's sampled worlds, and the view as plain JSON (nothing of
    the engine can ride along) gives the same choice as the view itself."""
    seat = m.to_move
    assert seat is not None
    view = m.view(seat)
    legal = m.legal_actions()
    bot = make_bot(game, "expert", seed=3)
    assert isinstance(bot, ExpertBot)
    chosen = bot.choose(json.loads(json.dumps(view)), legal)
    assert bot.solved == 1 and chosen in legal
    assert str(make_bot(game, "expert", seed=3).choose(view, legal)) == str(chosen)


def assert_the_search_chooses(game: str, m: Match, **options: Any) -> None:
    """The expert leaves the position to its search: it chooses as the search bot with the same
    seed does, and solves nothing."""
    seat = m.to_move
    assert seat is not None
    view = m.view(seat)
    legal = m.legal_actions()
    bot = ExpertBot(search_bot(game, 40, seed=3), bots_for(game), **options)
    same = search_bot(game, 40, seed=3)
    assert str(bot.choose(view, legal)) == str(same.choose(view, legal))
    assert bot.solved == 0
