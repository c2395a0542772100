"""The pictures of the rules pages' worked examples (docs/_ext/cardrules_pictures.py)."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

import cardrules

ROOT = Path(__file__).resolve().parents[2]


def _load_extension() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "cardrules_pictures", ROOT / "docs" / "_ext" / "cardrules_pictures.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cardrules_pictures = _load_extension()

SVG = "{http://www.w3.org/2000/svg}"
BLOCK = re.compile(r"```(?:pycon|\{doctest\})\n(.*?)```", re.S)
PAGES = sorted((ROOT / "src" / "cardrules").glob("*/rules.md"))  # the rules pages, shipped in each game


def _hand(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [g.get("data-card", "") for g in root.iter(f"{SVG}g") if g.get("data-zone") == "hand"]


def test_positions_are_read_from_a_block_as_written() -> None:
    block = """>>> s = cardrules.from_position(
...     "p1 mililla dealer=3 turn_up=4C hands=?10/?10/?10/?10"
...     " leader=0 trick=- won=-/- match=0/0 rounds=-"
... )
>>> body = ("dealer=3 turn_up=4C hands=?9/AO,6O,HO,2C,3C,2E,3E,4E,2B,3B/?10/?10"
...     " leader=0 trick=5O won=-/- match=0/0 rounds=-")
>>> cardrules.from_position("p1 mililla " + body)
"""
    assert cardrules_pictures.positions_in(block) == [
        "p1 mililla dealer=3 turn_up=4C hands=?10/?10/?10/?10 leader=0 trick=- won=-/- match=0/0 rounds=-",
        "p1 mililla dealer=3 turn_up=4C hands=?9/AO,6O,HO,2C,3C,2E,3E,4E,2B,3B/?10/?10 leader=0 trick=5O"
        " won=-/- match=0/0 rounds=-",
    ]
    assert cardrules_pictures.positions_in(">>> 1 + 1\n2\n") == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.parent.name)
def test_every_worked_example_that_reads_a_position_gets_its_picture(page: Path) -> None:
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    with_positions = [b for b in blocks if cardrules_pictures.positions_in(b)]
    assert len(with_positions) >= 10
    drawn = 0
    for block in with_positions:
        texts = cardrules_pictures.positions_in(block)
        pictures = [cardrules_pictures.picture_for(t) for t in texts]
        if any(pictures):
            drawn += 1
        else:  # only a block that shows a position being refused goes without
            assert "Traceback" in block, texts
    assert drawn >= len(with_positions) - 1


def test_the_picture_is_of_the_seat_whose_hand_is_shown() -> None:
    text = (
        "p1 mililla dealer=3 turn_up=4C hands=?9/AO,6O,HO,2C,3C,2E,3E,4E,2B,3B/?10/?10"
        " leader=0 trick=5O won=-/- match=0/0 rounds=-"
    )
    svg = cardrules_pictures.picture_for(text)
    assert svg is not None
    assert _hand(svg) == [str(c) for c in cardrules.from_position(text).hands[1]]


def test_a_hand_given_only_by_its_size_is_not_drawn() -> None:
    text = "p1 mililla dealer=3 turn_up=4C hands=?10/?10/?10/?10 leader=0 trick=- won=-/- match=0/0 rounds=-"
    svg = cardrules_pictures.picture_for(text)
    assert svg is not None and _hand(svg) == []
    assert "not shown" in svg


def test_a_refused_position_has_no_picture() -> None:
    assert cardrules_pictures.picture_for("p1 mililla dealer=3 hands=?10") is None
    assert cardrules_pictures.picture_for("p1 nosuchgame x=1") is None
