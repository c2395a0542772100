"""The search bot: determinized Monte Carlo with UCB1 at the root and rollouts to the end of the round."""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Sequence
from typing import Any, Final, Literal

import attrs

from cardrules import _common, _messages
from cardrules._worlds import spec_for_observation
from cardrules.bots._games import Heuristic
from cardrules.engine import GameSpec, LegalMoves, Score, TupleMoves
from cardrules.errors import InvalidOptionError, UnsupportedError

__all__ = ["Candidate", "SearchBot"]

# A rollout that has not reached the end of the round after this many moves is scored where it stands.
_MAX_ROLLOUT = 2_000
# With every candidate equal in this many imagined deals (and in 16, 32, ...), the search stops.
_SAME = 8
# How many more samples to draw, at most, for a state the heuristic finds plausible.
_RESAMPLES = 40


def _positive_int(name: str) -> Any:
    def check(_inst: object, _attr: object, value: object) -> None:
        if not _common.whole(value, 1):
            raise InvalidOptionError(f"{name} must be a whole number of at least 1, not {_messages.value(value)}")

    return check


_LARGEST: Final = 1e300  # a number that is a finite float, with room for sums and squares


def _seconds(_inst: object, _attr: object, value: Any) -> None:
    if value is not None and not (_common.real(value, 0, _LARGEST) and value > 0):
        raise InvalidOptionError(f"seconds must be a positive finite number or None, not {_messages.value(value)}")


def _exploration(_inst: object, _attr: object, value: object) -> None:
    if not _common.real(value, 0, _LARGEST):
        raise InvalidOptionError(f"exploration must be a finite number of at least 0, not {_messages.value(value)}")


def _rollout(_inst: object, _attr: object, value: object) -> None:
    if value not in ("greedy", "random"):
        raise InvalidOptionError(f"rollout must be greedy or random, not {_messages.value(value)}")


def _epsilon(_inst: object, _attr: object, value: object) -> None:
    if not _common.real(value, 0, 1):
        raise InvalidOptionError(f"epsilon must be a number from 0 to 1, not {_messages.value(value)}")


def _round_weight(_inst: object, _attr: object, value: object) -> None:
    if not _common.real(value, 0, 1):
        raise InvalidOptionError(f"round_weight must be a number from 0 to 1, not {_messages.value(value)}")


def _margin(_inst: object, _attr: object, value: object) -> None:
    if not _common.real(value, 0, _LARGEST):
        raise InvalidOptionError(f"margin must be a finite number of at least 0, not {_messages.value(value)}")


@attrs.frozen
class Candidate:
    """
    One move the search tried, with what it scored (:meth:`SearchBot.rank`).

    Attributes:
        move: The move.
        value: Its average over the imagined deals it was tried in, from 0 (lost) to 1 (won);
            0.0 when it was not searched (*visits* 0: the only move).
        visits: In how many imagined deals it was played out.
    """

    move: Any
    value: float
    visits: int


@attrs.frozen
class _Budget:
    """The fields both search bots have, in this order: their budgets, rollouts and candidates."""

    iterations: int = attrs.field(default=200, validator=_positive_int("iterations"))
    seconds: float | None = attrs.field(default=None, validator=_seconds)
    rollout: Literal["greedy", "random"] = attrs.field(default="greedy", validator=_rollout)
    max_candidates: int = attrs.field(default=12, validator=_positive_int("max_candidates"))
    exploration: float = attrs.field(default=0.7, validator=_exploration)


@attrs.frozen
class SearchBot(_Budget):
    """
    Looks ahead by imagining the hidden cards: determinized Monte Carlo search.

    The bot imagines deals of the cards its seat cannot see
    (:func:`cardrules.sample_state`) and, in each, plays every candidate
    move and then on to the end of the round (Mulle: of the deal, as its
    rounds are long) with the *rollout* policy, scoring the result for the
    seat's side: 1 or 0 if the match ended, otherwise the game's measure of
    the round (Mililla: the share of the round's 70 points; Charlemagne: the
    points the hand swung; Mulle: the lead in the round's points so far).

    Every candidate is tried in the same imagined deals with the same
    rollout seeds (common random numbers), so the comparison between two
    moves is not drowned by the luck of the deal. The budget is spent by
    successive halving: after each stage the worse half of the candidates is
    dropped (never the greedy move) and the rest are tried in more deals.
    The bot plays the move with the best average, but keeps the greedy move
    (:class:`GreedyBot`'s) unless the best one beats it, deal by deal, by
    more than *margin* standard errors. When every candidate has scored the
    same in every deal so far (8, 16, 32, ... deals), the search stops early.

    The bot is deterministic for a given *rng* when *seconds* is ``None``;
    with a time budget the number of rollouts, and so the move, may vary.

    Attributes:
        iterations: The most rollouts per decision (at least one
            imagined deal per candidate, whatever the budget).
        seconds: An optional time budget per decision; the search stops at
            whichever of the two budgets runs out first.
        rollout: ``"greedy"`` (the :class:`GreedyBot` heuristic for every
            seat, stronger) or ``"random"`` (faster).
        max_candidates: The most moves considered: the greedy move first,
            then (Mulle) the heuristic's next best or (other games) the
            other legal moves, or random ones if there are too many.
        exploration: Unused since the search tries every candidate in the
            same deals; kept so that older bot texts still work.
        margin: How many standard errors of the deal-by-deal difference a
            move must beat the greedy move by to be played instead; 0 plays
            the best average.
        epsilon: With a greedy *rollout*, the chance that a rollout move is
            a random legal one instead (epsilon-greedy rollouts: the other
            seats' play is less predictable); 0 (default) plays the greedy
            move throughout, through the game's own faster rollout.
        round_weight: How much a rollout that ends the match is scored by
            the round's own measure (as a round that does not end it is)
            rather than by the win or loss alone: the value is
            ``(1 - round_weight) * won + round_weight * measure``. 0
            (default) scores won or lost only; more tells a narrow win
            from a wide one (and a close loss from a rout), which matters
            in single rounds, where every rollout ends the match. Above 0
            the rollouts take the generic loop, a little slower.
    """

    margin: float = attrs.field(default=1.0, validator=_margin)
    epsilon: float = attrs.field(default=0.0, validator=_epsilon)
    round_weight: float = attrs.field(default=0.0, validator=_round_weight)

    def __str__(self) -> str:
        return "search"

    def choose(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> Any:
        """The move with the best average over the imagined deals (or the greedy move, if none is clearly better)."""
        return self.rank(observation, legal_moves, rng)[0].move

    def rank(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> tuple[Candidate, ...]:
        """
        The candidate moves searched, the one :meth:`choose` plays first (it draws the same numbers
        from *rng*), then the others by their average, best first.
        """
        spec = searchable_spec(observation)
        candidates = candidates_for(observation, legal_moves, rng, spec.heuristic, self.max_candidates)
        if len(candidates) == 1:
            return (Candidate(candidates[0], 0.0, 0),)
        return self.pick(candidates, [self.search(observation, candidates, rng)])

    def search(self, observation: Any, candidates: Sequence[Any], rng: random.Random) -> list[list[float]]:
        """
        Search *candidates* (the greedy move first) in imagined deals drawn with *rng*, within the
        budgets: what each candidate scored, deal by deal (a dropped candidate's list stops early).
        :meth:`pick` reads these results; several searches' (as root-parallel workers give) merge.
        """
        spec = searchable_spec(observation)
        heuristic = spec.heuristic
        seat: int = observation.seat
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        results: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        stages = max(1, math.ceil(math.log2(len(candidates))))
        spent = 0
        side: int | None = None
        stop = False
        for stage in range(stages):
            share = (self.iterations - spent) // (stages - stage)
            for _ in range(max(1, share // len(alive))):
                if deadline is not None and results[0] and time.perf_counter() > deadline:
                    stop = True
                    break
                world = _sample(spec, heuristic, observation, rng)
                if side is None:
                    side = _side_of(spec.score(world), seat)
                seed = rng.getrandbits(64)
                for arm in alive:
                    state = spec.trusted_apply(world, candidates[arm])  # legal in every deal the seat imagines
                    results[arm].append(self._playout(spec, heuristic, state, side, random.Random(seed)))
                spent += len(alive)
                worlds = len(results[0])
                if worlds >= _SAME and worlds & (worlds - 1) == 0 and all(results[a] == results[0] for a in alive):
                    stop = True  # every candidate has come to the same in every deal so far: nothing to find
                    break
            if stop or len(alive) <= 2:
                break
            if stage < stages - 1:
                # Keep the better half, and the greedy move (candidate 0) whatever its average.
                ranked = sorted(alive, key=lambda a: -_mean(results[a]))
                alive = sorted({0, *ranked[: math.ceil(len(alive) / 2)]})
        return results

    def pick(self, candidates: Sequence[Any], runs: Sequence[Sequence[Sequence[float]]]) -> tuple[Candidate, ...]:
        """
        The candidates ranked from the results of one or more :meth:`search` runs (*runs*): the
        best average among those each run kept to its end, unless it does not beat the greedy move
        (candidate 0) by *margin*, deal by deal; then the others by their average, best first.
        """
        merged = [[value for run in runs for value in run[arm]] for arm in range(len(candidates))]
        finalists = sorted({a for run in runs for a in range(len(candidates)) if len(run[a]) == len(run[0])})
        best = max(finalists, key=lambda a: (_mean(merged[a]), -a))
        if best != 0:
            pairs = [pair for run in runs for pair in zip(run[best], run[0], strict=False)]
            if not _beats([a for a, _ in pairs], [b for _, b in pairs], self.margin):
                best = 0
        rest = sorted(
            (a for a in range(len(candidates)) if a != best), key=lambda a: (-len(merged[a]), -_mean(merged[a]), a)
        )
        return tuple(Candidate(candidates[a], max(0.0, _mean(merged[a])), len(merged[a])) for a in (best, *rest))

    def _playout(
        self,
        spec: GameSpec[Any, Any, Any, Any],
        heuristic: Heuristic | None,
        state: Any,
        side: int,
        rng: random.Random,
    ) -> float:
        return playout(
            spec,
            heuristic,
            state,
            side,
            rng,
            greedy=self.rollout == "greedy",
            epsilon=self.epsilon,
            round_weight=self.round_weight,
        )


def playout(
    spec: GameSpec[Any, Any, Any, Any],
    heuristic: Heuristic | None,
    state: Any,
    side: int,
    rng: random.Random,
    *,
    greedy: bool,
    epsilon: float = 0.0,
    round_weight: float = 0.0,
    own_loop: bool = True,
) -> float:
    """
    Play *state* on to the end of its round (or the heuristic's horizon) and score it for *side*, 0 to 1;
    with *greedy*, each move is random instead with probability *epsilon*; a match's end is scored
    *round_weight* by the round's measure and the rest by the win or loss.

    A greedy playout with neither is the game's own loop (``heuristic.rollout``), unless *own_loop* is
    false: then it goes through the game's spec alone, move by move (what a game's own loop must equal).
    """
    if (
        own_loop
        and greedy
        and not epsilon
        and not round_weight
        and heuristic is not None
        and heuristic.rollout is not None
    ):
        return heuristic.rollout(state, side, rng)  # the game's own loop: the same result, faster
    rounds = _round_count(spec, state)
    greedy = heuristic is not None and greedy
    horizon = heuristic.horizon if heuristic is not None and heuristic.value is not None else None
    stage = None if horizon is None else horizon(state)
    least = 0 if horizon is None or heuristic is None or heuristic.lookahead is None else heuristic.lookahead(state)
    for ply in range(_MAX_ROLLOUT):
        if spec.is_over(state) or _round_count(spec, state) != rounds:
            break
        if horizon is not None and ply >= least and horizon(state) != stage:
            assert heuristic is not None and heuristic.value is not None
            return heuristic.value(state, side)
        legal = spec.legal_moves(state)
        if greedy:
            assert heuristic is not None
            if isinstance(legal, TupleMoves) and len(legal) == 1:
                move = legal[0]  # a forced move needs no look at the table (nor any rng)
            elif epsilon and rng.random() < epsilon:
                move = legal.sample(rng)
            else:  # (lazy moves, as Mulle's, are not counted: that costs more than it saves)
                seat = spec.to_move(state)
                assert seat is not None
                move = heuristic.choose(spec.observe(state, seat), legal, rng)
        else:
            move = legal.sample(rng)
        state = spec.trusted_apply(state, move)  # a move of legal_moves(state)
    return _value(spec, heuristic, state, side, round_weight)


def searchable_spec(observation: Any) -> GameSpec[Any, Any, Any, Any]:
    """The spec of *observation*'s game; :class:`~cardrules.UnsupportedError` if it cannot sample hidden states."""
    spec = spec_for_observation(observation)
    if spec.sample_state is None:
        raise UnsupportedError(f"{spec.title} does not sample hidden states, so it cannot be searched", spec.name)
    return spec


def candidates_for(
    observation: Any,
    legal_moves: LegalMoves[Any],
    rng: random.Random,
    heuristic: Heuristic | None,
    most: int,
) -> Sequence[Any]:
    """The moves to search, at most *most*, the greedy move first (when there is a heuristic)."""
    if heuristic is not None and heuristic.ranked is not None:
        return list(heuristic.ranked(observation, legal_moves, rng))[:most]
    first = list(itertools.islice(iter(legal_moves), most + 1))
    greedy = None if heuristic is None or len(first) == 1 else heuristic.choose(observation, legal_moves, rng)
    if len(first) <= most:
        if greedy is not None:
            first.remove(greedy)
            first.insert(0, greedy)
        return first
    # Too many to try them all: the greedy move, then random distinct others.
    chosen: list[Any] = [] if greedy is None else [greedy]
    for _ in range(most * 4):
        if len(chosen) >= most:
            break
        move = legal_moves.sample(rng)
        if move not in chosen:
            chosen.append(move)
    return chosen


def _sample(
    spec: GameSpec[Any, Any, Any, Any], heuristic: Heuristic | None, observation: Any, rng: random.Random
) -> Any:
    """A sampled state, one the heuristic finds plausible if one turns up in a few tries."""
    assert spec.sample_state is not None
    world = spec.sample_state(observation, rng)
    if heuristic is None or heuristic.plausible is None:
        return world
    for _ in range(_RESAMPLES):
        if heuristic.plausible(world, observation):
            return world
        world = spec.sample_state(observation, rng)
    return world


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else -1.0


def _beats(ours: Sequence[float], theirs: Sequence[float], margin: float) -> bool:
    """Whether *ours* beats *theirs*, deal by deal, by more than *margin* standard errors of the mean difference."""
    diffs = [a - b for a, b in zip(ours, theirs, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    if mean <= 0.0:
        return False
    if n < 2:
        return margin == 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > margin * math.sqrt(var / n)


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


def _value(
    spec: GameSpec[Any, Any, Any, Any],
    heuristic: Heuristic | None,
    state: Any,
    side: int,
    round_weight: float = 0.0,
) -> float:
    """How good *state* is for *side*, from 0 to 1 (a match's end: *round_weight* of it by the round's measure)."""
    score = spec.score(state)
    if score.winner is not None:
        won = 1.0 if score.winner == side else 0.0
        if not round_weight or not score.rounds:
            return won
        measure = heuristic.value(state, side) if heuristic is not None and heuristic.value is not None else None
        if measure is None:
            measure = generic_value(score, side)
        return (1.0 - round_weight) * won + round_weight * measure
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
