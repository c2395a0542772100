"""
The exact solver: the value of every legal move with every hand shown, by alpha-beta to the round's end.

Every seat plays perfectly for its side (partners together, each seeing every card), and a move is
worth what its side takes from the round against the other side: the round's match points first
(``score(state).round.points``), its tally as the tie-break. The search is negamax with alpha-beta
pruning over the game's own ``legal_moves`` and ``apply``, a transposition table local to one call,
and the game's :class:`~cardrules.engine.Solving` hooks: a cheaper key for the table, or the rest
of the round's key apart from the points taken so far with sure bounds on what is still to win
(the table then keeps what the rest is worth, and a search stops where nothing left can change its
answer), classes of moves that are worth the same (touching cards, as in a bridge solver's partition
search; Mulle's cards that score nothing and can be in no mulle any more), searched once, in the
game's order, the likeliest best first, and a state whose round's end is not dealt on.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final

import attrs

from cardrules import _common, _messages
from cardrules._registry import spec_for_state
from cardrules.bots._search import _round_count
from cardrules.engine import GameSpec
from cardrules.errors import InvalidOptionError, InvalidPositionError, SearchLimitError, UnsupportedError

__all__ = ["DEFAULT_MAX_NODES", "MoveValue", "Solution", "best_move", "solve"]

DEFAULT_MAX_NODES: Final = 500_000
"""The most positions :func:`solve` searches by default before it gives up (from a few seconds in the
trick games to about twenty in Mulle, whose moves cost more)."""

# The tally margin counts below one point of the margin: value * _SCALE + tally, as one number.
_SCALE: Final = 1 << 24
_INF: Final = 1 << 62


@attrs.frozen
class MoveValue:
    """
    One legal move and what it is worth with every card known (:func:`solve`).

    Attributes:
        move: The move.
        value: The round's match points of the mover's side minus the other side's at the round's
            end, every seat then playing perfectly (``score(state).rounds[-1].points`` once the
            round is over).
        tally_margin: The round's tally of the mover's side minus the other side's (Mililla: card
            and trick points; Mulle: points; Charlemagne: tricks), the tie-break between moves of
            equal *value*: the best play wins the most points, then the largest tally.
        line: A principal line: this move, then the best replies to the round's end (empty when
            :func:`solve` was asked for no lines).
    """

    move: Any
    value: int
    tally_margin: int
    line: tuple[Any, ...]


@attrs.frozen
class Solution:
    """
    Every legal move of a position with its exact value (:func:`solve`).

    Attributes:
        seat: The seat to move.
        side: Its side, an index into ``score(state).sides``.
        moves: Every legal move, the best first (by *value*, then *tally_margin*; equal moves in the
            order of the legal moves).
        nodes: How many positions the search visited.
    """

    seat: int
    side: int
    moves: tuple[MoveValue, ...]
    nodes: int

    @property
    def best(self) -> MoveValue:
        """The best move (the first of *moves*)."""
        return self.moves[0]


class _Stop(Exception):
    """The node budget ran out."""


class _Solver:
    """One solve: the game's functions, the sides, the table and the count of positions searched."""

    def __init__(
        self, spec: GameSpec[Any, Any, Any, Any], state: Any, max_nodes: int | None, deadline: float | None
    ) -> None:
        self.spec = spec
        score = spec.score(state)
        self.side_of = {seat: i for i, seats in enumerate(score.sides) for seat in seats}
        self.rounds = _round_count(spec, state)
        solving = None if spec.heuristic is None else spec.heuristic.solving
        self.key: Callable[[Any], Hashable] = _itself if solving is None or solving.key is None else solving.key
        self.classes: Callable[[Any, Sequence[Any]], Sequence[Sequence[Any]]] = (
            _alone if solving is None or solving.classes is None else solving.classes
        )
        self.rest = None if solving is None else solving.rest
        # The state solved: the game's own, or one worth the same whose round ends the match (not dealt on).
        self.root = state if solving is None or solving.last_round is None else solving.last_round(state)
        # key -> (lower bound, upper bound, the move that was best there, or the first to refute it)
        self.table: dict[Hashable, tuple[int, int, Any]] = {}
        self.nodes = 0
        self.most = _INF if max_nodes is None else max_nodes
        self.deadline = deadline

    def ended(self, state: Any) -> bool:
        """Whether *state* is past the round solved (the round scored, the next one dealt or the match over)."""
        return bool(self.spec.is_over(state)) or _round_count(self.spec, state) != self.rounds

    def leaf(self, state: Any, side: int) -> int:
        """The round just ended, for *side*: points margin, then tally margin, as one number."""
        last = self.spec.score(state).rounds[-1]
        other = 1 - side
        points = last.points[side] - last.points[other]
        tally = last.tally[side] - last.tally[other]
        return points * _SCALE + tally

    def so_far(self, state: Any, side: int) -> int:
        """The round's running points and tally for *side*, as one number: the first guess of its value."""
        running = self.spec.score(state).round
        if running is None:  # pragma: no cover - a state of the round has its running score
            return 0
        other = 1 - side
        return (running.points[side] - running.points[other]) * _SCALE + running.tally[side] - running.tally[other]

    def side(self, state: Any) -> int:
        """The side to move in *state* (a state of the round: someone is to move)."""
        seat = self.spec.to_move(state)
        assert seat is not None
        return self.side_of[seat]

    def after(self, child: Any, side: int, alpha: int, beta: int) -> int:
        """The value of *child* for *side* (who moved into it), within the window."""
        if self.ended(child):
            return self.leaf(child, side)
        if self.side(child) == side:
            return self.negamax(child, alpha, beta)
        return -self.negamax(child, -beta, -alpha)

    def negamax(self, state: Any, alpha: int, beta: int) -> int:
        """The value of *state* for its side to move (fail-soft: a bound beyond the window if it is outside)."""
        self.nodes += 1
        if self.nodes > self.most:
            raise _Stop
        if self.deadline is not None and not self.nodes & 63 and time.perf_counter() > self.deadline:
            raise _Stop
        spec = self.spec
        key, base, low, high = self.bounds(state)
        if high <= alpha:
            return high
        if low >= beta:
            return low
        entry = self.table.get(key)
        known = None
        if entry is not None:  # the bounds found before (on what the rest is worth): enough, or a narrower window
            low, high, known = max(low, entry[0] + base), min(high, entry[1] + base), entry[2]
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low), min(beta, high)
        legal = list(iter(spec.legal_moves(state)))
        if len(legal) == 1:  # a forced move: nothing to order, nothing worth keeping in the table
            return self.after(spec.trusted_apply(state, legal[0]), self.side(state), alpha, beta)
        classes = self.classes(state, legal)
        if known is not None and classes[0][0] != known:  # the move that was best here before, first
            classes = sorted(classes, key=lambda cls: cls[0] != known)
        first_alpha = alpha
        side = self.side(state)
        best, best_move = -_INF, None
        for cls in classes:
            child = spec.trusted_apply(state, cls[0])
            value = self.after(child, side, alpha, beta)
            if value > best:
                best, best_move = value, cls[0]
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best <= first_alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low - base, high - base, best_move)
        return best

    def bounds(self, state: Any) -> tuple[Hashable, int, int, int]:
        """
        The table's key of *state* (not ended), the margin so far that the table's bounds are kept
        apart from, and the least and the most *state* can be worth to its side to move: from the
        game's ``rest`` (the rest of the round apart from what is taken so far), else the key with
        nothing known.
        """
        found = None if self.rest is None else self.rest(state)
        if found is None:
            return self.key(state), 0, -_INF, _INF
        key, (points, tally), (low_points, low_tally), (high_points, high_tally) = found
        base = points * _SCALE + tally
        return key, base, base + low_points * _SCALE + low_tally, base + high_points * _SCALE + high_tally

    def window(self, state: Any) -> tuple[int, int]:
        """The least and the most *state* (not ended) can be worth to its side to move, from the game's ``rest``."""
        _key, _base, low, high = self.bounds(state)
        return low, high

    def exact(self, state: Any, guess: int) -> int:
        """The value of *state* (not ended) for its side to move, by null-window searches only (:func:`_converge`)."""
        low, high = self.window(state)
        return _converge(lambda beta: self.negamax(state, beta - 1, beta), low, high, guess)

    def best(self, state: Any) -> tuple[Any, int]:
        """
        One best move of *state* (not ended) and its value, without the exact value of the others:
        the root's value by null-window searches (:func:`_converge`), each asking whether some move
        reaches a value, the move that last did first; that move is the best.
        """
        spec = self.spec
        side = self.side(state)
        children = [
            (cls[0], spec.trusted_apply(state, cls[0]))
            for cls in self.classes(state, list(iter(spec.legal_moves(state))))
        ]
        reached: list[Any] = []  # the move that reached the last value found at least

        def test(beta: int) -> int:
            best = -_INF
            for i, (move, child) in enumerate(children):
                value = self.after(child, side, beta - 1, beta)
                best = max(best, value)
                if value >= beta:
                    reached[:] = [move]
                    children.insert(0, children.pop(i))
                    break
            return best

        low, high = self.window(state)
        value = _converge(test, low, high, self.so_far(state, side))
        if not reached:  # the bounds alone gave the value: one search finds a move that reaches it
            test(value)
        return reached[0], value

    def line(self, state: Any, value: int) -> list[Any]:
        """A principal line from *state* (not ended), worth *value* to its side to move."""
        spec = self.spec
        moves: list[Any] = []
        while True:
            side = self.side(state)
            for cls in self.classes(state, list(iter(spec.legal_moves(state)))):
                child = spec.trusted_apply(state, cls[0])
                if self.after(child, side, value - 1, value + 1) == value:
                    moves.append(cls[0])
                    break
            else:  # pragma: no cover - the value came from these very moves
                raise AssertionError("no move has the position's value")
            if self.ended(child):
                return moves
            if self.side(child) != side:
                value = -value
            state = child


def _converge(test: Callable[[int], int], low: int, high: int, guess: int) -> int:
    """
    The value between *low* and *high* by null-window searches, from *guess* (MTD(f)): ``test(beta)``
    searches whether the value is at least *beta* and returns a bound (at least *beta*: a lower
    bound, else an upper one); the table keeps the bounds found, so the next search searches little
    again. Steps that keep going one way double, a whole point at a time, and once the value is
    bracketed by more than two points the next question halves the bracket: a poor guess costs a few
    searches, not one a point.
    """
    up = down = 0  # searches in a row that raised the lower bound, or lowered the upper one
    beta = min(max(guess, low + 1), high) if low < high else high
    while low < high:
        value = test(beta)
        if value < beta:
            high, up, down = value, 0, down + 1
        else:
            low, up, down = value, up + 1, 0
        if low >= high:
            break
        if high - low > 2 * _SCALE and -_INF < low and high < _INF:
            beta = (low + high + 1) // 2  # bisect: both bounds known, far apart
        elif up:
            beta = min(low + 1 + ((1 << (up - 1)) - 1) * _SCALE, high)
        else:
            beta = max(high - ((1 << (down - 1)) - 1) * _SCALE, low + 1)
    return low


def _itself(state: Any) -> Hashable:
    return state  # type: ignore[no-any-return]


def _alone(_state: Any, moves: Sequence[Any]) -> list[list[Any]]:
    return [[m] for m in moves]


def solve(
    state: Any, *, max_nodes: int | None = DEFAULT_MAX_NODES, seconds: float | None = None, lines: bool = True
) -> Solution:
    """
    Every legal move of *state* with its exact value to the round's end, every hand shown.

    Each seat plays perfectly for its side, seeing every card (partners together), to the end of
    the round in progress; a move's value is its side's round points minus the other side's as
    ``score(state).rounds[-1].points`` counts them once the round is over, with the round's tally
    margin as the tie-break (:class:`MoveValue`). The state is the full state, so this is the
    double-dummy value: what the move is worth if everybody knew every hand. Mulle's stock is known
    too, in its order. For a game of two sides only (two-player Mulle, the partnership games).

    Args:
        state: A full state of any game (a Mulle, Mililla or Charlemagne ``State``).
        max_nodes: The most positions to search before giving up; ``None`` for no limit. The
            default solves the last five tricks of Mililla and Charlemagne, or two-player Mulle's
            last twelve to fourteen cards with the stock empty (from the moment the stock empties,
            sixteen cards, one best move alone, what ``hard`` asks, takes about a hundred
            thousand positions, several times more at worst; every move's value more again).
        seconds: The most time to search before giving up; ``None`` (default) for no limit.
        lines: Whether to find each move's principal line (a little more search).

    Raises:
        SearchLimitError: If the position needs more than *max_nodes* positions or *seconds*.
        UnsupportedError: For a game or ruleset with more than two sides.
        InvalidPositionError: If the match is over (there is no move to solve).
        InvalidOptionError: For a *max_nodes* that is not a whole number of at least 1, or *seconds*
            that is not a positive number.
        WrongKindError: For something that is not a state of a known game.

    Example:
        >>> import cardrules
        >>> from cardrules.bots import solve
        >>> game = cardrules.get_game("mililla")
        >>> state = game.new_game(seed=1)
        >>> while sum(map(len, state.hands)) > 8:
        ...     state = game.apply(state, game.legal_moves(state)[0])
        >>> solution = solve(state)
        >>> best = solution.best
        >>> best.value >= max(m.value for m in solution.moves)
        True
    """
    solver = _solver(state, max_nodes, seconds)
    spec = solver.spec
    state = solver.root
    seat = spec.to_move(state)
    assert seat is not None
    side = solver.side_of[seat]
    legal = list(iter(spec.legal_moves(state)))
    found: dict[int, tuple[int, tuple[Any, ...]]] = {}
    try:
        for cls in solver.classes(state, legal):
            child = spec.trusted_apply(state, cls[0])
            value = solver.after(child, side, -_INF, _INF)
            for move in cls:
                line: tuple[Any, ...] = ()
                if lines:
                    after = child if move is cls[0] else spec.trusted_apply(state, move)
                    rest: list[Any] = []
                    if not solver.ended(after):
                        mine = solver.side(after) == side
                        rest = solver.line(after, value if mine else -value)
                    line = (move, *rest)
                found[legal.index(move)] = (value, line)
    except _Stop:
        raise _limit(solver, max_nodes, seconds) from None
    order = sorted(found, key=lambda i: (-found[i][0], i))
    moves = tuple(
        MoveValue(legal[i], _points(found[i][0]), found[i][0] - _points(found[i][0]) * _SCALE, found[i][1])
        for i in order
    )
    return Solution(seat, side, moves, solver.nodes)


def _solver(state: Any, max_nodes: int | None, seconds: float | None) -> _Solver:
    """A solver for *state*, its arguments checked (:func:`solve`'s errors)."""
    if max_nodes is not None and not _common.whole(max_nodes, 1):
        said = f"max_nodes must be a whole number of at least 1 or None, not {_messages.value(max_nodes)}"
        raise InvalidOptionError(said)
    if seconds is not None and not (_common.real(seconds, 0, 1e300) and seconds > 0):
        raise InvalidOptionError(f"seconds must be a positive finite number or None, not {_messages.value(seconds)}")
    deadline = None if seconds is None else time.perf_counter() + seconds
    spec = spec_for_state(state)
    if spec.is_over(state):
        raise InvalidPositionError("the match is over: there is no move to solve")
    score = spec.score(state)
    if len(score.sides) != 2:
        raise UnsupportedError(
            f"solve needs two sides, and this {spec.title} ruleset has {len(score.sides)}", spec.name
        )
    return _Solver(spec, state, max_nodes, deadline)


def _limit(solver: _Solver, max_nodes: int | None, seconds: float | None) -> SearchLimitError:
    """The error of a search that ran out of positions or time."""
    limit = f"{max_nodes:,} positions" if solver.nodes > solver.most else f"{seconds} seconds"
    return SearchLimitError(
        f"the position needs more than {limit} of search to solve "
        "(raise the limit, max_nodes or --max-nodes, or solve it closer to the end of the round)",
        solver.nodes,
    )


def best_move(
    state: Any, *, max_nodes: int | None = DEFAULT_MAX_NODES, seconds: float | None = None
) -> tuple[Any, int, int]:
    """
    One best move of *state* with every hand shown, as :func:`solve` would rank first or tie with
    (the same value and tally margin), without valuing every other move exactly: much less search.
    Returns the move, its value and tally margin (:class:`MoveValue`). The arguments and errors
    are :func:`solve`'s.
    """
    solver = _solver(state, max_nodes, seconds)
    try:
        move, value = solver.best(solver.root)
    except _Stop:
        raise _limit(solver, max_nodes, seconds) from None
    return move, _points(value), value - _points(value) * _SCALE


def _points(value: int) -> int:
    """The points margin of a combined value (its tally margin is the rest, in ``-_SCALE/2 .. _SCALE/2``)."""
    return (value + _SCALE // 2) // _SCALE
