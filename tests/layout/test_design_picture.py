"""The Design page's picture is the code's: its Graphviz source is what docs/design_graph.py reads from the imports."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from tests.variants import GAMES

ROOT = Path(__file__).resolve().parents[2]


def test_the_design_picture_matches_the_imports() -> None:
    """If this fails, run ``python docs/design_graph.py --svg`` (Graphviz) and commit the picture."""
    spec = importlib.util.spec_from_file_location("design_graph", ROOT / "docs" / "design_graph.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (ROOT / "docs" / "_static" / "design.dot").read_text(encoding="utf-8") == module.dot()
    assert (ROOT / "docs" / "_static" / "design.svg").stat().st_size > 1000


def _names_on_page(module: str) -> tuple[str, ...]:
    """The ways the Design page may name *module* (dotted below ``cardrules``), each in backquotes."""
    head, _, tail = module.partition(".")
    if head in GAMES and tail:
        return (f"`{tail}.py`", f"`{head}/{tail}.py`", f"`{module}`")
    return (f"`{module}`",)


def test_the_design_page_names_every_module() -> None:
    """A newcomer finds every module of the package on the Design page, with its part."""
    page = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    src = ROOT / "src" / "cardrules"
    missing = []
    for path in sorted(src.rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        module = ".".join(parts)
        if module and not any(name in page for name in _names_on_page(module)):
            missing.append(module)
    assert not missing, f"docs/design.md does not name {missing}"
