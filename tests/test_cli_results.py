"""Each hand's result in a sentence per item that scored or was cancelled, and the match's end
in the rule book's words, checked against the engine's own settlement (random matches; the
first hand of the given kind is the one read)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from cardtable.bots import RandomBot
from cardtable.cli import results
from cardtable.cli.text import set_language
from cardtable.core.game import Settlement
from cardtable.core.match import Match


def finished_hands(game: str, seeds: range, **options: Any) -> Iterator[tuple[Match, int]]:
    """(match, hand number) for every hand of random matches, right after it ends."""
    for seed in seeds:
        m = Match(game, seed=seed, **options)
        bots = [RandomBot(seed * 7 + s) for s in range(m.players)]
        while not m.is_over:
            seat = m.to_move
            assert seat is not None
            before = m.hand_number
            m.play(bots[seat].choose(m.view(seat), m.legal_actions()))
            if m.hand_number != before or m.is_over:
                yield m, before


def first(game: str, want: Callable[[Match, int], bool], **options: Any) -> tuple[Match, int]:
    """The first hand of random matches (seeds 0 to 299) that ``want`` picks."""
    for m, number in finished_hands(game, range(300), **options):
        if want(m, number):
            return m, number
    raise AssertionError("no such hand in the seeds tried")


def settled(m: Match, number: int) -> Settlement:
    s = m.hands[number - 1].settlement
    assert s is not None
    return s


def final(m: Match, number: int) -> Mapping[str, Any]:
    """The end of hand ``number`` as seat 0 saw it."""
    return m.rules.view(m.hands[number - 1].final, 0)


def said(m: Match, number: int) -> str:
    return "\n".join(results.hand_sentences(m, number, 0, letters=True))


def test_rc_a_tie_for_most_cards_is_named_with_the_count() -> None:
    """RC-20: "most" is strictly more; a 26-26 tie scores nothing, and says so."""
    m, n = first("royal-casino", lambda m, n: len(set(final(m, n)["pile_sizes"])) == 1)
    sizes = final(m, n)["pile_sizes"]
    assert settled(m, n).breakdown["cards"] == [0, 0]
    assert f"Most cards tied, {sizes[0]}–{sizes[1]}: nobody scores them (RC-20)." in said(m, n)


def test_rc_sweeps_that_cancel_are_named() -> None:
    """RC-18: each side scores its sweeps less the most of any other side."""
    m, n = first("royal-casino", lambda m, n: min(final(m, n)["sweeps"]) > 0)
    sweeps = final(m, n)["sweeps"]
    net = settled(m, n).breakdown["sweeps"]
    text = said(m, n)
    assert f"Sweeps {sweeps[0]}–{sweeps[1]} cancel" in text and "(RC-18)" in text
    if max(net):
        assert f"leaving {max(net)} for " in text
    else:
        assert "nobody scores them (RC-18)" in text


def test_rc_near_21_says_which_item_could_count() -> None:
    """RC-22: a side 1 to 3 short of the target scores only its one item."""

    def near(m: Match, n: int) -> bool:
        s = m.hands[n - 1].settlement
        assert s is not None
        return any(1 <= 21 - (a - p) <= 3 for a, p in zip(s.scores, s.points, strict=True))

    m, n = first("royal-casino", near)
    s = m.hands[n - 1].settlement
    assert s is not None
    text = said(m, n)
    for side, (after, points) in enumerate(zip(s.scores, s.points, strict=True)):
        short = 21 - (after - points)
        if 1 <= short <= 3:
            item = results.NEAR_ITEMS[short]
            verb = "took it" if s.breakdown[item][side] else "nothing scored"
            assert re.search(rf"started on {after - points}, so only .* {verb} \(RC-22\)", text)


def test_rc_the_last_capturers_table_cards_are_announced() -> None:
    """RC-19: cards left on the table go to the side that made the last capture."""
    m, n = first("royal-casino", lambda m, n: True)
    text = said(m, n)
    match = re.search(r"^(.*) left on the table went to (Seat \d|You), who made", text, re.M)
    assert match, text
    taker = 0 if match.group(2) == "You" else int(match.group(2)[-1]) - 1  # "Seat 2" is seat 1
    pile = final(m, n)["piles"][taker]
    assert set(match.group(1).split()) <= set(pile)


def test_be_each_seat_is_explained_with_its_rule() -> None:
    """BE-8 dropped, BE-11 tricks against what was needed (the maker 3, others 1)."""
    m, n = first(
        "buck-euchre",
        lambda m, n: bool(final(m, n)["dropped"]) and final(m, n)["maker"] is not None,
    )
    f = final(m, n)
    s = m.hands[n - 1].settlement
    assert s is not None
    lines = said(m, n).splitlines()
    for seat in range(4):
        who = "You" if seat == 0 else f"Seat {seat + 1}"
        line = next(x for x in lines if x.startswith(who + " "))
        if seat in f["dropped"]:
            assert line == f"{who} dropped: no change (BE-8)."
        elif s.breakdown["euchred"][seat]:
            assert "euchred, +5 (BE-11)" in line
        else:
            assert line.endswith(f": −{f['tricks_won'][seat]} (BE-11).")
        assert ("made trump" in line) == (seat == f["maker"])


def test_be_a_club_upcard_is_announced() -> None:
    """BE-4: a club upcard makes clubs trump; nobody orders, names or drops."""
    m, n = first(
        "buck-euchre", lambda m, n: final(m, n)["trump"] == "c" and final(m, n)["maker"] is None
    )
    assert "Clubs were turned" in said(m, n) and "(BE-4)" in said(m, n)


def test_be_all_five_tricks_win_and_the_end_says_so() -> None:
    """BE-13: all five tricks win the match at once; the reason names BE-13, not scores."""
    m, n = first("buck-euchre", lambda m, n: m.is_over and 5 in final(m, n)["tricks_won"])
    assert "took all five tricks and wins the match (BE-13)." in said(m, n)
    assert results.end_reason(m, 0).endswith("wins the game at once (BE-13).")


def test_rummy_calls_and_going_out_are_named() -> None:
    """R5-10 a Rummy call, R5-11 who went out, R5-12 each seat's count."""

    def called(m: Match, n: int) -> bool:
        return any(a.startswith("rummy ") for a in m.hands[n - 1].actions)

    m, n = first("rummy-500", called, players=3)
    text = said(m, n)
    calls = [a for a in m.hands[n - 1].actions if a.startswith("rummy ")]
    assert text.count("called Rummy on") == len(calls)
    out = final(m, n)["went_out"]
    if out is not None:
        assert f"{'You' if out == 0 else f'Seat {out + 1}'} went out (R5-11)." in text
    s = m.hands[n - 1].settlement
    assert s is not None
    assert f"You: melded {s.breakdown['melded'][0]}, laid off {s.breakdown['laid off'][0]}" in text


def test_queen_city_going_out_scores_the_other_hand() -> None:
    """QC-7: who went out scores 25 and the cards left in the other hand."""
    m, n = first("queen-city-rum", lambda m, n: final(m, n)["went_out"] is not None)
    s = m.hands[n - 1].settlement
    assert s is not None
    out = final(m, n)["went_out"]
    assert isinstance(out, int)
    text = said(m, n)
    assert "went out (QC-6)" in text
    theirs = s.breakdown["opponent's hand"][out]
    assert f"25 for going out and {theirs} for the cards" in text


@pytest.mark.parametrize(
    ("game", "options", "rule"),
    [("royal-casino", {"target": 4}, "RC-2"), ("rummy-500", {"target": 1}, "R5-13"),
     ("queen-city-rum", {"target": 1}, "QC-9"), ("buck-euchre", {"start": 1}, "BE-1")],
)  # fmt: skip
def test_the_end_reason_cites_the_rule(game: str, options: dict[str, Any], rule: str) -> None:
    m, _ = first(game, lambda m, n: m.is_over, **options)
    reason = results.end_reason(m, 0)
    assert re.search(rf"\({rule}\d*(, \w\w-\d+)?\)\.$", reason), reason
    assert m.winner is not None
    assert reason.startswith("You won" if m.winner == 0 else f"Seat {m.winner + 1} won")


@pytest.mark.parametrize("lang", ["pa", "tl"])
def test_every_result_and_end_is_written_in_the_language(lang: str) -> None:
    """Every sentence of a finished match of each game, in Punjabi and in Tagalog: no
    message is missing, and none is left in English."""
    ends: list[tuple[str, dict[str, Any]]] = [
        ("royal-casino", {"target": 4}), ("buck-euchre", {"start": 3}),
        ("rummy-500", {"target": 1}), ("queen-city-rum", {"target": 1}),
    ]  # fmt: skip
    for game, options in ends:
        m, n = first(game, lambda m, n: m.is_over, **options)
        set_language("en")
        english = [*results.hand_sentences(m, n, 0, True), results.end_reason(m, 0)]
        set_language(lang)
        try:
            other = [*results.hand_sentences(m, n, 0, True), results.end_reason(m, 0)]
        finally:
            set_language("en")
        assert len(other) == len(english)
        for a, b in zip(english, other, strict=True):
            assert a != b and not re.search(r"\b(won|took|went out|melded|scored)\b", b), b


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("royal-casino", 3, {"target": 6}), ("royal-casino", 4, {"target": 6}),
     ("rummy-500", 6, {"target": 50}), ("rummy-500", 8, {"target": 50})],
)  # fmt: skip
def test_more_players_partnerships_and_two_decks(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """Every hand of a random match with 3 or 4 Royal Casino players (RC-1, partnerships with
    4) or 6 and 8 rummy players (R5-1, two decks) is told, and its end, from every seat."""
    m, _ = first(game, lambda m, n: m.is_over, players=players, **options)
    for seat in range(players):
        for number in range(1, m.hand_number + 1):
            assert results.hand_sentences(m, number, seat, letters=True)
        reason = results.end_reason(m, seat)
        assert re.search(r"\((RC|R5)-\d+(, RC-\d+)?\)\.$", reason)
    if game == "royal-casino" and players == 4:  # the sides are partnerships, named as such
        assert re.match(r"(Us|Them) \(\d&\d\) won", results.end_reason(m, 0))
