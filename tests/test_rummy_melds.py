"""A deliberately naive meld checker, written from the rule text (R5-4, R5-5, R5-9, QC-5) and
reading only a seat's view, agreeing with the engine on every meld and lay-off it lists, over
thousands of random positions."""

from __future__ import annotations

from itertools import combinations

from cardtable.games.rummy.actions import parse
from cardtable.games.rummy.state import PLAYING
from tests.support.rummy import random_positions

RANKS = "A23456789TJQK"
SUITS = "cdhs"
ALL_FACES = [r + s for s in SUITS for r in RANKS]


def is_meld(cards: list[tuple[str, bool]]) -> bool:
    """``cards``: (the card each stands for, whether it is natural). Three or more, at least
    one natural; a set is one rank, at most four, all suits different; a run is one suit in
    sequence with the ace low (1) or high (14), never both."""
    if len(cards) < 3 or not any(natural for _, natural in cards):
        return False
    ranks = [c[0] for c, _ in cards]
    suits = [c[1] for c, _ in cards]
    if len(set(ranks)) == 1:
        return len(cards) <= 4 and len(set(suits)) == len(suits)
    if len(set(suits)) != 1:
        return False
    for ace in (1, 14):
        values = sorted(ace if r == "A" else RANKS.index(r) + 1 for r in ranks)
        if values == list(range(values[0], values[0] + len(values))):
            return True
    return False


def _order(card: str) -> tuple[int, int]:
    return SUITS.index(card[1]), RANKS.index(card[0])


def meld_text(naturals: list[str], jokers: list[str]) -> str:
    words = sorted(naturals, key=_order) + ["Jo=" + c for c in sorted(jokers, key=_order)]
    return "meld " + " ".join(words)


def naive_melds(hand: list[str]) -> set[str]:
    """Every meld of the hand: each run and set of the deck, with each way of letting held
    jokers stand for some of its cards."""
    faces = set(hand) - {"Jo"}
    jokers = hand.count("Jo")
    shapes = []
    for s in SUITS:
        for start in range(1, 13):
            for end in range(start + 2, 15):
                if start == 1 and end == 14:
                    continue
                shapes.append([RANKS[(v - 1) % 13] + s for v in range(start, end + 1)])
    for r in RANKS:
        for k in (3, 4):
            shapes.extend([r + s for s in chosen] for chosen in combinations(SUITS, k))
    found = set()
    for shape in shapes:
        held = [c for c in shape if c in faces]
        missing = [c for c in shape if c not in faces]
        for k in range(0, jokers - len(missing) + 1):
            for as_jokers in combinations(held, k):
                naturals = [c for c in held if c not in as_jokers]
                stands = [(c, True) for c in naturals] + [(c, False) for c in missing]
                stands += [(c, False) for c in as_jokers]
                if is_meld(stands):
                    found.add(meld_text(naturals, missing + list(as_jokers)))
    return found


def naive_layoffs(hand: list[str], melds: list[dict[str, object]]) -> set[str]:
    """Every card of the hand (a joker: as any card) that, added to a meld on the table,
    still makes a meld."""
    found = set()
    for meld in melds:
        cards = meld["cards"]
        assert isinstance(cards, list)
        on = [(c.split("=")[-1], not c.startswith("Jo=")) for c in cards]
        for card in set(hand):
            for face in ALL_FACES if card == "Jo" else [card]:
                if is_meld([*on, (face, card != "Jo")]):
                    name = face if card != "Jo" else "Jo=" + face
                    found.add(f"layoff {name} on {meld['number']}")
    return found


CONFIGS: list[tuple[str, int, dict[str, object]]] = [
    ("rummy-500", 2, {}),
    ("rummy-500", 3, {}),
    ("rummy-500", 6, {}),  # two decks, four jokers
    ("rummy-500", 8, {"floating": True, "dead_last_discard": True}),
    ("queen-city-rum", 2, {}),
]


def test_rummy_naive_meld_checker_agrees_with_the_engine() -> None:
    checked = melds_seen = layoffs_seen = 0
    for game, players, options in CONFIGS:
        playing = random_positions(
            game, players, options, seed=players, count=420, keep=lambda _, st: st.phase == PLAYING
        )
        for rules, st, acts in playing:
            seat = rules.to_move(st)
            view = rules.view(st, seat)
            hand, duty = view["hand"], view["must_use"]
            legal = [str(a) for a in acts]
            melds = {a for a in legal if a.startswith("meld ")}
            layoffs = {a for a in legal if a.startswith("layoff ")}
            expect_melds = naive_melds(hand)
            expect_layoffs = naive_layoffs(hand, view["melds"])
            assert melds <= expect_melds, sorted(melds - expect_melds)
            assert layoffs <= expect_layoffs, sorted(layoffs - expect_layoffs)
            n = len(hand)
            # a placement may be missing only where C-7 (or QC-6) can bite: something is
            # still required, or fewer than three cards would stay; and then the engine must
            # say so
            sure = not duty and view["may_not_discard"] != "Jo"
            for text in (expect_melds - melds) | (expect_layoffs - layoffs):
                size = 1 if text.startswith("layoff") else len(text.split()) - 1
                assert n - size > 0 or text.startswith("layoff"), text
                assert not (sure and n - size >= 3), (text, hand, legal)
                assert rules.explain(st, parse(text)).rule in ("C-7", "QC-6"), text
            checked += 1
            melds_seen += len(melds)
            layoffs_seen += len(layoffs)
    assert checked >= 2000
    assert melds_seen > 1000 and layoffs_seen > 1000  # the comparison had material
