"""A game's own greedy rollout (``Heuristic.rollout``) gives exactly what the search bots' generic loop gives."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.bots._search import playout
from tests.bots.positions import position
from tests.playout import playout as random_play
from tests.variants import VARIANTS

ROLLOUT_VARIANTS = [t for t in VARIANTS if (h := cardrules.get_game(t).spec.heuristic) and h.rollout]


def _both(game: cardrules.Game[Any, Any, Any, Any], state: Any, side: int, seed: int) -> None:
    spec = game.spec
    heuristic = spec.heuristic
    assert heuristic is not None and heuristic.rollout is not None
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    fast = heuristic.rollout(state, side, fast_rng)
    slow = playout(spec, heuristic, state, side, slow_rng, greedy=True, own_loop=False)
    assert fast == slow, f"{game.text}: rollout {fast} but the generic loop {slow}"
    assert fast_rng.getstate() == slow_rng.getstate(), "the two loops drew differently from the generator"


def test_every_game_has_its_own_rollout() -> None:
    assert {cardrules.get_game(t).name for t in ROLLOUT_VARIANTS} == set(cardrules.game_names())


@pytest.mark.parametrize("text", ROLLOUT_VARIANTS)
def test_rollout_equals_the_generic_loop_over_whole_matches(text: str) -> None:
    # Every position of two whole matches of random play, from both sides: every phase of a
    # round (Charlemagne's bidding, kitty, discards and play), every round's end, the match's end.
    game = cardrules.get_game(text)
    mulle = game.name == "mulle"  # long matches: one, every fifth position
    for seed in (1,) if mulle else (1, 2):
        for k, (state, _, _) in enumerate(random_play(game, seed)):
            if k % (5 if mulle else 3) == 0:
                for side in (0, 1):
                    _both(game, state, side, seed * 1000 + k)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(ROLLOUT_VARIANTS), st.integers(0, 2**32 - 1), st.integers(0, 400), st.integers(0, 2**32 - 1))
def test_rollout_equals_the_generic_loop_in_imagined_deals(text: str, seed: int, steps: int, draw: int) -> None:
    # What the search bots roll out: a deal imagined for the seat to move, from its observation.
    game, state = position(text, seed, steps)
    if game.is_over(state):
        _both(game, state, 0, draw)  # a finished match: 1 or 0 at once
        return
    seat = game.to_move(state)
    assert seat is not None
    world = cardrules.sample_state(game.observe(state, seat), random.Random(draw))
    for side in (0, 1):
        _both(game, world, side, draw)


def test_playout_takes_the_games_rollout_when_greedy() -> None:
    game = cardrules.get_game("mililla")
    spec = game.spec
    assert spec.heuristic is not None
    calls: list[tuple[Any, int]] = []

    def rollout(state: Any, side: int, rng: random.Random) -> float:
        calls.append((state, side))
        return 0.25

    heuristic = attrs.evolve(spec.heuristic, rollout=rollout)
    state = game.new_game(seed=4)
    assert playout(spec, heuristic, state, 1, random.Random(0), greedy=True) == 0.25
    assert calls == [(state, 1)]
    # A random rollout never asks the game's greedy one.
    playout(spec, heuristic, state, 1, random.Random(0), greedy=False)
    assert len(calls) == 1


@pytest.mark.parametrize("text", [t for t in ROLLOUT_VARIANTS if t.startswith("charlemagne")])
def test_charlemagne_rollout_sees_what_the_seat_sees(text: str) -> None:
    # The rollout works out the cards a seat may not have seen from the state; they must be those
    # of the seat's observation, for every seat (bidder, partner, defenders) and every phase.
    from cardrules.charlemagne._bot import _unseen, _unseen_in

    game = cardrules.get_game(text)
    checked = 0
    for seed in (3, 4, 5):
        for state, _, _ in random_play(game, seed):
            for seat in range(4):
                assert _unseen_in(state, seat) == _unseen(game.observe(state, seat))
                checked += 1
    assert checked > 300


@pytest.mark.parametrize("text", [t for t in ROLLOUT_VARIANTS if t.startswith("mulle")])
def test_mulle_rollout_counts_the_unseen_cards_as_the_history_does(text: str) -> None:
    # The rollout keeps the cards no one has shown from move to move, where the heuristic reads
    # them from the observation's history: both must give the same counts for every seat.
    from cardrules.mulle._bot import _Public, _View

    game = cardrules.get_game(text)
    public = None
    round_no = -1
    checked = 0
    for state, move, _ in random_play(game, 7):
        if state.round_no != round_no:
            public, round_no = _Public(state), state.round_no
        assert public is not None
        for seat in range(state.rules.players):
            obs = game.observe(state, seat)
            kept, read = _View(obs, public), _View(obs)
            assert dict(kept.unseen) == dict(read.unseen)
            assert dict(kept.values) == dict(read.values)
            assert kept.unseen_total == read.unseen_total
            checked += 1
        public.show(move.card)
    assert checked > 100
