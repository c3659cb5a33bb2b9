"""The docstrings and signatures of compiled classes, restored from their source.

mypyc (``setup.py``) compiles a class's methods into C functions that keep a bare text
signature (``play($self, /, action)``) and drop every docstring, so ``help(cardtable.Match)``
of a compiled install said nothing. ``document(cls)`` reads the class's source, installed
beside the compiled module, and gives the class its docstring, its signature, and each of its
public methods and properties theirs, exactly as the plain module has them. A compiled call
from other compiled code is unchanged (it never looks the method up); a call from Python
passes through one small descriptor. Where the module runs as plain Python, or its source is
missing, nothing is done.
"""

from __future__ import annotations
import __future__

import ast
import copy
import inspect
import sys
from pathlib import Path
from typing import Any

#: ``from __future__ import annotations``: a stub's annotations stay text, as the plain
#: module's do, so its signature reads the same and names nothing that must resolve.
_FUTURE_FLAG = __future__.annotations.compiler_flag


class _Documented:
    """A compiled method as seen from Python, with its source's docstring and signature."""

    def __init__(self, compiled: Any, stub: Any) -> None:
        self._compiled = compiled
        self.__doc__ = stub.__doc__
        self.__name__ = stub.__name__
        self.__qualname__ = stub.__qualname__
        self.__signature__ = inspect.signature(stub)

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            return self  # read from the class (help, inspect): the documented stand-in
        return self._compiled.__get__(obj, owner)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled(*args, **kwargs)


def is_compiled(cls: type) -> bool:
    """Whether ``cls`` comes from a compiled module (a C extension, not a ``.py`` file)."""
    file = getattr(sys.modules.get(cls.__module__), "__file__", None) or ""
    return not file.endswith(".py")


def _source(cls: type) -> ast.ClassDef | None:
    module = sys.modules.get(cls.__module__)
    file = getattr(module, "__file__", None)
    if not file:
        return None
    path = Path(file)
    source = path.with_name(path.name.split(".", 1)[0] + ".py")
    if not source.is_file():
        return None
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return node
    return None


def _stub(node: ast.FunctionDef, cls: type, namespace: dict[str, Any]) -> Any:
    """A plain function with the method's signature and docstring and no body."""
    doc = ast.get_docstring(node, clean=False)
    body: list[ast.stmt] = [ast.Expr(ast.Constant(doc))] if doc is not None else []
    bare = copy.copy(node)  # every field of this Python's FunctionDef, then no body
    bare.body = body or [ast.Pass()]
    bare.decorator_list = []
    module = ast.fix_missing_locations(ast.Module(body=[bare], type_ignores=[]))
    scope = dict(namespace)  # defaults are evaluated as the module evaluates them
    exec(compile(module, f"<{cls.__module__}>", "exec", flags=_FUTURE_FLAG, dont_inherit=True),
         scope)  # fmt: skip
    stub = scope[node.name]
    stub.__qualname__ = f"{cls.__name__}.{node.name}"
    stub.__module__ = cls.__module__
    return stub


def document(cls: type) -> None:
    """Give the compiled class ``cls`` its source's docstrings and signatures (see above)."""
    if not is_compiled(cls):
        return
    node = _source(cls)
    if node is None:
        return
    namespace = vars(sys.modules[cls.__module__])
    cls.__doc__ = ast.get_docstring(node, clean=False)
    methods = [item for item in node.body if isinstance(item, ast.FunctionDef)]
    setters = {item.name for item in methods for d in item.decorator_list
               if ast.unparse(d).endswith(".setter")}  # fmt: skip
    for item in methods:
        name = item.name
        compiled = cls.__dict__.get(name)
        private = name.startswith("_") and not (name.startswith("__") and name.endswith("__"))
        if compiled is None or name in setters or private:
            continue
        decorators = {ast.unparse(d) for d in item.decorator_list}
        stub = _stub(item, cls, namespace)
        if decorators == {"property"}:
            # (no docstring: "" rather than the compiled getter's own words about descriptors)
            setattr(cls, name, property(compiled.__get__, doc=stub.__doc__ or ""))
        elif decorators == {"classmethod"}:
            setattr(cls, name, classmethod(_through(compiled, stub)))
        elif not decorators:
            setattr(cls, name, _Documented(compiled, stub))


def _through(compiled: Any, stub: Any) -> Any:
    """A class method's documented stand-in: calls the compiled one, bound to the class."""

    def call(owner: type, *args: Any, **kwargs: Any) -> Any:
        return compiled.__get__(None, owner)(*args, **kwargs)

    call.__doc__ = stub.__doc__
    call.__name__ = stub.__name__
    call.__qualname__ = stub.__qualname__
    call.__signature__ = inspect.signature(stub)  # type: ignore[attr-defined]
    return call
