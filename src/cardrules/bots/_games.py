"""The per-game heuristics: each game's spec carries its own (``GameSpec.heuristic``), in its own package."""

from __future__ import annotations

from cardrules._registry import games
from cardrules.engine import Heuristic

__all__ = ["Heuristic", "heuristic_games"]


def heuristic_games() -> tuple[str, ...]:
    """The games that have a heuristic, sorted."""
    return tuple(name for name, spec in games().items() if spec.heuristic is not None)
