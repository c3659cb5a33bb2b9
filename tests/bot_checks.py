"""Checks shared by the bot tests of several games (this module holds no tests of its own)."""

from __future__ import annotations

import ast
import random
from typing import Any

from cardtable import Match
from cardtable.core.registry import rules_class


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
