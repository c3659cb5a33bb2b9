"""Checks that must hold at every step of every game: used by the tests and by
``cardtable simulate``. Each check raises ``InvariantError`` naming what broke."""

from __future__ import annotations

import json
import random
import re
import weakref
from collections import Counter
from typing import Any

from cardtable.core.cards import CARD_NAMES, card_str
from cardtable.core.game import Settlement
from cardtable.core.match import Match

_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}


class InvariantError(AssertionError):
    """An engine invariant failed; the message says which and where."""


# A card's two letters, not inside a word and not a declared joker's ``=7h``. The look-behind
# follows the first letter so the scan jumps from rank letter to rank letter (twice as fast on
# a view's JSON, which the playout tests scan at every step).
_MENTION = re.compile(r"(?:[A2-9TJQK](?<![=\w][A2-9TJQK])[cdhs]|J(?<![=\w]J)o)(?!\w)")


def cards_mentioned(view: Any) -> set[int]:
    """Every card named anywhere in a view (a declared joker's ``=7h`` excluded)."""
    text = view if isinstance(view, str) else json.dumps(view)
    return {_INDEX[token] for token in _MENTION.findall(text)}


def check_state(m: Match) -> None:
    """Cards in exactly one place; legal list sorted, unique, non-empty, round-tripping;
    views JSON-ready and leaking no hidden card."""
    rules, state = m.rules, m.state
    where = f"{m.game_id} hand {m.hand_number} after {len(m.hands[-1].actions)} actions"
    zones = rules.zones(state)
    placed: Counter[int] = Counter()
    for cards in zones.values():
        placed.update(cards)
    if placed != Counter(rules.deck()):
        extra = placed - Counter(rules.deck())
        missing = Counter(rules.deck()) - placed
        raise InvariantError(f"{where}: cards misplaced (extra {extra}, missing {missing})")
    if m.is_over:
        if m.legal_actions():
            raise InvariantError(f"{where}: legal actions after the match ended")
    else:
        _check_legal(m, where)
    _check_views(m, state, where)


def _check_legal(m: Match, where: str) -> None:
    legal = m.legal_actions()
    texts = [str(a) for a in legal]
    if not legal:
        raise InvariantError(f"{where}: no legal action but the match is not over")
    if texts != sorted(texts):
        raise InvariantError(f"{where}: legal list not sorted: {texts}")
    if len(set(texts)) != len(texts) or len(set(legal)) != len(legal):
        raise InvariantError(f"{where}: legal list has duplicates: {texts}")
    for a, t in zip(legal, texts, strict=True):
        if m.parse_action(t) != a:
            raise InvariantError(f"{where}: {t!r} does not parse back to the same action")


# The finished hands whose final views were checked, by their settlement (a compiled Match
# cannot be weakly referenced; a settlement belongs to one hand of one match), by identity.
_LAST_CHECKED: weakref.WeakValueDictionary[int, Settlement] = weakref.WeakValueDictionary()


def _check_views(m: Match, state: Any, where: str) -> None:
    finished = [h for h in m.hands if h.settlement is not None]
    # The previous hand's final view cannot change: check it once, when it first appears.
    # So can no finished hand's entry in the history, which repeats that view's breakdown:
    # checked there once, not again at every step (it grows with the match).
    settled = finished[-1].settlement if finished else None
    check_last = settled is not None and _LAST_CHECKED.get(id(settled)) is not settled
    for seat in [None, *range(m.players)]:
        whole = m.view(seat)
        last, history = whole["last_hand"], whole["history"]
        view = {k: v for k, v in whole.items() if k not in ("last_hand", "history")}
        if history and (last is None or history[-1]["breakdown"] != last["breakdown"]):
            raise InvariantError(f"{where}: the history's last hand is not the last hand")
        _check_leak(m, view, state, seat, where)
        if check_last and last is not None:  # judged by what was hidden at that hand's end
            _check_leak(m, last, finished[-1].final, seat, f"{where} (last hand)")
    if settled is not None:
        _LAST_CHECKED[id(settled)] = settled


def _check_leak(m: Match, view: Any, state: Any, seat: int | None, where: str) -> None:
    hidden = m.rules.hidden(state, seat)
    if not hidden:
        return
    mentioned = cards_mentioned(view)  # json.dumps also proves the view JSON-ready
    suspects = mentioned.intersection(hidden)
    if not suspects:
        return
    deck = Counter(m.rules.deck())
    hidden_count = Counter(hidden)
    leaked = [c for c in suspects if hidden_count[c] >= deck[c]]
    if leaked:
        who = "spectator" if seat is None else f"seat {seat}"
        names = " ".join(card_str(c) for c in sorted(leaked))
        raise InvariantError(f"{where}: view of {who} shows hidden cards {names}")


def check_scores(m: Match) -> None:
    """Each hand's points add up to the cumulative scores."""
    totals = list(m.rules.initial_scores())
    for number, hand in enumerate(m.hands, 1):
        s = hand.settlement
        if s is None:
            continue
        totals = [t + p for t, p in zip(totals, s.points, strict=True)]
        if list(s.scores) != totals:
            raise InvariantError(f"hand {number}: scores {s.scores} are not the sum {totals}")
        if s.breakdown.get("total") != list(s.points):
            raise InvariantError(f"hand {number}: breakdown total differs from points")
    if m.scores != totals:
        raise InvariantError(f"match scores {m.scores} are not the sum {totals}")


def random_match(
    game: str,
    *,
    seed: int,
    players: int | None = None,
    check: bool = True,
    max_actions: int = 1_000_000,
    **options: Any,
) -> Match:
    """Play one whole match with uniformly random legal actions, checking every step; the
    record must replay to the same scores."""
    rng = random.Random(seed)
    m = Match(game, players=players, seed=seed, **options)
    for _ in range(max_actions):
        if check:
            check_state(m)
        if m.is_over:
            break
        m.play(rng.choice(m.legal_actions()))
    else:
        raise InvariantError(f"{game} seed {seed}: no end after {max_actions} actions")
    if check:
        check_scores(m)
        replay = Match.from_record(json.loads(json.dumps(m.record())))
        if replay.scores != m.scores or replay.winner != m.winner:
            raise InvariantError(f"{game} seed {seed}: record replays differently")
    return m


def check_determinize(m: Match, rng: random.Random) -> None:
    """Every seat's sampled world shows that seat the same view, holds every card once, and
    (for the seat to move) offers the same legal actions: the resample test of C-6."""
    rules, state = m.rules, m.state
    for seat in range(m.players):
        view = rules.view(state, seat)
        world = rules.determinize(json.loads(json.dumps(view)), seat, rng)
        if rules.view(world, seat) != view:
            raise InvariantError(f"{m.game_id}: a sampled world shows seat {seat} another view")
        placed: Counter[int] = Counter()
        for cards in rules.zones(world).values():
            placed.update(cards)
        if placed != Counter(rules.deck()):
            raise InvariantError(f"{m.game_id}: a sampled world misplaces cards")
        if rules.to_move(state) == seat:
            got = [str(a) for a in rules.legal_actions(world)]
            if got != [str(a) for a in m.legal_actions()]:
                raise InvariantError(f"{m.game_id}: a sampled world changes seat {seat}'s options")
