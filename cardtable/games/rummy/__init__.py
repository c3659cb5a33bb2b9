"""Rummy 500 and Queen City Rum: one rummy engine (``engine``) with two presets. Importing
this package registers both games."""

from cardtable.games.rummy import queen_city_rum, rummy_500

__all__ = ["queen_city_rum", "rummy_500"]
