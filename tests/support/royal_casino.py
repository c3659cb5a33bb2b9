"""Set-up shared by the Royal Casino tests: stacked decks written as the hands they deal, and
whole two-player hands scripted from who captures which pair of cards.

``stack`` writes the deck top the way RC-3 deals it (four rounds of one card each from the
player after the dealer, then four cards to the table), so a test can say who holds what.
``scripted_hand`` writes a complete two-player hand whose piles are known in advance, so the
scoring tests can assert exact breakdowns. tests/test_stacked_decks.py checks both against the
engine.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from cardtable import Match
from cardtable.core.cards import CARD_NAMES, RANKS, cards_of

GAME = "royal-casino"
KINGS = "Kc Kd Kh Ks"


def stack(dealer: int, hands: Sequence[str], table: str, stock: str = "") -> str:
    """The deck top that deals ``hands[seat]`` (four cards each, in the order written), then
    ``table`` face up, then ``stock`` (the next deals, top first)."""
    cards = [h.split() for h in hands]
    n = len(cards)
    assert all(len(c) == 4 for c in cards), "four cards each"
    order = [(dealer + k) % n for k in range(1, n + 1)]
    dealt = [cards[seat][r] for r in range(4) for seat in order]
    return " ".join([*dealt, *table.split(), *stock.split()])


def deal(
    dealer: int, hands: Sequence[str], table: str, stock: str = "", **options: object
) -> Match:
    """A match whose first hand is dealt from ``stack(...)``."""
    return Match(
        GAME,
        players=len(hands),
        seed=0,
        dealer=dealer,
        deck=stack(dealer, hands, table, stock),
        **options,
    )


def legal(m: Match) -> list[str]:
    """The legal actions as notation, in the engine's order."""
    return [str(a) for a in m.legal_actions()]


def play(m: Match, actions: str) -> None:
    """Play actions written as notation separated by commas."""
    for text in actions.split(","):
        m.play(text.strip())


def state(m: Match, seat: int | None = None) -> dict[str, object]:
    """The game part of ``seat``'s view."""
    s = m.view(seat)["state"]
    assert isinstance(s, dict)
    return s


def piles(m: Match) -> list[list[str]]:
    """The sides' piles as the engine holds them (views show them only once the hand is
    scored, or with ``open_piles``: RC-24)."""
    return [[CARD_NAMES[c] for c in cards_of(p)] for p in m.state.piles]


def builds(m: Match) -> list[tuple[str, int, int, str]]:
    """The builds on the table as (cards, value, owner, kind)."""
    out = []
    for b in state(m)["builds"]:  # type: ignore[attr-defined]
        out.append((" ".join(b["cards"]), b["value"], b["owner"], b["kind"]))
    return out


# -- whole scripted hands (two players) --------------------------------------------------------
def pairs_of_deal(k: int, table_rank: str = "K") -> list[tuple[str, str]]:
    """The four pairs of deal ``k`` (0 … 5): the ranks but ``table_rank`` in three blocks of
    four, of clubs/diamonds, then of hearts/spades; each pair is two cards of one rank, so
    either card captures the other."""
    suits = ("c", "d") if k < 3 else ("h", "s")
    ranks = RANKS.replace(table_rank, "")[(k % 3) * 4 : (k % 3) * 4 + 4]
    return [(r + suits[0], r + suits[1]) for r in ranks]


def scripted_hand(
    dealer: int, first_takes: Collection[str], *, sweep_last: bool = False
) -> tuple[str, list[str]]:
    """The deck and the 48 plays of a two-player hand in which four cards of one rank lie on
    the table throughout and every other card is captured by the player holding its pair.

    ``first_takes`` names the pairs (``"Ac Ad"``) captured by the first player (the one after
    the dealer); the dealer captures every other pair and, capturing last, the table (RC-19):
    four kings. With ``sweep_last`` the table is the four fives instead, and the dealer's very
    last play takes them with ``Th Ts``: a sweep with the last card.
    In each deal the first player trails one card of a dealer's pair, then takes each of its
    own pairs from the dealer's trail, then the dealer takes the first trail, and the other
    pairs go by trail and capture. At most three pairs of a deal may go to the first player.
    """
    table_rank = "5" if sweep_last else "K"
    table = [table_rank + s for s in "cdhs"]
    first, second = (dealer + 1) % 2, dealer
    deck: list[str] = []
    plays: list[str] = []
    wanted = set(first_takes)
    everything = set()
    for k in range(6):
        pairs = pairs_of_deal(k, table_rank)
        everything |= {f"{x} {y}" for x, y in pairs}
        mine = [p for p in pairs if f"{p[0]} {p[1]}" in wanted]
        theirs = [p for p in pairs if f"{p[0]} {p[1]}" not in wanted]
        assert theirs, "the dealer must take at least one pair of each deal"
        if sweep_last and k == 5:
            assert ("Th", "Ts") in theirs and len(theirs) > 1, "the dealer sweeps with Ts"
            theirs.remove(("Th", "Ts"))
            theirs.append(("Th", "Ts"))
        anchor = theirs[0]
        script = [(first, f"trail {anchor[0]}", anchor[0])]
        for x, y in mine:
            script += [(second, f"trail {x}", x), (first, f"capture {y}: {x}", y)]
        script.append((second, f"capture {anchor[1]}: {anchor[0]}", anchor[1]))
        for x, y in theirs[1:]:
            script += [(first, f"trail {x}", x), (second, f"capture {y}: {x}", y)]
        if sweep_last and k == 5:
            script[-1] = (second, "capture Ts: 5c 5d 5h Th 5s", "Ts")
        hands = [[c for seat, _, c in script if seat == s] for s in (0, 1)]
        deck += [hands[seat][r] for r in range(4) for seat in (first, second)]
        if k == 0:
            deck += table
        plays += [text for _, text, _ in script]
    assert wanted <= everything, wanted - everything
    return " ".join(deck), plays


def scripted_match(takes: Sequence[Collection[str]], **options: object) -> Match:
    """A two-player match whose hands are scripted (seat 0 deals first, then seat 1, …) and
    played until the match ends or the scripts run out."""
    scripts = [scripted_hand(i % 2, t) for i, t in enumerate(takes)]
    m = Match(GAME, players=2, seed=0, dealer=0, deck=[deck for deck, _ in scripts], **options)
    for _, plays in scripts:
        if not m.is_over:
            play_scripted_hand(m, plays)
    return m


def play_scripted_hand(m: Match, plays: Sequence[str]) -> None:
    for text in plays:
        assert text in legal(m), (text, legal(m))
        m.play(text)
