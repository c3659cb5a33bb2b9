"""Loose club players for Buck Euchre, a cheap stand-in for players that bid more readily
than a club player, and a search told their lines (docs/bots_buck_euchre.md, "A table that
bids more readily").

    PYTHONPATH=bench nice -n 19 .venv/bin/python bench/sprt_run.py buck-euchre \\
        --bots search:medium,be_loose:loose,be_loose:loose,be_loose:loose \\
        --matches 200 --seed 11 --sprt p0=0.25,p1=0.4 --workers 1 --fixed

ISMCTS stays in where a club player would drop about one decision in five, and orders or
names more readily too (``bench/be_agreement.py``); among three ISMCTS seats most matches end
on a sweep (BE-13), and ``expert``, which models every other seat as a club player, wins
fewer than among club players. A seat of ``loose`` is the heuristic bot with lower lines: it
orders or names trump at ``MAKE_SHIFT`` points below the club player's make line (BE-5,
BE-6) and stays in at ``STAY_SHIFT`` below its stay line (BE-8); its card play is the club
player's. It costs a heuristic seat's time, so a search seat among three of them plays a
match in under three CPU seconds where a match among three ISMCTS seats costs about fifty.
The shifts were chosen with ``calibrate`` (run this file: ``PYTHONPATH=bench
.venv/bin/python bench/be_loose.py --matches 800 -- 0,0 -0.5,-1.5 -1,-1``; ``--sloppy``
plays half the loose players' cards at random).

``medium_known`` differs from ``search:medium`` only in how it models the others' bids, in
the reading of the bids and in the playouts (``Leanings``): it is told the loose players'
lines, a bound on what reading them from their bids over the match (as ``bench/be_lines.py``
does) could give.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from be_club_others import Searched  # pilots of bench/, beside this one
from be_lines import LinesWorlds
from match_ends import START, summary

from cardtable import Match
from cardtable.bots.base import Bot
from cardtable.bots.heuristic.buck_euchre import (
    STYLE,
    HeuristicBot,
    Leanings,
    lined_playout,
)
from cardtable.bots.knowledge import GameBots
from cardtable.bots.search import STRENGTHS, search_bot
from cardtable.core.game import Action
from cardtable.core.views import View, own_seat
from cardtable.games.buck_euchre import SEATS, Play

#: How much more readily a loose player makes trump and stays in, in points below the club
#: player's lines (``Style.make``, ``Style.stay``).
MAKE_SHIFT = -0.5
STAY_SHIFT = -1.5
#: The share of a sloppy player's card plays with a choice made at random.
SLOPPY = 0.5
LOOSE = replace(STYLE, make=STYLE.make + MAKE_SHIFT, stay=STYLE.stay + STAY_SHIFT)


def loose(game: str, seed: int | None) -> Bot:
    """The heuristic bot at the loose lines."""
    return HeuristicBot(seed, LOOSE)


class Sloppy(HeuristicBot):
    """The loose player whose card play (BE-10) is a legal card at random in ``SLOPPY`` of
    its plays with a choice, and the club player's otherwise."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) > 1 and isinstance(legal[0], Play) and self.rng.random() < SLOPPY:
            return self.rng.choice(list(legal))
        return super().choose(view, legal)


def sloppy(game: str, seed: int | None) -> Bot:
    """The loose player with a sloppy card play."""
    return Sloppy(seed, LOOSE)


class KnownLines(Searched):
    """``search:medium`` whose bid reading and playouts bid for the other seats at the loose
    lines, as if it had read them exactly from their bids."""

    def knowledge_for(self, view: View) -> GameBots:
        seat = own_seat(view)
        make = tuple(0.0 if s == seat else MAKE_SHIFT for s in range(SEATS))
        stay = tuple(0.0 if s == seat else STAY_SHIFT for s in range(SEATS))
        leanings = Leanings(make, stay)
        return replace(
            self.knowledge, worlds=LinesWorlds(leanings), playout=lined_playout(leanings)
        )


def medium_known(game: str, seed: int | None) -> Bot:
    """``search:medium`` told the loose players' lines."""
    return KnownLines(search_bot(game, STRENGTHS["medium"], seed))


def calibrate(make: float, stay: float, matches: int, sloppy_play: bool = False) -> str:
    """How a heuristic seat fares among three players at lines ``make`` and ``stay`` below
    the club player's (sloppy in the play if asked): the figures a stand-in is chosen by,
    to set beside a heuristic seat's among three ISMCTS seats (``bench/match_ends.py``)."""
    style = replace(STYLE, make=STYLE.make + make, stay=STYLE.stay + stay)
    rows: list[dict[str, Any]] = []
    hands = 0
    for i in range(matches):
        me = i % SEATS  # every seat rotated
        match = Match("buck-euchre", players=SEATS, seed=10_000 + i)
        bots = [
            HeuristicBot(i)
            if s == me
            else (Sloppy if sloppy_play else HeuristicBot)(SEATS * i + s, style)
            for s in range(SEATS)
        ]
        points, before = [], [START] * SEATS
        while not match.is_over:
            seat = match.to_move
            assert seat is not None
            match.play(bots[seat].choose(match.view(seat), match.legal_actions()))
            scores = list(match.view(me)["scores"])
            if scores != before:
                points.append([a - b for a, b in zip(scores, before, strict=True)])
                before = scores
        hands += len(points)
        sides = [0 if s == me else 1 for s in range(SEATS)]
        rows.append({"sides": sides, "points": points, "winner": match.view(me)["winner"]})
    got = summary(rows)
    own, reached = got.get("won by its sweep", 0), got.get("won reaching 0", 0)
    out, set_in = got.get("lost: another's sweep", 0), got.get("lost: another's sweep, it set", 0)
    won, theirs = own + reached, got["the others' points a hand"]
    return (
        f"make {make:+}, stay {stay:+}{', sloppy' if sloppy_play else ''}: won {won:.0f} of "
        f"{matches} ({won / matches:.1%}), {own:.0f} by its sweep; lost to another's sweep "
        f"{out:.0f} out of the hand, {set_in:.0f} set in it; {hands / matches:.1f} hands a "
        f"match; points a hand {got['points a hand']:+.2f}, set in "
        f"{got['set, share of hands']:.1%} of hands; the others "
        f"{theirs:+.2f}, set in "
        f"{got['the others set, share of hands']:.1%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="calibrate the loose stand-in")
    parser.add_argument("--matches", type=int, default=800)
    parser.add_argument("--sloppy", action="store_true")
    parser.add_argument("shifts", nargs="+", help="make,stay pairs after --, e.g. -- -0.5,-1.5")
    args = parser.parse_args()
    for pair in args.shifts:
        make, stay = (float(x) for x in pair.split(","))
        print(calibrate(make, stay, args.matches, args.sloppy))


if __name__ == "__main__":
    main()
