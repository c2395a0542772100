"""
Write the captured screens that the page on playing in the terminal shows: ``cardrules play`` at 80
columns with scripted input, as a person would see it in a plain terminal (``--ascii``).

Run ``python docs/terminal_screen.py`` after changing the table; ``tests/cli/test_table_screens.py``
checks that the files match what the program prints now.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from cardrules import get_game
from cardrules.bots import get_bot
from cardrules.cli._session import Session

HERE = Path(__file__).resolve().parent / "_static"

SCREENS = {
    "terminal-mulle.txt": ("mulle", 3, 0, ["hint", "moves 10H", "7", "undo", "quit"]),
    "terminal-mililla.txt": ("mililla", 4, 1, ["help", "3", "quit"]),
}
"""Each capture: the game, the seed, the person's seat and what they type."""


def capture(name: str, seed: int, seat: int, typed: list[str]) -> str:
    """The transcript of one scripted session at 80 columns."""
    out = io.StringIO()
    typed_in = io.StringIO("".join(t + "\n" for t in typed))
    # The hint at the hard level without its time limit, so that the screen is the same on any machine.
    session = Session(get_game(name), seat, get_bot("greedy"), seed, typed_in, out, hint_level="hard(seconds=None)")
    session.run()
    return out.getvalue()


def main() -> int:
    for file, (name, seed, seat, typed) in SCREENS.items():
        (HERE / file).write_text(capture(name, seed, seat, typed), encoding="utf-8")
        print(f"wrote {HERE / file}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
