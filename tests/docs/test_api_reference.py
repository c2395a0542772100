"""The API reference names no raw type variable and no ``Game[Any, Any, Any, Any]``."""

from __future__ import annotations

import importlib.util
import typing
from pathlib import Path
from types import ModuleType

import pytest

import cardrules

ROOT = Path(__file__).resolve().parents[2]
API = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs" / "api").glob("*.md")))


def _extension() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cardrules_types", ROOT / "docs" / "_ext" / "cardrules_types.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("generic", [cardrules.Game, cardrules.GameSpec, cardrules.LegalMoves])
def test_type_parameters_have_names_and_entries(generic: type) -> None:
    """Each type parameter of the generic layer reads as what it is, and the reference describes it."""
    for parameter in typing.get_args(generic.__orig_bases__[-1]):  # type: ignore[attr-defined]
        assert isinstance(parameter, typing.TypeVar)
        assert parameter.__name__.endswith("T") and len(parameter.__name__) > 2, parameter
        assert f".. py:type:: {parameter.__module__}.{parameter.__name__}" in API


@pytest.mark.parametrize(
    ("hint", "shown"),
    [
        ("~cardrules.engine.Game[~typing.Any, ~typing.Any, ~typing.Any, ~typing.Any]", "~cardrules.engine.Game"),
        (
            "str | ~cardrules.engine.Game[~typing.Any, ~typing.Any, ~typing.Any, ~typing.Any]",
            "str | ~cardrules.engine.Game",
        ),
        ("~cardrules.engine.LegalMoves[~typing.Any]", "~cardrules.engine.LegalMoves"),
        (
            "~collections.abc.Callable[[~typing.Any, ~typing.Any], None]",
            "~collections.abc.Callable[[~typing.Any, ~typing.Any], None]",
        ),
        ("dict[str, ~typing.Any]", "dict[str, ~typing.Any]"),
        (
            "~cardrules.engine.LegalMoves[~cardrules.engine.MoveT]",
            "~cardrules.engine.LegalMoves[~cardrules.engine.MoveT]",
        ),
    ],
)
def test_generics_of_any_are_shown_bare(hint: str, shown: str) -> None:
    """``Game[Any, Any, Any, Any]`` is shown as ``Game``; a hint with anything else in it is kept whole."""
    assert _extension().bare(hint) == shown
