"""Show each docstring example of the API reference with the imports it needs, so it runs pasted alone.

Docstrings in the game modules write ``mulle.new_game(...)`` or ``cardrules.get_game(...)``
without importing ``mulle`` or ``cardrules``: in ``help()`` the module is already at hand. The
reference is read, and pasted, without it, so this extension adds the missing import lines, in
plain view, before the first ``>>>`` line of the docstring. The Sphinx doctest builder then runs
exactly what the page shows; ``tests/docs/test_doc_blocks.py`` runs each example alone the same way.
"""

from __future__ import annotations

import ast
import builtins
import doctest
import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the tests use with_imports() with no Sphinx installed
    from sphinx.application import Sphinx

_PARSER = doctest.DocTestParser()


def _free_names(source: str) -> list[str]:
    """Names the examples read before (or without) binding them, in the order they are first read."""
    bound: set[str] = set(dir(builtins))
    free: list[str] = []
    for example in _PARSER.get_examples(source):
        try:
            tree = ast.parse(example.source)
        except SyntaxError:
            return free
        loads: list[str] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                if isinstance(node.ctx, ast.Load):
                    loads.append(node.id)
                else:
                    bound.add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bound.add(node.name)
            elif isinstance(node, ast.arg):
                bound.add(node.arg)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                bound.add(node.name)
        free.extend(name for name in loads if name not in bound and name not in free)
    return free


def _is_public_submodule(name: str) -> bool:
    return not name.startswith("_") and importlib.util.find_spec(f"cardrules.{name}") is not None


def imports_for(source: str, module: str) -> list[str]:
    """The import statements that the examples in *source*, shown under *module*, need and lack."""
    public = set(getattr(importlib.import_module(module), "__all__", ()))
    plain: list[str] = []
    from_cardrules: list[str] = []
    from_module: list[str] = []
    for name in _free_names(source):
        if name == "cardrules":
            plain.append("import cardrules")
        elif _is_public_submodule(name):
            from_cardrules.append(name)
        elif name in public:
            from_module.append(name)
    lines = plain
    if from_cardrules:
        lines.append(f"from cardrules import {', '.join(from_cardrules)}")
    if from_module:
        lines.append(f"from {module} import {', '.join(from_module)}")
    return lines


def with_imports(lines: list[str], module: str) -> list[str]:
    """*lines* of a docstring, with the missing imports as ``>>>`` lines before its first example."""
    first = next((i for i, line in enumerate(lines) if line.lstrip().startswith(">>>")), None)
    if first is None:
        return list(lines)
    needed = imports_for("\n".join(lines), module)
    indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
    return [*lines[:first], *(f"{indent}>>> {stmt}" for stmt in needed), *lines[first:]]


def public_module(name: str) -> str:
    """The module a documented name such as ``cardrules.mulle.MulleMoves.sample`` is shown under."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        try:
            if importlib.util.find_spec(candidate) is not None:
                return candidate
        except ModuleNotFoundError:
            continue
    return "cardrules"


def _process(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    lines[:] = with_imports(lines, public_module(name))


def setup(app: Sphinx) -> dict[str, Any]:
    # After napoleon (priority 500), which turns the "Example:" sections into reST.
    app.connect("autodoc-process-docstring", _process, priority=600)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
