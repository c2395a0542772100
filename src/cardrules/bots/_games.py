"""The per-game heuristics, keyed by game name: adding a game to the bots means adding one entry here."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from cardrules.engine import LegalMoves

__all__ = ["Heuristic", "heuristic_for"]


@attrs.frozen
class Heuristic:
    """
    What the bots know about one game.

    Attributes:
        choose: The greedy move for an observation, its legal moves and a
            random generator.
        value: How good a state just after a round ended (or where the
            *horizon* stopped a rollout) is for a side, from 0 (lost) to 1
            (won), for the search bot's rollouts; ``None`` for the generic
            measure (round tally and points compared).
        horizon: For games with long rounds, a number that the search bot's
            rollouts watch: when it changes (Mulle: the next deal of the
            round), the rollout stops and *value* scores the state there.
            ``None``: rollouts go to the end of the round.
        lookahead: With a *horizon*, the fewest moves a rollout plays
            before it may stop there (Mulle: two turns of every player,
            so that a table left for the next deal is played on); ``None``
            for none.
        ranked: For games whose legal moves can be too many to search
            (Mulle), the heuristic's own shortlist of legal moves, best
            first (the first is the greedy move); the search bot considers
            the first few. ``None``: the search bot takes the legal moves.
        plausible: Whether a sampled state fits what the seat saw the
            others do, judged by these rules of thumb (Charlemagne: their
            bids); the search bot samples again (a few times at most) when
            it does not. ``None``: every sample is taken as it comes.
    """

    choose: Callable[[Any, LegalMoves[Any], random.Random], Any]
    value: Callable[[Any, int], float] | None = None
    horizon: Callable[[Any], int] | None = None
    lookahead: Callable[[Any], int] | None = None
    ranked: Callable[[Any, LegalMoves[Any], random.Random], Sequence[Any]] | None = None
    plausible: Callable[[Any, Any], bool] | None = None


# Game name -> the private module whose HEURISTIC it is.
_MODULES: Final = {
    "charlemagne": "cardrules.bots._charlemagne",
    "mililla": "cardrules.bots._mililla",
    "mulle": "cardrules.bots._mulle",
}
_CACHE: dict[str, Heuristic] = {}


def heuristic_for(game: str) -> Heuristic | None:
    """The heuristic of *game*, or ``None`` if it has none (its greedy bot then plays at random)."""
    found = _CACHE.get(game)
    if found is None and game in _MODULES:
        found = importlib.import_module(_MODULES[game]).HEURISTIC
        assert isinstance(found, Heuristic)
        _CACHE[game] = found
    return found


def heuristic_games() -> tuple[str, ...]:
    """The games that have a heuristic."""
    return tuple(sorted(_MODULES))
