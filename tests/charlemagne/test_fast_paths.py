"""The fast paths of the Charlemagne engine give the answers of the rules as written.

The engine looks up the pack's cards by identity, reuses the last ``legal_moves`` answer in
``apply``, and compares trick cards directly. Cards are interned (one object per card), so a copy
of a state holds the very same cards; these tests check that copied states and moves, moves not
listed just before, and calls from several threads get the same results.
"""

from __future__ import annotations

import copy
import random
import sys
import threading
from collections.abc import Iterator, Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import Card, Suit
from cardrules import charlemagne as ch
from cardrules.charlemagne import PACK as CHARLEMAGNE_PACK
from cardrules.charlemagne import _cards

RULESETS = [ch.STANDARD, ch.CharlemagneRuleset(end_when_decided=True)]
MODES: list[Suit | None] = [None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]


def _playout(rules: ch.CharlemagneRuleset, seed: int, odds: float) -> Iterator[tuple[ch.State, ch.Move, ch.State]]:
    rng = random.Random(seed)
    state = ch.new_game(rules, seed=seed)
    while not ch.is_over(state):
        moves = ch.legal_moves(state)
        if state.phase == "bid" and ch.Pass() in moves and rng.random() < odds:
            move: ch.Move = ch.Pass()
        else:
            move = moves.sample(rng)
        after = ch.apply(state, move)
        yield state, move, after
        state = after


def _card_moves(state: ch.State) -> list[ch.Move]:
    seat = ch.to_move(state)
    cards = () if seat is None else state.hands[seat]
    return [m for c in cards for m in (ch.Play(c), ch.Give(c), ch.Discard(c))]


def _answers(state: ch.State, move: ch.Move, after: ch.State) -> tuple[object, ...]:
    """Everything the engine says about *state*, comparable across equal states."""
    moves = tuple(ch.legal_moves(state))
    checks = tuple(str(ch.check_move(state, m)) for m in _card_moves(state))
    return (
        moves,
        checks,
        ch.to_move(state),
        ch.score(state),
        tuple(ch.observe(state, s) for s in range(4)),
        ch.events(state, move, after),
    )


def _foreign(cards: Sequence[Card]) -> bool:
    return any(c is not p for c in cards for p in CHARLEMAGNE_PACK.cards if c == p)


@pytest.mark.parametrize("rules", RULESETS, ids=["standard", "end_when_decided"])
@given(seed=st.integers(min_value=0, max_value=2**63 - 1), odds=st.sampled_from([0.0, 0.5, 0.8]))
def test_copied_states_and_moves_get_the_same_answers(rules: ch.CharlemagneRuleset, seed: int, odds: float) -> None:
    """A deep copy holds new tuples and moves but the same (interned) cards: the answers are the same."""
    for state, move, after in _playout(rules, seed, odds):
        expected = _answers(state, move, after)
        twins = [
            copy.deepcopy(state),  # every card another object
            attrs.evolve(state, hands=copy.deepcopy(state.hands)),  # the hands' cards only
            attrs.evolve(state, trick=copy.deepcopy(state.trick)),  # the trick's cards only
        ]
        assert not _foreign([c for h in twins[0].hands for c in h])  # cards are interned
        for twin in twins:
            assert twin == state
            assert _answers(twin, move, after) == expected
            assert ch.apply(twin, move) == after
            assert ch.apply(twin, copy.deepcopy(move)) == after
            listed = ch.legal_moves(twin)
            assert ch.apply(twin, listed[list(listed).index(move)]) == after


def test_a_move_listed_for_another_state_is_checked() -> None:
    """apply reuses the last legal_moves answer only for that very state."""
    checked = 0
    for state, _move, after in _playout(ch.STANDARD, 3, 0.5):
        if ch.is_over(after):
            break
        for m in ch.legal_moves(state):
            ch.legal_moves(state)  # m is listed, but for state, not for after
            violation = ch.check_move(after, m)
            if violation is None:
                continue
            with pytest.raises(cardrules.IllegalMoveError) as err:
                ch.apply(after, m)
            assert err.value.rule == violation.rule and err.value.reason == violation.reason
            checked += 1
    assert checked > 100


def _reference_trick_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """charlemagne.trick.winner as first written: the highest trump, else the highest card of the suit led."""
    suit_of, strength = _cards._SUIT_OF[trump], _cards._STRENGTH[trump]
    top = Suit.JOKER if trump is None else trump
    led = suit_of[trick[0]]
    best, best_key = 0, (led is top, strength[trick[0]])
    for i, c in enumerate(trick[1:], start=1):
        s = suit_of[c]
        if s is not top and s is not led:
            continue
        key = (s is top, strength[c])
        if key > best_key:
            best, best_key = i, key
    return best


@pytest.mark.parametrize("trump", MODES, ids=lambda m: "mulot" if m is None else m.name.lower())
def test_trick_winner_is_the_rule(trump: Suit | None) -> None:
    rng = random.Random(str(trump))
    cards = list(CHARLEMAGNE_PACK.cards)
    for _ in range(4000):
        trick = rng.sample(cards, rng.choice([3, 4]))
        assert _cards._trick_winner(trick, trump) == _reference_trick_winner(trick, trump)
        twin = copy.deepcopy(trick)
        assert _cards._trick_winner(twin, trump) == _reference_trick_winner(trick, trump)


def test_sorted_hand_sorts_in_pack_order_and_keeps_the_objects() -> None:
    rng = random.Random(4)
    cards = list(CHARLEMAGNE_PACK.cards)
    for _ in range(500):
        hand = rng.sample(cards, rng.randint(0, 10))
        expected = tuple(sorted(hand, key=_cards._HAND_ORDER.__getitem__))
        got = _cards._sorted_hand(hand)
        assert got == expected and all(a is b for a, b in zip(got, expected, strict=True))
        twin = copy.deepcopy(hand)
        got = _cards._sorted_hand(twin)
        assert got == expected and all(any(g is t for t in twin) for g in got)


def test_random_play_in_threads_matches_play_in_one_thread() -> None:
    """The last legal_moves answer is shared by all threads; a thread never sees another's as its own."""

    def final(seed: int) -> ch.State:
        *_, (_, _, last) = _playout(ch.STANDARD, seed, 0.3)
        return last

    seeds = range(8)
    expected = {seed: final(seed) for seed in seeds}
    got: dict[int, ch.State] = {}
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=lambda s=seed: got.__setitem__(s, final(s))) for seed in seeds]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert got == expected
