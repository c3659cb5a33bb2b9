"""Bounded memos: plain dicts that drop their older half when full.

The move generator memoises answers and plays in dicts (see ``groups`` and ``actions``). A dict
keeps insertion order, so dropping the first half keeps what was learnt recently, without the
bookkeeping an LRU cache does on every hit, and a long search never grows without bound.
"""

from __future__ import annotations

from itertools import islice
from typing import Any, Final

#: How many plays (``interned``) and table texts (``texts``) are kept, of each kind.
INTERNED_LIMIT: Final = 1 << 17


def make_room(memo: dict[Any, Any], limit: int) -> None:
    """Drop the older half of ``memo`` if it holds ``limit`` entries or more."""
    if len(memo) >= limit:
        for key in list(islice(memo, len(memo) // 2)):
            del memo[key]
