"""How often a Buck Euchre level's decisions are the heuristic strategy's from the same view.

    .venv/bin/python bench/be_agreement.py search:medium --hands 60 --seed 900

Every seat plays the level; at each of its decisions with a choice the heuristic bot is asked
too, from the same view and legal actions, and the two are compared, phase by phase. The
search's sampler reads the others' card play as a club player's (``worlds.playout_worlds``),
so this says how far that model is from the players met (docs/bots_buck_euchre.md, "Reading
how each player plays its cards"). Where the two differ in the bidding it prints which way:
the level's choice beside the heuristic's (an order the heuristic would have passed, a stay it
would have dropped, ...), the direction a reading of that player's bids would lean.
"""

from __future__ import annotations

import argparse
import collections
import time

from cardtable import Match
from cardtable.bots import make_bot

GAME = "buck-euchre"


def bid_kind(action: str) -> str:
    """A bid's kind (order, pass, trump, stay, drop), or a discard's, without its card."""
    return action.split()[0]


def phase_of(legal: list[str]) -> str:
    """The decision's phase, from the kinds of its legal actions (BE-5 … BE-10)."""
    kinds = {bid_kind(a) for a in legal}
    for kind, phase in (("stay", "stay or drop"), ("order", "order"), ("trump", "name")):
        if kind in kinds:
            return phase
    return "discard" if "discard" in kinds else "card play"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level")
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=900)
    args = parser.parse_args()
    same: collections.Counter[str] = collections.Counter()
    total: collections.Counter[str] = collections.Counter()
    differ: collections.Counter[tuple[str, str, str]] = collections.Counter()
    started = time.process_time()
    hands = match = 0
    while hands < args.hands:
        m = Match(GAME, players=4, seed=args.seed + match)
        bots = [make_bot(GAME, args.level, args.seed * 10 + match * 4 + s) for s in range(4)]
        club = make_bot(GAME, "heuristic", 1)
        match += 1
        while not m.is_over and hands < args.hands:
            seat = m.to_move
            assert seat is not None
            legal, view = m.legal_actions(), m.view(seat)
            action = bots[seat].choose(view, legal)
            if len(legal) > 1:
                phase = phase_of([str(a) for a in legal])
                total[phase] += 1
                theirs = str(club.choose(view, legal))
                same[phase] += theirs == str(action)
                if theirs != str(action) and phase != "card play":
                    differ[phase, bid_kind(str(action)), bid_kind(theirs)] += 1
            number = m.hand_number
            m.play(action)
            hands += m.hand_number != number or m.is_over
    for phase, n in sorted(total.items()):
        print(f"{args.level} {phase}: {same[phase]} of {n} = {same[phase] / n:.0%}")
    for (phase, level, club_choice), n in sorted(differ.items()):
        print(f"  {phase}: {args.level} {level} where the heuristic {club_choice}: {n}")
    agreed, n = sum(same.values()), sum(total.values())
    print(f"all: {agreed} of {n} = {agreed / n:.0%}; {hands} hands, {match} matches")
    print(f"CPU {time.process_time() - started:.0f} s")


if __name__ == "__main__":
    main()
