"""
Regenerate what the repository keeps of the reference: ``python -m cardrules._reference vectors``
(the shipped vectors), ``playthroughs`` (``tests/corpus/playthroughs``) and ``perft``
(the perft tables of ``docs/reference.md``, between their markers). Run from a source checkout.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cardrules._reference import _perft, _playthroughs, _vectors

ROOT = Path(__file__).resolve().parents[3]
VECTORS = Path(__file__).resolve().parent / "vectors"
PLAYTHROUGHS = ROOT / "tests" / "corpus" / "playthroughs"
PAGE = ROOT / "docs" / "reference.md"
START, END = "<!-- perft tables -->\n", "<!-- end perft tables -->\n"


def with_tables(page: str, tables: str) -> str:
    """*page* with the text between the perft tables' markers replaced by *tables*."""
    head, _, rest = page.partition(START)
    _, _, tail = rest.partition(END)
    return f"{head}{START}\n{tables}\n{END}{tail}"


def main(argv: list[str]) -> int:
    what = set(argv) or {"vectors", "playthroughs", "perft"}
    if "vectors" in what:
        _vectors.write_corpus(VECTORS)
    if "playthroughs" in what:
        PLAYTHROUGHS.mkdir(parents=True, exist_ok=True)
        for name, text in _playthroughs.playthroughs().items():
            (PLAYTHROUGHS / name).write_text(text, encoding="ascii", newline="\n")
    if "perft" in what:
        PAGE.write_text(with_tables(PAGE.read_text(encoding="utf-8"), _perft.tables()), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
