"""Each public module shows its public names only: ``dir()`` and autocompletion list its ``__all__``."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import cardrules

PUBLIC_MODULES = [
    "cardrules",
    "cardrules.bots",
    "cardrules.cards",
    "cardrules.charlemagne",
    "cardrules.engine",
    "cardrules.errors",
    "cardrules.i18n",
    "cardrules.mililla",
    "cardrules.mulle",
    "cardrules.records",
    "cardrules.rl",
    "cardrules.rl.openspiel",
    "cardrules.rules",
    "cardrules.web",
]
# Public modules that need an optional extra: checked where it is installed (nox -s web).
NEEDS_EXTRA = {"cardrules.web": "starlette", "cardrules.rl.openspiel": "pyspiel"}
# Modules without a leading underscore that are not an import API: the command line.
NOT_AN_API = {"cardrules.cli"}


def test_every_module_is_private_or_listed() -> None:
    """A new module is private (``_name``), or its public names are checked below."""
    names = {m.name for m in pkgutil.walk_packages(cardrules.__path__, "cardrules.")}
    public = {n for n in names if not any(part.startswith("_") for part in n.split("."))}
    assert public - NOT_AN_API == set(PUBLIC_MODULES) - {"cardrules"}


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_dir_lists_exactly_the_public_names(name: str) -> None:
    """``dir(module)`` is ``__all__``: no imported helpers (``Any``, ``attrs``, ``json``), no private names."""
    if name in NEEDS_EXTRA:
        pytest.importorskip(NEEDS_EXTRA[name])
    module = importlib.import_module(name)
    assert sorted(dir(module)) == sorted(module.__all__)


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_every_name_in_all_exists(name: str) -> None:
    """Every name in ``__all__`` is defined, once, and none is private."""
    if name in NEEDS_EXTRA:
        pytest.importorskip(NEEDS_EXTRA[name])
    module = importlib.import_module(name)
    assert len(module.__all__) == len(set(module.__all__))
    assert [n for n in module.__all__ if not hasattr(module, n)] == []
    assert [n for n in module.__all__ if n.startswith("_") and n != "__version__"] == []


def test_star_import_gives_the_public_names() -> None:
    """``from cardrules.records import *`` binds the names that ``dir()`` shows, and nothing else."""
    namespace: dict[str, object] = {}
    exec("from cardrules.records import *", namespace)
    namespace.pop("__builtins__")
    assert sorted(namespace) == dir(cardrules.records)
