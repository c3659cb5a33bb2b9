"""``Match``: a whole match of any game, the one object clients, bots and tests drive.

The match owns the only randomness (the deck order, drawn from ``seed``), checks every action
against the rules, deals hand after hand, keeps the cumulative scores, and writes a record from
which ``Match.from_record`` replays it exactly.

Whoever knows a match's seed knows every deck, so a seed is a secret while the match is played:
one left to chance has 128 bits (no search finds it from a player's own cards), and the card room
uses no seed at all (``seed=OS``: each hand's deck drawn afresh from the operating system).
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeGuard

from cardtable.core.cards import card_str, cards_str, parse_cards
from cardtable.core.errors import (
    CardtableError,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
)
from cardtable.core.game import JSON, Action, Rules, Settlement
from cardtable.core.registry import rules_class
from cardtable.core.views import LastHand, StateView, View

RECORD_FORMAT = "cardtable-record"
RECORD_VERSION = 1
SEED_BITS = 128  # a seed left to chance: far beyond any search of the seed space
OS: Literal["os"] = "os"  # the seed of a match dealt from the operating system: none at all


class _SystemRandom(random.SystemRandom):
    """The operating system's random source (``secrets``). It has no state, so a copied or
    pickled match gets the same source rather than failing to copy it."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_SystemRandom, ())


@dataclass
class HandLog:
    """One hand as dealt and played: the truth a record stores."""

    dealer: int
    deck: tuple[int, ...]
    played: list[Action] = field(default_factory=list)  # each action, as played
    seats: list[int] = field(default_factory=list)  # who played each action
    settlement: Settlement | None = None
    final: Any = None  # the state the hand ended in
    _texts: list[str] = field(default_factory=list, repr=False, compare=False)

    def fork(self) -> HandLog:
        """A copy whose lists are its own (the rest never changes)."""
        return HandLog(self.dealer, self.deck, list(self.played), list(self.seats),
                       self.settlement, self.final, list(self._texts))  # fmt: skip

    @property
    def actions(self) -> list[str]:
        """Each action's notation, in order: written when first read, not at every play (a
        playout through ``Match`` never reads them)."""
        texts, played = self._texts, self.played
        if len(texts) < len(played):
            texts.extend(map(str, played[len(texts) :]))
        return texts


class Match:
    """A match of one game, from the first deal to the winner (the README shows one played).

    ``Match(game, *, players=None, seed=None, dealer=None, deck=None, **options)``: a game id
    (``game_ids()``), the number of players (None: the game's usual), the game's options by
    name (``cardtable games``). An int ``seed`` makes the decks reproducible (None: 128 random
    bits); ``seed="os"`` draws each hand's deck and the first dealer from the operating system
    instead, so that no seed decides them (the record's decks are then the only truth).
    ``dealer`` fixes the first dealer; ``deck`` stacks the decks (a string of cards, or a list
    of them, one a hand), as the scenario tests do.

    Attributes: ``game_id``, ``players``, ``rules`` (the game's ``Rules``), ``seed``,
    ``first_dealer``, ``hands`` (each hand dealt so far, as dealt and played: ``HandLog``),
    ``state`` (the hand in play, the engine's own; ``view(seat)`` is a seat's JSON of it) and
    ``winner`` (the winning side once the match is over, else None).

    Compiled with the engines (``setup.py``), so its examples live in the README and the tests,
    not here: a compiled module's doctests cannot be collected. (Said here, not in
    ``__init__``: a compiled class's ``__init__`` shows Python's own words in ``help``.)
    """

    # The public methods take ``object`` where a caller might pass the wrong type, and say
    # why they refuse it: compiled (setup.py), an annotation of ``int`` would refuse a string
    # with a bare TypeError before the method runs, where the plain module said why.
    def __init__(
        self,
        game: object,  # a game id (``game_ids()``); anything else is refused with why
        *,
        players: object = None,  # an int, or None for the game's usual number; as ``seed``
        seed: object = None,  # int, "os" or None; any other value is refused with why
        dealer: object = None,  # a seat number or None; as ``seed``
        deck: object = None,  # a string of cards, or a list of them (one a hand); as ``seed``
        **options: object,
    ) -> None:
        if not isinstance(game, str):
            raise OptionError(f"game must be a game id such as 'royal-casino', not {game!r}")
        if players is not None and not _is_int(players):
            raise OptionError(f"players must be a whole number, not {players!r}")
        self.rules: Rules[Any] = rules_class(game).create(players, options)
        # The rules' methods every play calls, bound once: the rules are a plain Python
        # object, whose method each call would otherwise look up by name.
        rules = self.rules
        self._apply: Callable[[Any, Action], Any] = rules.apply
        self._to_move_of: Callable[[Any], int | None] = rules.to_move
        self._legal_of: Callable[[Any], list[Action]] = rules.legal_actions
        self.game_id = self.rules.game_id
        self.players = self.rules.players
        self.seed: int | Literal["os"]
        self._rng: random.Random
        if seed == OS:
            self.seed, self._rng = OS, _SystemRandom()
        elif seed is None or _is_int(seed):
            self.seed = secrets.randbits(SEED_BITS) if seed is None else seed
            self._rng = random.Random(self.seed)
        else:
            raise CardtableError(
                f"seed must be a whole number or {OS!r}, not {seed!r}",
                key="match.error.seed",
                params={"os": repr(OS), "value": repr(seed)},
            )
        self._stacks = [self._parse_stack(text, i + 1) for i, text in enumerate(_stacked(deck))]
        if dealer is None:
            self.first_dealer = self._rng.randrange(self.players)
        elif _is_int(dealer) and 0 <= dealer < self.players:
            self.first_dealer = dealer
        else:
            raise CardtableError(
                f"dealer must be a seat from 0 to {self.players - 1}",
                key="match.error.dealer",
                params={"last": self.players - 1},
            )
        self._scores = self.rules.initial_scores()
        self.hands: list[HandLog] = []
        self.winner: int | None = None
        self._legal: list[Action] | None = None
        self._last_views: dict[tuple[int, int | None], LastHand[StateView]] = {}
        self._start_hand(self.first_dealer)

    # -- dealing --------------------------------------------------------------------------
    def _parse_stack(self, text: object, hand: int) -> tuple[int, ...]:
        """A stacked deck top: readable cards, each no more often than the deck holds it."""
        if not isinstance(text, str):
            raise NotationError(
                f"the stacked deck of hand {hand} must be a string of cards",
                key="match.error.deck_text",
                params={"hand": hand},
            )
        try:
            cards = parse_cards(text)
        except NotationError as e:
            raise NotationError(
                f"stacked deck of hand {hand}: {e.message}",
                text,
                e.position,
                key="match.error.deck_unread",
                params={"hand": hand},
                cause=e,
            ) from None
        available = Counter(self.rules.deck())
        for i, c in enumerate(cards):
            available[c] -= 1
            if available[c] < 0:
                foreign = c not in self.rules.deck()
                what = "is not in" if foreign else "appears too often for"
                raise NotationError(
                    f"stacked deck of hand {hand}: card {card_str(c)} (number {i + 1}) "
                    f"{what} the {self.rules.title} deck",
                    text,
                    key="match.error.deck_foreign" if foreign else "match.error.deck_twice",
                    params={
                        "hand": hand,
                        "card": card_str(c),
                        "number": i + 1,
                        "game": self.game_id,
                    },
                )
        return tuple(cards)

    def _start_hand(self, dealer: int) -> None:
        full = list(self.rules.deck())
        shuffle(self._rng, full)  # drawn for every hand, stacked or not, so seeds stay stable
        index = len(self.hands)
        if index < len(self._stacks):
            top = self._stacks[index]
            rest = Counter(full)
            rest.subtract(top)
            tail = []
            for c in full:
                if rest[c] > 0:
                    rest[c] -= 1
                    tail.append(c)
            full = [*top, *tail]
        self._hand = HandLog(dealer, tuple(full))  # the hand being played (``hands[-1]``)
        self.hands.append(self._hand)
        self.state: Any = self.rules.deal(full, dealer, self._scores)
        self._mover = self._to_move_of(self.state)  # asked once per state (``play``)
        self._legal = None

    # -- the public API -------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the match is over."""
        return None if self.winner is not None else self._mover

    @property
    def is_over(self) -> bool:
        """Whether a side has won the match."""
        return self.winner is not None

    @property
    def scores(self) -> list[int]:
        """Cumulative score per side."""
        return list(self._scores)

    @property
    def hand_scores(self) -> dict[str, list[int]] | None:
        """The breakdown of the last finished hand (None before the first one ends)."""
        done = [h.settlement for h in self.hands if h.settlement is not None]
        return done[-1].breakdown if done else None

    @property
    def hand_number(self) -> int:
        """The hand in play, counted from 1."""
        return len(self.hands)

    @property
    def dealer(self) -> int:
        """The seat that dealt the hand in play."""
        return self.hands[-1].dealer

    def side_of(self, seat: object) -> int:
        """The scoring side of ``seat`` (partners share one, RC-1)."""
        return self.rules.side_of(self._seat(seat))

    def _seat(self, seat: object) -> int:
        if not (_is_int(seat) and 0 <= seat < self.players):
            raise CardtableError(f"seat must be from 0 to {self.players - 1}")
        return seat

    def legal_actions(self) -> list[Action]:
        """Every legal action for the seat to move, sorted by notation; [] once over."""
        legal = self._legal
        if legal is None:
            if self.winner is not None:
                return []
            legal = self._legal = self._legal_of(self.state)
        return legal[:]  # a copy: the cached list is what ``check`` trusts

    def parse_action(self, text: object) -> Action:
        """The action written ``text`` in the game's notation (NotationError: why not)."""
        if not isinstance(text, str):
            raise NotationError(
                f"an action is written as text, not {type(text).__name__}",
                key="notation.not_text",
                params={"kind": type(text).__name__},
            )
        return self.rules.parse_action(text)

    def check(self, action: Action | str) -> Action:
        """The action if legal now; otherwise NotationError or IllegalActionError (why)."""
        legal = self._legal
        if legal is not None and not isinstance(action, str):
            for a in legal:  # the usual case: one of the listed actions, found by identity
                if a is action:
                    return a
        if self.is_over:
            raise IllegalActionError(
                "The match is over", "C-4", str(action), key="refusal.match_over"
            )
        act = self.rules.parse_action(action) if isinstance(action, str) else action
        if self._legal is None:
            self._legal = self.rules.legal_actions(self.state)
        if act not in self._legal:
            raise self.rules.explain(self.state, act)
        return act

    def play(self, action: Action | str) -> Action:
        """Play an action (or its text) for the seat to move; an error leaves the match as is."""
        legal = self._legal
        if legal is not None and action.__class__ is not str:
            for act in legal:  # the usual case, as in ``check``: a listed action, by identity
                if act is action:
                    break
            else:
                act = self.check(action)
        else:
            act = self.check(action)
        mover = self._mover
        assert mover is not None  # check() passed, so someone is to move
        state = self.state = self._apply(self.state, act)
        self._legal = None
        hand = self._hand
        hand.played.append(act)
        hand.seats.append(mover)
        self._mover = after = self._to_move_of(state)
        if after is None:
            settlement = self.rules.settle(self.state, self._scores)
            hand.settlement = settlement
            hand.final = self.state
            self._scores = settlement.scores
            if settlement.winner is not None:
                self.winner = settlement.winner
            else:
                self._start_hand(self.rules.next_dealer(hand.dealer, settlement))
        return act

    def view(self, seat: object) -> View:
        """What ``seat`` may see (a seat number, or None: a spectator), JSON-ready (C-6)."""
        return self._view(None if seat is None else self._seat(seat))

    def _view(self, seat: int | None) -> View:
        to_move = self.to_move
        last = self._last_hand_view(seat)
        return {
            "game": self.game_id,
            "players": self.players,
            "options": dict(self.rules.options),
            "seat": seat,
            "side": None if seat is None else self.rules.side_of(seat),
            "sides": [self.rules.side_of(s) for s in range(self.players)],  # each seat's side
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "to_move": to_move,
            "scores": self.scores,
            "hand_scores": self.hand_scores,
            "history": [
                {
                    "number": i,
                    "breakdown": h.settlement.breakdown,
                    "scores": list(h.settlement.scores),
                }
                for i, h in enumerate(self.hands, 1)
                if h.settlement is not None
            ],
            "is_over": self.is_over,
            "winner": self.winner,
            "legal_actions": (
                [str(a) for a in self.legal_actions()]
                if seat is not None and seat == to_move
                else []
            ),
            "state": self.rules.view(self.state, seat),
            "last_hand": last,
        }

    def _last_hand_view(self, seat: int | None) -> LastHand[StateView] | None:
        """The last finished hand as ``seat`` saw it at its end (cached: it cannot change)."""
        done = [(i, h) for i, h in enumerate(self.hands, 1) if h.settlement is not None]
        if not done:
            return None
        number, hand = done[-1]
        key = (number, seat)
        cached = self._last_views.get(key)
        if cached is None:
            assert hand.settlement is not None
            cached = {
                "number": number,
                "breakdown": hand.settlement.breakdown,
                "state": self.rules.view(hand.final, seat),
            }
            self._last_views = {k: v for k, v in self._last_views.items() if k[0] == number}
            self._last_views[key] = cached
        return cached

    def fork(self) -> Match:
        """An independent match standing where this one stands, made without replaying: its
        states are immutable, so only the hands' logs and the random source are copied. A
        replay keeps one every few hundred actions and plays on from the nearest (a copy or a
        pickle replays the whole record)."""
        options: dict[str, Any] = dict(self.rules.options)
        m = Match(self.game_id, players=self.players, seed=self.seed, dealer=self.first_dealer,
                  **options)  # fmt: skip
        if self.seed != OS:
            m._rng.setstate(self._rng.getstate())
        m._stacks = list(self._stacks)
        m._scores = self._scores
        m.hands = [h.fork() for h in self.hands]
        m._hand = m.hands[-1]
        m.state = self.state
        m._mover = self._mover
        m.winner = self.winner
        return m

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy or a pickle is the match replayed from its record: the same hands,
        scores, seed and next deal (a compiled class has no ``__dict__`` to copy)."""
        return (Match.from_record, (self.record(),))

    # -- records --------------------------------------------------------------------------
    def record(self) -> JSON:
        """A JSON-ready record: every hand's full deck (top first) and actions, the scores."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game_id,
            "players": self.players,
            "options": dict(self.rules.options),
            "seed": self.seed,
            "dealer": self.first_dealer,
            "hands": [
                {
                    "dealer": h.dealer,
                    "deck": cards_str(h.deck, sort=False),
                    "actions": list(h.actions),
                    "scores": None if h.settlement is None else list(h.settlement.scores),
                }
                for h in self.hands
            ],
            "scores": self.scores,
            "winner": self.winner,
        }

    @classmethod
    def from_record(cls, record: object, *, upto: object = None) -> Match:
        """Replay a record exactly; RecordError says what is malformed or does not replay.

        With ``upto``, stop after that many actions (counted over all hands): the match as it
        stood then, for stepping through a replay or taking back a move. A record dealt from
        the operating system (``"seed": "os"``) deals any later hand the same way.
        """
        if upto is not None and not _is_int(upto):
            raise RecordError(
                f"upto must be a whole number of actions, not {upto!r}",
                key="record.error.upto",
                params={"value": repr(upto)},
            )
        r = _checked_record(record)
        try:
            m = cls(
                r["game"],
                players=r["players"],
                seed=r["seed"],
                dealer=r["dealer"],
                deck=[h["deck"] for h in r["hands"]],
                **r["options"],
            )
        except CardtableError as e:
            raise _no_setup(e) from None
        played = 0
        for number, hand in enumerate(r["hands"], 1):
            if m.hand_number != number or m.is_over:
                raise RecordError(
                    f"record has hand {number}, but the match ended before it",
                    key="record.error.after_end",
                    params={"hand": number},
                )
            if hand["dealer"] != m.dealer:
                raise RecordError(
                    f"hand {number}: dealer {hand['dealer']} does not follow",
                    key="record.error.dealer",
                    params={"hand": number, "seat": hand["dealer"]},
                )
            for i, text in enumerate(hand["actions"], 1):
                if upto is not None and played >= upto:
                    return m
                try:
                    m.play(text)
                except CardtableError as e:
                    raise RecordError(
                        f"hand {number}, action {i} ({text!r}): {e}",
                        key="record.error.action",
                        params={"hand": number, "index": i, "action": repr(text)},
                        cause=e,
                    ) from None
                played += 1
            if hand.get("scores") is not None and list(m._scores) != hand["scores"]:
                raise RecordError(
                    f"hand {number} replays to scores {m.scores}, not {hand['scores']}",
                    key="record.error.hand_scores",
                    params={
                        "hand": number,
                        "got": str(m.scores),
                        "want": str(hand["scores"]),
                    },
                )
        if upto is None and "scores" in r and r["scores"] != m.scores:
            raise RecordError(
                f"record replays to scores {m.scores}, not {r['scores']}",
                key="record.error.scores",
                params={"got": str(m.scores), "want": str(r["scores"])},
            )
        if (
            upto is None
            and "winner" in r
            and (r["winner"] != m.winner or isinstance(r["winner"], bool))
        ):
            raise RecordError(
                f"record replays to winner {m.winner}, not {r['winner']}",
                key="record.error.winner",
                params={"got": str(m.winner), "want": str(r["winner"])},
            )
        return m

    @property
    def action_count(self) -> int:
        """Actions played so far over all hands."""
        return sum(len(h.played) for h in self.hands)

    def action_seats(self) -> list[int]:
        """The seat that played each action so far, over all hands."""
        return [seat for h in self.hands for seat in h.seats]


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)``: for a ``random.Random``, its own algorithm (Fisher-Yates drawing
    each index with ``getrandbits``, as ``Random._randbelow`` does) compiled with ``Match``, the
    same order from the same seed in a fraction of the time (a third of dealing a Buck Euchre
    hand went to shuffling in Python); tests/test_match_shuffle.py holds it to the library's."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _stacked(deck: object) -> list[object]:
    """The stacked decks given, one a hand (each checked by ``_parse_stack``): a string is the
    first hand's; anything but a string, a list or a tuple is refused, as plain Python and the
    compiled engine alike refuse it (``list(5)`` would be a bare TypeError)."""
    if deck is None:
        return []
    if isinstance(deck, str):
        return [deck]
    if isinstance(deck, (list, tuple)):
        return list(deck)
    raise NotationError(
        f"deck must be a string of cards or a list of them, one a hand, not {type(deck).__name__}",
        key="match.error.deck_type",
        params={"kind": type(deck).__name__},
    )


# Match's own keywords: never a game option's name
MATCH_KEYWORDS = frozenset({"game", "players", "seed", "dealer", "deck"})


def _is_int(value: object) -> TypeGuard[int]:
    """A real whole number: ``True`` is an int to Python, but no seat, seed or count."""
    return isinstance(value, int) and not isinstance(value, bool)


def _checked_record(record: object) -> dict[str, Any]:
    """The record if it has the shape ``Match.record`` writes; RecordError naming the flaw."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object", key="record.error.not_object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(
            f"not a cardtable record (format must be {RECORD_FORMAT!r})",
            key="record.error.format",
            params={"format": repr(RECORD_FORMAT)},
        )
    if record.get("version") != RECORD_VERSION:
        raise RecordError(
            f"unsupported record version {record.get('version')!r}",
            key="record.error.version",
            params={"version": repr(record.get("version"))},
        )
    if not isinstance(record.get("game"), str):
        raise RecordError(
            "record field 'game' is missing or not a string",
            key="record.error.field_text",
            params={"field": repr("game")},
        )
    for key in ("players", "dealer"):
        if not _is_int(record.get(key)):
            raise RecordError(
                f"record field {key!r} is missing or not a whole number",
                key="record.error.field_whole",
                params={"field": repr(key)},
            )
    if not (_is_int(record.get("seed")) or record.get("seed") == OS):
        raise RecordError(
            f"record field 'seed' is missing or neither a whole number nor {OS!r}",
            key="record.error.seed",
            params={"os": repr(OS)},
        )
    _check_options(record["game"], record.get("options"))
    if not isinstance(record.get("hands"), list) or not record["hands"]:
        raise RecordError("record has no hands", key="record.error.no_hands")
    for i, hand in enumerate(record["hands"], 1):
        if not isinstance(hand, dict):
            raise RecordError(
                f"hand {i} must be an object", key="record.error.hand_object", params={"hand": i}
            )
        if not isinstance(hand.get("deck"), str) or not _is_int(hand.get("dealer")):
            raise RecordError(
                f"hand {i} needs a deck string and a dealer seat",
                key="record.error.hand_deck",
                params={"hand": i},
            )
        acts = hand.get("actions")
        if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
            raise RecordError(
                f"hand {i} needs a list of action strings",
                key="record.error.hand_actions",
                params={"hand": i},
            )
    return record


def _no_setup(e: CardtableError) -> RecordError:
    """A record whose game, players, options, seed, dealer or decks ``Match`` refuses."""
    return RecordError(f"record does not set up a match: {e}", key="record.error.setup", cause=e)


def _check_options(game: str, options: object) -> None:
    """A record's options are the game's own, by name: never one of ``Match``'s keywords
    (``seed``, ``deck`` …), whose value would otherwise be taken from the options."""
    if not isinstance(options, dict):
        raise RecordError(
            "record field 'options' is missing or not an object", key="record.error.options"
        )
    try:
        known = {spec.name for spec in rules_class(game).option_specs}
    except CardtableError as e:
        raise _no_setup(e) from None
    for key in options:
        if not isinstance(key, str):
            raise RecordError(
                f"record option names must be strings, not {key!r}",
                key="record.error.option_name",
                params={"option": repr(key)},
            )
        if key in MATCH_KEYWORDS:
            raise RecordError(
                f"record option {key!r} is a field of the record, not an option",
                key="record.error.option_field",
                params={"option": repr(key)},
            )
        if key not in known:
            names = ", ".join(sorted(known)) or "none"
            raise RecordError(
                f"record option {key!r} is not an option of {game} ({names})",
                key="record.error.option_unknown",
                params={"option": repr(key), "game": game, "known": names},
            )
