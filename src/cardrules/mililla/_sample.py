"""Mililla's hidden cards: where every card is, and states a seat cannot tell apart."""

from __future__ import annotations

import random

import attrs

from cardrules.cards import SPANISH_PACK, Card
from cardrules.mililla._cards import _sorted_hand
from cardrules.mililla._ruleset import SEATS
from cardrules.mililla._state import Observation, State


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Where every card of the pack is: the four hands, the trick, and each side's tricks."""
    out = {f"hand {s}": hand for s, hand in enumerate(state.hands)}
    out["trick"] = state.trick
    out["won 0"], out["won 1"] = state.won
    return out


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """
    A state that *seat* cannot tell from *state*: the cards it cannot see
    (other hands, less a turn-up card still held) are dealt again at random
    with the same hand sizes, and the match seed and undealt decks replaced.
    """
    hidden: list[Card] = []
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden.extend(c for c in hand if not (s == state.dealer and c == state.turn_up))
    rng.shuffle(hidden)
    hands: list[tuple[Card, ...]] = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
            continue
        keep = [c for c in hand if s == state.dealer and c == state.turn_up]
        n = len(hand) - len(keep)
        hands.append(_sorted_hand(keep + hidden[:n]))
        del hidden[:n]
    return attrs.evolve(state, hands=tuple(hands), seed=rng.getrandbits(63), pending_decks=())


def sample_state(observation: Observation, rng: random.Random) -> State:
    """
    A full state that *observation*'s seat cannot tell from the real one:
    the cards it has not seen are dealt at random to the other hands, with
    the right counts (the turn-up card stays with the dealer while held).
    Voids shown by earlier play are not used: the observation does not keep
    who played which card in earlier tricks.

    ``observe(sample_state(obs, rng), obs.seat) == obs`` always holds.
    """
    o = observation
    seen = set(o.hand) | set(o.trick) | set(o.won[0]) | set(o.won[1])
    if o.turn_up_in_hand:
        seen.add(o.turn_up)
    unseen = [c for c in SPANISH_PACK.cards if c not in seen]
    rng.shuffle(unseen)
    hands: list[tuple[Card, ...]] = []
    for s in range(SEATS):
        if s == o.seat:
            hands.append(o.hand)
            continue
        keep = [o.turn_up] if (s == o.dealer and o.turn_up_in_hand) else []
        n = o.hand_counts[s] - len(keep)
        hands.append(_sorted_hand(keep + unseen[:n]))
        del unseen[:n]
    if unseen:
        raise ValueError("the observation's hand sizes do not account for the unseen cards")
    return State(
        rules=o.rules,
        seed=rng.getrandbits(63),
        pending_decks=(),
        round_no=o.round_no,
        dealer=o.dealer,
        hands=tuple(hands),
        turn_up=o.turn_up,
        trick_leader=o.trick_leader,
        trick=o.trick,
        led=o.led,
        won=o.won,
        tricks=o.tricks,
        last_trick=o.last_trick,
        last_leader=o.last_leader,
        match=o.match,
        deal_bonus=o.deal_bonus,
        held_bonus=o.held_bonus,
        rounds=o.rounds,
        winner=o.winner,
    )
