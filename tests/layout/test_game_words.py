"""No game's words outside its package: the bots, the command line and the web table ask the game."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import cardrules
from cardrules._registry import BUILTIN

SRC = Path(cardrules.__file__).resolve().parent
FRONTS = ("bots", "cli", "web")
SHARED_KINDS = frozenset({"play", "deal", "round", "match"})
"""Event kinds every game may have (the engine documents them), so no game's own word."""


def _game_words() -> frozenset[str]:
    """Each built-in game's name and the event kinds its terminal names (hint_events, last_events)."""
    words: set[str] = set(BUILTIN)
    for name in BUILTIN:
        terminal = cardrules.get_game(name).spec.terminal
        assert terminal is not None, name
        words |= set(terminal.hint_events) | set(terminal.last_events)
    return frozenset(words - SHARED_KINDS)


WORDS = _game_words()
PYTHON = sorted(p for front in FRONTS for p in (SRC / front).rglob("*.py"))
SCRIPTS = sorted(p for p in (SRC / "web" / "static").iterdir() if p.suffix in (".js", ".html"))


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of *tree* (examples there name games, as documentation may)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def words_in_code(source: str) -> list[str]:
    """The game words that *source* holds as string constants outside its docstrings."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and node.value.lower() in WORDS
    ]


def test_the_games_name_words_to_look_for() -> None:
    """The list is read from the games, so it has their kinds (the check below looks for something)."""
    assert {"mulle", "tabbe", "capture", "trick", "bid", "contract"} <= WORDS


@pytest.mark.parametrize("path", PYTHON, ids=lambda p: str(p.relative_to(SRC)))
def test_no_game_words_in_front_end_code(path: Path) -> None:
    """A branch on ``"tabbe"`` or a list of ``"contract"``... belongs to the game's package (its spec says it)."""
    found = words_in_code(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(SRC)} names game words {found}: ask the game's spec instead"


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_no_game_words_in_the_web_scripts(path: Path) -> None:
    """The pages' scripts branch on no game's event kind either."""
    text = path.read_text(encoding="utf-8")
    found = [w for w in WORDS if re.search(rf"""['"`]{re.escape(w)}['"`]""", text, re.IGNORECASE)]
    assert not found, f"{path.name} names game words {found}"


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ('if event.kind in ("mulle", "tabbe"):\n    pass\n', ["mulle", "tabbe"]),
        ('SEEN = frozenset({"play", "contract"})\n', ["contract"]),
        ('def f():\n    """Try get_game("mililla")."""\n    return 1\n', []),
    ],
)
def test_game_words_are_found(source: str, found: list[str]) -> None:
    """The check sees a game's word in code, and passes over shared kinds and docstrings."""
    assert words_in_code(source) == found
