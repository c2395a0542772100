"""The Design page's picture is the code's: its Graphviz source is what docs/design_graph.py reads from the imports."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_design_picture_matches_the_imports() -> None:
    """If this fails, run ``python docs/design_graph.py --svg`` (Graphviz) and commit the picture."""
    spec = importlib.util.spec_from_file_location("design_graph", ROOT / "docs" / "design_graph.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (ROOT / "docs" / "_static" / "design.dot").read_text(encoding="utf-8") == module.dot()
    assert (ROOT / "docs" / "_static" / "design.svg").stat().st_size > 1000
