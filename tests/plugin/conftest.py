"""Install the example Whist package as pip would leave it (its code and its entry point), for these tests."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardrules import _registry

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "whist"


def install(site: Path, name: str, entry: str, code: Path | None = None) -> list[str]:
    """A distribution *name* in *site* whose ``cardrules.games`` entry point is *entry*; the sys.path entries."""
    info = site / f"{name.replace('-', '_')}-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[cardrules.games]\n{entry}\n", encoding="utf-8")
    return [str(site)] + ([str(code)] if code is not None else [])


@pytest.fixture(scope="package")
def whist_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """The Whist example installed beside cardrules: its entry point found by importlib.metadata."""
    paths = install(tmp_path_factory.mktemp("site"), "cardrules-whist", "whist = cardrules_whist:GAME", EXAMPLE / "src")
    sys.path[:0] = paths
    _registry.reload()
    try:
        yield paths
    finally:
        for p in paths:
            sys.path.remove(p)
        sys.modules.pop("cardrules_whist", None)
        _registry.reload()
