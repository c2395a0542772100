"""
The rules pages in other languages: each game's ``rules.md`` cut into blocks that the ``pages``
catalogs translate one by one, as Sphinx's own translations do.

A block is a paragraph, a list, a table or a heading: a run of lines with text, cut at blank lines
and headings. What is not prose stays as written, in every language: code fences (the worked
examples, in the notation and in Python, which do not change with the language), the label lines
``(mulle.capture)=`` that anchor each rule, and blank lines. The game's name is each block's
context, so the same sentence may read differently in two games.

A block with no translation (the English page changed since the catalog was written) is shown in
English; the catalog tests keep every block of the packaged pages translated.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Final

__all__ = ["blocks", "translate"]

_LABEL: Final = re.compile(r"^\([A-Za-z0-9_.:-]+\)=\s*$")
_FENCE: Final = "```"


def _pieces(text: str) -> Iterator[tuple[bool, str]]:
    """*text* as ``(translatable, piece)`` pairs, in order: joined back with ``"\\n"`` they are *text*."""
    lines = text.split("\n")
    run: list[str] = []
    fenced = False
    for line in lines:
        if fenced or line.startswith(_FENCE):
            if run:
                yield True, "\n".join(run)
                run = []
            if line.startswith(_FENCE):
                fenced = not fenced
            yield False, line
        elif not line.strip() or _LABEL.match(line):
            if run:
                yield True, "\n".join(run)
                run = []
            yield False, line
        elif line.startswith("#"):
            if run:
                yield True, "\n".join(run)
                run = []
            yield True, line
        else:
            run.append(line)
    if run:
        yield True, "\n".join(run)


def blocks(text: str) -> list[str]:
    """The blocks of a rules page to translate, in page order (a block seen twice, once)."""
    return list(dict.fromkeys(piece for translatable, piece in _pieces(text) if translatable))


def translate(text: str, gettext: Callable[[str], str]) -> str:
    """*text* (a rules page) with each block replaced by ``gettext(block)``; the rest as written."""
    return "\n".join(gettext(piece) if translatable else piece for translatable, piece in _pieces(text))
