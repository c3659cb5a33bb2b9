"""Every refusal is a keyed message (C-5): the engines give each IllegalActionError a key and
parameters whose English sentence is the reason they give, and the browser's catalogues say
every key in English, Punjabi and Tagalog with the same parameters."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cardtable import IllegalActionError, Match, NotationError
from cardtable.games.reasons import ENGLISH, english

ROOT = Path(__file__).parent.parent
CATALOGUES = ROOT / "cardtable" / "server" / "static" / "i18n"
HOLE = re.compile(r"\{(\w+)\}")
GAMES = [("royal-casino", 2), ("royal-casino", 4), ("buck-euchre", 4), ("rummy-500", 3),
         ("queen-city-rum", 2)]  # fmt: skip


def base(key: str) -> str:
    return re.sub(r"_(one|other)$", "", key)


def holes(text: str) -> set[str]:
    """A template's parameters as a translation names them (``suit_en`` is said as ``suit``)."""
    return {h.removesuffix("_en") for h in HOLE.findall(text)}


@pytest.mark.parametrize("lang", ["en", "pa", "tl"])
def test_every_reason_is_in_each_catalogue_with_its_parameters(lang: str) -> None:
    catalogue: dict[str, str] = json.loads((CATALOGUES / f"{lang}.json").read_text("utf-8"))
    for key, sentence in ENGLISH.items():
        assert key in catalogue, (lang, key)
        assert holes(catalogue[key]) == holes(sentence), (lang, key)
    if lang == "pa":
        assert all(re.search("[\u0a00-\u0a7f]", catalogue[k]) for k in ENGLISH)


def test_every_key_the_engines_name_has_an_english_sentence() -> None:
    named = set()
    for path in (ROOT / "cardtable").rglob("*.py"):
        if path.name == "reasons.py":  # the sentences themselves
            continue
        named |= set(re.findall(r'"(refusal\.[a-z0-9_.]+)"', path.read_text("utf-8")))
    bases = {base(k) for k in ENGLISH}
    named |= {
        k + "_bower" for k in named if k in ("refusal.be.follow_trump", "refusal.be.follow_suit")
    }
    assert named - bases == set()
    assert bases - named == set(), "a sentence no engine uses"


def candidates(seen: list[str], rng: random.Random) -> list[str]:
    """Action texts to try: ones seen legal at other moments, often illegal now."""
    return rng.sample(seen, min(12, len(seen)))


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_refusals_carry_a_key_whose_sentence_is_the_reason(game: str, players: int) -> None:
    rng = random.Random(7)
    seen: dict[str, None] = {}
    found: set[str] = set()
    for seed in range(3):
        m = Match(game, players=players, seed=seed)
        for _ in range(400):
            if m.is_over:
                break
            legal = [str(a) for a in m.legal_actions()]
            seen.update(dict.fromkeys(legal))
            for text in candidates(list(seen), rng):
                if text in legal:
                    continue
                try:
                    m.check(text)
                except IllegalActionError as e:
                    assert e.key is not None, (text, e.reason)
                    assert english(e.key, e.params) == e.reason, (e.key, e.params)
                    found.add(e.key)
                except NotationError:
                    pass
            m.play(rng.choice(legal))
    assert len(found) >= 3, found  # several different reasons were met


def test_a_finished_match_refuses_with_a_key() -> None:
    m = Match("royal-casino", players=2, seed=1)
    while not m.is_over:
        m.play(m.legal_actions()[0])
    with pytest.raises(IllegalActionError) as e:
        m.play("trail 2c")
    assert e.value.key == "refusal.match_over" and e.value.reason == ENGLISH[e.value.key]


def test_the_terminal_says_a_refusal_in_its_language() -> None:
    """``cardtable play --lang pa``: the reason from its key, the card drawn as in the hand."""
    from cardtable.cli import render, text

    m = Match("royal-casino", players=2, seed=4, dealer=0, deck="Ac 2c 3c 4c 5d 6d 7d 8d Th")
    with pytest.raises(IllegalActionError) as e:
        m.check("trail Kh")
    assert e.value.key == "refusal.not_in_hand" and e.value.params == {"card": "Kh"}
    try:
        text.set_language("pa")
        said = render.refusal(e.value, letters=False)
        assert re.search("[\u0a00-\u0a7f]", said) and "K♥" in said, said
        text.set_language("en")
        assert render.refusal(e.value, letters=True) == "Kh is not in your hand"
    finally:
        text.set_language("en")
