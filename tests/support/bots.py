"""Checks shared by the bot tests of several games (this module holds no tests of its own)."""

from __future__ import annotations

import ast
import random
from collections import Counter
from typing import Any

from cardtable import Match
from cardtable.core.cards import card_str
from cardtable.core.errors import IllegalActionError
from cardtable.core.registry import rules_class


def rearranged(m: Match, seat: int, rng: random.Random) -> Match | None:
    """The same first hand with the cards hidden from ``seat`` (other hands, stock, kitty)
    shuffled among their places in the deck, replayed with the same actions; None if an
    action no longer fits the new hands (a card held twice, like rummy's jokers, moves only if
    both copies are hidden)."""
    hidden = Counter(m.rules.hidden(m.state, seat))
    deck = list(m.hands[0].deck)
    copies = Counter(deck)  # a card the deck holds twice moves only if both copies are hidden
    places = [i for i, c in enumerate(deck) if hidden[c] == copies[c]]
    cards = [deck[i] for i in places]
    rng.shuffle(cards)
    for i, c in zip(places, cards, strict=True):
        deck[i] = c
    other = Match(m.game_id, players=m.players, seed=0, dealer=m.hands[0].dealer,
                  deck=" ".join(card_str(c) for c in deck), **m.rules.options)  # fmt: skip
    try:
        for a in m.hands[0].actions:
            other.play(a)
    except IllegalActionError:
        return None
    return other


def playout_stays_legal(
    game: str, policy: Any, *, seeds: int, max_steps: int, rng: random.Random,
    players: Any = lambda seed: None,
) -> None:  # fmt: skip
    """From positions of random first hands (``seeds`` deals, up to ``max_steps`` random
    actions each), a world sampled from the mover's view is played out by ``policy``, every
    action of which must be legal in that world."""
    for seed in range(seeds):
        n = players(seed)
        rules = rules_class(game).create(n, {})
        m = Match(game, players=n, seed=seed)
        for _ in range(rng.randrange(max_steps)):
            if m.is_over or m.hand_number > 1:
                break
            m.play(rng.choice(m.legal_actions()))
        if m.is_over or m.to_move is None:
            continue
        world = rules.determinize(m.view(m.to_move)["state"], m.to_move, rng)
        while rules.to_move(world) is not None:
            action = policy(rules, world, rng)
            assert action in rules.legal_actions(world)
            world = rules.apply(world, action)


def engine_confined_to_playout(
    tree: ast.Module, engine_aliases: set[str], *, playout_named: bool
) -> None:
    """The names a heuristic module binds from the engine at module level (and everything
    computed from them) are used only by functions named for the playout policy, and never
    by ``HeuristicBot``; with ``playout_named`` those module-level names must be named for the
    playout (``_playout…``) too."""
    engine_names = set(engine_aliases)
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            used = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)} if value else set()
            if used & engine_names:
                names = {t.id for t in targets if isinstance(t, ast.Name)}
                if playout_named:
                    assert all(n.startswith("_playout") for n in names), names
                engine_names |= names
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            if used & engine_names:
                assert node.name.startswith(("playout", "_playout")), node.name
    bot = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "HeuristicBot")
    assert not {n.id for n in ast.walk(bot) if isinstance(n, ast.Name)} & engine_names
