"""Making frozen dataclass objects quickly.

States, builds and plays are frozen, slotted dataclasses. Their ``__init__`` sets every field
through ``object.__setattr__`` (that is how a frozen dataclass gets past its own guard), which
costs several times a plain assignment, and the engine makes a state for every play. So the
hot paths make an object of an *unfrozen twin*, a class with the same bases and the same slots
in the same order, whose ``__init__`` assigns plainly, and then switch its ``__class__`` to the
frozen class. The result is exactly the object the frozen class would have made, and frozen from
then on.
"""

from __future__ import annotations

from dataclasses import fields, make_dataclass
from typing import Any


def unfrozen_twin(cls: type) -> Any:
    """The unfrozen twin of the frozen, slotted dataclass ``cls``: its fields in order, all
    set by ``__init__`` (those with ``init=False`` too)."""
    names = [f.name for f in fields(cls)]
    return make_dataclass(f"Unfrozen{cls.__name__}", names, bases=cls.__bases__, slots=True)
