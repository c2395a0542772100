"""Mililla's hidden cards: where every card is, and states a seat cannot tell apart."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from cardrules import _common, _messages
from cardrules._hidden import deal_hidden
from cardrules.cards import SPANISH_PACK, Card, Rank, Suit
from cardrules.errors import WrongKindError
from cardrules.mililla._cards import _STRENGTH, _sorted_hand
from cardrules.mililla._legal import _trick_winner
from cardrules.mililla._ruleset import SEATS
from cardrules.mililla._state import Observation, State

_BY_SUIT = {s: tuple(c for c in SPANISH_PACK.cards if c.suit is s) for s in {c.suit for c in SPANISH_PACK.cards}}


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
    with the same hand sizes, and the match seed and undealt decks replaced.

    Raises:
        InvalidOptionError: If *seat* is not a seat of the game.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    _common.check_seat(seat, SEATS)
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


def voids(observation: Observation) -> dict[int, frozenset[Card]]:
    """
    The cards each other seat cannot hold, by the plays the observation shows
    (the current trick and the last one, with their leaders): a seat that
    did not follow suit holds none of the suit led; one that let an opponent's
    card stand, when the rules would have made it beat or trump it, holds no
    card that would have done so (mililla.follow.suit, mililla.follow.beat,
    mililla.follow.trump). Under the 7 rule a 7 that may have been barred is
    never ruled out, and a 7 played tells only of the suit led.
    """
    o = observation
    strength = _STRENGTH[o.rules.rank_order]
    trump = o.turn_up.suit
    mode = o.rules.seven_rule
    out: dict[int, set[Card]] = {}
    # The suits led before each trick: known for the current trick; for the last one, only that its own
    # suit may or may not have been led earlier, so a 7 the rule may have barred is kept possible.
    for leader, trick, done in ((o.last_leader, o.last_trick, None), (o.trick_leader, o.trick, o.led)):
        if not trick:
            continue
        lead = trick[0].suit
        for i in range(1, len(trick)):
            seat = (leader + i) % SEATS
            if seat == o.seat:
                continue
            card = trick[i]
            bans = out.setdefault(seat, set())
            if card.suit is not lead:
                bans.update(_BY_SUIT[lead])
            if mode != "off" and card.rank is Rank.SEVEN:
                continue  # perhaps played only because the 7 rule left nothing else
            w = _trick_winner(trick[:i], trump, strength)
            if (leader + w) % 2 == seat % 2:
                continue  # the partner was winning: no duty to beat
            top = trick[w]
            if card.suit is lead:
                if top.suit is not lead or strength[card] > strength[top]:
                    continue  # trumped already, or beaten
                bans.update(_stronger(lead, strength[top], strength, _seven_free(mode, lead, lead, done)))
            elif card.suit is trump:
                if top.suit is trump and strength[card] < strength[top]:
                    bans.update(_stronger(trump, strength[top], strength, _seven_free(mode, trump, lead, done)))
            else:
                floor = strength[top] if top.suit is trump else -1
                bans.update(_stronger(trump, floor, strength, _seven_free(mode, trump, lead, done)))
    return {seat: frozenset(cards) for seat, cards in out.items() if cards}


def _seven_free(mode: str, suit: Suit, lead: Suit, done: frozenset[Suit] | None) -> bool:
    """Whether the 7 of *suit* was surely playable then (not barred by the 7 rule), so its absence can be inferred."""
    if mode == "off":
        return True
    if mode == "round" and suit is lead:
        return True
    return done is not None and suit in done


def _stronger(suit: Suit, floor: int, strength: dict[Card, int], seven: bool) -> Sequence[Card]:
    return [c for c in _BY_SUIT[suit] if strength[c] > floor and (seven or c.rank is not Rank.SEVEN)]


def sample_state(observation: Observation, rng: random.Random) -> State:
    """
    A full state that *observation*'s seat cannot tell from the real one:
    the cards it has not seen are dealt at random to the other hands, with
    the right counts (the turn-up card stays with the dealer while held),
    and no hand gets a card that the play it has seen rules out
    (those of the current and the last trick; the observation keeps no
    record of who played which card in older tricks). Every deal that agrees
    with the observation and those voids can come out; without voids the
    deal is uniform.

    ``observe(sample_state(obs, rng), obs.seat) == obs`` always holds.
    """
    if type(observation) is not Observation:
        raise WrongKindError(f"expected a Mililla observation, got {_messages.kind_name(observation)}")
    o = observation
    seen = set(o.hand) | set(o.trick) | set(o.won[0]) | set(o.won[1])
    if o.turn_up_in_hand:
        seen.add(o.turn_up)
    unseen = [c for c in SPANISH_PACK.cards if c not in seen]
    keeps = {s: [o.turn_up] if (s == o.dealer and o.turn_up_in_hand) else [] for s in range(SEATS) if s != o.seat}
    sizes = {f"hand {s}": o.hand_counts[s] - len(keep) for s, keep in keeps.items()}
    dealt = deal_hidden(unseen, sizes, {f"hand {s}": cards for s, cards in voids(o).items()}, rng)
    if dealt is None:
        rng.shuffle(unseen)
        dealt = {}
        for name, n in sizes.items():
            dealt[name] = unseen[:n]
            del unseen[:n]
        if unseen:
            raise ValueError("the observation's hand sizes do not account for the unseen cards")
    hands: list[tuple[Card, ...]] = []
    for s in range(SEATS):
        if s == o.seat:
            hands.append(o.hand)
            continue
        hands.append(_sorted_hand(keeps[s] + dealt[f"hand {s}"]))
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
        history=o.history,
    )
