"""Deals nobody can predict: the card room draws every hand's deck from the operating system,
so no seed exists to be found from a player's own cards; its computer players have their own
seed, unrelated to any deck; a library match left to chance has a 128-bit seed; a seeded match
deals exactly as it always did. See docs/security.md, "Deals"."""

from __future__ import annotations

import copy
import json
import pickle
import random
import secrets
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Literal

import pytest
from fastapi.testclient import TestClient

from cardtable.bots import RandomBot
from cardtable.core.cards import cards_str
from cardtable.core.errors import CardtableError
from cardtable.core.match import Match
from cardtable.core.registry import rules_class
from cardtable.server.seats import bot_seed
from cardtable.server.store import (
    OPEN,
    Store,
    StoredHand,
    StoredSeat,
    StoredTable,
    Summary,
    now,
)
from cardtable.server.table import LiveTable

from .test_server_helpers import TOY, connect, create, live, make_app

OS: Literal["os"] = "os"  # the seed a record of a match dealt from the OS gives
WINDOW = 2000  # seeds searched on each side of a guess: ~4,000 deals, about a second


def old_scheme_deal(game: str, players: int, seed: int) -> tuple[int, list[int]]:
    """How a seeded deal is made (and how the room dealt before): the first dealer, then the
    deck, from ``random.Random(seed)``. An attacker's copy, written apart from ``Match``."""
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    deck = list(rules_class(game).create(players).deck())
    rng.shuffle(deck)
    return dealer, deck


def recover_seeds(game: str, players: int, seen: Any, seeds: Iterable[int]) -> list[int]:
    """The brute force that worked against the room: every seed whose first deal shows seat 0
    exactly what it saw (its own hand and the cards on the table)."""
    rules = rules_class(game).create(players)
    found = []
    for seed in seeds:
        dealer, deck = old_scheme_deal(game, players, seed)
        if rules.view(rules.deal(deck, dealer, rules.initial_scores()), 0) == seen:
            found.append(seed)
    return found


def os_reads(
    monkeypatch: pytest.MonkeyPatch, note: Callable[[], object] = lambda: None
) -> list[object]:
    """Each read of the OS's random source from now on (``random._urandom``, what
    ``SystemRandom`` reads), as ``note()`` at that moment."""
    reads: list[object] = []
    real = random._urandom  # type: ignore[attr-defined]

    def counted(n: int) -> bytes:
        reads.append(note())
        got: bytes = real(n)
        return got

    monkeypatch.setattr(random, "_urandom", counted)
    return reads


def around(seed: int) -> range:
    return range(max(0, seed - WINDOW), seed + WINDOW)


def test_seed_recovery_finds_an_old_seed_and_nothing_for_a_room_deal(tmp_path: Path) -> None:
    game = "royal-casino"
    # the self-check: under the old scheme (a 32-bit seed) the search finds the true seed
    true_seed = secrets.randbits(32)
    old = Match(game, players=2, seed=true_seed)
    assert recover_seeds(game, 2, old.view(0)["state"], around(true_seed)) == [true_seed]
    # a room deal, seen from seat 0: no seed the room keeps (nor any small one) deals it
    with TestClient(make_app(tmp_path)) as client:
        table_id, tokens = create(client, game, seats=["human", "random"])
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            assert me.version == 0  # the first deal, as dealt
            seen = me.view["state"]
        table = live(client, table_id)
        kept = [s for s in (table.seed, table.match.seed) if isinstance(s, int)]
    for guess in [*kept, WINDOW]:
        assert recover_seeds(game, 2, seen, around(guess)) == [], "a room deal's seed was found"
    assert table.match.seed == OS


def test_deals_nobody_can_predict_every_room_hand_comes_from_the_os(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fresh and after a restart the room's match has no seed, and dealing each new hand
    reads the OS (``random._urandom`` is what ``SystemRandom`` reads): a read is seen while
    hand 1, 2 and 3 are the last dealt, i.e. while hands 2, 3 and 4 are dealt."""
    tables: list[LiveTable] = []
    read_in = os_reads(monkeypatch, lambda: tables[0].match.hand_number if tables else None)
    with TestClient(make_app(tmp_path)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=99)
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            table = live(client, table_id)
            assert table.match.seed == OS
            tables.append(table)
            while table.match.hand_number < 4:
                me.play(me.my_turn()["view"]["legal_actions"][0])
                me.expect("ack")
            assert {1, 2, 3} <= set(read_in), read_in
            me.my_turn()  # the computer waits for seat 0 now: the table is still
            record = table.match.record()
            assert record["seed"] == OS
    with TestClient(make_app(tmp_path)) as client:
        table = live(client, table_id)
        assert table.match.seed == OS and table.match.record() == record


def test_computer_players_have_their_own_seed_unrelated_to_any_deck(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        table_id, _ = create(client, seats=["human", "random"])  # open: the bot waits
        table = live(client, table_id)
        bot = table.seats[1].bot
        assert isinstance(bot, RandomBot)
        state = bot.rng.getstate()
        decks = [h.deck for h in table.match.hands]
        assert all(Match(TOY, seed=table.seed).hands[0].deck != d for d in decks)
        other, _ = create(client, seats=["human", "random"])
        assert live(client, other).seed != table.seed
    with TestClient(make_app(tmp_path)) as client:  # a restart rebuilds the same player
        again = live(client, table_id).seats[1].bot
        assert isinstance(again, RandomBot) and again.rng.getstate() == state


def test_tables_stored_before_os_deals_still_load(tmp_path: Path) -> None:
    """A table written as the room wrote them before (its decks drawn from its stored 32-bit
    seed, the same schema) is rebuilt with the same bots; its later hands come from the OS.
    Its human seat is not taken yet, so the computer waits and its state can be compared."""
    seed = secrets.randbits(32)
    first = Match(TOY, seed=seed, target=50)
    store = Store(f"sqlite:///{tmp_path / 'room.db'}")
    store.create_table(
        StoredTable(
            id="oldtable",
            game=TOY,
            players=2,
            options=dict(first.rules.options),
            seed=seed,
            first_dealer=first.first_dealer,
            summary=Summary(OPEN, 0, 1, first.scores, None),
            created_at=now(),
            seats=[StoredSeat(0, "human", "0" * 64, False), StoredSeat(1, "random", None, False)],
            hands=[StoredHand(1, first.dealer, cards_str(first.hands[0].deck, sort=False))],
        )
    )
    store.close()
    with TestClient(make_app(tmp_path)) as client:
        table = live(client, "oldtable")
        assert table.match.hands[0].deck == first.hands[0].deck
        assert table.match.seed == OS  # later hands: from the OS, not the old seed
        bot = table.seats[1].bot
        assert isinstance(bot, RandomBot)
        assert bot.rng.getstate() == RandomBot(bot_seed(seed, 1, "seat")).rng.getstate()


def test_a_match_left_to_chance_has_a_128_bit_seed() -> None:
    seeds = [Match(TOY).seed for _ in range(4)]
    assert all(isinstance(s, int) and 0 <= s < 2**128 for s in seeds)
    assert max(s for s in seeds if isinstance(s, int)) >= 2**64  # not at 2^-256
    m = Match(TOY)
    record = json.loads(json.dumps(m.record()))  # a record file keeps all its bits
    assert record["seed"] == m.seed and Match.from_record(record).record() == m.record()
    again = Match(TOY, seed=record["seed"])
    assert [h.deck for h in again.hands] == [h.deck for h in m.hands]


@pytest.mark.parametrize("game", ["royal-casino", "buck-euchre", "rummy-500", "queen-city-rum"])
def test_a_seeded_match_deals_as_it_always_did(game: str) -> None:
    players = rules_class(game).default_players
    for seed in (0, 7, 2**31 + 5):
        m = Match(game, seed=seed)
        dealer, deck = old_scheme_deal(game, players, seed)
        assert (m.first_dealer, list(m.hands[0].deck)) == (dealer, deck)


def test_an_os_dealt_match_replays_from_its_record_alone() -> None:
    m = Match(TOY, seed=OS, target=9)
    while not m.is_over:
        m.play(m.legal_actions()[0])
    record = m.record()
    assert record["seed"] == OS and len(record["hands"]) >= 2
    assert Match.from_record(json.loads(json.dumps(record))).record() == record


def test_a_copied_os_dealt_match_deals_from_the_os_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy (as a server may play an action on one before swapping it in) or a pickled
    match keeps the OS as its source rather than failing to copy it."""
    m = Match(TOY, seed=OS, target=9)
    reads = os_reads(monkeypatch)
    for twin in (copy.deepcopy(m), pickle.loads(pickle.dumps(m))):
        assert twin.seed == OS and twin.record() == m.record()
        del reads[:]
        while twin.hand_number == 1:
            twin.play(twin.legal_actions()[0])
        assert reads, "the copy dealt its next hand without reading the OS"


@pytest.mark.parametrize("seed", [True, False, "7", 7.0])
def test_a_seed_must_be_a_whole_number_or_os(seed: Any) -> None:
    with pytest.raises(CardtableError, match="seed must be a whole number"):
        Match(TOY, seed=seed)


@pytest.mark.parametrize("dealer", [True, False, 1.0])
def test_a_dealer_must_be_a_seat_number(dealer: Any) -> None:
    with pytest.raises(CardtableError, match="dealer must be a seat"):
        Match(TOY, dealer=dealer)
