"""What Charlemagne's public play proves about the hidden hands (:func:`inferences`), from the rules of ``_legal``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules import _messages
from cardrules._kit.inference import Inference, kept_inferences
from cardrules.cards import Card, Suit
from cardrules.charlemagne._cards import _SUIT_OF, PACK
from cardrules.charlemagne._legal import _ORDERS, _sitting_out
from cardrules.charlemagne._state import Observation
from cardrules.errors import WrongKindError

# The cards that follow each suit, by trump (None: Mulot, whose jokers are a suit of their own).
_FOLLOWING: Final = {
    trump: {led: frozenset(c for c in PACK.cards if table[c] is led) for led in set(table.values())}
    for trump, table in _SUIT_OF.items()
}


def play_bans(trick: Sequence[Card], card: Card, trump: Suit | None) -> list[tuple[str, frozenset[Card]]]:
    """
    The cards the player of *card* to *trick* cannot have held then, by the rule that proves it, in
    the order :func:`check_move` applies the rules: exactly the cards *d* such that, holding *card*
    and *d*, *card* would have been illegal. A card that does not follow the suit led (the trumps
    being the trump suit, the jokers and the Little Jack) proves a void in it
    (``charlemagne.follow.suit``; in Mulot, a joker led that the other joker did not answer,
    ``charlemagne.mulot.joker-led``); in Mulot a card that neither follows nor is a joker proves
    no joker either (``charlemagne.mulot.joker-void``). Leading proves nothing; nothing has to be
    beaten or trumped.
    """
    if not trick:
        return []
    suit_of = _SUIT_OF[trump]
    led = suit_of[trick[0]]
    if suit_of[card] is led:
        return []
    following = _FOLLOWING[trump][led]
    if trump is None and led is Suit.JOKER:
        return [("charlemagne.mulot.joker-led", following)]
    out = [("charlemagne.follow.suit", following)]
    if trump is None and card.suit is not Suit.JOKER:
        out.append(("charlemagne.mulot.joker-void", _FOLLOWING[None][Suit.JOKER]))
    return out


def _inferences(observation: Observation) -> tuple[Inference, ...]:
    o = observation
    sitting_out = _sitting_out(o.bidder, o.contract)
    done = o.tricks[0] + o.tricks[1]
    known: list[tuple[int, tuple[Card, ...]]] = list(o.history)
    if not known and o.last_trick:
        known = [(o.last_leader, o.last_trick)]
    first = done - len(known)
    if o.trick:
        known.append((o.leader, o.trick))
    played = {c for _, cards in known for c in cards} | set(o.won[0]) | set(o.won[1])
    out: list[Inference] = []
    for k, (leader, cards) in enumerate(known):
        order = _ORDERS[leader, sitting_out]
        for i in range(1, len(cards)):
            for rule, banned in play_bans(cards[:i], cards[i], o.trump):
                left = banned - played
                if left:
                    out.append(Inference(order[i], "none", left, rule, len(order) * (first + k) + i))
    return tuple(out)


def inferences(observation: Observation) -> tuple[Inference, ...]:
    """
    What the hand's public play proves about each seat's hand now, each with the rule that proves
    it, from the observation's ``history`` of tricks and the trick in progress:

    * a seat that did not follow the suit led holds none of it, the trumps being the trump suit,
      the two jokers and the Little Jack (``charlemagne.follow.suit``, ``charlemagne.trump.suit``);
    * in Mulot and Gros Mulot, a seat that did not answer a joker led with the other joker does not
      hold it (``charlemagne.mulot.joker-led``), and a seat that neither followed a plain suit nor
      played a joker holds no joker (``charlemagne.mulot.joker-void``).

    Nothing else is proved: Charlemagne asks no player to beat or to trump, and the bidding, the
    discards and the partner's card are free choices. Each is exactly what the rules enforce (a
    card is ruled out when holding it beside the card played would have made that play illegal).
    For a state read from a position (no history), the last trick and the trick in progress are
    used. The same observation object gives the same tuple (it is derived once, and kept on the observation).
    """
    if type(observation) is not Observation:
        raise WrongKindError(f"expected a Charlemagne observation, got {_messages.kind_name(observation)}")
    return kept_inferences(observation, _inferences)
