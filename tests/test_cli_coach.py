"""``why`` and ``hint`` at the terminal: the rule that allows an action, one measure per
decision with its standard error, and the noise between the best two."""

from __future__ import annotations

import io
import math
import re
import statistics

from rich.console import Console

from cardtable.bots.search import _standard_error
from cardtable.cli import coach
from cardtable.cli.render import Look
from cardtable.core.match import Match


def test_the_standard_error_of_a_mean() -> None:
    samples = [3.0, -1.0, 4.0, 1.0, -5.0, 9.0]
    expected = statistics.stdev(samples) / math.sqrt(len(samples))
    got = _standard_error(sum(samples), sum(x * x for x in samples), len(samples))
    assert math.isclose(got, expected)
    assert _standard_error(2.0, 4.0, 1) == math.inf  # one sample: no error can be told


def test_within_the_noise_is_twice_the_error_of_the_difference() -> None:
    a: dict[str, object] = {"value": 10.0, "spread": 3.0}
    assert coach._within_noise(a, {"value": 2.0, "spread": 3.0})  # 8 < 2·√18 ≈ 8.49
    assert not coach._within_noise(a, {"value": 1.0, "spread": 3.0})  # 9 > 8.49
    assert coach._within_noise(a, {"value": 9.0, "spread": None})  # unknown: say so


def test_why_names_the_rule_that_allows_each_verb() -> None:
    """Every legal action of the first turn of each game is explained by its own rule."""
    for game, rules in coach.ALLOWED_BY.items():
        m = Match(game, seed=2)
        for action in m.legal_actions()[:6]:
            said = coach.why(m, str(action), [], Look(letters=True))
            rule = re.search(r"legal now: (\w\w-\d+) \(", said)
            assert rule, said
            verb = str(action).split(" ")[0]
            naming = game == "buck-euchre" and m.view(None)["state"]["phase"] == "name"
            assert rule.group(1) == ("BE-6" if naming and verb == "pass" else rules[verb])


def test_why_cites_the_rule_an_action_breaks() -> None:
    """RC-5: a capture takes cards worth the played card's value; the engine's reason, the
    rule's id and title, and the rule book's sentence."""
    m = Match("royal-casino", players=2, seed=7, dealer=1,
              deck="5c 9h 4d Kd 2s 6c 3h Td 8s Qc 7d As")  # fmt: skip
    said = coach.why(m, "capture 5c: 8s", [], Look(letters=True))
    assert said.startswith("capture 5c: 8s: no. 5c cannot take 8s"), said
    assert "RC-5 (Capturing): The played card, of value v," in said


def test_a_hint_shows_three_figures_with_their_error_in_one_measure() -> None:
    """Buck Euchre: ordering up ranks by points, staying or dropping by the match chance."""
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    m = Match("rummy-500", players=2, seed=4)
    console.print(coach.advice(m, m.to_move or 0, Look(letters=True), iterations=60))
    text = " ".join(out.getvalue().split())
    assert "by points against the others this hand" in text
    assert len(re.findall(r"[+-]\d+\.\d ± \d+\.\d", text)) >= 2
    assert "%" not in text
