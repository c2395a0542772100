"""The rules pages and the code name the same rule ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardrules

SRC = Path(__file__).resolve().parents[2] / "src" / "cardrules"
"""Each game's rules page is its package's ``rules.md`` (``docs/rules/GAME.md`` includes it)."""
ANCHOR = re.compile(r"^\(([a-z0-9.\-]+)\)=\s*$", re.M)


@pytest.mark.parametrize("name", cardrules.game_names())
def test_every_rule_id_is_on_its_page(name: str) -> None:
    """Each rule id of a game's rule book has an anchor on the game's rules page, and each anchor is a rule id."""
    page = SRC / name / "rules.md"
    assert page.exists(), f"src/cardrules/{name}/rules.md is missing"
    anchors = ANCHOR.findall(page.read_text(encoding="utf-8"))
    rulebook = cardrules.get_game(name).spec.rulebook
    assert sorted(rulebook) == sorted(a for a in anchors if a.startswith(name + "."))
    assert len(anchors) == len(set(anchors))


@pytest.mark.parametrize("name", cardrules.game_names())
def test_cited_rule_ids_exist(name: str) -> None:
    """Every rule id that a game's source cites in a string exists in its rule book."""
    spec = cardrules.get_game(name).spec
    src = Path(cardrules.__file__).parent / name
    cited: set[str] = set()
    for path in src.glob("*.py"):
        cited |= set(re.findall(rf"[\"'`]({name}(?:\.[a-z0-9\-]+)+)[\"'`*]", path.read_text(encoding="utf-8")))
    assert cited, f"no rule id cited in {src}"
    assert sorted(cited - set(spec.rulebook)) == []


API_PAGES = Path(__file__).resolve().parents[2] / "docs" / "api"


@pytest.mark.parametrize(
    "module",
    [
        "cardrules",
        "cardrules.mulle",
        "cardrules.mililla",
        "cardrules.charlemagne",
        "cardrules.records",
        "cardrules.bots",
        "cardrules.web",
        "cardrules.rl",
    ],
)
def test_every_public_name_has_reference_docs(module: str) -> None:
    """Each name in a public module's ``__all__`` is documented on an API page."""
    if module == "cardrules.web":
        pytest.importorskip("starlette")  # the web extra
    mod = __import__(module, fromlist=["__all__"])
    text = "\n".join(p.read_text(encoding="utf-8") for p in API_PAGES.glob("*.md"))
    skip = {"__version__", "records", "bots"}
    missing = [name for name in mod.__all__ if name not in skip and f"{module}.{name}" not in text]
    assert [] == missing
