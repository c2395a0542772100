"""The per-game heuristics, keyed by game name: adding a game to the bots means adding one entry here."""

from __future__ import annotations

import importlib
from typing import Final

from cardrules._registry import games
from cardrules.engine import Heuristic

__all__ = ["Heuristic", "heuristic_for"]


# Game name -> the private module whose HEURISTIC it is.
_MODULES: Final = {
    "charlemagne": "cardrules.bots._charlemagne",
    "mililla": "cardrules.bots._mililla",
    "mulle": "cardrules.bots._mulle",
}
_CACHE: dict[str, Heuristic] = {}


def heuristic_for(game: str) -> Heuristic | None:
    """The heuristic of *game*, or ``None`` if it has none (its greedy bot then plays at random)."""
    spec = games().get(game)
    if spec is not None and spec.heuristic is not None:
        return spec.heuristic
    found = _CACHE.get(game)
    if found is None and game in _MODULES:
        found = importlib.import_module(_MODULES[game]).HEURISTIC
        assert isinstance(found, Heuristic)
        _CACHE[game] = found
    return found


def heuristic_games() -> tuple[str, ...]:
    """The games that have a heuristic."""
    return tuple(sorted(_MODULES))
