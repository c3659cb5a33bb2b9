"""How long the longest match a table may ask for lasts: each game played by random computer
players with its defaults and with its match length option (``target``, Buck Euchre's
``start``) at the bound its option spec declares, over several seeds. Prints figures (hands
and actions per match, engine seconds, and the hours a card room's computer-only table takes
at the default pause between computer moves); never used as a test.

    .venv/bin/python bench/longest_matches.py --matches 5
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardtable.bots import RandomBot
from cardtable.core.match import Match
from cardtable.core.registry import game_ids, rules_class
from cardtable.server.config import ServerConfig

LENGTH_OPTIONS = ("target", "start")  # the options that set how long a match runs


def longest_options(game: str) -> dict[str, object]:
    """The match length options at their declared upper bound."""
    return {
        s.name: s.high
        for s in rules_class(game).option_specs
        if s.name in LENGTH_OPTIONS and s.high is not None
    }


def play(game: str, seed: int, options: dict[str, object]) -> tuple[int, int, float]:
    """One match between random players: (hands, actions, seconds)."""
    start = time.perf_counter()
    m = Match(game, seed=seed, **options)
    bot = RandomBot(seed)
    actions = 0
    while not m.is_over:
        seat = m.to_move
        assert seat is not None
        m.play(bot.choose(m.view(seat), m.legal_actions()))
        actions += 1
    return m.hand_number, actions, time.perf_counter() - start


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=5)
    a = p.parse_args()
    delay = ServerConfig().bot_delay
    print(f"{a.matches} matches each, random players; room time at {delay} s per computer move")
    for game in game_ids():
        if game.startswith("toy"):
            continue
        for label, options in (("default", {}), ("longest", longest_options(game))):
            runs = [play(game, seed, options) for seed in range(1, a.matches + 1)]
            hands = [r[0] for r in runs]
            actions = [r[1] for r in runs]
            seconds = [r[2] for r in runs]
            shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            print(
                f"{game:15} {label:8} ({shown}): hands mean {statistics.mean(hands):.0f} "
                f"max {max(hands)}; actions mean {statistics.mean(actions):.0f} "
                f"max {max(actions)}; engine {statistics.mean(seconds):.2f} s/match; "
                f"room {max(actions) * delay / 3600:.2f} h at most"
            )


if __name__ == "__main__":
    main()
