"""
Regenerate what the repository keeps of the reference: ``python -m cardrules._reference vectors``
(the shipped vectors), ``playthroughs`` (``tests/corpus/playthroughs``) and ``perft``
(the perft tables of ``docs/reference.md``, between their markers). Run from the top of a source
checkout: the playthroughs and the page are written there, the vectors into the package.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cardrules._reference import _perft, _playthroughs, _vectors

VECTORS = Path(__file__).resolve().parent / "vectors"
PLAYTHROUGHS = Path("tests") / "corpus" / "playthroughs"
PAGE = Path("docs") / "reference.md"
"""Where the checkout keeps the playthroughs and the reference page, from its top."""
START, END = "<!-- perft tables -->\n", "<!-- end perft tables -->\n"


def with_tables(page: str, tables: str) -> str:
    """*page* with the text between the perft tables' markers replaced by *tables*."""
    head, _, rest = page.partition(START)
    _, _, tail = rest.partition(END)
    return f"{head}{START}\n{tables}\n{END}{tail}"


def main(argv: list[str]) -> int:
    what = set(argv) or {"vectors", "playthroughs", "perft"}
    if what - {"vectors"} and not PAGE.is_file():
        print(f"run this from the top of a cardrules checkout (no {PAGE} here)", file=sys.stderr)
        return 2
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
