"""The glossary defines the game words that the documentation and the command line use."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

import cardrules

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
# The words of the games that a player meets in the docs and in the terminal.
GAME_WORDS = [
    "bid",
    "bidder",
    "build",
    "capture",
    "contract",
    "dealer",
    "deck order",
    "discard",
    "follow suit",
    "glimne",
    "Gros Charlemagne",
    "Gros Mulot",
    "joker",
    "kitty",
    "krypmulle",
    "lillan",
    "lock",
    "mulle",
    "Mulot",
    "partner",
    "raise",
    "seat",
    "side",
    "sistan",
    "stock",
    "storan",
    "tabbe",
    "tally",
    "trail",
    "trick",
    "trump",
    "turn-up",
    "twin",
]


def _entries() -> set[str]:
    lines = GLOSSARY.read_text(encoding="utf-8").splitlines()
    return {line.strip().lower() for line, after in itertools.pairwise(lines) if after.startswith(": ")}


def _used_text() -> str:
    pages = [p for p in (ROOT / "docs").rglob("*.md") if p != GLOSSARY and "_build" not in p.parts]
    sources = list(Path(cardrules.__file__).parent.rglob("*.py"))
    return "\n".join(p.read_text(encoding="utf-8") for p in [ROOT / "README.md", *pages, *sources]).lower()


@pytest.mark.parametrize("word", GAME_WORDS)
def test_game_word_is_in_the_glossary(word: str) -> None:
    """Each game word has a glossary entry."""
    assert word.lower() in _entries()


@pytest.mark.parametrize("word", GAME_WORDS)
def test_game_word_is_used(word: str) -> None:
    """Each word the glossary must define is one the docs or the command line really use."""
    assert re.search(rf"\b{re.escape(word.lower())}\b", _used_text())
