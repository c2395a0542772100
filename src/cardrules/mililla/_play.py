"""Applying a Mililla move: the trick, its winner, the round's end and the next deal."""

from __future__ import annotations

import attrs

from cardrules import _messages
from cardrules.cards import Card
from cardrules.engine import RoundScore
from cardrules.mililla._cards import _STRENGTH
from cardrules.mililla._deal import _add, _deal
from cardrules.mililla._legal import _trick_winner, check_move, to_move
from cardrules.mililla._notation import format_canonical
from cardrules.mililla._ruleset import SEATS, TARGET
from cardrules.mililla._score import _running
from cardrules.mililla._state import Play, State, _make_state


def apply(state: State, move: Play) -> State:
    """
    The state after *move*. *state* itself is never changed.

    When the fourth card of a trick falls, the trick goes to its winner
    (mililla.trick.winner); after the tenth trick the round is scored
    (mililla.round.score) and, unless the match is over, the next round is
    dealt by seat ``dealer + 1`` (mililla.deal.rotation).

    Raises:
        IllegalMoveError: If *move* breaks a rule; ``err.rule`` names it.

    Example:
        >>> s = mililla.new_game(seed=1)
        >>> t = mililla.apply(s, mililla.parse_move(s, "3O"))
        >>> t.trick, mililla.to_move(t), s.trick
        ((Card.parse('3O', spanish=True),), 2, ())

    .. versionadded:: 0.1.0
    """
    violation = check_move(state, move)  # every move, whatever was asked before
    if violation is not None:
        raise _messages.illegal(violation, to_move(state), move, format_canonical)
    return _apply(state, move.card)


def apply_trusted(state: State, move: Play) -> State:
    """
    The trusted path: :func:`apply` of a move that :func:`legal_moves` gave for this very state, or
    that was checked just now, without checking it again. The bots, the samplers and the learning
    environments use it, as ``GameSpec.trusted_apply``; a move anyone else gives goes through
    :func:`apply`. Any other move gives a wrong state or an error that is no library error.
    """
    return _apply(state, move.card)


def _apply(state: State, card: Card, end_round: bool = True) -> State:
    """
    The state after *card*. The tenth trick's last card ends the round (scored, then the next deal
    or the match's end) unless *end_round* is false: the state then holds the ten tricks, not yet
    scored (for :func:`_round_end`, which the bots' rollouts call instead of dealing again).
    """
    seat = (state.trick_leader + len(state.trick)) % SEATS
    # One list per tuple rebuilt (copy, change, back to a tuple) costs less than slicing and
    # concatenating, which makes several tuples.
    hands_now = list(state.hands)
    hand = list(hands_now[seat])
    hand.remove(card)  # cards compare by identity, in C
    hands_now[seat] = tuple(hand)
    hands = tuple(hands_now)
    trick = state.trick + (card,)
    if len(trick) < SEATS:
        return _make_state(
            rules=state.rules,
            seed=state.seed,
            pending_decks=state.pending_decks,
            round_no=state.round_no,
            dealer=state.dealer,
            hands=hands,
            turn_up=state.turn_up,
            trick_leader=state.trick_leader,
            trick=trick,
            led=state.led,
            won=state.won,
            tricks=state.tricks,
            last_trick=state.last_trick,
            last_leader=state.last_leader,
            match=state.match,
            deal_bonus=state.deal_bonus,
            held_bonus=state.held_bonus,
            rounds=state.rounds,
            winner=state.winner,
            history=state.history,
        )
    strength = _STRENGTH[state.rules.rank_order]
    w = (state.trick_leader + _trick_winner(trick, state.turn_up.suit, strength)) % SEATS
    side = w % 2
    won = (state.won[0] + trick, state.won[1]) if side == 0 else (state.won[0], state.won[1] + trick)
    tricks = _add(state.tricks, side, 1)
    led = state.led | {trick[0].suit} if trick[0].suit not in state.led else state.led
    after = _make_state(
        rules=state.rules,
        seed=state.seed,
        pending_decks=state.pending_decks,
        round_no=state.round_no,
        dealer=state.dealer,
        hands=hands,
        turn_up=state.turn_up,
        trick_leader=w,
        trick=(),
        led=led,
        won=won,
        tricks=tricks,
        last_trick=trick,
        last_leader=state.trick_leader,
        match=state.match,
        deal_bonus=state.deal_bonus,
        held_bonus=state.held_bonus,
        rounds=state.rounds,
        winner=None,
        history=state.history + ((state.trick_leader, trick),),
    )
    if tricks[0] + tricks[1] < 10 or not end_round:
        return after
    return _end_round(after)


def _round_end(state: State) -> tuple[RoundScore, tuple[int, int], int | None]:
    """
    For a state holding the round's ten tricks: the round's score, the match points after it, and
    the winning side if that ends the match (``mililla.round.score``, ``mililla.match.target``,
    ``mililla.match.single``), else ``None``.
    """
    result = _running(state, complete=True)
    added = (result.points[0] - (state.deal_bonus if state.dealer % 2 == 0 else 0),
             result.points[1] - (state.deal_bonus if state.dealer % 2 == 1 else 0))  # fmt: skip
    match = (state.match[0] + added[0], state.match[1] + added[1])
    winner: int | None = None
    # mililla.match.target; mililla.match.single: one round decides (a tie plays another)
    if match[0] >= TARGET or match[1] >= TARGET or state.rules.single_round:
        if match[0] != match[1]:
            winner = 0 if match[0] > match[1] else 1
    return result, match, winner


def _end_round(state: State) -> State:
    result, match, winner = _round_end(state)
    rounds = state.rounds + (result,)
    if winner is not None:
        return attrs.evolve(state, match=match, rounds=rounds, winner=winner)
    return _deal(
        state.rules, state.seed, state.pending_decks, state.round_no + 1, (state.dealer + 1) % SEATS, match, rounds
    )
