"""Mililla's hidden cards: where every card is, and states a seat cannot tell apart."""

from __future__ import annotations

import random

from cardrules import _messages
from cardrules._kit.hidden import state_from
from cardrules._kit.inference import by_hidden_hand, deal_agreeing
from cardrules.cards import Card
from cardrules.errors import WrongKindError
from cardrules.mililla._cards import PACK, _sorted_hand
from cardrules.mililla._infer import inferences
from cardrules.mililla._observe import observe
from cardrules.mililla._ruleset import SEATS
from cardrules.mililla._state import Observation, State


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Where every card of the pack is: the four hands, the trick, and each side's tricks."""
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    out = {f"hand {s}": hand for s, hand in enumerate(state.hands)}
    out["trick"] = state.trick
    out["won 0"], out["won 1"] = state.won
    return out


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """
    A state that *seat* cannot tell from *state*: the cards it cannot see
    (other hands, less a turn-up card still held) are dealt again at random
    with the same hand sizes, each hand agreeing with everything the round's
    public play proves (:func:`inferences`), and the match seed and undealt
    decks replaced. The same as ``sample_state(observe(state, seat), rng)``.

    Raises:
        InvalidOptionError: If *seat* is not a seat of the game.
    """
    return sample_state(observe(state, seat), rng)  # observe checks the state and the seat


def sample_state(observation: Observation, rng: random.Random) -> State:
    """
    A full state that *observation*'s seat cannot tell from the real one:
    the cards it has not seen are dealt at random to the other hands, with
    the right counts (the turn-up card stays with the dealer while held),
    and every hand agrees with everything the round's public play proves
    (:func:`inferences`, from the whole ``history``): replaying the round's
    plays on the sampled hands, every play was legal. The deal is constrained,
    not drawn again until it fits: it never throws a deal away. Every deal
    that agrees with the observation and its inferences can come out; with
    no inference ruling a card out the deal is uniform.

    ``observe(sample_state(obs, rng), obs.seat) == obs`` always holds.
    """
    if type(observation) is not Observation:
        raise WrongKindError(f"expected a Mililla observation, got {_messages.kind_name(observation)}")
    o = observation
    seen = set(o.hand) | set(o.trick) | set(o.won[0]) | set(o.won[1])
    if o.turn_up_in_hand:
        seen.add(o.turn_up)
    unseen = [c for c in PACK.cards if c not in seen]
    keeps = {s: [o.turn_up] if (s == o.dealer and o.turn_up_in_hand) else [] for s in range(SEATS) if s != o.seat}
    sizes = {f"hand {s}": o.hand_counts[s] - len(keep) for s, keep in keeps.items()}
    proved = by_hidden_hand(inferences(o), o.seat)
    held = {f"hand {s}": keep for s, keep in keeps.items()}
    dealt = deal_agreeing(unseen, sizes, proved, rng, held)
    hands: list[tuple[Card, ...]] = []
    for s in range(SEATS):
        if s == o.seat:
            hands.append(o.hand)
            continue
        hands.append(_sorted_hand(keeps[s] + dealt[f"hand {s}"]))
    return state_from(State, o, rng, hands=tuple(hands))
