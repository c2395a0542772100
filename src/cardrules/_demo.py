"""
A game's "press play" deal: a short deal, chosen once (by a seed search) to show a few rules in
action, kept as its moves so that it never changes. The web table plays it at ``/watch/GAME``
(see :doc:`/howto/frontend`). Each game's ``_demo`` module keeps its deal and the search that
chose it (``python -m cardrules.GAME._demo`` runs the search again and prints the deal).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

__all__ = ["DemoDeal", "search"]


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


def rules_seen(game: Any, state: Any, move: Any, after: Any) -> list[str]:
    """The rules a move brings into play: the events' rules, and the rules that constrained the mover's choice."""
    refused = [v.rule.id for v in game.spec.refusals(state)] if game.spec.refusals is not None else []
    events = [e.rule for e in game.spec.events(state, move, after)] if game.spec.events is not None else []
    return refused + events


def search(
    ruleset: str,
    shows: Sequence[str],
    seeds: range,
    *,
    limit: int,
    choose: Callable[[Any, Any, random.Random], Any] | None = None,
    stop: Callable[[Any, Any], bool] | None = None,
    keep: Callable[[Any, list[Any]], bool] | None = None,
) -> tuple[int, tuple[str, ...]] | None:
    """
    The shortest deal among *seeds* whose moves (the greedy bot's, or *choose(game, state, rng)*,
    which may return ``None`` for the bot's) show every rule of *shows* within *limit* moves; the
    deal goes on until *stop(game, state)* (default: right away) and must pass *keep(game, states)*.
    """
    import cardrules
    from cardrules.bots import GreedyBot

    game = cardrules.get_game(ruleset)
    bot = GreedyBot()
    best: tuple[int, tuple[str, ...]] | None = None
    for seed in seeds:
        state, rng = game.new_game(seed=seed), random.Random(seed)
        seen: set[str] = set()
        moves: list[str] = []
        states = [state]
        while len(moves) < limit and not game.is_over(state):
            seat = game.to_move(state)
            assert seat is not None
            move = choose(game, state, rng) if choose is not None else None
            if move is None:
                move = bot.choose(game.observe(state, seat), game.legal_moves(state), rng)
            after = game.apply(state, move)
            seen.update(rules_seen(game, state, move, after))
            moves.append(game.spec.format_canonical(move))
            state = after
            states.append(state)
            if set(shows) <= seen and (stop is None or stop(game, state) or game.is_over(state)):
                break
        else:
            continue
        if not set(shows) <= seen or len(moves) >= limit or (keep is not None and not keep(game, states)):
            continue
        if best is None or len(moves) < len(best[1]):
            best = (seed, tuple(moves))
    return best
