"""Mulle's card zones and hidden cards: :func:`zones`, :func:`shuffle_hidden` and :func:`sample_state`."""

from __future__ import annotations

import random
from collections import Counter

import attrs

from cardrules import _common, _messages
from cardrules._kit.hidden import state_from
from cardrules._kit.inference import by_hidden_hand, deal_agreeing
from cardrules.cards import Card
from cardrules.errors import WrongKindError
from cardrules.mulle._cards import PACK, _sorted
from cardrules.mulle._deal import schedule
from cardrules.mulle._infer import inferences
from cardrules.mulle._observe import observe
from cardrules.mulle._state import Capture, Observation, State


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Where every card of the pack is: hands, loose table cards, builds, stock, each side's captures."""
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    out: dict[str, tuple[Card, ...]] = {f"hand {i}": h for i, h in enumerate(state.hands)}
    out["table"] = state.table
    out["builds"] = tuple(c for b in state.builds for c in b.cards)
    out["stock"] = state.stock
    for i, pile in enumerate(state.captured):
        out[f"captured {i}"] = pile
    return out


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """
    A state that *seat* cannot tell from *state*: the cards it cannot see
    (the other hands and the stock) are dealt again at random, keeping the
    hand and stock sizes, each hand agreeing with everything the round's
    public plays prove (:func:`inferences`: a build's owner keeps a card of
    its value, and the like), and the match seed and undealt decks are
    replaced. In a round entered from the table, the captured cards nobody
    has shown are dealt again too.

    Raises:
        InvalidOptionError: If *seat* is not a seat of the game.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    _common.check_seat(seat, state.rules.players)
    pool: list[Card] = list(state.stock)
    for s, hand in enumerate(state.hands):
        if s != seat:
            pool.extend(hand)
    unshown = _unshown(state)
    for side, (k, h) in enumerate(unshown):
        pool.extend(state.captured[side][k : k + h])
    hands = _deal_hands(observe(state, seat), pool, rng)  # what is left of pool is shuffled
    captured = state.captured
    if unshown:
        piles = []
        for pile, (k, h) in zip(captured, unshown, strict=True):
            piles.append(pile[:k] + _sorted(pool[:h]) + pile[k + h :])
            del pool[:h]
        captured = tuple(piles)
    return attrs.evolve(
        state, hands=hands, stock=tuple(pool), captured=captured, seed=rng.getrandbits(63), pending_decks=()
    )


def _deal_hands(o: Observation, pool: list[Card], rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """
    The hands of a sample: the seat's own, and the others dealt from *pool* with their sizes, agreeing
    with :func:`inferences`; what is left of *pool* (changed in place) is the stock, in a random order.
    """
    proved = by_hidden_hand(inferences(o), o.seat)
    if not proved:  # nothing proved of a hidden hand (the fishing game, say): a plain deal
        rng.shuffle(pool)
        hands: list[tuple[Card, ...]] = []
        for s, n in enumerate(o.hand_counts):
            if s == o.seat:
                hands.append(o.hand)
            else:
                hands.append(_sorted(pool[:n]))
                del pool[:n]
        return tuple(hands)
    sizes = {f"hand {s}": n for s, n in enumerate(o.hand_counts) if s != o.seat}
    sizes["stock"] = len(pool) - sum(sizes.values())
    dealt = deal_agreeing(pool, sizes, proved, rng)
    stock = dealt["stock"]
    rng.shuffle(stock)
    pool[:] = stock
    return tuple(o.hand if s == o.seat else _sorted(dealt[f"hand {s}"]) for s in range(len(o.hand_counts)))


def _unshown(state: State) -> list[tuple[int, int]]:
    """
    Where each side's captured cards that nobody has shown lie in its pile (a round entered from the
    table): after the known cards of the start, so many; ``[]`` when every captured card is known.
    """
    start = state.start
    if start is None or not any(start.hidden):
        return []
    return [(len(t), h) for t, h in zip(start.taken, start.hidden, strict=True)]


def sample_state(observation: Observation, rng: random.Random) -> State:
    """
    A full state that *observation*'s seat cannot tell from the real one.

    The captured piles are rebuilt from the round's public history (and, in
    a round entered from the table, from what was known to be captured
    then, the captured cards nobody has shown being dealt again); the
    cards whose place the seat does not know are dealt at random to the other
    hands and the stock with the right counts, each hand agreeing with
    everything the round's public plays prove (:func:`inferences`): a build's
    owner keeps a card of its value, and replaying the plays of this deal on
    the sampled hands, every play was legal. The deal is constrained; only
    ``capture_duty=hand``'s duty to build is checked on a drawn deal, which is
    drawn again if it fails. ``observe(sample_state(obs, rng), obs.seat) == obs``.
    """
    if type(observation) is not Observation:
        raise WrongKindError(f"expected a Mulle observation, got {_messages.kind_name(observation)}")
    o = observation
    rules = o.rules
    start = o.start
    captured: list[list[Card]] = [list(t) for t in start.taken] if start else [[] for _ in o.captured_counts]
    for turn in o.history:
        if isinstance(turn.move, Capture):
            side = rules.side_of(turn.seat)
            captured[side].extend([turn.move.card, *turn.move.taken, *(c for b in turn.builds for c in b)])
    known: Counter[Card] = Counter(o.hand) + Counter(o.table)
    for b in o.builds:
        known.update(b.cards)
    for pile in captured:
        known.update(pile)
    pool = list((Counter(PACK.cards) - known).elements())
    pool = list(_sorted(pool))
    if sum(o.hand_counts) - len(o.hand) > len(pool):
        raise ValueError("the observation's hand sizes do not account for the unseen cards")
    hands = _deal_hands(o, pool, rng)
    if start is not None and any(start.hidden):  # the captured cards nobody has shown, after those known then
        for side, h in enumerate(start.hidden):
            k = len(start.taken[side])
            captured[side][k:k] = _sorted(pool[:h])
            del pool[:h]
    to_play = o.to_move if o.to_move is not None else o.dealer
    if o.winner is not None:
        # The match is over: no card is hidden any more. The last capturer swept the table's
        # leftovers, in table order (mulle.round.leftovers): every card no capture of the history took.
        if o.last_capture is not None:
            captured[rules.side_of(o.last_capture)].extend(_sorted(pool))
            pool = []
        if o.history:
            to_play = o.history[-1].seat  # the last seat to play stays to play when the round ends
        elif start is not None:
            plan = schedule(rules, o.dealer, start.plays)
            to_play = plan[5] if plan is not None else to_play
    return state_from(
        State,
        o,
        rng,
        stock=tuple(pool),
        hands=tuple(hands),
        to_play=to_play,
        captured=tuple(tuple(p) for p in captured),
    )
