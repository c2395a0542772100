"""What a Charlemagne move did, in public terms."""

from __future__ import annotations

from cardrules import _messages
from cardrules._kit.narration import played, trick_won
from cardrules.charlemagne._cards import _PLURAL, _trick_winner
from cardrules.charlemagne._legal import _order, to_move
from cardrules.charlemagne._state import (
    SIDES,
    Bid,
    ChooseSource,
    Contract,
    Discard,
    Give,
    Move,
    NameTrump,
    Pass,
    Play,
    State,
    _contract_name,
)
from cardrules.engine import Event


def _rule_of(contract: Contract) -> str:
    return "charlemagne.contract." + ("number" if contract.is_number else contract.value.replace(" ", "-"))


def _team(side: int) -> str:
    return f"seats {SIDES[side][0]}+{SIDES[side][1]}"


def events(before: State, move: Move, after: State) -> tuple[Event, ...]:
    """
    What *move* did, from *before* to *after*, in public terms: a bid or
    pass, the contract, the kitty taken, the partner's cards thrown out, the
    source chosen, a card passed or discarded face down (its card is not
    named: events may be shown to everyone), trump named, a card played, a
    trick won, the Gros Mulot hand spread, a hand scored, the next deal, the
    match won.

    Kinds: ``bid``, ``pass``, ``contract``, ``kitty``, ``out``, ``source``,
    ``give``, ``discard``, ``trump``, ``play``, ``trick``, ``open``,
    ``round``, ``deal``, ``match``.
    """
    _messages.check_transition("Charlemagne", State, Move, (before, move, after))
    seat = to_move(before)
    out: list[Event] = []
    if isinstance(move, Bid):
        out.append(Event("bid", "charlemagne.bid.ladder", seat, (), 0, f"seat {seat} bids {move.contract.title}"))
    elif isinstance(move, Pass):
        out.append(Event("pass", "charlemagne.bid.turn", seat, (), 0, f"seat {seat} passes"))
    elif isinstance(move, ChooseSource):
        what = "the kitty" if move.source == "kitty" else "the partner's card"
        out.append(Event("source", "charlemagne.source", seat, (), 0, f"seat {seat} chooses {what}"))
    elif isinstance(move, Give):
        out.append(
            Event(
                "give", "charlemagne.give", seat, (), 0, f"seat {seat} passes a card face down to seat {before.bidder}"
            )
        )
    elif isinstance(move, Discard):
        out.append(Event("discard", "charlemagne.discard.count", seat, (), 0, f"seat {seat} discards a card face down"))
    elif isinstance(move, NameTrump):
        out.append(Event("trump", "charlemagne.trump.name", seat, (), 0, f"{_PLURAL[move.suit]} are trump"))
    else:
        out.append(played("charlemagne.play.turn", seat, move.card))
    if before.phase == "bid" and after.phase != "bid":
        c, b = after.contract, after.bidder
        assert c is not None and b is not None
        out.append(Event("contract", _rule_of(c), b, (), 0, f"seat {b} plays {_contract_name(c)}"))
    if after.taken and not before.taken and after.round_no == before.round_no:
        assert after.contract is not None
        text = f"seat {after.bidder} takes the kitty"
        out.append(Event("kitty", _rule_of(after.contract), after.bidder, (), 0, text))
    if after.out and not before.out and after.round_no == before.round_no:
        text = f"seat {after.partner} throws away {len(after.out)} cards unseen and sits out"
        out.append(Event("out", "charlemagne.play.turn", after.partner, (), 0, text))
    if isinstance(move, Play) and len(before.trick) == len(_order(before)) - 1:
        trick = (*before.trick, move.card)
        w = _order(before)[_trick_winner(trick, before.trump)]
        out.append(trick_won("charlemagne.trick.winner", w, trick))
        if before.contract is Contract.GROS_MULOT and sum(before.tricks) == 0 and before.bidder is not None:
            hand = after.hands[before.bidder] if after.round_no == before.round_no else ()
            text = f"seat {before.bidder} spreads their hand face up"
            out.append(Event("open", "charlemagne.contract.gros-mulot", before.bidder, hand, 0, text))
    if len(after.rounds) > len(before.rounds):
        result = after.rounds[-1]
        item = result.items[0]
        out.append(
            Event("round", item.rule, None, (), item.points, f"{item.label}: {_team(item.side)} score {item.points}")
        )
        if after.winner is not None:
            w = after.winner
            text = f"seats {SIDES[w][0]} and {SIDES[w][1]} win the match {after.match[w]} to {after.match[1 - w]}"
            out.append(Event("match", "charlemagne.match.target", None, (), 0, text))
        else:
            out.extend(deal_events(after))
    return tuple(out)


def deal_events(state: State) -> tuple[Event, ...]:
    """What everyone sees of the round's deal: who deals (nothing is dealt face up)."""
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    return (Event("deal", "charlemagne.deal.rotation", state.dealer, (), 0, f"seat {state.dealer} deals"),)
