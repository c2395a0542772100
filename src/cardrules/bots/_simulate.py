"""Matches between bots, run on any ``concurrent.futures.Executor``, with win rates and confidence intervals."""

from __future__ import annotations

import concurrent.futures
import functools
import math
import os
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from cardrules import _common, _messages
from cardrules._registry import get_game
from cardrules.bots._base import Bot, get_bot
from cardrules.cards import _derive_seed
from cardrules.engine import Game
from cardrules.errors import InvalidOptionError

__all__ = ["BotResult", "SimulationResult", "default_chunksize", "play_match", "simulate", "wilson_interval"]

_MAX_DECISIONS = 200_000
_TICK: Final = 100
"""Moves between two calls of ``moves`` during a match."""
_DEAL_PATH = 0x5EA7
_BOT_PATH = 0xB07
_DUPLICATE_PATH = 0xD0B


_MAX_TRIALS: Final = 10**300
"""The most trials :func:`wilson_interval` takes: the counts must convert to floats."""
_MAX_SECONDS: Final = 1e12
"""The longest time budget of :func:`simulate`, in seconds (some 30,000 years)."""
_MAX_Z: Final = 1e150
"""The largest *z* of :func:`wilson_interval`: its square must be a finite float."""


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """
    The Wilson score interval for a proportion: 95% confidence for the default *z*.

    Example:
        >>> from cardrules.bots import wilson_interval
        >>> low, high = wilson_interval(60, 100)
        >>> round(low, 3), round(high, 3)
        (0.502, 0.691)
        >>> wilson_interval(0, 0)
        (0.0, 1.0)

    Raises:
        InvalidOptionError: If the counts are not whole numbers with ``0 <= successes <= trials``
            (and at most ``10**300``), or *z* is not a positive finite number.
    """
    for name, count in (("successes", successes), ("trials", trials)):
        if not _common.whole(count, 0, _MAX_TRIALS):
            raise InvalidOptionError(f"{name} must be a whole number from 0 to 10**300, not {_messages.value(count)}")
    if successes > trials:
        raise InvalidOptionError(f"successes ({successes}) cannot be more than trials ({trials})")
    if not (_common.real(z, 0, _MAX_Z) and z > 0):
        raise InvalidOptionError(f"z must be a positive finite number, not {_messages.value(z)}")
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class MatchOutcome:
    """
    The result of one match, by side.

    Attributes:
        winner: The winning side.
        points: Final match points per side.
        decisions: The number of moves played.
    """

    winner: int
    points: tuple[int, ...]
    decisions: int


@attrs.frozen
class _Match:
    """One match as a picklable work unit: texts and seeds only."""

    game: str
    bots: tuple[str, ...]  # bot text of each side
    seed: int
    bot_seed: int
    deadline: float | None = None  # time.time() at which the match is abandoned, unfinished


class _TimeUp(Exception):
    """A match reached its deadline: it is abandoned, and not counted."""


@functools.lru_cache(maxsize=64)
def _game(text: str) -> Game[Any, Any, Any, Any]:
    return get_game(text)


@functools.lru_cache(maxsize=64)
def _bot(text: str) -> Bot:
    return get_bot(text)


def play_match(
    game: Game[Any, Any, Any, Any],
    bots: Sequence[Bot],
    *,
    seed: int,
    bot_seed: int | None = None,
    on_move: Callable[[Any, Any, Any], None] | None = None,
) -> MatchOutcome:
    """
    Play one whole match of *game* between *bots*, one per side (``game.score(state).sides``).

    Each seat's bot gets its own random generator, seeded from *bot_seed*
    (default: *seed*) and the seat, so a match is reproducible.
    *on_move(state, move, after)* is called after every move, for narration.
    """
    state = game.new_game(seed=seed)
    sides = game.score(state).sides
    if len(bots) != len(sides):
        raise InvalidOptionError(f"{game.text} has {len(sides)} sides, so it needs {len(sides)} bots, not {len(bots)}")
    base = seed if bot_seed is None else bot_seed
    by_seat: dict[int, tuple[Bot, random.Random]] = {}
    for side, seats in enumerate(sides):
        for seat in seats:
            by_seat[seat] = (bots[side], random.Random(_derive_seed(base, _BOT_PATH, seat)))
    decisions = 0
    while not game.is_over(state):
        if decisions >= _MAX_DECISIONS:
            raise RuntimeError(f"{game.text} seed {seed}: no end after {_MAX_DECISIONS} moves")
        mover = game.to_move(state)
        assert mover is not None
        bot, rng = by_seat[mover]
        legal = game.legal_moves(state)
        move = bot.choose(game.observe(state, mover), legal, rng)
        after = game.apply(state, move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
        decisions += 1
    score = game.score(state)
    assert score.winner is not None
    return MatchOutcome(winner=score.winner, points=score.match, decisions=decisions)


def _run(unit: _Match, moves: Callable[[int], None] | None = None) -> MatchOutcome | None:
    """
    Play a work unit (in whatever process or machine the executor chose); ``None`` if it reached
    its deadline unfinished (the clock is read after every move). Every :data:`_TICK` moves
    *moves(n)* is told how many moves the match has had.
    """
    deadline = unit.deadline
    on_move = None
    if deadline is not None or moves is not None:
        count = 0

        def on_move(state: Any, move: Any, after: Any) -> None:
            nonlocal count
            count += 1
            if moves is not None and count % _TICK == 0:
                moves(count)
            if deadline is not None and time.time() >= deadline:
                raise _TimeUp

    if deadline is not None and time.time() >= deadline:
        return None
    try:
        game, bots = _game(unit.game), [_bot(b) for b in unit.bots]
        return play_match(game, bots, seed=unit.seed, bot_seed=unit.bot_seed, on_move=on_move)
    except _TimeUp:
        return None


def _run_batch(units: tuple[_Match, ...]) -> tuple[MatchOutcome | None, ...]:
    """Play a batch of work units, one after another, in one task of the executor (``None`` for those out of time)."""
    return tuple(map(_run, units))


def _workers(executor: concurrent.futures.Executor) -> int:
    """How many matches *executor* plays at once, as far as it says (a process or thread pool does), else the cores."""
    workers = getattr(executor, "_max_workers", None)
    if isinstance(workers, int) and not isinstance(workers, bool) and workers >= 1:
        return workers
    client = getattr(executor, "_client", None)  # a Dask Client's executor: the cluster's threads
    if client is not None and callable(getattr(client, "nthreads", None)):
        try:
            threads = sum(client.nthreads().values())
        except Exception:  # a client that cannot answer: fall back on the local cores
            threads = 0
        if threads >= 1:
            return int(threads)
    return os.cpu_count() or 1


def default_chunksize(matches: int, workers: int) -> int:
    """
    The batch size :func:`simulate` uses by default: about four batches per
    worker (so that the workers finish close together however the match
    lengths vary), and no more than 256 matches in one batch.

    Example:
        >>> from cardrules.bots import default_chunksize
        >>> default_chunksize(1000, 2), default_chunksize(6, 2), default_chunksize(100_000, 4)
        (125, 1, 256)

    Raises:
        InvalidOptionError: If either is not a whole number of at least 1.
    """
    for name, count in (("matches", matches), ("workers", workers)):
        if not _common.whole(count, 1):
            raise InvalidOptionError(f"{name} must be a whole number of at least 1, not {_messages.value(count)}")
    return max(1, min(256, -(-matches // (4 * workers))))  # whole-number ceiling: any count


class _Tally:
    """The matches' totals, added as the outcomes come back (in any order: the sums are the same)."""

    def __init__(
        self, game: str, texts: tuple[str, ...], seed: int, deadline: float | None = None, duplicate: bool = False
    ) -> None:
        self.game, self.texts, self.seed, self.deadline, self.duplicate = game, texts, seed, deadline, duplicate
        self.n = len(texts)
        self.wins = [0] * self.n
        self.points = [0] * self.n
        self.decisions = 0
        self.played = 0
        self.stopped = False  # a match was abandoned at the deadline
        # Duplicate: each entrant's margin per deal, in whole units of 1 / (n (n - 1)) points, summed
        # (and squared) over the deals whose every seating has been played; the deals still open.
        self.deals = 0
        self.margins = [0] * self.n
        self.squares = [0] * self.n
        self.open: dict[int, list[int]] = {}

    def unit(self, k: int) -> _Match:
        """
        Match *k*: the deal of match ``k - k % n``, the bots moved round the sides by ``k % n``
        (duplicate: each seat's random generator too is the deal's, whoever sits there).
        """
        n, texts, seed = self.n, self.texts, self.seed
        turn = k % n
        seating = tuple(texts[(side - turn) % n] for side in range(n))  # entrant j sits at side (j + turn) % n
        bot_seed = _derive_seed(seed, _DUPLICATE_PATH, k // n) if self.duplicate else _derive_seed(seed, k)
        return _Match(self.game, seating, _derive_seed(seed, _DEAL_PATH, k // n), bot_seed, self.deadline)

    def add(self, k: int, outcome: MatchOutcome | None) -> None:
        if outcome is None:
            self.stopped = True
            return
        self.played += 1
        n = self.n
        turn = k % n
        for j in range(n):
            side = (j + turn) % n
            self.wins[j] += outcome.winner == side
            self.points[j] += outcome.points[side]
        self.decisions += outcome.decisions
        if self.duplicate:
            deal = self.open.setdefault(k // n, [0] * (n + 1))
            total = sum(outcome.points)
            for j in range(n):
                mine = outcome.points[(j + turn) % n]
                deal[j] += (n - 1) * mine - (total - mine)  # n (n - 1) times (mine - the others' mean) / n
            deal[n] += 1
            if deal[n] == n:  # every seating of the deal played: its margins count
                del self.open[k // n]
                self.deals += 1
                for j in range(n):
                    self.margins[j] += deal[j]
                    self.squares[j] += deal[j] * deal[j]

    def margin(self, j: int) -> tuple[float | None, float | None, float | None]:
        """Entrant *j*'s mean margin per deal and its 95% interval (Student's t); ``None`` where too few deals."""
        d = self.deals
        if not d:
            return None, None, None
        unit = self.n * (self.n - 1)
        mean = self.margins[j] / d / unit
        if d < 2:
            return mean, None, None
        variance = max(0, d * self.squares[j] - self.margins[j] ** 2) / (d * (d - 1)) / unit**2
        half = t95(d - 1) * math.sqrt(variance / d)
        return mean, mean - half, mean + half


_T95: Final = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045,
)  # fmt: skip
"""Student's t, two-sided 95%, for 1 to 29 degrees of freedom."""


def t95(df: int) -> float:
    """
    The two-sided 95% quantile of Student's t with *df* degrees of freedom: the table's value up
    to 29, then ``1.96 + 2.5 / df`` (within 0.002 of the exact quantile).
    """
    if df < 1:
        raise InvalidOptionError(f"degrees of freedom must be at least 1, not {df}")
    return _T95[df - 1] if df <= len(_T95) else 1.96 + 2.5 / df


def _play_batches(
    executor: concurrent.futures.Executor,
    tally: _Tally,
    matches: int,
    progress: Callable[[int, int], None] | None,
    chunksize: int | None,
    max_in_flight: int | None,
) -> None:
    """
    Play the matches on *executor* in batches, a bounded number in flight, each outcome added to
    *tally*: a batch's work units are made only when it is sent, so memory does not grow with
    *matches*.
    """
    workers = _workers(executor)
    size = default_chunksize(matches, workers) if chunksize is None else chunksize
    limit = 2 * workers if max_in_flight is None else max_in_flight
    starts = iter(range(0, matches, size))
    pending: dict[concurrent.futures.Future[tuple[MatchOutcome | None, ...]], int] = {}
    done = 0

    def submit() -> bool:
        if tally.stopped or (tally.deadline is not None and time.time() >= tally.deadline):
            if next(starts, None) is not None:  # matches left unplayed
                tally.stopped = True
            return False
        start = next(starts, None)
        if start is None:
            return False
        batch = tuple(tally.unit(k) for k in range(start, min(start + size, matches)))
        pending[executor.submit(_run_batch, batch)] = start
        return True

    try:
        while len(pending) < limit and submit():
            pass
        while pending:
            finished, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in finished:
                start = pending.pop(future)
                for i, outcome in enumerate(future.result()):
                    tally.add(start + i, outcome)
                    if outcome is not None:
                        done += 1
                        if progress is not None:
                            progress(done, matches)
            while len(pending) < limit and submit():
                pass
    finally:
        for future in pending:
            future.cancel()


@attrs.frozen
class BotResult:
    """
    How one entrant of a simulation did.

    Attributes:
        bot: The bot's text, as given.
        entrant: Its index in the list of bots given.
        matches: Matches played.
        wins: Matches won.
        win_rate: ``wins / matches``.
        low: The lower end of the Wilson 95% confidence interval of the win rate.
        high: Its upper end.
        mean_points: Average final match points.
        mean_margin: With ``duplicate``, its mean margin per deal: over the deals whose every
            seating was played, its final match points minus the mean of the other sides', averaged
            over the seatings of the deal (two sides: the point margin, its side's points minus the
            other's); ``None`` without ``duplicate`` or before a deal is complete.
        margin_low: The lower end of the 95% interval of *mean_margin* (Student's t over the
            deals' margins); ``None`` with fewer than two deals.
        margin_high: Its upper end.
    """

    bot: str
    entrant: int
    matches: int
    wins: int
    win_rate: float
    low: float
    high: float
    mean_points: float
    mean_margin: float | None = None
    margin_low: float | None = None
    margin_high: float | None = None


@attrs.frozen
class SimulationResult:
    """
    The outcome of :func:`simulate`.

    Attributes:
        game: The ruleset text of the game played.
        matches: The number of matches played to their end (all that were asked for, unless
            the time budget stopped the simulation).
        seed: The seed the matches were drawn from.
        results: One :class:`BotResult` per entrant, in the order given.
        decisions: Moves played in all, in the matches counted.
        stopped: Whether the time budget (``seconds``) ended the simulation before every match
            asked for was played; the matches it cut short are not counted.
        duplicate: Whether the matches were played duplicate (see :func:`simulate`).
        deals: With *duplicate*, the deals whose every seating was played, which the margins count.
    """

    game: str
    matches: int
    seed: int
    results: tuple[BotResult, ...]
    decisions: int
    stopped: bool = False
    duplicate: bool = False
    deals: int = 0

    def __str__(self) -> str:
        stopped = " (the time budget ran out)" if self.stopped else ""
        lines = [f"{self.game}: {self.matches} matches, seed {self.seed}{stopped}"]
        if self.duplicate:
            lines[0] += f", duplicate: {self.deals} deals"
        width = max(len(r.bot) for r in self.results)
        for r in self.results:
            line = (
                f"  {r.bot:<{width}}  wins {r.wins:>5}/{r.matches:<5} {100 * r.win_rate:5.1f}% "
                f"(95% CI {100 * r.low:5.1f}-{100 * r.high:5.1f}%)  mean points {r.mean_points:7.2f}"
            )
            if r.mean_margin is not None:
                line += f"  margin per deal {r.mean_margin:+.2f}"
                if r.margin_low is not None and r.margin_high is not None:
                    line += f" (95% CI {r.margin_low:+.2f} to {r.margin_high:+.2f})"
            lines.append(line)
        return "\n".join(lines)


def simulate(
    game: str | Game[Any, Any, Any, Any],
    bots: Sequence[str],
    matches: int,
    *,
    seed: int = 0,
    executor: concurrent.futures.Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunksize: int | None = None,
    max_in_flight: int | None = None,
    seconds: float | None = None,
    moves: Callable[[int], None] | None = None,
    duplicate: bool = False,
) -> SimulationResult:
    """
    Play *matches* matches between *bots* and count the wins.

    *bots* gives one bot text per side of the game (two for Mililla and
    Charlemagne, whose sides are teams; two to four for Mulle, one per
    player), such as ``["search", "greedy"]``. Seats are rotated: match
    ``k`` uses the deal of match ``k - k % n`` with the bots moved round
    the *n* sides by ``k % n``, so every bot plays every deal from every
    side and the luck of the cards evens out (set *matches* to a multiple of
    *n*). The same seed gives the same result, whatever the executor.

    The matches are sent to *executor* in batches of *chunksize* small
    picklable work units (the ruleset text, the bot texts and two seeds
    each), at most *max_in_flight* batches at a time, so any
    :class:`concurrent.futures.Executor` works: ``None`` plays the matches
    here, one after another; a ``ProcessPoolExecutor`` uses the local
    cores; a Dask ``distributed.Client(...).get_executor()`` or
    :class:`RayExecutor` (an adapter over Ray tasks, as Ray has no
    executor of its own) spreads a large tournament over a cluster
    (cardrules depends on neither: install them yourself, and cardrules on
    every worker). The result is the same (``==``) whatever the executor,
    the batch size and the number in flight.

    Args:
        game: A :class:`~cardrules.Game` or ruleset text, such as ``"mililla"``.
        bots: Bot texts, as :func:`get_bot` reads them, one per side.
        matches: How many matches to play.
        seed: Chooses the deals and the bots' random choices.
        executor: Where to play the matches; ``None`` plays them here.
        progress: Called as ``progress(done, total)`` after each match
            (with an executor, as each batch comes back).
        chunksize: Matches per batch sent to the executor; ``None`` picks
            :func:`default_chunksize` from *matches* and the executor's
            workers (a process or thread pool's ``max_workers``, the
            threads of a Dask cluster, a :class:`RayExecutor`'s CPUs, else
            the local cores).
        seconds: A time budget: after this many seconds no match is started, and a match still
            being played is abandoned at its next move and not counted. The
            result holds the matches finished so far, their win rates and intervals, and
            ``stopped`` says whether the budget cut the run short. ``None``: no budget.
        moves: Called as ``moves(n)`` every 100 moves of a match being played here, *n* the
            moves it has had so far, so that a long match shows progress (not called for
            matches played by an executor, whose workers report per batch through *progress*).
        max_in_flight: The most batches submitted and not yet finished;
            ``None`` is twice the workers. Bounds the memory a large
            tournament takes in the executor's queue. Each match is made
            only when it is played or its batch sent, and its outcome is
            added to the totals as it comes back, so memory does not grow
            with *matches*.
        duplicate: Play duplicate, so that the luck of the cards cancels: *matches* is rounded up
            to whole deals (a multiple of the *n* sides), each deal is played once from every
            seating, and each seat's random generator is the deal's, whoever sits there, so that
            a bot against itself plays each seating alike. Each entrant's result then gives its
            mean point margin per deal with a 95% interval (Student's t over the deals:
            :class:`BotResult`), beside the win rate. The margin is over the deals whose every
            seating was played (a time budget may leave one open).

    Raises:
        UnknownOptionError, InvalidOptionError: For a bad game, bot or count
            (*matches*, *chunksize* or *max_in_flight* not a whole number of at least 1).

    Example:
        >>> from cardrules.bots import simulate
        >>> result = simulate("mililla", ["greedy", "random"], 4, seed=1)
        >>> [r.matches for r in result.results]
        [4, 4]
        >>> sum(r.wins for r in result.results)
        4
    """
    if isinstance(game, str):
        game = get_game(game)
    if not isinstance(game, Game):
        raise InvalidOptionError(f"game must be a Game or ruleset text, not {_messages.value(game)}")
    if not _common.whole(matches, 1):
        raise InvalidOptionError(f"matches must be a whole number of at least 1, not {_messages.value(matches)}")
    for name, value in (("chunksize", chunksize), ("max_in_flight", max_in_flight)):
        if value is not None and not _common.whole(value, 1):
            raise InvalidOptionError(
                f"{name} must be a whole number of at least 1 or None, not {_messages.value(value)}"
            )
    if seconds is not None and not (_common.real(seconds, 0, _MAX_SECONDS) and seconds > 0):
        raise InvalidOptionError(f"seconds must be a positive number or None, not {_messages.value(seconds)}")
    if isinstance(bots, str):
        raise InvalidOptionError("bots is a list of bot texts, one per side, such as ['greedy', 'random']")
    texts = tuple(bots)
    for text in texts:
        get_bot(text)  # fail here, with a clear message, not in a worker
    n = len(game.score(game.new_game(seed=0)).sides)
    if len(texts) != n:
        raise InvalidOptionError(f"{game.text} has {n} sides, so it needs {n} bots, not {len(texts)}")
    if not isinstance(duplicate, bool):
        raise InvalidOptionError(f"duplicate must be True or False, not {_messages.value(duplicate)}")
    if duplicate:
        matches = -(-matches // n) * n  # whole deals: every seating of each
    deadline = None if seconds is None else time.time() + seconds
    tally = _Tally(game.text, texts, seed, deadline, duplicate)
    if executor is None:
        for k in range(matches):  # one match made and played at a time: memory does not grow with matches
            tally.add(k, _run(tally.unit(k), moves))
            if tally.stopped:
                break
            if progress is not None:
                progress(k + 1, matches)
    else:
        _play_batches(executor, tally, matches, progress, chunksize, max_in_flight)
    wins, points, played = tally.wins, tally.points, tally.played
    results = []
    for j, text in enumerate(texts):
        low, high = wilson_interval(wins[j], played)
        rate, mean = (wins[j] / played, points[j] / played) if played else (0.0, 0.0)
        results.append(BotResult(text, j, played, wins[j], rate, low, high, mean, *tally.margin(j)))
    return SimulationResult(
        game.text, played, seed, tuple(results), tally.decisions, tally.stopped, duplicate, tally.deals
    )
