"""Buck Euchre's learned bidding (``cardtable.bots.buck_euchre.bidding``), which the
``expert`` level bids with: its input reads only the bidder's view, every legal bid (BE-5
ordering, BE-6 naming, BE-8 staying or dropping) has a learned worth, the shipped weights are
loaded by the package, and what they learned agrees with a club player on plain hands.

What the bidding is worth in matches is measured with ``bench/sprt_run.py``
(docs/bots.md), not here.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable import Match
from cardtable.bots import make_bot
from cardtable.bots.buck_euchre import BOTS, bidding
from cardtable.bots.expert import EXPERT_PLAYOUTS, expert_bot
from cardtable.bots.search import search_bot

SCENARIOS = {
    sc["name"]: sc
    for sc in json.loads(
        (Path(__file__).parent / "scenarios" / "buck-euchre.json").read_text(encoding="utf-8")
    )["scenarios"]
}


def setup(sc: dict[str, Any]) -> Match:
    m = Match("buck-euchre", seed=0, dealer=sc["dealer"], deck=sc["deck"], **sc["options"])
    for action in sc["actions"]:
        m.play(action)
    return m


def bidding_views(matches: int) -> list[tuple[Any, list[Any]]]:
    """Every bid with a choice in ``matches`` matches of heuristic players."""
    out = []
    for seed in range(matches):
        m = Match("buck-euchre", seed=seed)
        bots = [make_bot("buck-euchre", "heuristic", seed * 4 + s) for s in range(4)]
        while (mover := m.to_move) is not None:
            legal = m.legal_actions()
            view = m.view(mover)
            if len(legal) > 1 and view["state"]["phase"] in bidding.OUTPUTS:
                out.append((view, legal))
            m.play(legal[0] if len(legal) == 1 else bots[mover].choose(view, legal))
    return out


def test_every_legal_bid_has_a_learned_worth() -> None:
    """BE-5, BE-6, BE-8: each phase's network reads an input of its own size and values every
    legal bid, and the bid chosen is legal."""
    nets = bidding.networks()
    phases = set()
    for view, legal in bidding_views(8):
        seen = bidding.features(view)
        assert seen is not None
        phases.add(seen.phase)
        assert len(seen.inputs) == len(nets[seen.phase].layers[0][0][0])
        worth = bidding.values(view)
        assert worth is not None and set(worth) == {str(a) for a in legal}
        assert bidding.choose(view, legal) in legal
    assert phases == set(bidding.OUTPUTS)


def test_the_input_is_the_bidders_view_alone() -> None:
    """C-6: the hidden cards do not reach the input. Two deals that differ only in the other
    players' hands and the kitty give the first bidder the same input."""
    deck = SCENARIOS["order a strong hand"]["deck"].split(" ")
    dealer = 0
    first = Match("buck-euchre", seed=0, dealer=dealer, deck=" ".join(deck))
    seat = first.to_move
    assert seat is not None
    mine = set(first.view(seat)["state"]["hand"]) | {first.view(seat)["state"]["upcard"]}
    others = [i for i, c in enumerate(deck) if c not in mine]
    rng = random.Random(3)
    shuffled = [deck[i] for i in others]
    rng.shuffle(shuffled)
    again = list(deck)
    for i, c in zip(others, shuffled, strict=True):
        again[i] = c
    second = Match("buck-euchre", seed=0, dealer=dealer, deck=" ".join(again))
    assert second.view(seat)["state"]["hand"] == first.view(seat)["state"]["hand"]
    a, b = bidding.features(first.view(seat)), bidding.features(second.view(seat))
    assert a is not None and b is not None and a.inputs == b.inputs


def test_nothing_is_learned_outside_the_bidding() -> None:
    """The dealer's discard (BE-5) and the card play (BE-10) are left to the search."""
    m = setup(SCENARIOS["the dealer discards a low side card"])
    assert bidding.features(m.view(m.to_move)) is None
    m = setup(SCENARIOS["last to play wins cheaply"])
    assert bidding.features(m.view(m.to_move)) is None


def test_a_network_is_relu_layers_and_a_plain_last_one() -> None:
    net = bidding.Network([([[1.0, -1.0], [0.5, 0.5]], [0.0, -1.0]), ([[2.0, 3.0]], [1.0])])
    # first layer: [1*2 - 1*1, 0.5*2 + 0.5*1 - 1] = [1, 0.5]; then 2*1 + 3*0.5 + 1
    assert net([2.0, 1.0]) == [4.5]
    # a negative first-layer unit is cut to 0: [-1, -0.5] -> [0, 0]
    assert net([0.0, 1.0]) == [1.0]


@pytest.mark.parametrize(
    "name",
    [
        "order a strong hand",
        "pass a weak hand",
        "name the strong suit",
        "do not name on a weak hand",
        "stay with the right bower",
        "drop with nothing",
        "stay in no trump with aces",
        "drop in no trump with nothing",
    ],
)
def test_the_learned_bids_agree_with_a_club_player_on_plain_hands(name: str) -> None:
    """The scenarios of ``tests/scenarios/buck-euchre.json`` whose answer no club player
    doubts (BE-5, BE-6, BE-8, BE-11): what the networks learned from play agrees."""
    sc = SCENARIOS[name]
    m = setup(sc)
    seat = m.to_move
    assert seat is not None
    action = str(bidding.choose(m.view(seat), m.legal_actions()))
    assert action in sc["must"], sc["why"]


def test_the_expert_adds_the_learned_worth_to_its_search_where_it_ranks_by_the_match_chance() -> (
    None
):
    """The ``expert`` level (BOTS.learned_worth): naming (BE-6) and staying or dropping (BE-8),
    ranked by the match chance, go to the best search estimate plus learned worth; ordering
    (BE-5), ranked by points, to the search alone."""
    assert BOTS.learned_worth is bidding.values
    views = bidding_views(3)
    checked = set()
    for view, legal in views:
        phase = view["state"]["phase"]
        if phase in checked:
            continue
        checked.add(phase)
        bot = expert_bot("buck-euchre", seed=5)
        search = search_bot("buck-euchre", EXPERT_PLAYOUTS["buck-euchre"], seed=5)
        estimates = search.analyse(view, legal)
        worth = bidding.values(view)
        assert worth is not None
        if phase == "order":
            expected = estimates[0].action
        else:
            expected = max(estimates, key=lambda e: e.value + worth[str(e.action)]).action
        assert bot.choose(view, legal) == expected
    assert checked == set(bidding.OUTPUTS)
