"""Mulle's "press play" deal: the first deal of a building game, with a capture, a build, a mulle and a tabbe."""

from __future__ import annotations

from typing import Any, Final

from cardrules._words import _C
from cardrules.engine import DemoDeal

__all__ = ["DEMO"]

_RULESET: Final = "mulle"
_SHOWS: Final = ("mulle.capture", "mulle.build", "mulle.mulle.twin", "mulle.tabbe")


def _dealt(game: Any, state: Any) -> bool:
    """Whether a deal has just ended: every hand full again (or the round over)."""
    return all(len(h) == state.rules.hand_size for h in state.hands)


DEMO: Final = DemoDeal(
    _RULESET,
    0,
    (
        "QD x AH 3D 10D QD 2C 4C 4C", "10S x 10S", "3D -", "3S x 3D", "10C -", "10H x 10C", "9H -", "3H > 9H = 12",
        "QH x", "6C -", "QC -", "QC x QC", "KC -", "JC -", "JS x JC", "QS -",
    ),
    _SHOWS,
    _C("demo", "a capture, a build, a mulle and a tabbe"),
    limit=60, stop=_dealt,
)  # fmt: skip
"""The deal the search chose (seed 0, the greedy bot at both seats): the first deal of a round."""
