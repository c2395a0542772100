"""
The OpenSpiel games, registered on import (needs ``open_spiel``: ``pip install "cardrules[openspiel]"``).

``import cardrules.rl.openspiel`` registers every game and preset with OpenSpiel, so that
``pyspiel.load_game("python_cardrules_mililla")`` (or ``python_cardrules_mulle_fishing``, with
the ruleset's options as parameters) loads it in that process. :data:`NAMES` lists them.

OpenSpiel's own scripts load a game by the name in their ``--game`` flag, in a process that
has not imported cardrules; run them through this module, which registers the games first.
OpenSpiel's ``examples/mcts.py`` seats two players only (a game of more seats stops it with
"This game requires more players than the example can handle"), so give it a two-player game:
Mulle, whose standard game is two players, here a single round of it::

    python -m cardrules.rl.openspiel path/to/open_spiel/python/examples/mcts.py \\
        "--game=python_cardrules_mulle(target=0)" --player1=mcts --player2=random

(``importlib.import_module`` of this module in a script of one's own does the same.)
"""

from __future__ import annotations

import runpy
import sys

from cardrules.rl._openspiel import NAMES, CardrulesGame, openspiel_game, register_all

__all__ = ["NAMES", "CardrulesGame", "main", "openspiel_game", "register_all"]


def main(argv: list[str] | None = None) -> int:
    """Run the script ``argv[0]`` as ``__main__``, its arguments after it, with the games registered."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m cardrules.rl.openspiel SCRIPT [ARGUMENTS...]", file=sys.stderr)
        return 2
    sys.argv = list(args)
    runpy.run_path(args[0], run_name="__main__")
    return 0


__dir__ = __all__.copy  # dir() and autocompletion show the public names only

if __name__ == "__main__":
    raise SystemExit(main())
