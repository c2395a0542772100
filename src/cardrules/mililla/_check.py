"""Whether a Mililla state is a position the game can reach (what loads checks)."""

from __future__ import annotations

from typing import Final

from cardrules import _messages
from cardrules._kit import consistency
from cardrules._kit.consistency import fail
from cardrules._serial import check_pack
from cardrules.cards import Card
from cardrules.mililla._cards import _CARD_POINTS, _HAND_ORDER, _STRENGTH, _SUIT_NAMES, PACK
from cardrules.mililla._deal import _add
from cardrules.mililla._legal import _trick_winner
from cardrules.mililla._rules import RULES
from cardrules.mililla._ruleset import ROUND_POINTS, SEATS, SIDES, TARGET
from cardrules.mililla._sample import zones
from cardrules.mililla._score import _running
from cardrules.mililla._state import State
from cardrules.rules import Message

_TALLY_RULES: Final = frozenset({"mililla.points.cards", "mililla.points.tricks"})
_SEATS_FROM: Final = {lead: tuple((lead + i) % SEATS for i in range(SEATS)) for lead in range(SEATS)}


def _match_winner(match: tuple[int, ...], single: bool = False) -> int | None:
    """The side that has won the match at these points, if any (mililla.match.target, mililla.match.single)."""
    if (max(match) < TARGET and not single) or match[0] == match[1]:
        return None
    return 0 if match[0] > match[1] else 1


def turn_up_bonus(at_deal: int, turn_up: Card) -> tuple[int, int]:
    """``(deal_bonus, held_bonus)`` of *turn_up* for a dealer's side at *at_deal* points (mililla.bonus.*)."""
    bonus = _CARD_POINTS[turn_up]
    return (bonus, 0) if bonus and at_deal + bonus < TARGET else (0, bonus)


def check_state(state: State) -> None:
    """
    Raise :class:`~cardrules.InvalidRecordError` if *state* is not a position Mililla can reach.

    Checked: four hands in pack order; every card of the pack exactly once in
    the hands, the trick and the won piles; the sizes of the hands, the trick
    and the won piles against the tricks played; that the won tricks can have
    been played in some order, each going to its winner's side with the winner
    leading the next, the turn-up card played by the dealer, and ending with
    ``last_trick`` led by ``last_leader`` and won by ``trick_leader``; the
    ``history`` of tricks, if any, as such a play; the suits in ``led``; the
    turn-up bonus, the rounds' scores, the match points and the winner. The error's ``path`` names the field, such as
    ``$.state.hands``.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    consistency.check_lengths({"hands": state.hands}, SEATS, "seat")
    consistency.check_rounds(state.rounds, len(SIDES), _TALLY_RULES)
    for name in ("dealer", "trick_leader", "last_leader"):
        consistency.check_seat(getattr(state, name), SEATS, name)
    if state.winner is not None:
        consistency.check_seat(state.winner, len(SIDES), "winner", "side")
    consistency.check_counts(
        {"round_no": [state.round_no], "deal_bonus": [state.deal_bonus], "held_bonus": [state.held_bonus]}
    )
    consistency.check_counts({"tricks": state.tricks})
    check_pack(zones(state), PACK)
    consistency.check_order({f"hands[{s}]": hand for s, hand in enumerate(state.hands)}, _HAND_ORDER)
    _check_sizes(state)
    _check_tricks(state)
    _check_scores(state)
    consistency.check_decks(state.pending_decks, PACK)


def _check_sizes(state: State) -> None:
    """The trick, the won piles and the hands against the tricks played (mililla.deal, mililla.turn)."""
    done = state.tricks[0] + state.tricks[1]
    if state.winner is not None:
        if done != 10 or state.trick:
            raise fail("winner", Message("a match is won only when a round's ten tricks have been played"))
    elif done > 9:
        raise fail("tricks", Message("a round in progress has at most 9 completed tricks, not {done}", done=done))
    if len(state.trick) > SEATS - 1:
        raise fail("trick", Message("a trick in progress has at most 3 cards, not {count}", count=len(state.trick)))
    consistency.check_won(state.won, state.tricks, SEATS)
    for s in range(SEATS):
        played = 1 if (s - state.trick_leader) % SEATS < len(state.trick) else 0
        if len(state.hands[s]) != 10 - done - played:
            raise fail(
                f"hands[{s}]",
                Message(
                    "hand {s} has {count} cards; it should have {value}",
                    s=s,
                    count=len(state.hands[s]),
                    value=10 - done - played,
                ),
            )


def _check_tricks(state: State) -> None:
    """The won tricks as a possible play of the round, ``last_trick`` and ``led`` (mililla.trick.winner)."""
    dealer, turn_up = state.dealer, state.turn_up
    holder = next((s for s, h in enumerate(state.hands) if turn_up in h), dealer)
    if holder != dealer:
        raise fail(
            "turn_up",
            Message(
                "the turn-up card {turn_up} is the dealer's (seat {dealer}), not seat {holder}'s",
                turn_up=turn_up,
                dealer=dealer,
                holder=holder,
            ),
            RULES["mililla.deal.turn-up"],
        )
    if turn_up in state.trick and (state.trick_leader + state.trick.index(turn_up)) % SEATS != dealer:
        raise fail(
            "trick",
            Message(
                "the turn-up card {turn_up} in the trick was not played by the dealer, seat {dealer}",
                turn_up=turn_up,
                dealer=dealer,
            ),
        )
    trump, strength = turn_up.suit, _STRENGTH[state.rules.rank_order]
    play = consistency.TrickPlay(
        (dealer + 1) % SEATS,
        _SEATS_FROM.__getitem__,
        lambda trick: _trick_winner(trick, trump, strength),
        {turn_up: dealer},
    )
    consistency.check_tricks(
        state.won, state.history, play, ("trick_leader", state.trick_leader, state.last_leader, state.last_trick)
    )
    led = frozenset(pile[k].suit for pile in state.won for k in range(0, len(pile), SEATS))
    if state.led != led:
        names = ", ".join(sorted(_SUIT_NAMES[s] for s in led)) or "none"
        raise fail("led", Message("the suits led to the completed tricks of this round are: {names}", names=names))


def _check_scores(state: State) -> None:
    """The turn-up bonus, the rounds, the match points and the winner (mililla.bonus.*, mililla.match.target)."""
    over = state.winner is not None
    consistency.check_round_no(state.round_no, len(state.rounds), over)
    for i, r in enumerate(state.rounds):
        if sum(r.tally) != ROUND_POINTS or min(r.tally) < 0 or min(r.points) < 0:
            raise fail(f"rounds[{i}].tally", Message("a round's tally shares 70 points between the sides"))
    before = state.rounds[:-1] if over else state.rounds
    side = state.dealer % 2
    at_deal = sum(r.points[side] for r in before)
    bonus = _CARD_POINTS[state.turn_up]
    want = turn_up_bonus(at_deal, state.turn_up)
    if (state.deal_bonus, state.held_bonus) != want:
        raise fail(
            "deal_bonus",
            Message(
                "the turn-up {turn_up} gives a bonus of {bonus} to the dealer's side, at {at_deal} points: "
                "deal_bonus {want} and held_bonus {want2}",
                turn_up=state.turn_up,
                bonus=bonus,
                at_deal=at_deal,
                want=want[0],
                want2=want[1],
            ),
        )
    single = state.rules.single_round
    consistency.check_match(
        state.rounds,
        state.match,
        state.winner,
        lambda m: _match_winner(m, single),
        () if over else _add((0, 0), side, want[0]),
    )
    if over and state.rounds[-1] != _running(state, complete=True):
        raise fail(
            f"rounds[{len(state.rounds) - 1}]", Message("the last round's score is not that of the round played")
        )
