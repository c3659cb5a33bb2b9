"""Keeping long-lived memos out of the cycle collector's way.

CPython's cycle collector visits, at each full collection, every object it tracks and reads
every reference those objects hold. Royal Casino's memos (the interned plays, the answers of
``groups``) hold hundreds of thousands of entries, and random play adds tens of thousands a
second, which brings a full collection about every second: walking the memos was a fifth of
the time of random play through ``Match`` (docs/performance.md).

A dict is not tracked while it holds only objects the collector does not track (ints,
strings, tuples of those once untracked); any other value put in it tracks it, and a tracked
dict is walked entry by entry. So ``keep`` stores a value untracked and keeps the memo
untracked. It is for values whose references are only ints, strings, untracked tuples and
their own class (a tuple of ints; a play whose slots hold ints and a string): such an object
can only be freed by its reference count, tracked or not. CPython itself untracks a tuple of
ints once a collection has seen it. Without CPython's C API (no ``ctypes.pythonapi``) both
functions do nothing but store.
"""

from __future__ import annotations

import ctypes
import gc
from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

_is_tracked = gc.is_tracked


def _untracker() -> Callable[[object], None] | None:
    """``PyObject_GC_UnTrack`` of the running interpreter, or None without one."""
    try:
        api = ctypes.pythonapi
    except AttributeError:  # not CPython
        return None
    # A pointer of our own, not ``api.PyObject_GC_UnTrack``, whose argument types are shared.
    prototype = ctypes.PYFUNCTYPE(None, ctypes.py_object)
    return prototype(("PyObject_GC_UnTrack", api))


_UNTRACK = _untracker()


def untrack(obj: object) -> None:
    """Stop the cycle collector tracking ``obj`` (see the module's doc for which objects may
    be). A no-op for an object it does not track."""
    if _UNTRACK is not None and _is_tracked(obj):
        _UNTRACK(obj)


def keep(memo: dict[K, V], key: K, value: V) -> V:
    """``memo[key] = value``, the value untracked and the memo left untracked; returns it."""
    untrack(value)
    memo[key] = value
    untrack(memo)  # a value of a class of its own tracks the dict whether it is tracked or not
    return value
