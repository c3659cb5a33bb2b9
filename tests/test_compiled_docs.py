"""The library's documentation survives compilation: ``help(cardtable.Match)`` of the compiled
install carries the docstrings and signatures of the plain one (``setup.py`` writes each
docstring into the generated C; a compiled signature carries no annotations, so the test
compares the parameters' names, kinds and defaults), and the compiled and plain engines refuse
the same bad arguments with the same error.

Each side runs in a fresh process (``CARDTABLE_PURE_PYTHON=1`` for the plain one), on the
installed package; without compiled modules the comparison has nothing to compare.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardtable import _pure
from cardtable.core import match

# Every public member of Match: its parameters (names, kinds, defaults; ``self`` left out)
# and docstring as inspect sees them.
DESCRIBE = """
import inspect, json, pydoc, cardtable
from cardtable import Match

def parameters(target):
    return [[p.name, p.kind.name, repr(p.default)]
            for p in inspect.signature(target).parameters.values() if p.name != "self"]

out = {"Match": [parameters(Match), inspect.getdoc(Match)]}
for name, member in vars(Match).items():
    if name.startswith("_") and name != "__reduce__":  # (__init__: the class's signature)
        continue
    if isinstance(member, property) or type(member).__name__ == "getset_descriptor":
        if name in ("rules", "game_id", "players", "seed", "first_dealer", "hands", "state",
                    "winner"):
            continue  # instance attributes: compiled, each is a descriptor of its own
        out[name] = ["property", member.__doc__ or None]
    elif callable(getattr(Match, name)):
        target = getattr(Match, name)
        out[name] = [parameters(target), target.__doc__ or None]
out["help"] = pydoc.render_doc(Match, renderer=pydoc.plaintext)
out["compiled"] = not cardtable.core.match.__file__.endswith(".py")
print(json.dumps(out))
"""

# Bad arguments to the public API: the error's type and message, or "accepted".
REFUSE = """
import json
from cardtable import Match
m = Match("royal-casino", seed=1)
calls = {
    "players='2'": lambda: Match("royal-casino", players="2"),
    "players=2.0": lambda: Match("royal-casino", players=2.0),
    "players=True": lambda: Match("royal-casino", players=True),
    "game=5": lambda: Match(5),
    "seed=1.5": lambda: Match("royal-casino", seed=1.5),
    "dealer='0'": lambda: Match("royal-casino", dealer="0"),
    "deck=[3]": lambda: Match("royal-casino", deck=[3]),
    "deck=5": lambda: Match("royal-casino", deck=5),
    "side_of('0')": lambda: m.side_of("0"),
    "parse_action(5)": lambda: m.parse_action(5),
    "play(5)": lambda: m.play(5),
    "check(None)": lambda: m.check(None),
    "view('0')": lambda: m.view("0"),
    "view(True)": lambda: m.view(True),
    "from_record(upto='1')": lambda: Match.from_record(m.record(), upto="1"),
}
out = {}
for call, f in calls.items():
    try:
        f()
        out[call] = "accepted"
    except Exception as e:
        out[call] = f"{type(e).__name__}: {e}"
print(json.dumps(out))
"""


def _run(script: str, *, pure: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "CARDTABLE_PURE_PYTHON"}
    if pure:
        env["CARDTABLE_PURE_PYTHON"] = "1"
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, check=True)  # fmt: skip
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _compiled_install() -> None:
    if not _pure.compiled(match):
        pytest.skip("Match is not compiled in this install (plain Python)")


def test_help_of_the_compiled_match_carries_the_docstrings_and_signatures() -> None:
    _compiled_install()
    compiled, plain = _run(DESCRIBE, pure=False), _run(DESCRIBE, pure=True)
    assert compiled.pop("compiled") is True and plain.pop("compiled") is False
    help_text = str(compiled.pop("help"))
    plain.pop("help")
    assert compiled == plain
    for doc in ("A match of one game, from the first deal to the winner",
                "Play an action (or its text) for the seat to move",
                "play(self, /, action)",
                "Replay a record exactly",
                "The seat to act, or None when the match is over"):  # fmt: skip
        assert doc in help_text, doc


def test_compiled_and_plain_engines_refuse_the_same_bad_arguments_alike() -> None:
    _compiled_install()
    compiled, plain = _run(REFUSE, pure=False), _run(REFUSE, pure=True)
    assert compiled == plain
    assert compiled["players='2'"] == "OptionError: players must be a whole number, not '2'"
    assert not any(str(why).startswith("TypeError") for why in compiled.values()), compiled


def test_the_plain_engine_refuses_them_too() -> None:
    """Run in any install: the refusals say why (no bare TypeError, nothing accepted)."""
    plain = _run(REFUSE, pure=True)
    assert all(why != "accepted" and not str(why).startswith("TypeError")
               for why in plain.values()), plain  # fmt: skip


def test_a_match_plays_replays_and_pickles() -> None:
    m = match.Match("royal-casino", seed=3)
    while m.hand_number == 1:
        m.play(m.legal_actions()[0])
    again = match.Match.from_record(m.record())
    assert again.scores == m.scores and again.action_count == m.action_count
    import pickle

    assert pickle.loads(pickle.dumps(m)).record() == m.record()
