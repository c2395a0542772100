"""The per-game heuristics: each game's spec carries its own (``GameSpec.heuristic``), in its own package."""

from __future__ import annotations

from cardrules._registry import games
from cardrules.engine import Heuristic

__all__ = ["Heuristic", "heuristic_for", "heuristic_games"]


def heuristic_for(game: str) -> Heuristic | None:
    """The heuristic of *game*, or ``None`` if it has none (its greedy bot then plays at random)."""
    spec = games().get(game)
    return None if spec is None else spec.heuristic


def heuristic_games() -> tuple[str, ...]:
    """The games that have a heuristic, sorted."""
    return tuple(name for name, spec in games().items() if spec.heuristic is not None)
