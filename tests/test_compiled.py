"""The mypyc-compiled engine modules (setup.py) against their Python source.

A compiled module must be built from the source beside it (a stale one would run old code),
and must play exactly as that source does: the same seeded random hands give the same legal
lists, states and scores under ``CARDTABLE_PURE_PYTHON=1`` as compiled.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import _pure

PACKAGE = Path(__file__).resolve().parent.parent / "cardtable"
ENGINES = (
    "cardtable.games.royal_casino.moves",
    "cardtable.games.rummy.engine",
    "cardtable.games.buck_euchre.engine",
)

# Plays seeded random hands and prints a digest of every legal list, the hidden-card zones
# after each action, and the settled scores, with which modules were compiled.
PLAY = """
import hashlib, json, random, sys
from cardtable import _pure
from cardtable.core.registry import rules_class
import cardtable.games.royal_casino.moves as moves, cardtable.games.rummy.engine as engine
import cardtable.games.buck_euchre.engine as be
digest = hashlib.sha256()
for game, players in (("royal-casino", 2), ("royal-casino", 4), ("rummy-500", 3),
                      ("queen-city-rum", 2), ("buck-euchre", 4)):
    rules = rules_class(game).create(players, {})
    rng = random.Random(int(sys.argv[1]))
    deck, scores = list(rules.deck()), rules.initial_scores()
    for hand in range(int(sys.argv[2])):
        rng.shuffle(deck)
        state = rules.deal(deck, hand % players, scores)
        while rules.to_move(state) is not None:
            legal = rules.legal_actions(state)
            digest.update(" | ".join(map(str, legal)).encode())
            state = rules.apply(state, rng.choice(legal))
            digest.update(repr(sorted(rules.zones(state).items())).encode())
        scores = rules.settle(state, scores).scores
        digest.update(repr(scores).encode())
print(json.dumps({"digest": digest.hexdigest(),
                  "compiled": [_pure.compiled(moves), _pure.compiled(engine), _pure.compiled(be)]}))
"""


def _play(pure: bool, seed: int, hands: int) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != _pure.ENV}
    if pure:
        env[_pure.ENV] = "1"
    out = subprocess.run(
        [sys.executable, "-c", PLAY, str(seed), str(hands)],
        env=env, capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    result: dict[str, object] = json.loads(out.stdout)
    return result


def test_compiled_modules_are_built_from_the_current_source() -> None:
    """Each compiled module's source is the one its build recorded (``STAMP`` in setup.py, the
    SHA-256 of each source at the build): judged by content, so a checkout that only touches
    file times raises no alarm, and an edit is caught whatever the clocks say."""
    built = [
        b for b in PACKAGE.rglob("*.so") if (b.parent / f"{b.name.split('.', 1)[0]}.py").exists()
    ]
    if not built:
        pytest.skip("no compiled modules in this install (plain Python)")
    stamp = PACKAGE / "_compiled_sources.json"
    assert stamp.exists(), "compiled modules without the build's record of their sources"
    recorded: dict[str, str] = json.loads(stamp.read_text(encoding="utf-8"))
    stale = []
    for so in built:
        source = so.parent / f"{so.name.split('.', 1)[0]}.py"
        name = source.relative_to(PACKAGE.parent).as_posix()
        if recorded.get(name) != hashlib.sha256(source.read_bytes()).hexdigest():
            stale.append(name)
    assert not stale, f"changed since compiled (rebuild: ./test.sh or pip install -e .): {stale}"


def test_ci_runs_the_compiled_engines() -> None:
    """CI (``CARDTABLE_REQUIRE_COMPILED``) must not fall back to plain Python unnoticed."""
    if not os.environ.get("CARDTABLE_REQUIRE_COMPILED"):
        pytest.skip("CARDTABLE_REQUIRE_COMPILED not set (only CI requires the compiled build)")
    for name in ENGINES:
        assert _pure.compiled(importlib.import_module(name)), f"{name} is not compiled"


def test_pure_python_switch_and_the_compiled_engines_play_alike() -> None:
    compiled = _play(pure=False, seed=5, hands=25)
    pure = _play(pure=True, seed=5, hands=25)
    assert pure["compiled"] == [False, False, False]
    assert pure["digest"] == compiled["digest"]
