"""Charlemagne's card zones, and states a seat cannot tell from the real one (for the bots' search)."""

from __future__ import annotations

import random
from typing import Final

import attrs

from cardrules import _common, _messages
from cardrules._hidden import deal_hidden
from cardrules.cards import CHARLEMAGNE_PACK, Card, Suit
from cardrules.charlemagne._cards import _SUIT_OF, _sorted_hand
from cardrules.charlemagne._legal import _ORDERS, _SOLO
from cardrules.charlemagne._observe import _open_hand
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
    size, and the seed and undealt decks are replaced.

    The records of the kitty cards taken and of the passed card follow the
    cards they name, so the result is a consistent position; the passed card
    stays put when *seat* is the partner, who knows it.

    Raises:
        InvalidOptionError: If *seat* is not a seat of the game.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    _common.check_seat(seat, SEATS)
    z = zones(state)
    fixed = {state.passed} if seat == state.partner and state.passed is not None else set()
    places: list[tuple[str, int]] = []
    cards: list[Card] = []
    for name in _hidden_zones(state, seat):
        for i, c in enumerate(z[name]):
            if c not in fixed:
                places.append((name, i))
                cards.append(c)
    new = cards[:]
    rng.shuffle(new)
    moved = dict(zip(cards, new, strict=True))
    lists = {name: list(cs) for name, cs in z.items()}
    for (name, i), c in zip(places, new, strict=True):
        lists[name][i] = c
    return attrs.evolve(
        state,
        hands=tuple(_sorted_hand(lists[f"hand {s}"]) for s in range(SEATS)),
        kitty=tuple(lists["kitty"]),
        discards=tuple(lists["discards"]),
        out=tuple(lists["out"]),
        taken=tuple(moved.get(c, c) for c in state.taken),
        passed=None if state.passed is None else moved.get(state.passed, state.passed),
        seed=rng.getrandbits(63),
        pending_decks=(),
    )


# The cards that follow each suit, by trump (None: Mulot, whose jokers are a suit of their own).
_FOLLOWING: Final = {
    trump: {led: frozenset(c for c in CHARLEMAGNE_PACK.cards if table[c] is led) for led in set(table.values())}
    for trump, table in _SUIT_OF.items()
}


def voids(observation: Observation) -> dict[int, frozenset[Card]]:
    """
    The cards each other seat cannot hold, by the plays the observation shows
    (the current trick and the last one, with their leaders): a seat that did
    not follow the suit led holds none of it, the trumps being the trump
    suit, the jokers and the two jacks of its colour (charlemagne.follow.suit);
    in Mulot, a seat that neither followed nor played a joker holds no joker
    (charlemagne.mulot.joker-void).
    """
    o = observation
    suit_of = _SUIT_OF[o.trump]
    b = o.bidder
    sitting_out = None if b is None or o.contract not in _SOLO else (b + 2) % SEATS
    out: dict[int, set[Card]] = {}
    for leader, trick in ((o.last_leader, o.last_trick), (o.leader, o.trick)):
        if not trick:
            continue
        order = _ORDERS[leader, sitting_out]
        led = suit_of[trick[0]]
        for seat, card in zip(order[1:], trick[1:], strict=False):
            if seat == o.seat or suit_of[card] is led:
                continue
            bans = out.setdefault(seat, set())
            bans.update(_FOLLOWING[o.trump][led])
            if o.trump is None and led is not Suit.JOKER and card.suit is not Suit.JOKER:
                bans.update(_FOLLOWING[None][Suit.JOKER])
    return {seat: frozenset(cards) for seat, cards in out.items()}


def sample_state(observation: Observation, rng: random.Random) -> State:
    """
    A full state that *observation*'s seat cannot tell from the real one:
    the cards whose place it does not know are dealt at random to the places
    it cannot see (other hands, kitty, discards, the partner's thrown-away
    cards), with the right counts. A passed card the seat knows goes to the
    bidder's hand or discards; the records of the kitty cards taken and of
    the passed card are filled in consistently. No hand gets a card that
    the play the seat has seen rules out (in the current and the
    last trick; the observation keeps no record of who played which card in
    older tricks). Every deal that agrees with the observation and those
    voids can come out; without voids the deal is uniform.

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
    pool = [c for c in CHARLEMAGNE_PACK.cards if c not in located]
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
    zone: dict[str, list[Card]] = {name: [] for name in sizes}
    bans = {f"hand {s}": cards for s, cards in voids(o).items()}
    if seat == p and o.passed is not None and o.passed in pool:
        pool.remove(o.passed)
        assert b is not None
        near = [n for n in (f"hand {b}", "discards") if o.passed not in bans.get(n, ())]
        weights = [sizes[n] for n in near]
        zone[rng.choices(near, weights)[0]].append(o.passed)
    dealt = deal_hidden(pool, {name: n - len(zone[name]) for name, n in sizes.items()}, bans, rng)
    if dealt is None:
        rng.shuffle(pool)
        for name, n in sizes.items():
            k = n - len(zone[name])
            zone[name].extend(pool[:k])
            del pool[:k]
    else:
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
    return State(
        rules=o.rules,
        seed=rng.getrandbits(63),
        pending_decks=(),
        round_no=o.round_no,
        dealer=o.dealer,
        hands=tuple(hands),
        kitty=tuple(zone["kitty"]),
        phase=o.phase,
        calls=o.calls,
        bidder=b,
        contract=c,
        source=o.source,
        taken=taken,
        passed=passed,
        discards=discards,
        out=out,
        trump=o.trump,
        leader=o.leader,
        trick=o.trick,
        won=o.won,
        tricks=o.tricks,
        last_trick=o.last_trick,
        last_leader=o.last_leader,
        match=o.match,
        rounds=o.rounds,
        winner=o.winner,
        history=o.history,
    )
