"""The odds of ``cardtable.bots.rummy_reading`` (how a hidden card's relations to the cards
the other player discarded, left or took make it more or less likely in their hand), counted
in two-player hands, and how much better the reading predicts the other hand than dealing the
hidden cards evenly does, on other hands.

    nice -n 19 .venv/bin/python bench/rummy_reading.py rummy-500 --hands 3000 --seed 60000
    nice -n 19 .venv/bin/python bench/rummy_reading.py rummy-500 --check 200 --seed 70000 \
        --players search:medium

Each seat keeps a ``Reading`` of the other, as the expert does. At each of its draws every
hidden card (one copy at a time) is counted with its relations and whether it is in the other
hand. ``--check`` counts nothing: it prints the mean log loss of each hidden card's chance of
being in the other hand, by the shipped ``ODDS`` against the even chance.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter
from collections.abc import Iterator

from cardtable.bots import make_bot
from cardtable.bots.rummy_reading import ODDS, RELATIONS, Reading, relations
from cardtable.core.cards import parse_card
from cardtable.core.match import Match
from cardtable.core.views import View, own_seat

Sample = tuple[View, Reading, Counter[int], Counter[int]]


def draws(game: str, seeds: range, level: str) -> Iterator[Sample]:
    """Every draw decision of the first hands of two-player matches: the view, the seat's
    reading after it, the hidden cards (face: copies) and those in the other hand."""
    for deal in seeds:
        m = Match(game, players=2, seed=deal)
        players = [make_bot(game, level, deal * 2 + s) for s in range(2)]
        readings = [Reading(), Reading()]
        while m.to_move is not None and m.hand_number == 1:
            seat = m.to_move
            view, legal = m.view(seat), m.legal_actions()
            readings[seat].observe(view)
            if view["state"]["phase"] == "draw":
                yield view, readings[seat], *hidden(m, view, 1 - seat)
            action = players[seat].choose(view, legal)
            readings[seat].chose(view, action)
            m.play(action)


def hidden(m: Match, view: View, other: int) -> tuple[Counter[int], Counter[int]]:
    """The cards hidden from the seat of ``view`` (``Rules.hidden``), and those of them in
    ``other``'s hand."""
    known = Counter(parse_card(c) for c in view["state"]["known"][other])
    theirs = Counter(parse_card(c) for c in m.view(other)["state"]["hand"]) - known
    return Counter(m.rules.hidden(m.state, own_seat(view))), theirs


def weights(view: View, reading: Reading) -> dict[int, float]:
    """The reading's weight of each face being in the other hand (1 where it has none)."""
    leaning = reading.leaning(view)
    row = None if leaning is None else leaning[1 - own_seat(view)]
    return {c: 1.0 if row is None else row[c] for c in range(53)}


def count(game: str, seeds: range, level: str) -> dict[str, tuple[float, float]]:
    """Each relation's odds ratios, (where it holds, where not), with add-one counts."""
    n = {r: [[1, 1], [1, 1]] for r in RELATIONS}  # [holds][in the other hand]
    for view, reading, unknown, theirs in draws(game, seeds, level):
        taken = {parse_card(c) for c in view["state"]["known"][1 - own_seat(view)]}
        for card, copies in unknown.items():
            if card == 52:
                continue
            holds = set(relations(card, reading.discarded, reading.left, taken))
            for r in RELATIONS:
                row = n[r][0 if r in holds else 1]
                row[1] += theirs[card]
                row[0] += copies - theirs[card]
    out = {}
    for r in RELATIONS:
        (out_h, in_h), (out_n, in_n) = n[r]
        total_in, total_out = in_h + in_n, out_h + out_n
        out[r] = (round((in_h / total_in) / (out_h / total_out), 3),
                  round((in_n / total_in) / (out_n / total_out), 3))  # fmt: skip
    return out


def check(game: str, seeds: range, level: str) -> dict[str, float]:
    """Mean log loss (nats) of each hidden copy's chance of being in the other hand."""
    loss_read = loss_even = 0.0
    copies_seen = 0
    for view, reading, unknown, theirs in draws(game, seeds, level):
        w = weights(view, reading)
        size = sum(theirs.values())
        total = sum(w[c] * k for c, k in unknown.items())
        cards = sum(unknown.values())
        for card, copies in unknown.items():
            read = min(0.999, max(0.001, size * w[card] / total))
            even = size / cards
            for k in range(copies):
                held = k < theirs[card]
                loss_read -= math.log(read if held else 1 - read)
                loss_even -= math.log(even if held else 1 - even)
                copies_seen += 1
    return {"hidden copies": copies_seen, "log loss, reading": round(loss_read / copies_seen, 4),
            "log loss, even": round(loss_even / copies_seen, 4)}  # fmt: skip


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", choices=sorted(ODDS))
    p.add_argument("--hands", type=int, default=3000)
    p.add_argument("--check", type=int, default=0, help="hands to check the shipped odds on")
    p.add_argument("--seed", type=int, default=60000)
    p.add_argument("--players", default="heuristic")
    a = p.parse_args()
    if a.check:
        print(json.dumps(check(a.game, range(a.seed, a.seed + a.check), a.players)))
    else:
        odds = count(a.game, range(a.seed, a.seed + a.hands), a.players)
        print(json.dumps({a.game: odds}, indent=1))


if __name__ == "__main__":
    main()
