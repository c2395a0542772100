"""A game's :class:`~cardrules.GameSpec` from its package: the fields each game package defines under the same names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardrules.engine import GameSpec

__all__ = ["game_spec"]

FUNCTIONS: Final = (
    "new_game",
    "to_move",
    "legal_moves",
    "check_move",
    "apply",
    "is_over",
    "score",
    "observe",
    "parse_move",
    "format_move",
    "parse_canonical",
    "format_canonical",
    "zones",
    "shuffle_hidden",
    "check_state",
    "round_deck",
    "new_round",
    "deck_from_deal",
    "events",
    "deal_events",
    "sample_state",
    "inferences",
    "refusals",
    "reasons",
    "picture",
)
"""The spec's fields that a game package defines under the field's own name."""

BY_NAME: Final = (
    ("state_type", "State"),
    ("observation_type", "Observation"),
    ("rulebook", "RULES"),
    ("learning", "LEARNING"),
    ("heuristic", "HEURISTIC"),
    ("demo", "DEMO"),
    ("terminal", "_view"),
    ("positions", "_position"),
)
"""The spec's other fields a game package defines, and the names it defines them under."""


def game_spec(package: Mapping[str, Any], /, **fields: Any) -> GameSpec[Any, Any, Any, Any]:
    """
    The :class:`~cardrules.GameSpec` of the game whose package namespace is *package* (the package's
    ``globals()``): its name is the package's (``cardrules.mulle`` is ``"mulle"``), its rules page
    ``docs/rules/<name>.md``, each of :data:`FUNCTIONS` the package's function of that name, each of
    :data:`BY_NAME` the package's object of the name paired with it, ``display`` the ``_view`` module's,
    and *fields* the rest (``title``, ``pack``, ``ruleset_type``, ``presets``, ``move_types``, and any
    optional field the game fills otherwise).
    """
    name = package["__name__"].rpartition(".")[2]
    found = {field: package[field] for field in FUNCTIONS} | {field: package[key] for field, key in BY_NAME}
    found |= {"name": name, "rules_page": f"docs/rules/{name}.md", "display": package["_view"].display}
    return GameSpec(**found, **fields)
