"""The card faces (``static/deck/``): each draws one layout. The package's four of spades held
a second, small-size layout beside its pips with nothing to switch between them, so a large 4
and a large spade were drawn over every four of spades (deck/README.md)."""

from __future__ import annotations

import re
from pathlib import Path

DECK = Path(__file__).parent.parent / "cardtable" / "server" / "static" / "deck"


def test_every_face_draws_one_layout() -> None:
    faces = sorted(DECK.glob("*.svg"))
    assert len(faces) == 54  # 52 cards, the joker and the back
    for face in faces:
        svg = face.read_text(encoding="utf-8")
        assert "maxi-card" not in svg and "<style" not in svg, face.name
        assert len(re.findall(r"<use [^>]*href=\"#numeral\"", svg)) <= 2, face.name
