"""Mililla's move, state and observation classes."""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from cardrules import _messages
from cardrules._kit.fast import Slotted, fast_constructor
from cardrules._kit.inference import KeepsInferences
from cardrules.cards import Card, Suit
from cardrules.engine import RoundScore
from cardrules.mililla._ruleset import MilillaRuleset


@attrs.frozen
class Play:
    """
    Play a card from the hand of the seat to move, the only kind of move.

    Its notation is the card's text, such as ``7O`` or ``HB``.
    """

    _tagged: ClassVar[bool] = True
    card: Card = attrs.field(validator=_messages.check_card)

    def __str__(self) -> str:
        return str(self.card)


Move = Play


PlayedTricks = tuple[tuple[int, tuple[Card, ...]], ...]
"""The completed tricks of a round, in the order played, each as ``(leader, cards)``, the leader's
card first (so the card at index *i* was played by seat ``(leader + i) % 4``)."""


@attrs.frozen
class State(Slotted):
    """
    A Mililla match at one moment, hidden cards included. Immutable.

    Build one with :func:`new_game`; change it with :func:`apply`. Never show
    a state to a player: it holds every hand and the match seed. Show
    :func:`observe` instead.

    Attributes:
        rules: The ruleset.
        seed: The match seed; later rounds are shuffled from it.
        pending_decks: Supplied deck orders for the rounds not dealt yet.
        round_no: The round in progress, from 0.
        dealer: The dealer of this round.
        hands: The four hands, each in pack order.
        turn_up: The dealer's last card, turned face up; its suit is trump.
        trick_leader: The seat that led the current trick.
        trick: The cards of the current trick, in the order played.
        led: The suits led to the completed tricks of this round.
        won: The cards each side has won in tricks this round.
        tricks: The tricks each side has won this round.
        last_trick: The cards of the last completed trick of this round,
            the leader's first (empty before the first trick ends).
        last_leader: The seat that led ``last_trick``.
        match: Match points per side.
        deal_bonus: Turn-up bonus added to the dealer's side at this deal.
        held_bonus: Turn-up bonus held back this round (``mililla.bonus.held``), or 0.
        rounds: Every completed round's score.
        winner: The winning side once the match is over, else ``None``.
        history: The completed tricks of this round in the order played, each
            ``(leader, cards)`` with the leader's card first: who played which
            card in which trick. A round played with
            :func:`apply` from its deal holds all of them. A state read from a
            position (which keeps each side's won tricks but not the order
            between the sides) or from a record without this field starts
            with none and holds the tricks played since: always the latest
            tricks, the last of them ``last_trick``.
    """

    rules: MilillaRuleset
    seed: int
    pending_decks: tuple[tuple[Card, ...], ...]
    round_no: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    turn_up: Card
    trick_leader: int
    trick: tuple[Card, ...]
    led: frozenset[Suit]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    tricks: tuple[int, int]
    last_trick: tuple[Card, ...]
    last_leader: int
    match: tuple[int, int]
    deal_bonus: int
    held_bonus: int
    rounds: tuple[RoundScore, ...]
    winner: int | None
    history: PlayedTricks = ()

    @property
    def trump(self) -> Suit:
        """The trump suit, the turn-up card's."""
        return self.turn_up.suit


_make_state: Final = fast_constructor(State)
"""``State(...)`` by keyword, for the states the engine builds itself (no checks to skip: the same
object, made without the frozen ``__init__``; see ``_kit.fast``)."""


@attrs.frozen
class Observation(KeepsInferences):
    """
    What one seat may see of a Mililla match: its own hand, the turn-up card
    while the dealer still holds it, everything played, and the scores.
    Other hands are only counts. ``to_dict()`` gives JSON-ready data.

    ``history`` is the round's public record, as :attr:`State.history`: every
    completed trick with its leader, so who played which card in which trick
    (with ``trick`` and ``trick_leader`` for the trick in progress). It holds
    only played cards, which every seat saw. :func:`inferences` reads from it
    what the other hands cannot hold.
    """

    seat: int
    rules: MilillaRuleset
    round_no: int
    dealer: int
    to_move: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, int, int, int]
    turn_up: Card
    turn_up_in_hand: bool
    trick_leader: int
    trick: tuple[Card, ...]
    led: frozenset[Suit]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    tricks: tuple[int, int]
    last_trick: tuple[Card, ...]
    last_leader: int
    match: tuple[int, int]
    deal_bonus: int
    held_bonus: int
    rounds: tuple[RoundScore, ...]
    winner: int | None
    history: PlayedTricks = ()

    @property
    def trump(self) -> Suit:
        """The trump suit."""
        return self.turn_up.suit


_make_observation: Final = fast_constructor(Observation)
"""``Observation(...)`` by keyword, for the observations :func:`observe` builds (see ``_kit.fast``)."""
