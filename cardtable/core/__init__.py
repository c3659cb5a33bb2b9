"""The core: cards, notation, the game contract, Match, records and errors (no third-party
imports)."""
