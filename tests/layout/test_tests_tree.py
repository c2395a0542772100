"""The tests mirror the package: one folder per part, one home per concern, one naming scheme."""

from __future__ import annotations

from pathlib import Path

from tests.variants import GAMES

TESTS = Path(__file__).resolve().parents[1]


def test_no_test_module_at_the_root_of_the_tests() -> None:
    """Every test lives in the folder of the part it tests (``tests/cli``, ``tests/mulle``, ...)."""
    loose = sorted(p.name for p in TESTS.glob("test_*.py"))
    assert not loose, f"test modules at the root of tests/: {loose}"


def test_every_test_folder_is_a_package() -> None:
    """Two folders may then hold modules of the same name (``tests/cli/test_table.py``, ``tests/web/...``)."""
    missing = sorted(
        str(p.parent.relative_to(TESTS)) for p in TESTS.rglob("test_*.py") if not (p.parent / "__init__.py").exists()
    )
    assert not missing, f"test folders without __init__.py: {missing}"


def test_a_game_folder_does_not_repeat_its_name() -> None:
    """``tests/mulle/test_rules_building.py``, not ``tests/mulle/test_mulle_rules_building.py``: one scheme."""
    repeated = sorted(str(p.relative_to(TESTS)) for g in GAMES for p in (TESTS / g).glob(f"test_{g}_*.py"))
    assert not repeated, f"test modules that repeat their folder's game: {repeated}"
