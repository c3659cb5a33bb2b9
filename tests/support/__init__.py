"""What the tests share: stacked decks per game, the card room as a subprocess, the browser,
the databases, a tiny test game. Nothing here is collected as a test; ``tests/conftest.py``
holds the fixtures."""
