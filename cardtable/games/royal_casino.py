"""Placeholder: this game is not implemented yet."""
