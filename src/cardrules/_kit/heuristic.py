"""What the bots know of one game (:class:`~cardrules.engine.Heuristic`, read through ``cardrules.engine``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from cardrules.engine import LegalMoves

__all__ = ["Heuristic", "Solving"]


@attrs.frozen
class Solving:
    """
    What the exact solver (:func:`cardrules.bots.solve`) may know of one game: the optional
    ``solving`` of its :class:`~cardrules.engine.Heuristic`. Both hooks take a full state (every hand known) and are
    only ever asked about states of one round reached from one position, in one solve.

    Attributes:
        key: A key for the solver's transposition table: two states of the round with equal keys
            must be worth the same for the rest of the round (the same hands, the same moment of
            the trick, the same points taken so far, whatever the order they were taken in).
            ``None``: the state itself is the key (exact, but it keeps the history, so fewer
            positions meet).
        classes: The legal moves of a state (*moves*, all of them, as the game's ``legal_moves``
            gives them) grouped in classes of moves that are worth exactly the same for the rest
            of the round, whatever every seat plays after them (in a trick game: touching cards of
            one suit in one hand, equal in points, with no card still in play between them), the
            classes in the order the solver should try them, the likeliest best first. Every move
            is in exactly one class. ``None``: each move is its own class, in the given order.
        solvable: Whether the rest of the round from a state is small enough for the ``hard`` level
            to solve each deal it imagines exactly (a few milliseconds each: Mililla's last four
            tricks, two-player Mulle's last few cards with the stock empty). ``None``: ``hard``
            never solves, and its search judges every deal by rollouts.
        likelihood: How likely the other seats' plays of the round so far were in an imagined
            deal (a full state) under the heuristic's policy, for the seat of an observation:
            ``hard`` weights each deal it solves by it (policy-based inference). ``None``, or 1.0
            where the round's record is not whole: every deal counts the same.
    """

    key: Callable[[Any], Hashable] | None = None
    classes: Callable[[Any, Sequence[Any]], Sequence[Sequence[Any]]] | None = None
    solvable: Callable[[Any], bool] | None = None
    likelihood: Callable[[Any, Any], float] | None = None


@attrs.frozen
class Heuristic:
    """
    What the bots know about one game: the optional ``heuristic`` of its :class:`GameSpec`.

    Attributes:
        choose: The greedy move for an observation, its legal moves and a random generator.
        value: How good a state just after a round ended (or where the *horizon* stopped a
            rollout) is for a side, from 0 (lost) to 1 (won), for the search bot's rollouts;
            ``None`` for the generic measure (round tally and points compared).
        horizon: For games with long rounds, a number that the search bot's rollouts watch: when
            it changes (Mulle: the next deal of the round), the rollout stops and *value* scores
            the state there. ``None``: rollouts go to the end of the round.
        lookahead: With a *horizon*, the fewest moves a rollout plays before it may stop there
            (Mulle: two turns of every player, so that a table left for the next deal is played
            on); ``None`` for none.
        ranked: For games whose legal moves can be too many to search (Mulle), the heuristic's
            own shortlist of legal moves, best first (the first is the greedy move); the search
            bot considers the first few. ``None``: the search bot takes the legal moves.
        plausible: Whether a sampled state fits what the seat saw the others do, judged by these
            rules of thumb (Charlemagne: their bids); the search bot samples again (a few times
            at most) when it does not. ``None``: every sample is taken as it comes.
        rollout: The greedy rollout played by the game itself, faster than the search bots'
            generic loop: from a state, every seat plays *choose*'s move to the end of the round
            (or the *horizon*), and the result is scored for a side from 0 to 1 as the generic
            rollout scores it. It must give exactly what the generic loop gives (the same moves,
            the same value, the same draws from the random generator). ``None``: the generic
            loop plays.
        search_settings: The search options (:class:`~cardrules.bots.SearchBot` keywords and
            their values) that play this game best at the ``hard`` level, found by duels at equal
            time (the bot how-to shows them); ``hard`` applies them over its own configuration.
            Empty: ``hard`` plays the search bot's defaults.
        solving: What the exact solver may know of the game (:class:`~cardrules.bots.Solving`); ``None``: it
            keys its table by the state and tries every legal move, in the given order.
    """

    choose: Callable[[Any, LegalMoves[Any], random.Random], Any]
    value: Callable[[Any, int], float] | None = None
    horizon: Callable[[Any], int] | None = None
    lookahead: Callable[[Any], int] | None = None
    ranked: Callable[[Any, LegalMoves[Any], random.Random], Sequence[Any]] | None = None
    plausible: Callable[[Any, Any], bool] | None = None
    rollout: Callable[[Any, int, random.Random], float] | None = None
    search_settings: tuple[tuple[str, float], ...] = ()
    solving: Solving | None = None
