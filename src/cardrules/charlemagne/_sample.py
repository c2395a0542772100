"""Charlemagne's card zones, and states a seat cannot tell from the real one (for the bots' search)."""

from __future__ import annotations

import random

from cardrules import _messages
from cardrules._kit.hidden import state_from
from cardrules._kit.inference import Inference, deal_agreeing, voids_among
from cardrules.cards import Card
from cardrules.charlemagne._cards import PACK, _sorted_hand
from cardrules.charlemagne._infer import inferences
from cardrules.charlemagne._observe import _open_hand, observe
from cardrules.charlemagne._state import SEATS, Contract, Observation, State
from cardrules.errors import WrongKindError


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """
    Where every card of the pack is: the four hands, the kitty, the bidder's
    discards, the partner's thrown-away cards, the trick and each side's won
    cards. Together always the 34 cards of the pack.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    out = {f"hand {s}": hand for s, hand in enumerate(state.hands)}
    return out | {
        "kitty": state.kitty,
        "discards": state.discards,
        "out": state.out,
        "trick": state.trick,
        "won 0": state.won[0],
        "won 1": state.won[1],
    }


def _hidden_zones(state: State, seat: int) -> list[str]:
    """The zones whose cards *seat* may not see (``charlemagne.hidden``)."""
    names = [f"hand {s}" for s in range(SEATS) if s != seat and not (s == state.bidder and _open_hand(state))]
    names.append("kitty")
    if seat != state.bidder:
        names.append("discards")
    if seat != state.partner:
        names.append("out")
    return names


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """
    A state that *seat* cannot tell from *state*: the cards it may not see
    are dealt again at random among the places it may not see, keeping every
    size, each hand agreeing with everything the hand's public play proves
    (:func:`inferences`), and the seed and undealt decks are replaced. The
    same as ``sample_state(observe(state, seat), rng)``.

    The records of the kitty cards taken and of the passed card name cards
    where they may be, so the result is a consistent position; the passed
    card stays with the bidder (held or discarded) when *seat* is the
    partner, who knows it.

    Raises:
        InvalidOptionError: If *seat* is not a seat of the game.
    """
    return sample_state(observe(state, seat), rng)  # observe checks the state and the seat


def sample_state(observation: Observation, rng: random.Random) -> State:
    """
    A full state that *observation*'s seat cannot tell from the real one:
    the cards whose place it does not know are dealt at random to the places
    it cannot see (other hands, kitty, discards, the partner's thrown-away
    cards), with the right counts. A passed card the seat knows goes to the
    bidder's hand or discards; the records of the kitty cards taken and of
    the passed card are filled in consistently. Every hand agrees with
    everything the hand's public play proves (:func:`inferences`, from the
    whole ``history``): replaying the plays on the sampled hands, every play
    was legal. The deal is constrained, not drawn again until it fits. Every
    deal that agrees with the observation and its inferences can come out;
    with no inference ruling a card out the deal is uniform.

    ``observe(sample_state(obs, rng), obs.seat) == obs`` always holds.
    """
    if type(observation) is not Observation:
        raise WrongKindError(f"expected a Charlemagne observation, got {_messages.kind_name(observation)}")
    o = observation
    seat, b = o.seat, o.bidder
    p = None if b is None else (b + 2) % SEATS
    opened = o.open_hand is not None
    located = set(o.hand) | set(o.trick) | set(o.won[0]) | set(o.won[1]) | set(o.open_hand or ())
    if seat == b:
        located |= set(o.discards)
    if seat == p:
        located |= set(o.out)
    pool = [c for c in PACK.cards if c not in located]
    sizes: dict[str, int] = {
        f"hand {s}": o.hand_counts[s] for s in range(SEATS) if s != seat and not (opened and s == b)
    }
    sizes["kitty"] = o.kitty_count
    if seat != b:
        sizes["discards"] = o.discard_count
    if seat != p:
        sizes["out"] = o.out_count
    if sum(sizes.values()) != len(pool):
        raise ValueError("the observation's counts do not account for the unseen cards")
    zone: dict[str, list[Card]] = {}
    proved: dict[str, list[Inference]] = {}
    inferred = inferences(o)
    for inference in inferred:
        if inference.seat != seat and f"hand {inference.seat}" in sizes:
            proved.setdefault(f"hand {inference.seat}", []).append(inference)
    bans = {f"hand {s}": cards for s, cards in voids_among(inferred, seat).items()}
    near: list[str | None] = [None]
    known = o.passed if seat == p and o.passed is not None and o.passed in pool else None
    if known is not None:
        pool.remove(known)
        assert b is not None
        # The partner knows the card passed: the bidder holds it or discarded it.
        found = [n for n in (f"hand {b}", "discards") if sizes.get(n) and known not in bans.get(n, ())]
        if not found:
            raise ValueError("the card passed can be neither in the bidder's hand nor among the discards")
        if len(found) == 2 and rng.random() * (sizes[found[0]] + sizes[found[1]]) >= sizes[found[0]]:
            found.reverse()
        near = list(found)
    for i, place in enumerate(near):
        zone = {name: [] for name in sizes}
        if place is not None and known is not None:
            zone[place].append(known)
        try:
            dealt = deal_agreeing(pool, {name: n - len(zone[name]) for name, n in sizes.items()}, proved, rng, zone)
        except ValueError:
            if i == len(near) - 1:
                raise
            continue
        break
    for name, cards in dealt.items():
        zone[name].extend(cards)
    rng.shuffle(zone.get("discards", []))
    hands = []
    for s in range(SEATS):
        if s == seat:
            hands.append(o.hand)
        elif opened and s == b:
            hands.append(o.open_hand or ())
        else:
            hands.append(_sorted_hand(zone[f"hand {s}"]))
    discards = o.discards if seat == b else tuple(zone["discards"])
    out = o.out if seat == p else tuple(zone["out"])
    taken, passed = o.kitty_taken, o.passed
    c = o.contract
    if c is not None and b is not None and o.phase not in ("bid", "source"):
        near_bidder = [x for x in (*hands[b], *discards) if x != passed]
        takes = c.is_number or c is Contract.CHARLEMAGNE or o.source == "kitty"
        gives = (c is Contract.CHARLEMAGNE or o.source == "partner") and o.phase != "give"
        if takes and seat != b:
            taken = tuple(rng.sample(near_bidder, 2))
        if gives and seat not in (b, p):
            passed = rng.choice([x for x in near_bidder if x not in taken])
    return state_from(
        State,
        o,
        rng,
        hands=tuple(hands),
        kitty=tuple(zone["kitty"]),
        taken=taken,
        passed=passed,
        discards=discards,
        out=out,
    )
