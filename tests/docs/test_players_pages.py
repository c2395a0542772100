"""The marks of each rules page's parts for developers: well formed, so Sphinx shows them and the players' page not."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardrules
from cardrules.i18n._pages import DEVELOPERS, END_DEVELOPERS, for_players

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", cardrules.game_names())
def test_each_developers_region_is_closed_alone_on_its_lines_and_outside_code(name: str) -> None:
    text = (ROOT / "src" / "cardrules" / name / "rules.md").read_text(encoding="utf-8")
    lines = text.split("\n")
    open_at: int | None = None
    fenced = False
    regions = 0
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        if line.strip() in (DEVELOPERS, END_DEVELOPERS):
            assert line == line.strip() and not fenced, f"{name}:{i + 1}: a mark inside code or indented"
            # A MyST comment ends a paragraph anyway; blank lines keep the blocks the catalogs translate whole.
            assert lines[i - 1] == "" and lines[i + 1] == "", f"{name}:{i + 1}: a mark needs a blank line each side"
        if line == DEVELOPERS:
            assert open_at is None, f"{name}:{i + 1}: a region opened inside another"
            open_at = i
        elif line == END_DEVELOPERS:
            assert open_at is not None, f"{name}:{i + 1}: a region closed that was never opened"
            assert any(x.strip() for x in lines[open_at + 1 : i]), f"{name}:{i + 1}: an empty region"
            open_at, regions = None, regions + 1
        else:
            assert not line.startswith("% ") or "developers" not in line, f"{name}:{i + 1}: a misspelt mark"
    assert open_at is None, f"{name}: the region of line {open_at} is never closed"
    assert regions >= 2
    players = for_players(text)
    assert "IllegalMoveError" in text and "IllegalMoveError" not in players
    assert "```" not in players


@pytest.mark.parametrize("name", cardrules.game_names())
def test_the_documentation_includes_the_whole_page(name: str) -> None:
    """The developers' page is the package's rules.md as it is, marks and all (Sphinx does not show a comment)."""
    include = (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")
    assert f"../../src/cardrules/{name}/rules.md" in include and "{include}" in include


@pytest.mark.long
def test_sphinx_shows_the_developers_parts_and_not_the_marks(tmp_path: Path) -> None:
    """A small Sphinx build of Mulle's page (MyST, as the documentation's): the regions are shown, their marks not."""
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_parser")
    from sphinx.application import Sphinx

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["myst_parser"]\nmyst_enable_extensions = ["colon_fence"]\n')
    page = (ROOT / "src" / "cardrules" / "mulle" / "rules.md").read_text(encoding="utf-8")
    (src / "index.md").write_text(page.replace("{doc}`/positions/mulle`", "the positions page"), encoding="utf-8")
    app = Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html", status=None)
    app.build()
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "Ruleset fields" in html and "IllegalMoveError.rule" in html and "Legal moves" in html
    assert "Seats are numbered in turn order" in html and "% developers" not in html and "end developers" not in html
