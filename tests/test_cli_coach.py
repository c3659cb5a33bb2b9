"""``why`` and ``hint`` at the terminal: the rule that allows an action, one measure per
decision with its standard error, and the noise between the best two."""

from __future__ import annotations

import io
import math
import random
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
    """RC-5: a capture takes cards worth the played card's value; the engine's reason, then
    the rule's id and title (not the rule book's first sentence, which may be about another
    part of the rule)."""
    m = Match("royal-casino", players=2, seed=7, dealer=1,
              deck="5c 9h 4d Kd 2s 6c 3h Td 8s Qc 7d As")  # fmt: skip
    said = coach.why(m, "capture 5c: 8s", [], Look(letters=True))
    assert said.startswith("capture 5c: 8s: no. 5c cannot take 8s"), said
    assert said.endswith(". RC-5 (Capturing)"), said


def test_why_names_the_rule_that_forbids_the_card_and_reads_a_card_alone() -> None:
    """BE-10: a card that does not follow suit is refused by BE-10, named by its title (the
    rule's first sentence, about who leads, is not quoted); a card not held is C-5 (Legal
    actions); ``why 9s`` reads the card as play does."""
    m = Match("buck-euchre", seed=0)
    rng = random.Random(1)
    while not (
        m.view(0)["state"]["phase"] == "play"
        and m.to_move == 0
        and any(m.view(0)["state"]["trick"])
        and len(m.legal_actions()) < len(m.view(0)["state"]["hand"])
    ):
        m.play(rng.choice(m.legal_actions()))  # fmt: skip
    hand = m.view(0)["state"]["hand"]
    legal = [str(a) for a in m.legal_actions()]
    off = next(c for c in hand if f"play {c}" not in legal)
    said = coach.why(m, f"play {off}", legal, Look(letters=True))
    assert said.startswith(f"play {off}: no. You must follow suit"), said
    assert said.endswith("BE-10 (Play: follow suit if you can)") and "leads" not in said
    missing = next(c for c in ("Ah", "9d", "Tc") if c not in hand)
    said = coach.why(m, f"play {missing}", legal, Look(letters=True))
    assert said == f"play {missing}: no. {missing} is not in your hand. C-5 (Legal actions)"
    card = legal[0].split()[1]
    assert coach.why(m, card, legal, Look(letters=True)).startswith(f"play {card} is legal now")
    assert coach.why(m, off, legal, Look(letters=True)).startswith(f"play {off}: no.")


def test_a_hint_shows_three_figures_with_their_error_in_one_measure() -> None:
    """Buck Euchre: ordering up ranks by points, staying or dropping by the match chance."""
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    m = Match("rummy-500", players=2, seed=4)
    console.print(coach.advice(m, m.to_move or 0, Look(letters=True), iterations=60))
    text = " ".join(out.getvalue().split())
    assert "by points against the others this hand" in text
    assert len(re.findall(r"[+\u2212]\d+\.\d ± \d+\.\d", text)) >= 2  # the minus sign: −2.7
    assert "%" not in text
