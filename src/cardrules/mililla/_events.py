"""What a Mililla move did, in words, for front ends and replays."""

from __future__ import annotations

from cardrules import _messages
from cardrules._kit.narration import event, match_or_deal, played, trick_won
from cardrules.engine import Event
from cardrules.mililla._cards import _CARD_POINTS, _STRENGTH
from cardrules.mililla._legal import _SUIT_WORDS, _trick_winner, to_move
from cardrules.mililla._ruleset import SEATS, SIDES
from cardrules.mililla._state import Play, State
from cardrules.rules import Message


def _points(n: int) -> Message:
    return Message.counted("{count} point", "{count} points", n)


def events(before: State, move: Play, after: State) -> tuple[Event, ...]:
    """
    What *move* did, from *before* to *after*: the card played, a trick won,
    a round scored, a new deal with its turn-up bonus, the match won.
    """
    _messages.check_transition("Mililla", State, Play, (before, move, after))
    seat = to_move(before)
    out = [played("mililla.turn", seat, move.card)]
    if len(before.trick) < SEATS - 1:
        return tuple(out)
    trick = (*before.trick, move.card)
    strength = _STRENGTH[before.rules.rank_order]
    winner = (before.trick_leader + _trick_winner(trick, before.turn_up.suit, strength)) % SEATS
    pts = sum(_CARD_POINTS[c] for c in trick) + 1
    out.append(trick_won("mililla.trick.winner", winner, trick, pts, _points(pts)))
    if len(after.rounds) > len(before.rounds):
        result = after.rounds[-1]
        said = Message(
            "round over: {ours}-{theirs} in round points; seats 0+2 score {first}, seats 1+3 score {second}",
            ours=result.tally[0],
            theirs=result.tally[1],
            first=result.points[0],
            second=result.points[1],
        )
        out.append(event("round", "mililla.round.score", None, (), 0, said))
        for item in result.items:
            if item.rule == "mililla.bonus.held":
                said = Message("the held bonus is scored")
                out.append(event("bonus", item.rule, None, (before.turn_up,), item.points, said))
        ending = "mililla.match.single" if after.rules.single_round else "mililla.match.target"
        out.extend(match_or_deal(ending, after, SIDES, _next_deal))
    return tuple(out)


def _next_deal(state: State) -> tuple[Event, ...]:
    """The next round's deal, after a round: its dealer is the next seat (mililla.deal.rotation)."""
    return deal_events(state, rule="mililla.deal.rotation")


def deal_events(state: State, *, rule: str = "mililla.deal.turn-up") -> tuple[Event, ...]:
    """
    What everyone sees of the round's deal: the dealer, the turn-up card and trump, any turn-up
    bonus; the deal cites *rule* (the turn-up, or after a round the rotation of the deal).
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    said = Message(
        "seat {seat} deals; {card} is turned: {suit} are trump",
        seat=state.dealer,
        card=state.turn_up,
        suit=_SUIT_WORDS[state.trump],
    )
    out = [event("deal", rule, state.dealer, (state.turn_up,), 0, said)]
    if state.deal_bonus:
        said = Message("the turn-up scores {points} for the dealer's team", points=_points(state.deal_bonus))
        out.append(event("bonus", "mililla.bonus.turn-up", state.dealer, (state.turn_up,), state.deal_bonus, said))
    elif state.held_bonus:
        said = Message("the turn-up bonus is held: it would bring the dealer's team to 35")
        out.append(event("bonus", "mililla.bonus.held", state.dealer, (state.turn_up,), 0, said))
    return tuple(out)
