"""The search bot: determinized Monte Carlo with UCB1 at the root and rollouts to the end of the round."""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Sequence
from typing import Any, Literal

import attrs

from cardrules._sampling import spec_for_observation
from cardrules.bots._games import Heuristic, heuristic_for
from cardrules.engine import GameSpec, LegalMoves, Score
from cardrules.errors import InvalidOptionError

__all__ = ["SearchBot"]

# A rollout that has not reached the end of the round after this many moves is scored where it stands.
_MAX_ROLLOUT = 2_000


def _positive_int(name: str) -> Any:
    def check(_inst: object, _attr: object, value: object) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise InvalidOptionError(f"{name} must be a whole number of at least 1, not {value!r}")

    return check


def _seconds(_inst: object, _attr: object, value: Any) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int | float) or not value > 0):
        raise InvalidOptionError(f"seconds must be a positive number or None, not {value!r}")


def _exploration(_inst: object, _attr: object, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise InvalidOptionError(f"exploration must be a number of at least 0, not {value!r}")


def _rollout(_inst: object, _attr: object, value: object) -> None:
    if value not in ("greedy", "random"):
        raise InvalidOptionError(f"rollout must be greedy or random, not {value!r}")


@attrs.frozen
class SearchBot:
    """
    Looks ahead by imagining the hidden cards: determinized Monte Carlo search.

    Each iteration deals the cards the seat cannot see at random
    (:func:`cardrules.sample_state`), picks a candidate move by UCB1 over the
    results so far, plays it in that imagined deal, then plays on to the end
    of the round (Mulle: of the deal, as its rounds are long) with the
    *rollout* policy, and scores the result for the seat's side: 1 or 0 if
    the match ended, otherwise the game's measure of the round (Mililla: the
    share of the round's 70 points; Mulle: the lead in the round's points so
    far). The move with the best average is played.

    The bot is deterministic for a given *rng* when *seconds* is ``None``;
    with a time budget the number of iterations, and so the move, may vary.

    Attributes:
        iterations: The number of rollouts per decision.
        seconds: An optional time budget per decision; the search stops at
            whichever of the two budgets runs out first.
        rollout: ``"greedy"`` (the :class:`GreedyBot` heuristic for every
            seat, stronger) or ``"random"`` (faster).
        max_candidates: When there are more legal moves than this (a big
            Mulle table), the search considers the greedy move and random
            others, this many in all.
        exploration: The UCB1 constant; 0 is pure exploitation.
    """

    iterations: int = attrs.field(default=200, validator=_positive_int("iterations"))
    seconds: float | None = attrs.field(default=None, validator=_seconds)
    rollout: Literal["greedy", "random"] = attrs.field(default="greedy", validator=_rollout)
    max_candidates: int = attrs.field(default=12, validator=_positive_int("max_candidates"))
    exploration: float = attrs.field(default=0.7, validator=_exploration)

    def __str__(self) -> str:
        return "search"

    def choose(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> Any:
        """The move with the best average over the rollouts."""
        spec = spec_for_observation(observation)
        if spec.sample_state is None:
            raise NotImplementedError(f"{spec.title} does not sample hidden states, so it cannot be searched")
        heuristic = heuristic_for(spec.name)
        candidates = self._candidates(observation, legal_moves, rng, heuristic)
        if len(candidates) == 1:
            return candidates[0]
        seat: int = observation.seat
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        totals = [0.0] * len(candidates)
        visits = [0] * len(candidates)
        side: int | None = None
        for i in range(self.iterations):
            if deadline is not None and i and time.perf_counter() > deadline:
                break
            if i < len(candidates):
                arm = i
            else:
                log_n = math.log(i)
                arm = max(
                    range(len(candidates)),
                    key=lambda a: totals[a] / visits[a] + self.exploration * math.sqrt(log_n / visits[a]),
                )
            world = spec.sample_state(observation, rng)
            if side is None:
                side = _side_of(spec.score(world), seat)
            totals[arm] += self._playout(spec, heuristic, spec.apply(world, candidates[arm]), side, rng)
            visits[arm] += 1
        best = max(range(len(candidates)), key=lambda a: (totals[a] / visits[a] if visits[a] else -1.0, visits[a]))
        return candidates[best]

    def _candidates(
        self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random, heuristic: Heuristic | None
    ) -> Sequence[Any]:
        first = list(itertools.islice(iter(legal_moves), self.max_candidates + 1))
        if len(first) <= self.max_candidates:
            return first
        # Too many to try them all: the greedy move, then random distinct others.
        chosen: list[Any] = []
        if heuristic is not None:
            chosen.append(heuristic.choose(observation, legal_moves, rng))
        for _ in range(self.max_candidates * 4):
            if len(chosen) >= self.max_candidates:
                break
            move = legal_moves.sample(rng)
            if move not in chosen:
                chosen.append(move)
        return chosen

    def _playout(
        self,
        spec: GameSpec[Any, Any, Any, Any],
        heuristic: Heuristic | None,
        state: Any,
        side: int,
        rng: random.Random,
    ) -> float:
        rounds = _round_count(spec, state)
        greedy = heuristic is not None and self.rollout == "greedy"
        horizon = heuristic.horizon if heuristic is not None and heuristic.value is not None else None
        stage = None if horizon is None else horizon(state)
        for _ in range(_MAX_ROLLOUT):
            if spec.is_over(state) or _round_count(spec, state) != rounds:
                break
            if horizon is not None and horizon(state) != stage:
                assert heuristic is not None and heuristic.value is not None
                return heuristic.value(state, side)
            legal = spec.legal_moves(state)
            if greedy:
                assert heuristic is not None
                seat = spec.to_move(state)
                assert seat is not None
                move = heuristic.choose(spec.observe(state, seat), legal, rng)
            else:
                move = legal.sample(rng)
            state = spec.apply(state, move)
        return _value(spec, heuristic, state, side)


def _side_of(score: Score, seat: int) -> int:
    for i, seats in enumerate(score.sides):
        if seat in seats:
            return i
    raise ValueError(f"seat {seat} is on no side")


def _round_count(spec: GameSpec[Any, Any, Any, Any], state: Any) -> int:
    # Every game's state numbers its rounds; the score's list of rounds is the slower, generic fallback.
    number = getattr(state, "round_no", None)
    if isinstance(number, int):
        return number
    return len(spec.score(state).rounds)


def _value(spec: GameSpec[Any, Any, Any, Any], heuristic: Heuristic | None, state: Any, side: int) -> float:
    """How good *state* is for *side*, from 0 to 1."""
    score = spec.score(state)
    if score.winner is not None:
        return 1.0 if score.winner == side else 0.0
    if not score.rounds:
        return 0.5
    if heuristic is not None and heuristic.value is not None:
        return heuristic.value(state, side)
    return generic_value(score, side)


def generic_value(score: Score, side: int) -> float:
    """
    The last completed round compared across sides, from 0 to 1: half from
    the tally (our lead over the best other side, as a share of all of it),
    half from the match points it added (the same, squashed).
    """
    last = score.rounds[-1]
    others = [i for i in range(len(score.sides)) if i != side]
    tally = last.tally
    total = sum(abs(t) for t in tally)
    t_term = 0.5 if not total else 0.5 + 0.5 * (tally[side] - max(tally[i] for i in others)) / total
    lead = last.points[side] - max(last.points[i] for i in others)
    p_term = 0.5 + 0.5 * math.tanh(lead / 10)
    return 0.5 * t_term + 0.5 * p_term
