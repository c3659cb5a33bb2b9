"""The pilot reading of how readily each Buck Euchre player makes trump and stays in
(``bench/be_lines.py``): the chances of the bids it reads (BE-5, BE-6, BE-8), a club player's
lines as the default everywhere, and looser players read as looser."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import cast

from cardtable import Match
from cardtable.bots import make_bot
from cardtable.bots.buck_euchre.bids import Bids, order_chance, stay_chance
from cardtable.bots.heuristic.buck_euchre import (
    CLUB,
    HeuristicBot,
    Leanings,
    Style,
    lined_playout,
    playout,
)
from cardtable.games.buck_euchre import SEATS, BuckEuchreView, Unseen

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from be_lines import Lines, events  # a pilot of bench/, found by the line above

GAME = "buck-euchre"
LOOSE = Style(make=-1.0, stay=-3.0)  # orders, names and stays more readily than a club player


def test_a_club_players_lines_are_the_default_everywhere() -> None:
    """With no leaning, the playouts and the bid reading bid as they always did; a leaning
    below 0 makes ordering and staying likelier (BE-5, BE-8)."""
    m = Match(GAME, players=SEATS, seed=4)
    state = m.state
    rng = random.Random(1)
    assert str(lined_playout(CLUB)(None, state, rng)) == str(playout(None, state, rng))
    hand, up = 0b11111 << 3, 8
    assert order_chance(hand, up, False, -1.0) > order_chance(hand, up, False, 0.0)
    assert stay_chance(hand, 0, -1.0) > stay_chance(hand, 0, 0.0)
    u = Unseen(cast(BuckEuchreView, m.view(1)["state"]), 1)
    assert Bids(u).leanings == CLUB


def test_the_make_bids_of_a_club_player_read_as_likelier_than_not() -> None:
    """A heuristic player who played its hand out showed its cards; read at a club player's
    lines, each of its orders, passes and namings is at least as likely as not (one make
    count: docs/bots_buck_euchre.md)."""
    checked = 0
    for seed in (21, 22, 23):
        m = Match(GAME, players=SEATS, seed=seed)
        bots = [make_bot(GAME, "heuristic", s) for s in range(SEATS)]
        while not m.is_over:
            number = m.hand_number
            seat = m.to_move
            assert seat is not None
            m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
            if m.hand_number == number and not m.is_over:
                continue
            last = m.view(0)["last_hand"]
            assert last is not None
            u = Unseen(cast(BuckEuchreView, last["state"]), 0)
            bids = Bids(u)
            hands, _, discard = u.draw(random.Random(0))
            dealt, held = bids.dealt_and_held(hands, discard)
            for who in range(1, SEATS):
                if u.played[who].bit_count() != 5:
                    continue  # dropped, or the hand not played (BE-9): cards never shown
                make, _ = events(bids, who)
                for chance in make:
                    assert chance(dealt, held, 0.0) >= 0.5
                    checked += 1
    assert checked > 25


def test_looser_players_are_read_as_looser() -> None:
    """Over a few matches, seats that order, name and stay more readily than a club player
    are read with lower lines than club seats at the same table."""
    loose_make, club_make, loose_stay, club_stay = [], [], [], []
    for seed in range(60, 64):
        m = Match(GAME, players=SEATS, seed=seed)
        bots = [HeuristicBot(0), HeuristicBot(1, LOOSE), HeuristicBot(2), HeuristicBot(3, LOOSE)]
        lines = Lines(0)
        while not m.is_over:
            seat = m.to_move
            assert seat is not None
            if seat == 0:
                lines.observe(m.view(0))
            m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
        read: Leanings = lines.leanings()
        assert read.make[0] == read.stay[0] == 0.0  # its own seat is not read
        loose_make += [read.make[1], read.make[3]]
        loose_stay += [read.stay[1], read.stay[3]]
        club_make.append(read.make[2])
        club_stay.append(read.stay[2])

    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs)

    assert mean(loose_stay) < mean(club_stay) - 1.0
    assert mean(loose_make) < mean(club_make)
    assert abs(mean(club_stay)) < 1.0 and abs(mean(club_make)) < 0.5
