"""
The API's named JSON Schemas, each generated from the code (see :mod:`cardrules.web._schema`):
served at ``/api/schemas/{name}`` and written to the docs' API page.
"""

from __future__ import annotations

import functools
from typing import Any

from cardrules._registry import games
from cardrules.engine import Score
from cardrules.records._json import FORMAT, FORMAT_VERSION, Record
from cardrules.web._bodies import (
    Created,
    ErrorBody,
    EventItem,
    GamesBody,
    Hint,
    LegalMovesPage,
    MatchView,
    MoveRequest,
    NewMatchRequest,
    ReplayAnalysis,
    ReplayCreated,
    ReplayStep,
    RulesetInfo,
)
from cardrules.web._schema import Generator

__all__ = ["BODIES", "schema", "schema_names"]

BODIES: dict[str, tuple[Any, bool]] = {
    "new-match": (NewMatchRequest, True),
    "created": (Created, False),
    "match": (MatchView, False),
    "hint": (Hint, False),
    "move": (MoveRequest, True),
    "legal-moves": (LegalMovesPage, False),
    "event": (EventItem, False),
    "score": (Score, False),
    "error": (ErrorBody, False),
    "games": (GamesBody, False),
    "ruleset": (RulesetInfo, False),
    "replay-created": (ReplayCreated, False),
    "replay-step": (ReplayStep, False),
    "replay-analysis": (ReplayAnalysis, False),
}
"""The schemas of API bodies: name, and the class with whether its fields with defaults are optional."""


@functools.cache
def schema_names() -> tuple[str, ...]:
    """Every schema's name: the API bodies, ``record``, and ``observation-GAME`` for each game."""
    return (*BODIES, "record", *(f"observation-{name}" for name in sorted(games())))


@functools.cache
def _schema(name: str) -> dict[str, Any]:
    if name in BODIES:
        cls, optional = BODIES[name]
        return Generator(optional_defaults=optional).document(cls, f"cardrules web API: {name}")
    if name == "record":
        extra = {"format": {"const": FORMAT}, "format_version": {"const": FORMAT_VERSION}}
        return Generator(optional_defaults=True).document(Record, "cardrules record file", extra)
    if name.startswith("observation-") and name.removeprefix("observation-") in games():
        spec = games()[name.removeprefix("observation-")]
        return Generator(spec.pack).document(spec.observation_type, f"{spec.title} observation")
    raise KeyError(name)


def schema(name: str) -> dict[str, Any]:
    """The schema *name* (one of :func:`schema_names`); raises ``KeyError`` for another name."""
    if name not in schema_names():
        raise KeyError(name)
    return _schema(name)
