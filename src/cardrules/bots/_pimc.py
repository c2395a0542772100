"""
Perfect-information Monte Carlo for the round's end: imagine deals, solve each exactly, average.

What the ``hard`` level plays once its game says the rest of the round is small enough
(:attr:`~cardrules.engine.Solving.solvable`): it draws deals that fit what the seat has seen
(:func:`cardrules.sample_state`, with its inferences, and the heuristic's ``plausible`` judgement),
solves each with :func:`~cardrules.bots.solve` (every hand shown, every seat playing perfectly to the
end of the round) and plays the move with the best average value, each deal weighted by how likely
the other seats' plays of the round were in it under the heuristic's policy (the game's
``solving.likelihood``, policy-based inference; every deal alike without it): the round points it brings its
side over the other's, the tally margin breaking ties. Deals that come out alike for the rest of the
round (the same key) are solved once and counted each time they are drawn; where the seat has seen
every card that is left (two-player Mulle once the stock is empty, for a seat that remembers what it
saw), every deal is the true one, and the move is the solver's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Any, Final

from cardrules._worlds import spec_for_observation
from cardrules.bots._search import Candidate, _sample
from cardrules.bots._solve import DEFAULT_MAX_NODES, best_move, solve
from cardrules.engine import LegalMoves
from cardrules.errors import SearchLimitError

__all__ = ["WORLDS", "exact_rank"]

WORLDS: Final = 48
"""The most deals imagined for one decision (fewer if the time runs out first)."""
_TALLY: Final = 1000.0
"""A tally point counts this much less than a round point in the average."""
_FIRST_SHARE: Final = 0.5
"""The share of the time budget the first deal may take before the level falls back on its search."""
_KNOWN_SHARE: Final = 0.75
"""The share of the time budget the one known deal may take (its best move alone) before the search."""
_UNTIMED_NODES: Final = 1_000_000
"""
The most positions ``hard`` without a time limit searches in the one known deal before its search
plays: two-player Mulle's building game from the stock's last card takes some 110,000 on average
and 300,000 at worst as measured, so it never stops there; the fishing game's first cards after the
stock, whose free captures are many more, can take millions, so they stop here (some forty seconds)
and fall back.
"""
_DEEP_SECONDS: Final = 0.5
"""The least time of a decision for ``hard`` to try the known deal deeper than ``solvable`` says (with half)."""


def exact_rank(
    observation: Any,
    legal_moves: LegalMoves[Any],
    rng: random.Random,
    seconds: float | None,
    *,
    worlds: int = WORLDS,
) -> tuple[Candidate, ...] | None:
    """
    The legal moves ranked by their average exact value over imagined deals, best first, or ``None``
    when the game cannot solve this position within the budget (no solving hooks, the rest of the
    round too large by the game's ``solvable``, more than two sides, or the first deal not solved
    within half of *seconds*): then the caller searches as before.

    Each :class:`~cardrules.bots.Candidate` holds the move, the weighted share of the imagined deals
    in which it was among the best moves (*value*, 0 to 1), and the deals drawn (*visits*). With *seconds*
    ``None`` the bot imagines *worlds* deals and is reproducible for a given *rng*.
    """
    spec = spec_for_observation(observation)
    heuristic = spec.heuristic
    solving = None if heuristic is None else heuristic.solving
    if spec.sample_state is None or solving is None or solving.solvable is None:
        return None
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds
    # Whether to solve, asked of a deal drawn apart: the caller's generator is left as it was for the search.
    probe = spec.sample_state(observation, random.Random(0))
    if len(spec.score(probe).sides) != 2:
        return None
    solvable = solving.solvable(probe)
    if solving.known is not None and solving.known(observation):
        if solvable:
            return _known_rank(probe, legal_moves, None if seconds is None else seconds * _KNOWN_SHARE)
        if seconds is None:  # reproducible: the known deal solved whatever it takes (almost), so that hard is optimal
            return _known_rank(probe, legal_moves, None, _UNTIMED_NODES)
        if seconds >= _DEEP_SECONDS:  # deeper: worth a try with time enough
            return _known_rank(probe, legal_moves, seconds * _FIRST_SHARE)
        return None
    if not solvable:
        return None
    world = _sample(spec, heuristic, observation, rng)
    legal = list(legal_moves)
    if len(legal) == 1:
        return (Candidate(legal[0], 1.0, 0),)
    key = solving.key or _itself
    likelihood = solving.likelihood
    solved: dict[Hashable, dict[Any, float]] = {}
    totals = [0.0] * len(legal)
    best = [0.0] * len(legal)
    count = 0
    weights = 0.0
    while True:
        found = solved.get(key(world))
        if found is None:
            limit = None
            if deadline is not None:
                limit = deadline - time.perf_counter()
                if not count:
                    limit = max(limit * _FIRST_SHARE, 1e-3)
                elif limit <= 0:
                    break
            try:
                solution = solve(world, max_nodes=DEFAULT_MAX_NODES, seconds=limit, lines=False)
            except SearchLimitError:
                if not count:
                    return None
                break
            found = {m.move: m.value + m.tally_margin / _TALLY for m in solution.moves}
            if any(move not in found for move in legal):  # pragma: no cover - the seat's moves are the world's
                return None
            solved[key(world)] = found
        top = max(found[move] for move in legal)
        weight = 1.0 if likelihood is None else likelihood(world, observation)
        for i, move in enumerate(legal):
            totals[i] += weight * found[move]
            best[i] += weight * (found[move] == top)
        weights += weight
        count += 1
        if count >= worlds or (deadline is not None and time.perf_counter() >= deadline):
            break
        world = _sample(spec, heuristic, observation, rng)
    order = sorted(range(len(legal)), key=lambda i: (-totals[i], i))
    return tuple(Candidate(legal[i], best[i] / weights if weights else 0.0, count) for i in order)


def _known_rank(
    world: Any, legal_moves: LegalMoves[Any], seconds: float | None, max_nodes: int | None = DEFAULT_MAX_NODES
) -> tuple[Candidate, ...] | None:
    """
    The solver's best move of *world*, the one deal the seat's observation allows, first (*value*
    1.0, one deal), the other moves after it in their order (*value* 0.0, not valued), or ``None``
    if it is not solved within *seconds* or *max_nodes* positions (``None``: no limit).
    """
    legal = list(legal_moves)
    if len(legal) == 1:
        return (Candidate(legal[0], 1.0, 0),)
    try:
        move, _value, _tally = best_move(world, max_nodes=max_nodes, seconds=seconds)
    except SearchLimitError:
        return None
    rest = [Candidate(m, 0.0, 0) for m in legal if m != move]
    return (Candidate(move, 1.0, 1), *rest)


def _itself(state: Any) -> Hashable:
    return state  # type: ignore[no-any-return]
