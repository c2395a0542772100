"""
The optional capability bundles of a :class:`~cardrules.GameSpec` (but ``learning``, which is with
the encodings): how a terminal shows the game, its position notation, what the bots know of it, and
its "press play" deal. Documented as ``cardrules.engine``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic

import attrs

from cardrules.engine._shapes import _ENGINE, LegalMoves, ObservationT, RulesetT, StateT

__all__ = ["DemoDeal", "Heuristic", "Positions", "TerminalViews", "rules_seen"]


@attrs.frozen(kw_only=True)
class TerminalViews(Generic[RulesetT, ObservationT]):
    """
    How a terminal shows one game: the optional ``terminal`` of its :class:`GameSpec`, built from
    the functions of the game's ``_view`` module.

    Attributes:
        view: The observation as lines of terminal text, in a ``cardrules`` terminal style
            (``view(observation, style)``).
        help_text: The terminal's help for the ruleset, ``help_text(rules, style)``: the notation
            and the card values (in the language of *style*, a ``cardrules`` terminal style; English
            for ``None``). The terminal adds where the rules are written, from the spec's ``rules_page``.
        deal_text: The announcement of a deal (trump, turn-up, bonus), for the seat observing it
            (``deal_text(observation, style)``).
        move_list: The moves a terminal numbers, ``move_list(legal_moves, limit)``: at most
            *limit*, and how many more (``None``: slow to count). ``None``: the first *limit*
            legal moves, in their order.
        hint_events: The kinds of :class:`~cardrules.Event` a hint may describe, those the move
            itself shows the table at once (never a card dealt or drawn after it).
        explain: A hint's reasons for a move that only the game can give (the trick, the card
            kept), ``explain(observation, move)``; ``None`` for none.
    """

    __module__ = _ENGINE

    view: Callable[[ObservationT, Any], list[str]]
    help_text: Callable[[RulesetT, Any], list[str]]
    deal_text: Callable[[ObservationT, Any], list[str]]
    move_list: Callable[[LegalMoves[Any], int], tuple[list[Any], int | None]] | None = None
    hint_events: frozenset[str] = frozenset()
    explain: Callable[[ObservationT, Any], tuple[str, ...]] | None = None


@attrs.frozen(kw_only=True)
class Positions(Generic[StateT, RulesetT]):
    """
    The body of a game's position notation, both ways (see :doc:`/formats`): the optional
    ``positions`` of its :class:`GameSpec`, built from the functions of the game's ``_position`` module.

    Attributes:
        position: ``position(state, seat)``, the fields after ``p1`` and the ruleset; with *seat*,
            the hands it cannot see by their size only.
        from_position: ``from_position(rules, body)``, the state the fields describe, which
            :meth:`cardrules.Game.from_position` then checks.
    """

    __module__ = _ENGINE

    position: Callable[[StateT, int | None], str]
    from_position: Callable[[RulesetT, str], StateT]


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
    """

    __module__ = _ENGINE

    choose: Callable[[Any, LegalMoves[Any], random.Random], Any]
    value: Callable[[Any, int], float] | None = None
    horizon: Callable[[Any], int] | None = None
    lookahead: Callable[[Any], int] | None = None
    ranked: Callable[[Any, LegalMoves[Any], random.Random], Sequence[Any]] | None = None
    plausible: Callable[[Any, Any], bool] | None = None
    rollout: Callable[[Any, int, random.Random], float] | None = None
    search_settings: tuple[tuple[str, float], ...] = ()


@attrs.frozen
class DemoDeal:
    """
    A game's "press play" deal, the optional ``demo`` of its :class:`GameSpec`: a short deal, chosen
    once (by a seed search) to show a few rules in action, kept as its moves so that it never
    changes. The web table plays it at ``/watch/GAME`` (see :doc:`/howto/web-table`). Each game's
    ``_demo`` module keeps its deal and what the search that chose it looks for;
    ``python docs/demo_deals.py GAME`` runs the search again.

    Attributes:
        ruleset: The ruleset text (``"mililla(single_round=true)"``).
        seed: The deal's seed.
        moves: Every move in canonical notation, in order.
        shows: The rule ids it is chosen to show (in events or in the rules that constrain a move).
        title: What it shows, in a few words ("a bid of 6, then a Mulot").
    """

    __module__ = _ENGINE

    ruleset: str
    seed: int
    moves: tuple[str, ...]
    shows: tuple[str, ...]
    title: str
    limit: int = 60
    """The most moves the search allows."""
    choose: Callable[[Any, Any, random.Random], Any] | None = None
    """The search's move at a state, or ``None`` for the greedy bot's (a scripted bidding, say)."""
    stop: Callable[[Any, Any], bool] | None = None
    """Where the deal ends once every rule of ``shows`` was seen (default: right away)."""
    keep: Callable[[Any, list[Any]], bool] | None = None
    """Whether the search keeps a deal, from its states."""


def rules_seen(game: Any, state: Any, move: Any, after: Any) -> list[str]:
    """The rules a move brings into play: the events' rules, and the rules that constrained the mover's choice."""
    refused = [v.rule.id for v in game.spec.refusals(state)] if game.spec.refusals is not None else []
    events = [e.rule for e in game.spec.events(state, move, after)] if game.spec.events is not None else []
    return refused + events
