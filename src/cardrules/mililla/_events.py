"""What a Mililla move did, in words, for front ends and replays."""

from __future__ import annotations

from cardrules import _messages
from cardrules._kit.narration import played, trick_won
from cardrules.engine import Event
from cardrules.mililla._cards import _CARD_POINTS, _STRENGTH, _SUIT_NAMES
from cardrules.mililla._legal import _trick_winner, to_move
from cardrules.mililla._ruleset import SEATS, SIDES
from cardrules.mililla._state import Play, State


def _points_text(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


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
    out.append(trick_won("mililla.trick.winner", winner, trick, pts, _points_text(pts)))
    if len(after.rounds) > len(before.rounds):
        result = after.rounds[-1]
        out.append(
            Event(
                "round",
                "mililla.round.score",
                None,
                (),
                0,
                f"round over: {result.tally[0]}-{result.tally[1]} in round points; "
                f"seats 0+2 score {result.points[0]}, seats 1+3 score {result.points[1]}",
            )
        )
        for item in result.items:
            if item.rule == "mililla.bonus.held":
                out.append(Event("bonus", item.rule, None, (before.turn_up,), item.points, "the held bonus is scored"))
        if after.winner is not None:
            out.append(
                Event(
                    "match",
                    "mililla.match.target",
                    None,
                    (),
                    0,
                    f"seats {SIDES[after.winner][0]} and {SIDES[after.winner][1]} win the match "
                    f"{after.match[after.winner]} to {after.match[1 - after.winner]}",
                )
            )
        else:
            out.extend(deal_events(after))
    return tuple(out)


def deal_events(state: State) -> tuple[Event, ...]:
    """What everyone sees of the round's deal: the dealer, the turn-up card and trump, any turn-up bonus."""
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    text = f"seat {state.dealer} deals; {state.turn_up} is turned: {_SUIT_NAMES[state.trump]} are trump"
    out = [Event("deal", "mililla.deal.turn-up", state.dealer, (state.turn_up,), 0, text)]
    if state.deal_bonus:
        out.append(
            Event(
                "bonus",
                "mililla.bonus.turn-up",
                state.dealer,
                (state.turn_up,),
                state.deal_bonus,
                f"the turn-up scores {_points_text(state.deal_bonus)} for the dealer's team",
            )
        )
    elif state.held_bonus:
        out.append(
            Event(
                "bonus",
                "mililla.bonus.held",
                state.dealer,
                (state.turn_up,),
                0,
                "the turn-up bonus is held: it would bring the dealer's team to 35",
            )
        )
    return tuple(out)
