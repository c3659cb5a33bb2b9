"""The ``cardtable`` command."""
