"""
Analysis for players: every decision of a record judged by the exact solver with every card shown.

This is bridge players' double-dummy analysis: each move of a record is compared with the best move
of its position as :func:`~cardrules.bots.solve` values it, every hand (and Mulle's stock, in its
order, which the record holds) shown to every seat, which no player had. The solver's cost grows fast
with the cards left, so each position gets a budget of search; a round is analysed from its end
backwards, and the moves before the first position the budget cannot solve are left unanalysed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, Literal

import attrs

from cardrules import _common, _messages, records
from cardrules._registry import get_game, spec_for_state
from cardrules.bots._solve import MoveValue, Solution, solve
from cardrules.errors import InvalidOptionError, SearchLimitError, UnsupportedError

__all__ = ["ANALYSIS_NODES", "Analysis", "Cost", "MoveAnalysis", "analyse", "analyse_move"]

ANALYSIS_NODES: Final = 100_000
"""The most positions :func:`analyse` searches for one decision by default (about a second in
Mililla and Charlemagne, a few in Mulle)."""


@attrs.frozen
class MoveAnalysis:
    """
    One decision of a record, judged with every card shown (:func:`analyse`, :func:`analyse_move`).

    Attributes:
        round: The round, from 0 (as :class:`cardrules.records.Step` counts it).
        number: The move's number within its round, from 1.
        seat: The seat that moved.
        side: Its side, an index into ``score(state).sides``: a partner's mistake costs the side.
        move: The move played.
        status: ``"solved"``; ``"forced"`` (the only legal move: nothing to judge, cost 0); or
            ``"too deep"``: the position needs more search than the budget (too early in the round
            to solve exactly), so the move is not judged.
        solution: The solver's values of every legal move when *status* is ``"solved"``, else ``None``.
        nodes: The positions searched for this decision (up to the budget when it was too deep; 0 when
            none was searched).
    """

    round: int
    number: int
    seat: int
    side: int
    move: Any
    status: Literal["solved", "forced", "too deep"]
    solution: Solution | None = None
    nodes: int = 0

    @property
    def played(self) -> MoveValue | None:
        """The move played with its exact value, or ``None`` when not solved."""
        if self.solution is None:
            return None
        return next(m for m in self.solution.moves if m.move == self.move)

    @property
    def best(self) -> tuple[MoveValue, ...]:
        """The best moves (every move of the best value and tally margin), or none when not solved."""
        if self.solution is None:
            return ()
        top = self.solution.moves[0]
        return tuple(m for m in self.solution.moves if (m.value, m.tally_margin) == (top.value, top.tally_margin))

    @property
    def cost(self) -> int | None:
        """The round points the move played gave away to the best move (``0`` for the best, or a forced move)."""
        if self.status == "forced":
            return 0
        played = self.played
        return None if played is None else self.best[0].value - played.value

    @property
    def tally_cost(self) -> int | None:
        """The tally (card points, points or tricks) the move gave away to the best move's, as *cost* does points."""
        if self.status == "forced":
            return 0
        played = self.played
        return None if played is None else self.best[0].tally_margin - played.tally_margin


@attrs.frozen
class Cost:
    """
    What one seat's (or one side's) moves cost in an :class:`Analysis`.

    Attributes:
        seats: The seat, or the side's seats.
        lost: The round points its analysed moves gave away, all together.
        mistakes: How many analysed moves cost it points.
        analysed: How many of its decisions were judged (solved or forced).
        decisions: How many decisions it made in the record.
    """

    seats: tuple[int, ...]
    lost: int
    mistakes: int
    analysed: int
    decisions: int


@attrs.frozen
class Analysis:
    """
    Every decision of a record judged with every card shown (:func:`analyse`).

    Attributes:
        game: The ruleset's text, as the record names it.
        sides: The seats of each side.
        moves: Each decision in the order of the record.
        finished: Whether the record plays its match to the end.
        max_nodes: The budget of search for one decision (``None``: none).
        seconds: The time allowed for one decision (``None``: none).
    """

    game: str
    sides: tuple[tuple[int, ...], ...]
    moves: tuple[MoveAnalysis, ...]
    finished: bool
    max_nodes: int | None
    seconds: float | None

    def by_seat(self) -> tuple[Cost, ...]:
        """What each seat's moves cost, seat by seat."""
        seats = sorted(seat for side in self.sides for seat in side)
        return tuple(_cost((seat,), [m for m in self.moves if m.seat == seat]) for seat in seats)

    def by_side(self) -> tuple[Cost, ...]:
        """What each side's moves cost (partners together), side by side."""
        return tuple(_cost(side, [m for m in self.moves if m.seat in side]) for side in self.sides)


def _cost(seats: tuple[int, ...], moves: list[MoveAnalysis]) -> Cost:
    costs = [m.cost for m in moves if m.cost is not None]
    return Cost(seats, sum(costs), sum(1 for c in costs if c > 0), len(costs), len(moves))


def _check_budget(max_nodes: int | None, seconds: float | None) -> None:
    """Refuse a bad budget at once, as :func:`solve` would at its first position (there may be none)."""
    if max_nodes is not None and not _common.whole(max_nodes, 1):
        said = f"max_nodes must be a whole number of at least 1 or None, not {_messages.value(max_nodes)}"
        raise InvalidOptionError(said)
    if seconds is not None and not (_common.real(seconds, 0, 1e300) and seconds > 0):
        raise InvalidOptionError(f"seconds must be a positive finite number or None, not {_messages.value(seconds)}")


def analyse_move(
    step: records.Step, *, max_nodes: int | None = ANALYSIS_NODES, seconds: float | None = None
) -> MoveAnalysis:
    """
    One decision of a replay (a :class:`cardrules.records.Step`) judged with every card shown.

    The position before the move is solved exactly (:func:`solve`) within the budget, and the move
    played is compared with the best.

    Args:
        step: A step of :func:`cardrules.records.steps`: its ``before`` is the full state.
        max_nodes: The most positions to search; ``None`` for no limit.
        seconds: The most time to search; ``None`` (default) for no limit.

    Raises:
        UnsupportedError: For a game or ruleset with more than two sides.
        InvalidOptionError: For a bad *max_nodes* or *seconds*.
    """
    _check_budget(max_nodes, seconds)
    spec = spec_for_state(step.before)
    sides = spec.score(step.before).sides
    if len(sides) != 2:
        raise UnsupportedError(f"analysis needs two sides, and this {spec.title} ruleset has {len(sides)}", spec.name)
    side = next(i for i, seats in enumerate(sides) if step.seat in seats)
    here = (step.round, step.number, step.seat, side, step.move)
    if len(spec.legal_moves(step.before)) == 1:
        return MoveAnalysis(*here, "forced")
    try:
        solution = solve(step.before, max_nodes=max_nodes, seconds=seconds, lines=False)
    except SearchLimitError as exc:
        return MoveAnalysis(*here, "too deep", nodes=exc.nodes)
    return MoveAnalysis(*here, "solved", solution, solution.nodes)


def analyse(
    record: records.Record,
    *,
    max_nodes: int | None = ANALYSIS_NODES,
    seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """
    Every decision of *record* judged with every card shown: double-dummy analysis.

    Each decision's position is solved exactly (:func:`solve`: every seat then plays perfectly to
    the round's end, seeing every hand and Mulle's stock in its order), and the move played is
    compared with the best: its *cost* is the round points the mover's side gave away. No player
    saw every card, so a cost says what the move gave away against perfect knowledge, not that the
    player erred with what they knew. The deal and Mulle's draws from the stock are chance, not
    decisions: they are not judged. Each round is analysed from its last decision backwards, each
    position within *max_nodes* positions (and *seconds*); once a position is beyond the budget,
    it and the earlier decisions of its round are ``"too deep"`` (too early in the round to solve
    exactly), and are not searched.

    Args:
        record: A record (:func:`cardrules.records.loads`); it need not play the match to its end.
        max_nodes: The most positions to search for one decision; ``None`` for no limit.
        seconds: The most time for one decision; ``None`` (default) for no limit.
        progress: Called as ``progress(done, total)`` after each decision, for a progress line.

    Raises:
        InvalidRecordError: If the record breaks a rule (:func:`cardrules.records.verify` says where).
        UnsupportedError: For a game or ruleset with more than two sides.
        InvalidOptionError: For a bad *max_nodes* or *seconds*.

    Example:
        >>> import random
        >>> from cardrules.bots import analyse
        >>> game = cardrules.get_game("mililla")
        >>> start = game.new_game(seed=2)
        >>> rng, moves, state = random.Random(2), [], start
        >>> while not game.is_over(state):
        ...     move = game.legal_moves(state).sample(rng)
        ...     moves.append(move)
        ...     state = game.apply(state, move)
        >>> record = cardrules.records.from_moves(start, moves)
        >>> analysis = analyse(record, max_nodes=2_000)
        >>> last = analysis.moves[-1]
        >>> last.status, last.cost
        ('forced', 0)
    """
    _check_budget(max_nodes, seconds)
    steps = list(records.steps(record))
    game = get_game(record.game)
    first = steps[0].before if steps else next(iter(records.replay(record)))
    sides = game.spec.score(first).sides
    if len(sides) != 2:
        raise UnsupportedError(
            f"analysis needs two sides, and this {game.spec.title} ruleset has {len(sides)}", game.name
        )
    last = steps[-1].after if steps else first
    judged: dict[int, MoveAnalysis] = {}
    done = 0
    for indexes in _rounds(steps):
        deep = False
        for i in reversed(indexes):
            step = steps[i]
            if deep and len(game.legal_moves(step.before)) > 1:
                side = next(k for k, seats in enumerate(sides) if step.seat in seats)
                judged[i] = MoveAnalysis(step.round, step.number, step.seat, side, step.move, "too deep")
            else:
                judged[i] = analyse_move(step, max_nodes=max_nodes, seconds=seconds)
                deep = deep or judged[i].status == "too deep"
            done += 1
            if progress is not None:
                progress(done, len(steps))
    moves = tuple(judged[i] for i in range(len(steps)))
    return Analysis(record.game, tuple(map(tuple, sides)), moves, bool(game.is_over(last)), max_nodes, seconds)


def _rounds(steps: list[records.Step]) -> Iterable[list[int]]:
    """The indexes of *steps*, round by round."""
    rounds: dict[int, list[int]] = {}
    for i, step in enumerate(steps):
        rounds.setdefault(step.round, []).append(i)
    return rounds.values()
