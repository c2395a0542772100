"""What a Charlemagne move did, in public terms."""

from __future__ import annotations

from cardrules import _messages
from cardrules._kit.narration import event, match_or_deal, played, trick_won
from cardrules.charlemagne import _state
from cardrules.charlemagne._cards import _trick_winner, _trumps_in
from cardrules.charlemagne._legal import _PLURAL, _order, to_move
from cardrules.charlemagne._state import SIDES, Contract, Discard, Give, Move, Play, State
from cardrules.engine import Event
from cardrules.rules import Message, Sentence


def _rule_of(contract: Contract) -> str:
    return "charlemagne.contract." + ("number" if contract.is_number else contract.value.replace(" ", "-"))


def _contract_name(contract: Contract) -> Message | str:
    """``a bid of 6``, ``Mulot``: the contract in a sentence (the named contracts keep their names)."""
    return Message("a bid of {number}", number=contract.value) if contract.is_number else contract.title


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
    if isinstance(move, _state.Bid):
        said = Message("seat {seat} bids {contract}", seat=seat, contract=move.contract.title)
        out.append(event("bid", "charlemagne.bid.ladder", seat, (), 0, said))
    elif isinstance(move, _state.Pass):
        out.append(event("pass", "charlemagne.bid.turn", seat, (), 0, Message("seat {seat} passes", seat=seat)))
    elif isinstance(move, _state.ChooseSource):
        if move.source == "kitty":
            said = Message("seat {seat} chooses the kitty", seat=seat)
        else:
            said = Message("seat {seat} chooses the partner's card", seat=seat)
        out.append(event("source", "charlemagne.source", seat, (), 0, said))
    elif isinstance(move, Give):
        said = Message("seat {seat} passes a card face down to seat {bidder}", seat=seat, bidder=before.bidder)
        out.append(event("give", "charlemagne.give", seat, (), 0, said))
    elif isinstance(move, Discard):
        said = Message("seat {seat} discards a card face down", seat=seat)
        out.append(event("discard", "charlemagne.discard.count", seat, (), 0, said))
    elif isinstance(move, _state.NameTrump):
        said = Message("{suit} are trump", suit=_PLURAL[move.suit])
        out.append(event("trump", "charlemagne.trump.name", seat, (), 0, said))
    else:
        out.append(played("charlemagne.play.turn", seat, move.card))
    if before.phase == "bid" and after.phase != "bid":
        c, b = after.contract, after.bidder
        assert c is not None and b is not None
        said = Message("seat {seat} plays {contract}", seat=b, contract=_contract_name(c))
        out.append(event("contract", _rule_of(c), b, (), 0, said))
    if after.taken and not before.taken and after.round_no == before.round_no:
        assert after.contract is not None
        said = Message("seat {seat} takes the kitty", seat=after.bidder)
        out.append(event("kitty", _rule_of(after.contract), after.bidder, (), 0, said))
    if after.out and not before.out and after.round_no == before.round_no:
        said = Message.counted(
            "seat {seat} throws away {count} card unseen and sits out",
            "seat {seat} throws away {count} cards unseen and sits out",
            len(after.out),
            seat=after.partner,
        )
        out.append(event("out", "charlemagne.play.turn", after.partner, (), 0, said))
    if isinstance(move, Play) and len(before.trick) == len(_order(before)) - 1:
        trick = (*before.trick, move.card)
        w = _order(before)[_trick_winner(trick, before.trump)]
        # A trump over a trump is won by the trump order (the jacks and jokers rank above the ace);
        # any other trick by the highest trump or the highest card of the suit led.
        decided = "charlemagne.trump.order" if _trumps_in(trick, before.trump) > 1 else "charlemagne.trick.winner"
        out.append(trick_won(decided, w, trick))
        if before.contract is Contract.GROS_MULOT and sum(before.tricks) == 0 and before.bidder is not None:
            hand = after.hands[before.bidder] if after.round_no == before.round_no else ()
            said = Message("seat {seat} spreads their hand face up", seat=before.bidder)
            out.append(event("open", "charlemagne.contract.gros-mulot", before.bidder, hand, 0, said))
    if len(after.rounds) > len(before.rounds):
        result = after.rounds[-1]
        item = result.items[0]
        seats = SIDES[item.side]
        said = Message(
            "{label}: seats {seat}+{partner} score {points}",
            label=item.label.message if isinstance(item.label, Sentence) else item.label,
            seat=seats[0],
            partner=seats[1],
            points=item.points,
        )
        out.append(event("round", item.rule, None, (), item.points, said))
        ending = "charlemagne.match.single" if after.rules.single_round else "charlemagne.match.target"
        out.extend(match_or_deal(ending, after, SIDES, deal_events))
    return tuple(out)


def deal_events(state: State) -> tuple[Event, ...]:
    """What everyone sees of the round's deal: who deals (nothing is dealt face up)."""
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    said = Message("seat {seat} deals", seat=state.dealer)
    return (event("deal", "charlemagne.deal.rotation", state.dealer, (), 0, said),)
