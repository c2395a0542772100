"""The information-set search bot: single-observer ISMCTS, one tree over what the seat knows, a deal per iteration."""

from __future__ import annotations

import math
import random
import time
from typing import Any

import attrs

from cardrules.bots._games import Heuristic
from cardrules.bots._search import (
    _Budget,
    _epsilon,
    _round_count,
    _round_weight,
    _sample,
    _side_of,
    candidates_for,
    playout,
    searchable_spec,
)
from cardrules.engine import GameSpec, LegalMoves

__all__ = ["ISMCTSBot"]


@attrs.define
class _Node:
    """A node of the tree: the moves played from the decision, each with its visits and total value."""

    side: int  # the side that made the move leading here
    visits: int = 0
    total: float = 0.0
    children: dict[Any, _Node] = attrs.field(factory=dict)
    seen: dict[Any, int] = attrs.field(factory=dict)  # how often each move was available here


@attrs.frozen
class ISMCTSBot(_Budget):
    """
    Information-set Monte Carlo tree search (single-observer ISMCTS).

    Where :class:`SearchBot` compares its candidate moves one level deep, in
    the same imagined deals, this bot grows one tree over what its seat
    knows: each iteration imagines a new deal of the hidden cards
    (:func:`cardrules.sample_state`, so the voids shown by play are
    respected), walks down the tree choosing among the moves legal in that
    deal by UCB1, counting for each move how often it was available, adds
    one new move, and plays on to the end of the round with the *rollout*
    policy. The result is scored as :class:`SearchBot` scores it and added,
    at each node, for the side that made the move there (in games of more
    than two sides, every other side counts it as a loss for itself). The
    bot plays the most visited move of the root (the greedy move on ties).

    The tree stops at the end of the round, as the rollouts do; in Mulle the
    rollouts stop at the heuristic's horizon, as :class:`SearchBot`'s do. At
    each node at most *max_candidates* moves are considered, chosen as
    :class:`SearchBot` chooses them at its root (the heuristic's ranking in
    Mulle).

    The bot is deterministic for a given *rng* when *seconds* is ``None``.

    Attributes:
        iterations: Iterations (imagined deals, one rollout each) per decision.
        seconds: An optional time budget per decision; the search stops at
            whichever of the two budgets runs out first.
        rollout: ``"greedy"`` (the :class:`GreedyBot` heuristic for every
            seat) or ``"random"``.
        max_candidates: The most moves considered at each node.
        exploration: The UCB1 exploration constant (0 always follows the
            best average).
        epsilon: With a greedy *rollout*, the chance that a rollout move is
            a random legal one instead (epsilon-greedy rollouts); 0 (default)
            plays the greedy move throughout.
        round_weight: How much a rollout that ends the match is scored by
            the round's own measure rather than by the win or loss alone, as
            :class:`SearchBot`'s option; 0 (default) scores won or lost only.
    """

    epsilon: float = attrs.field(default=0.0, validator=_epsilon)
    round_weight: float = attrs.field(default=0.0, validator=_round_weight)

    def __str__(self) -> str:
        return "ismcts"

    def choose(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> Any:
        """The most visited move at the root of the tree after the iterations."""
        spec = searchable_spec(observation)
        heuristic = spec.heuristic
        candidates = list(candidates_for(observation, legal_moves, rng, heuristic, self.max_candidates))
        if len(candidates) == 1:
            return candidates[0]
        seat: int = observation.seat
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        root: _Node | None = None
        greedy = self.rollout == "greedy"
        for _ in range(self.iterations):
            if deadline is not None and root is not None and time.perf_counter() > deadline:
                break
            world = _sample(spec, heuristic, observation, rng)
            if root is None:
                side = _side_of(spec.score(world), seat)
                sides = {s: i for i, seats in enumerate(spec.score(world).sides) for s in seats}
                root = _Node(side=side)
            path, state = self._descend(spec, heuristic, root, world, candidates, sides, rng)
            value = playout(
                spec,
                heuristic,
                state,
                root.side,
                rng,
                greedy=greedy,
                epsilon=self.epsilon,
                round_weight=self.round_weight,
            )
            for node in path:
                node.visits += 1
                node.total += value if node.side == root.side else 1.0 - value
        assert root is not None
        order = {move: i for i, move in enumerate(candidates)}
        best = max(
            root.children.items(),
            key=lambda kv: (kv[1].visits, kv[1].total / max(1, kv[1].visits), -order.get(kv[0], 0)),
        )
        return best[0]

    def _descend(
        self,
        spec: GameSpec[Any, Any, Any, Any],
        heuristic: Heuristic | None,
        root: _Node,
        world: Any,
        candidates: list[Any],
        sides: dict[int, int],
        rng: random.Random,
    ) -> tuple[list[_Node], Any]:
        """Walk down the tree in the imagined deal *world*, adding one node; the path and the state reached."""
        node, state = root, world
        rounds = _round_count(spec, world)
        path: list[_Node] = []
        while not spec.is_over(state) and _round_count(spec, state) == rounds:
            mover = spec.to_move(state)
            assert mover is not None
            if node is root:
                moves = candidates
            else:
                legal = spec.legal_moves(state)
                moves = list(candidates_for(spec.observe(state, mover), legal, rng, heuristic, self.max_candidates))
            for move in moves:
                node.seen[move] = node.seen.get(move, 0) + 1
            fresh = [m for m in moves if m not in node.children]
            if fresh:
                move = fresh[0]  # the greedy move first, then in the candidates' order
                child = node.children[move] = _Node(side=sides[mover])
                path.append(child)
                return path, spec.trusted_apply(state, move)  # a legal move of this deal
            c = self.exploration
            move = max(moves, key=lambda m: _ucb(node.children[m], node.seen[m], c))
            node = node.children[move]
            path.append(node)
            state = spec.trusted_apply(state, move)
        return path, state


def _ucb(child: _Node, available: int, c: float) -> float:
    return child.total / child.visits + c * math.sqrt(math.log(available) / child.visits)
