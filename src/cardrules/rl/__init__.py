"""
Learning environments for every game: PettingZoo, Gymnasium and OpenSpiel (see :doc:`/rl`).

Install the extra first: ``pip install "cardrules[rl]"`` (PettingZoo, Gymnasium and numpy).
Importing this package needs none of them; each environment imports what it needs when it is
made.
"""

from __future__ import annotations

from typing import Any

from cardrules._learning import ActionEncoding, FactoredEncoding, InvalidActionError, TensorField, TensorLayout

__all__ = [
    "ActionEncoding",
    "FactoredEncoding",
    "InvalidActionError",
    "TensorField",
    "TensorLayout",
    "openspiel_game",
]


def openspiel_game(text: str) -> Any:
    """An OpenSpiel game of *text*, registered as ``python_cardrules_<game>`` (needs ``open_spiel``)."""
    import importlib

    return importlib.import_module("cardrules.rl._openspiel").openspiel_game(text)


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
