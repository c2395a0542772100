"""
Root-parallel search: one decision searched in several processes at once, their results merged.

Each worker process runs the whole search (:meth:`SearchBot.search`) on the same candidate moves,
in imagined deals of its own, within the same budget; the parent merges what every worker found
(:meth:`SearchBot.pick`). With spare cores, ``workers`` processes search that many times as many
deals in the same time. The processes are the caller's: an :class:`concurrent.futures.Executor`
kept for as long as the bot plays (:func:`parallel` makes and closes one).
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import attrs

from cardrules import _common, _messages
from cardrules.bots._levels import HardBot, MediumBot
from cardrules.bots._search import Candidate, SearchBot, candidates_for, searchable_spec
from cardrules.engine import LegalMoves
from cardrules.errors import InvalidOptionError, WrongKindError

__all__ = ["RootParallelBot", "parallel"]


def _workers(_inst: Any, _attr: Any, value: Any) -> None:
    if not _common.whole(value, 1, 256):
        raise InvalidOptionError(f"workers must be a whole number from 1 to 256, not {_messages.value(value)}")


def _searching(_inst: Any, _attr: Any, value: Any) -> None:
    if not isinstance(value, SearchBot | HardBot | MediumBot):
        raise WrongKindError(f"a root-parallel bot spreads a search bot or a level that searches, not {value!r}")


def _search(bot: SearchBot, observation: Any, candidates: list[Any], seed: int) -> list[list[float]]:
    """One worker's search (run in a worker process: a module-level function, so it pickles)."""
    return bot.search(observation, candidates, random.Random(seed))


@attrs.frozen
class RootParallelBot:
    """
    A search bot whose every decision is searched by *workers* processes of *executor* at once,
    each in imagined deals of its own and within the bot's whole budget, and merged.

    The candidate moves are chosen once, in the calling process, so every worker searches the
    same moves; each worker gets its own random seed from *rng*, so the bot is reproducible for a
    given *rng* when its budget is iterations alone (``seconds=None``).

    Attributes:
        bot: The search to spread: a :class:`SearchBot`, ``hard`` or ``medium``.
        executor: Where the workers run, e.g. a :class:`concurrent.futures.ProcessPoolExecutor`
            (a :class:`~concurrent.futures.ThreadPoolExecutor` works too, but gains nothing: the
            search holds Python's lock).
        workers: How many searches each decision runs at once.
    """

    bot: SearchBot | HardBot | MediumBot = attrs.field(validator=_searching)
    executor: concurrent.futures.Executor = attrs.field(eq=False, repr=False)
    workers: int = attrs.field(default=2, validator=_workers)

    def __str__(self) -> str:
        return f"{self.bot}(workers={self.workers})"

    def choose(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> Any:
        """The move the merged search ranks first."""
        return self.rank(observation, legal_moves, rng)[0].move

    def rank(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> tuple[Candidate, ...]:
        """The candidates as :meth:`SearchBot.rank` ranks them, from every worker's deals together."""
        bot = self.bot if isinstance(self.bot, SearchBot) else self.bot.searcher(observation)
        spec = searchable_spec(observation)
        candidates = list(candidates_for(observation, legal_moves, rng, spec.heuristic, bot.max_candidates))
        if len(candidates) == 1:
            return (Candidate(candidates[0], 0.0, 0),)
        seeds = [rng.getrandbits(64) for _ in range(self.workers)]
        futures = [self.executor.submit(_search, bot, observation, candidates, seed) for seed in seeds]
        return bot.pick(candidates, [future.result() for future in futures])


@contextmanager
def parallel(bot: SearchBot | HardBot | MediumBot, workers: int = 2) -> Iterator[RootParallelBot]:
    """
    *bot* spread over *workers* new processes (started with ``spawn``, each importing cardrules
    once), for as long as the ``with`` block runs; the processes end with it.

    Example:
        >>> from cardrules.bots import get_bot, parallel
        >>> with parallel(get_bot("search(iterations=40)"), workers=2) as bot:
        ...     print(bot)
        search(workers=2)
    """
    _workers(None, None, workers)
    _searching(None, None, bot)
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=context) as executor:
        yield RootParallelBot(bot, executor, workers)
