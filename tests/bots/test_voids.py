"""Voids shown by play, in the trick games' hidden-hand sampling: every sample agrees with the plays seen,
the real state always could have been drawn, and the constrained deal can give every deal that agrees."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules._kit.hidden import deal_hidden
from cardrules._kit.inference import voids_among
from cardrules.bots import get_bot
from cardrules.charlemagne._sample import _hidden_zones
from tests.variants import VARIANTS

TRICK_GAMES = [v for v in VARIANTS if v.startswith(("mililla", "charlemagne"))]


def _voids(game: cardrules.Game[Any, Any, Any, Any], view: Any) -> dict[int, frozenset[cardrules.Card]]:
    """The cards each other seat cannot hold: the ``"none"`` inferences, put together by seat."""
    return voids_among(cardrules.inferences(view), view.seat)


def _position(text: str, seed: int, steps: int, greedy: float) -> tuple[cardrules.Game[Any, Any, Any, Any], Any]:
    """A position after up to *steps* moves, each one greedy with probability *greedy*, else random."""
    game = cardrules.get_game(text)
    rng = random.Random(seed)
    bot = get_bot("greedy")
    state = game.new_game(seed=seed)
    for _ in range(steps):
        seat = game.to_move(state)
        if seat is None:
            break
        legal = game.legal_moves(state)
        move = bot.choose(game.observe(state, seat), legal, rng) if rng.random() < greedy else legal.sample(rng)
        after = game.apply(state, move)
        if game.is_over(after):
            break
        state = after
    return game, state


positions = st.builds(
    _position, st.sampled_from(TRICK_GAMES), st.integers(0, 2**32 - 1), st.integers(0, 120), st.sampled_from([0.0, 0.8])
)


def _plays_shown(game: cardrules.Game[Any, Any, Any, Any], view: Any) -> list[tuple[int, Any, int, int]]:
    """(leader, trick, index, which trick: 0 the last, 1 the current) of every play shown after a lead."""
    if game.name == "mililla":
        tricks = [(view.last_leader, view.last_trick, 0), (view.trick_leader, view.trick, 1)]
    else:
        tricks = [(view.last_leader, view.last_trick, 0), (view.leader, view.trick, 1)]
    return [(leader, trick, i, which) for leader, trick, which in tricks for i in range(1, len(trick))]


def _before(
    game: cardrules.Game[Any, Any, Any, Any], sample: Any, leader: int, trick: Any, i: int, which: int
) -> list[Any]:
    """The states just before the *i*-th card of *trick*: the sampled hands, plus the cards played since."""
    current = sample.trick
    lead_field = "trick_leader" if game.name == "mililla" else "leader"
    cur_leader = getattr(sample, lead_field)
    state = attrs.evolve(sample, trick=trick[:i], **{lead_field: leader})
    seat = game.to_move(state)
    assert seat is not None
    hand = list(sample.hands[seat]) + [trick[i]]
    if which == 0:  # the last trick: add what the seat has played to the current trick since
        for j, card in enumerate(current):
            if game.to_move(attrs.evolve(sample, trick=current[:j], **{lead_field: cur_leader})) == seat:
                hand.append(card)
    hands = list(sample.hands)
    hands[seat] = tuple(hand)
    state = attrs.evolve(state, hands=tuple(hands))
    if game.name == "mililla" and which == 0:
        # The suits led before the last trick: the ones led now, less perhaps the last trick's own.
        return [state, attrs.evolve(state, led=state.led - {trick[0].suit})]
    return [state]


@settings(max_examples=60, deadline=None)
@given(positions, st.integers(0, 3), st.integers(0, 2**32 - 1))
def test_samples_agree_with_the_plays_shown(
    case: tuple[cardrules.Game[Any, Any, Any, Any], Any], pick: int, seed: int
) -> None:
    """
    In a sampled state every play the observation shows was legal with the sampled hands (the hand then
    being the hand now plus the cards played since), the voids are respected, and the real hands respect them.
    """
    game, state = case
    view = game.observe(state, pick)
    bans = _voids(game, view)
    for seat, cards in bans.items():
        assert seat != pick
        assert not set(state.hands[seat]) & cards, "a void the real state does not have"
    sample = cardrules.sample_state(view, random.Random(seed))
    assert game.observe(sample, pick) == view
    for seat, cards in bans.items():
        assert not set(sample.hands[seat]) & cards
    for leader, trick, i, which in _plays_shown(game, view):
        befores = _before(game, sample, leader, trick, i, which)
        if game.to_move(befores[0]) == pick:
            continue
        assert any(any(m.card == trick[i] for m in game.legal_moves(b)) for b in befores), (
            f"{trick[i]} could not have been played from the sampled hand"
        )


@pytest.mark.parametrize("text", ["mililla", "mililla(seven_rule=earlier)", "charlemagne"])
@pytest.mark.parametrize("seed", range(4))
def test_the_real_deal_comes_out(text: str, seed: int) -> None:
    """Late in a round, with voids shown, sampling often enough draws the real hidden hands."""
    game = cardrules.get_game(text)
    rng = random.Random(seed)
    for attempt in range(200):
        game, state = _position(text, seed * 1000 + attempt, rng.randrange(5, 60), 0.5)
        seat = game.to_move(state)
        if seat is None or state.trick == () or _hidden_count(game, state, seat) > 7:
            continue
        view = game.observe(state, seat)
        if _voids(game, view):
            break
    else:
        pytest.skip("no late position with voids found")  # pragma: no cover
    hidden = [s for s in range(4) if s != seat]
    real = tuple(tuple(state.hands[s]) for s in hidden)
    samples = (cardrules.sample_state(view, rng) for _ in range(3000))
    draws = {tuple(tuple(sample.hands[s]) for s in hidden) for sample in samples}
    assert real in draws


def _hidden_count(game: cardrules.Game[Any, Any, Any, Any], state: Any, seat: int) -> int:
    """How many cards *seat* cannot place: in the other hands and (Charlemagne) the hidden piles."""
    if game.name == "mililla":
        return sum(len(h) for s, h in enumerate(state.hands) if s != seat)
    zones = game.spec.zones(state)
    return sum(len(zones[name]) for name in _hidden_zones(state, seat))


@st.composite
def deal_cases(draw: st.DrawFn) -> tuple[list[int], dict[str, int], dict[str, frozenset[int]]]:
    """A small pool of cards, places with sizes, and bans that some deal respects (the first one drawn)."""
    n = draw(st.integers(1, 7))
    places = draw(st.integers(1, 4))
    names = [f"p{i}" for i in range(places)]
    owner = [draw(st.integers(0, places - 1)) for _ in range(n)]  # the real deal
    sizes = {name: owner.count(i) for i, name in enumerate(names)}
    bans = {
        name: frozenset(c for c in range(n) if owner[c] != i and draw(st.booleans())) for i, name in enumerate(names)
    }
    return list(range(n)), sizes, bans


def _all_deals(
    pool: list[int], sizes: dict[str, int], bans: dict[str, frozenset[int]]
) -> set[tuple[tuple[int, ...], ...]]:
    names = list(sizes)
    out = set()
    for owner in itertools.product(range(len(names)), repeat=len(pool)):
        if all(owner.count(i) == sizes[n] for i, n in enumerate(names)) and all(
            c not in bans[names[owner[c]]] for c in pool
        ):
            out.add(tuple(tuple(c for c in pool if owner[c] == i) for i in range(len(names))))
    return out


@settings(max_examples=40, deadline=None)
@given(deal_cases(), st.integers(0, 2**32 - 1))
def test_constrained_deal_can_give_every_agreeing_deal(case: Any, seed: int) -> None:
    """The constrained deal respects the sizes and the bans, and can give every deal that does (the real one too)."""
    pool, sizes, bans = case
    possible = _all_deals(pool, sizes, bans)
    rng = random.Random(seed)
    seen = set()
    for _ in range(40 * len(possible) + 40):
        deal = deal_hidden(pool, sizes, bans, rng)
        if deal is None:
            assert not any(set(b) & set(pool) for b in bans.values())
            return
        assert {n: len(cs) for n, cs in deal.items()} == sizes
        assert Counter(c for cs in deal.values() for c in cs) == Counter(pool)
        assert all(not set(cs) & bans[n] for n, cs in deal.items())
        seen.add(tuple(tuple(sorted(deal[n])) for n in sizes))
    assert seen == possible


def test_constrained_deal_refuses_the_impossible() -> None:
    """Bans that no deal can respect are a ValueError, as are sizes that miss cards."""
    with pytest.raises(ValueError, match="voids"):
        deal_hidden([1, 2], {"a": 1, "b": 1}, {"a": frozenset({1, 2})}, random.Random(0))
    with pytest.raises(ValueError, match="sizes"):
        deal_hidden([1, 2, 3], {"a": 1, "b": 1}, {}, random.Random(0))
