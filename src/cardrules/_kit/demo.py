"""
A game's "press play" deal: a short deal, chosen once (by a seed search) to show a few rules in
action, kept as its moves so that it never changes. The web table plays it at ``/watch/GAME``
(see :doc:`/howto/web-table`). Each game's ``_demo`` module keeps its deal and what the search
that chose it looks for; ``python docs/demo_deals.py GAME`` runs the search again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["DemoDeal", "rules_seen"]


@attrs.frozen
class DemoDeal:
    """
    A demonstration deal.

    Attributes:
        ruleset: The ruleset text (``"mililla(single_round=true)"``).
        seed: The deal's seed.
        moves: Every move in canonical notation, in order.
        shows: The rule ids it is chosen to show (in events or in the rules that constrain a move).
        title: What it shows, in a few words ("a bid of 6, then a Mulot").
    """

    ruleset: str
    seed: int
    moves: tuple[str, ...]
    shows: tuple[str, ...]
    title: str
    limit: int = 60
    """The most moves the search allows."""
    choose: Callable[[Any, Any, random.Random], Any] | None = None
    """The search's move at a state, or ``None`` for the greedy bot's (a scripted bidding, say)."""
    stop: Callable[[Any, Any], bool] | None = None
    """Where the deal ends once every rule of ``shows`` was seen (default: right away)."""
    keep: Callable[[Any, list[Any]], bool] | None = None
    """Whether the search keeps a deal, from its states."""


def rules_seen(game: Any, state: Any, move: Any, after: Any) -> list[str]:
    """The rules a move brings into play: the events' rules, and the rules that constrained the mover's choice."""
    refused = [v.rule.id for v in game.spec.refusals(state)] if game.spec.refusals is not None else []
    events = [e.rule for e in game.spec.events(state, move, after)] if game.spec.events is not None else []
    return refused + events
