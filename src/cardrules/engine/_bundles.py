"""
The optional capability bundles of a :class:`~cardrules.GameSpec` (but ``learning``, which is with
the encodings): how a terminal shows the game, its position notation, what the bots know of it, and
its "press play" deal. Documented as ``cardrules.engine``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, Literal, TypeAlias

import attrs

from cardrules.engine._shapes import _ENGINE, LegalMoves, ObservationT, RulesetT, StateT

__all__ = ["DemoDeal", "Heuristic", "LastRole", "Positions", "Solving", "TerminalViews", "rules_seen"]

LastRole: TypeAlias = Literal["add", "close", "take", "extend"]
"""What the terminal's ``last`` command does with an event's words (see :attr:`TerminalViews.last_events`)."""


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
        last_events: What the terminal's ``last`` command remembers of each kind of
            :class:`~cardrules.Event` (the last trick or capture): ``"add"`` puts the event's words
            into the group in progress (a card played to a trick), ``"close"`` adds them and makes
            that group the last one (the trick taken), ``"take"`` makes them alone the last group (a
            capture), ``"extend"`` adds them to the last group (what the capture also scored).
            Kinds not named are not remembered.
        explain: A hint's reasons for a move that only the game can give (the trick, the card
            kept), ``explain(observation, move)``; ``None`` for none.
    """

    __module__ = _ENGINE

    view: Callable[[ObservationT, Any], list[str]]
    help_text: Callable[[RulesetT, Any], list[str]]
    deal_text: Callable[[ObservationT, Any], list[str]]
    move_list: Callable[[LegalMoves[Any], int], tuple[list[Any], int | None]] | None = None
    hint_events: frozenset[str] = frozenset()
    last_events: Mapping[str, LastRole] = attrs.field(factory=dict)
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
class Solving:
    """
    What the exact solver (:func:`cardrules.bots.solve`) may know of one game: the optional
    ``solving`` of its :class:`~cardrules.engine.Heuristic`. The hooks on states take a full state
    (every hand known) and are only ever asked about states of one round reached from one position,
    in one solve.

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
        known: Whether an observation shows its seat every card the rest of the round depends on,
            for a seat that remembers what it saw (two-player Mulle once the stock is empty: the
            other hand is every card not seen yet), so that every deal drawn for it is the same to
            the solver: ``hard`` then solves that one deal for its best move alone, deeper than
            *solvable* says, within its time. ``None``: no observation is taken as known.
        rest: For a game whose round score adds up play by play: the rest of the round apart from
            what was taken so far, ``(key, (points, tally), (least points, least tally), (most
            points, most tally))`` for the side to move, or ``None`` where the game cannot say (the
            solver then uses *key* alone). *key* must be equal only for states worth the same
            *beyond* what each side has so far (the cards in play, who is to move, who takes the
            leftovers: not the points taken), so that positions reached with different points
            meet in the solver's table, which keeps what the rest is worth; the second pair is the
            side to move's round points and tally margins so far (what ``score`` counts now); the
            last two are sure bounds on what the rest can still add to them, by which a search
            stops where nothing left can change its answer. ``None``: the solver keys by *key* and
            has no bounds.
        last_round: A state worth the same as the given one for the rest of its round whose round's
            end ends the match, so that the solver's leaves score the round without the next one
            dealt (Mulle: match points far ahead). ``None``: the state is solved as it is.
    """

    __module__ = _ENGINE

    key: Callable[[Any], Hashable] | None = None
    classes: Callable[[Any, Sequence[Any]], Sequence[Sequence[Any]]] | None = None
    solvable: Callable[[Any], bool] | None = None
    likelihood: Callable[[Any, Any], float] | None = None
    known: Callable[[Any], bool] | None = None
    rest: Callable[[Any], tuple[Hashable, tuple[int, int], tuple[int, int], tuple[int, int]] | None] | None = None
    last_round: Callable[[Any], Any] | None = None


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

    __module__ = _ENGINE

    choose: Callable[[Any, LegalMoves[Any], random.Random], Any]
    value: Callable[[Any, int], float] | None = None
    horizon: Callable[[Any], int] | None = None
    lookahead: Callable[[Any], int] | None = None
    ranked: Callable[[Any, LegalMoves[Any], random.Random], Sequence[Any]] | None = None
    plausible: Callable[[Any, Any], bool] | None = None
    rollout: Callable[[Any, int, random.Random], float] | None = None
    search_settings: tuple[tuple[str, float], ...] = ()
    solving: Solving | None = None


@attrs.frozen
class DemoDeal:
    """
    A game's "press play" deal, the optional ``demo`` of its :class:`GameSpec`: a short deal, chosen
    once (by a seed search) to show a few rules in action, kept as its moves so that it never
    changes. The web table plays it at ``/watch/GAME`` (see :doc:`/howto/web-table`). Each game's
    ``_showcase`` module keeps its deal and what the search that chose it looks for;
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
