"""
The bot levels: ``easy``, ``medium`` and ``hard``, each a named configuration of an existing bot.

A level is what a person picks at the table; the classes behind it (:class:`GreedyBot`'s rules of
thumb, :class:`SearchBot`) stay available by their own names for anyone who wants to tune them.
"""

from __future__ import annotations

import random
import time
from typing import Any, Final

import attrs

from cardrules._worlds import spec_for_observation
from cardrules.bots._pimc import exact_rank
from cardrules.bots._search import Candidate, SearchBot, _seconds
from cardrules.engine import LegalMoves

__all__ = ["EASY_RANDOM_SHARE", "HARD", "MEDIUM", "EasyBot", "HardBot", "MediumBot"]

# --- The levels' configurations: the one place to change them. -------------------------------
EASY_RANDOM_SHARE: Final = 0.3
"""The share of its moves ``easy`` plays at random; the others are the greedy rules of thumb."""
MEDIUM: Final = SearchBot(iterations=120, seconds=0.25, max_candidates=6)
"""``medium``: the search bot with a small budget (a few dozen imagined deals, six moves at most)."""
HARD: Final = SearchBot(iterations=2_000, seconds=1.0)
"""``hard``: the strongest configuration, at most one second a decision on one core (the web
server's bound of 2,000 iterations holds)."""
# -----------------------------------------------------------------------------------------------


@attrs.frozen
class EasyBot:
    """
    The ``easy`` level: the greedy rules of thumb (:class:`GreedyBot`), with
    three moves in ten (``EASY_RANDOM_SHARE``) played at random instead. It decides at once.

    Attributes:
        seconds: The most time a decision may take; accepted, and checked, as every level takes
            it, but ``easy`` never thinks that long.
    """

    seconds: float | None = attrs.field(default=None, validator=_seconds)

    def choose(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> Any:
        """A random legal move now and then, the greedy move otherwise."""
        heuristic = spec_for_observation(observation).heuristic
        if heuristic is None or rng.random() < EASY_RANDOM_SHARE:
            return legal_moves.sample(rng)
        return heuristic.choose(observation, legal_moves, rng)

    def __str__(self) -> str:
        return "easy"


@attrs.frozen
class _SearchLevel:
    """A level that is a configuration of :class:`SearchBot`, with its own time per decision."""

    def searcher(self, observation: Any = None) -> SearchBot:
        """The configured :class:`SearchBot`, with this level's *seconds* (for *observation*'s game, if given)."""
        raise NotImplementedError

    def choose(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> Any:
        """The configured search bot's move."""
        return self.searcher(observation).choose(observation, legal_moves, rng)

    def rank(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> tuple[Candidate, ...]:
        """The configured search bot's ranking (:meth:`SearchBot.rank`)."""
        return self.searcher(observation).rank(observation, legal_moves, rng)


@attrs.frozen
class MediumBot(_SearchLevel):
    """
    The ``medium`` level: ``MEDIUM``, the search bot with a small budget.

    Attributes:
        seconds: The most time a decision takes (default a quarter of a second); ``None`` for
            the iterations alone (then the bot is reproducible for a given random generator).
    """

    seconds: float | None = attrs.field(default=MEDIUM.seconds, validator=_seconds)

    def searcher(self, observation: Any = None) -> SearchBot:
        """``MEDIUM`` with this level's *seconds* (the same in every game)."""
        return attrs.evolve(MEDIUM, seconds=self.seconds)

    def __str__(self) -> str:
        return "medium"


@attrs.frozen
class HardBot(_SearchLevel):
    """
    The ``hard`` level: ``HARD``, the strongest configuration, at most one second a decision,
    with the search options its game's heuristic names as its best (``search_settings``: in
    Mililla, rollouts scored by the share of the round's points and a smaller margin).

    Once its game says the rest of the round is small enough to solve (the heuristic's
    ``solving.solvable``: Mililla's and Charlemagne's last four tricks, two-player Mulle's last
    cards with the stock empty), it plays perfect-information Monte Carlo instead: it imagines deals
    that fit what it has seen, solves each exactly (:func:`~cardrules.bots.solve`) and plays the move
    with the best average value. A position it cannot solve within half its time falls back on the
    search, with the time left. Where what it has seen shows every card left (the heuristic's
    ``solving.known``: two-player Mulle once the stock is empty, the other hand being every card
    not seen yet), there is one deal, the true one, and it solves that for its best move alone:
    within three quarters of its time where ``solving.solvable`` says the deal is small, within
    half of it deeper (from the moment the stock empties, with half a second or more); its move is
    then a best move with perfect play. A deal it does not solve in time (in Mulle, more than about
    twelve cards left in half a second; the measured figures are on the performance page) falls
    back on the search.

    Attributes:
        seconds: The most time a decision takes (default one second); ``None`` for the
            iterations alone (then the bot is reproducible for a given random generator).
    """

    seconds: float | None = attrs.field(default=HARD.seconds, validator=_seconds)

    def searcher(self, observation: Any = None) -> SearchBot:
        """``HARD`` with this level's *seconds* and, for *observation*'s game, the game's own search settings."""
        heuristic = None if observation is None else spec_for_observation(observation).heuristic
        settings: dict[str, Any] = {} if heuristic is None else dict(heuristic.search_settings)
        return attrs.evolve(HARD, seconds=self.seconds, **settings)

    def choose(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> Any:
        """The exact endgame's move where the game can solve it, else the configured search bot's."""
        return self.rank(observation, legal_moves, rng)[0].move

    def rank(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> tuple[Candidate, ...]:
        """
        The exact endgame's ranking (each move's share of the imagined deals in which it is among
        the best, and the deals solved) where the game can solve the position, else the
        search bot's (:meth:`SearchBot.rank`), with the time left.
        """
        start = time.perf_counter()
        exact = exact_rank(observation, legal_moves, rng, self.seconds)
        if exact is not None:
            return exact
        searcher = self.searcher(observation)
        if self.seconds is not None:
            left = max(self.seconds - (time.perf_counter() - start), self.seconds / 4)
            searcher = attrs.evolve(searcher, seconds=left)
        return searcher.rank(observation, legal_moves, rng)

    def __str__(self) -> str:
        return "hard"
