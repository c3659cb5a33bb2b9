"""The four games. Importing this package registers them with the core registry."""

from cardtable.games import buck_euchre, royal_casino, rummy

__all__ = ["buck_euchre", "royal_casino", "rummy"]
