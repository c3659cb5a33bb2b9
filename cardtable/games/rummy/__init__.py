"""Placeholder: the rummy engine is not implemented yet."""
