"""What Mililla's public play proves about the hidden hands: :func:`inferences`, from the rules of :mod:`._legal`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import Final

from cardrules import _messages
from cardrules._kit.inference import Inference, kept_inferences
from cardrules.cards import Card, Rank, Suit
from cardrules.errors import WrongKindError
from cardrules.mililla._cards import _STRENGTH, PACK
from cardrules.mililla._legal import _trick_winner
from cardrules.mililla._ruleset import SEATS
from cardrules.mililla._state import Observation

_PACK: Final = PACK.cards
_SUITS: Final = tuple(dict.fromkeys(c.suit for c in _PACK))
_BY_SUIT: Final = {s: frozenset(c for c in _PACK if c.suit is s) for s in _SUITS}


def play_bans(
    trick: Sequence[Card],
    leader: int,
    card: Card,
    trump: Suit,
    strength: Mapping[Card, int],
    seven_rule: str,
    led: frozenset[Suit],
) -> list[tuple[str, frozenset[Card]]]:
    """
    The cards the player of *card* to *trick* (led by *leader*, the suits in *led* led to earlier
    tricks) cannot have held then, by the rule that proves it, in the order :func:`check_move`
    applies the rules: exactly the cards *d* such that, holding *card* and *d*, *card* would have
    been illegal (``mililla.follow.suit``, ``mililla.seven``, ``mililla.follow.beat``,
    ``mililla.follow.trump``). Leading proves nothing.
    """
    if not trick:
        return []
    lead = trick[0].suit
    seat = (leader + len(trick)) % SEATS
    out: list[tuple[str, frozenset[Card]]] = []

    def barred(c: Card) -> bool:  # _seven_barred: a 7 not led, its suit not led yet
        if c.rank is not Rank.SEVEN or seven_rule == "off" or c.suit in led:
            return False
        return seven_rule == "earlier" or c.suit is not lead

    follows = card.suit is lead
    if not follows:
        out.append(("mililla.follow.suit", _BY_SUIT[lead]))
    card_barred = barred(card)
    if card_barred:
        # Played only because every card it could play was a barred 7 (the rule is then lifted).
        group = _BY_SUIT[lead] if follows else frozenset(_PACK) - _BY_SUIT[lead]
        out.append(("mililla.seven", frozenset(c for c in group if c is not card and not barred(c))))
    w = _trick_winner(trick, trump, strength) if len(trick) > 1 else 0
    if (leader + w) % 2 == seat % 2:
        return [(rule, cards) for rule, cards in out if cards]  # the partner is winning: no duty to beat
    top = trick[w]

    def eligible(c: Card) -> bool:  # among the cards it could play beside *card*, after the 7 rule
        return c is not card and (c.suit is lead) == follows and barred(c) == card_barred

    if follows:
        if top.suit is lead and strength[card] < strength[top]:
            beating = frozenset(c for c in _BY_SUIT[lead] if eligible(c) and strength[c] > strength[top])
            out.append(("mililla.follow.beat", beating))
    elif card.suit is not trump or (top.suit is trump and strength[card] < strength[top]):
        floor = strength[top] if top.suit is trump else -1
        out.append(
            ("mililla.follow.trump", frozenset(c for c in _BY_SUIT[trump] if eligible(c) and strength[c] > floor))
        )
    return [(rule, cards) for rule, cards in out if cards]


def _tricks(o: Observation) -> Iterator[tuple[int, int, tuple[Card, ...], tuple[frozenset[Suit], ...]]]:
    """
    Each trick the observation shows with who played it: (its index in the round, leader, cards, the
    possible sets of suits led before it). With the whole history the set is known; a state read
    from a position shows only the tricks since (or just the last trick), and then each suit led in
    the round but not in a trick shown may or may not have been led before.
    """
    done = o.tricks[0] + o.tricks[1]
    known: list[tuple[int, tuple[Card, ...]]] = list(o.history)
    if not known and o.last_trick:
        known = [(o.last_leader, o.last_trick)]
    first = done - len(known)
    shown = frozenset(cards[0].suit for _, cards in known)
    unsure = tuple(o.led - shown) if first else ()
    base: frozenset[Suit] = frozenset()
    for k, (leader, cards) in enumerate(known):
        options = tuple(base | frozenset(extra) for n in range(len(unsure) + 1) for extra in combinations(unsure, n))
        yield first + k, leader, cards, options
        base = base | {cards[0].suit}
    if o.trick:
        yield done, o.trick_leader, o.trick, (o.led,)


def _inferences(observation: Observation) -> tuple[Inference, ...]:
    o = observation
    strength = _STRENGTH[o.rules.rank_order]
    trump = o.turn_up.suit
    mode = o.rules.seven_rule
    played = {c for _, cards in o.history for c in cards} | set(o.trick) | set(o.last_trick)
    played |= set(o.won[0]) | set(o.won[1])
    out: list[Inference] = []
    if o.turn_up_in_hand:
        out.append(Inference(o.dealer, "some", frozenset({o.turn_up}), "mililla.deal.turn-up", None))
    for index, leader, cards, options in _tricks(o):
        for i in range(1, len(cards)):
            seat = (leader + i) % SEATS
            # With the suits led before uncertain, keep only what every possibility proves.
            found: dict[str, frozenset[Card]] | None = None
            for led in options:
                bans = dict(play_bans(cards[:i], leader, cards[i], trump, strength, mode, led))
                found = bans if found is None else {r: found[r] & bans[r] for r in found if r in bans}
            for rule, banned in (found or {}).items():
                left = banned - played
                if left:
                    out.append(Inference(seat, "none", left, rule, SEATS * index + i))
    return tuple(out)


def inferences(observation: Observation) -> tuple[Inference, ...]:
    """
    What the round's public play proves about each seat's hand now, each with the rule that proves
    it, from the observation's ``history`` of tricks and the trick in progress:

    * a seat that did not follow suit holds none of the suit led (``mililla.follow.suit``);
    * a seat that let an opponent's winning card stand holds no card of the suit led that beats it
      (``mililla.follow.beat``), or, void in the suit led, no trump that wins the trick
      (``mililla.follow.trump``);
    * a seat that played a 7 the 7 rule barred held nothing else it could play (``mililla.seven``),
      and a 7 the rule barred never counts as a card that could have beaten;
    * the dealer holds the turn-up card until it is played (``mililla.deal.turn-up``).

    Each is exactly what the rules enforce: a card is ruled out when holding it beside the card
    played would have made that play illegal. For a state read from a position (no history), the
    last trick and the trick in progress are used. The same observation object gives the same
    tuple (it is derived once, and kept on the observation).

    Example:
        >>> s = mililla.new_game(seed=2)
        >>> [i.rule for i in mililla.inferences(mililla.observe(s, 0))]
        ['mililla.deal.turn-up']
    """
    if type(observation) is not Observation:
        raise WrongKindError(f"expected a Mililla observation, got {_messages.kind_name(observation)}")
    return kept_inferences(observation, _inferences)
