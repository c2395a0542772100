"""The generic conformance suite: every game, preset and option, over random legal play of whole matches."""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from tests.playout import final_state, playout
from tests.variants import VARIANTS

seeds = st.integers(min_value=0, max_value=2**63 - 1)


def _cards(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> Counter[cardrules.Card]:
    held: Counter[cardrules.Card] = Counter()
    for cards in game.spec.zones(state).values():
        held.update(cards)
    return held


@pytest.fixture(params=VARIANTS, scope="module")
def game(request: pytest.FixtureRequest) -> cardrules.Game[Any, Any, Any, Any]:
    """Each variant's game."""
    return cardrules.get_game(request.param)


def test_variant_text_round_trips(game: cardrules.Game[Any, Any, Any, Any]) -> None:
    """The ruleset text reads back as the same ruleset."""
    assert game.rules == cardrules.get_game(game.text).rules


@given(seed=seeds)
def test_pack_is_conserved(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """Every card of the pack is in exactly one place at every step."""
    pack = Counter(game.spec.pack.cards)
    for _, _, after in playout(game, seed):
        assert pack == _cards(game, after)


@given(seed=seeds)
def test_apply_never_mutates_its_input(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """``apply`` leaves its input equal to a deep copy taken before, and JSON-identical."""
    rng = random.Random(seed)
    for state, move, _ in playout(game, seed):
        if rng.random() < 0.2:
            before = copy.deepcopy(state)
            text = cardrules.dumps(state)
            game.apply(state, move)
            assert before == state
            assert text == cardrules.dumps(state)


@given(seed=seeds)
def test_moves_exist_until_the_end(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """Legal moves are never empty before the match ends, and empty after; to_move agrees."""
    last = None
    for state, _, after in playout(game, seed):
        assert game.to_move(state) is not None
        assert game.legal_moves(state)
        last = after
    assert last is not None
    assert game.is_over(last)
    assert game.to_move(last) is None
    assert not game.legal_moves(last)
    assert game.score(last).winner is not None


@given(seed=seeds)
def test_check_move_agrees_with_legal_moves(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """Listed moves pass check_move; moves legal a step earlier but not now are refused, state unchanged."""
    rng = random.Random(seed)
    for state, move, after in playout(game, seed):
        assert game.check_move(state, move) is None
        # a sample of the positions (every example plays a whole match; the long profiles run many)
        if rng.random() < 0.1 and not game.is_over(after):
            moves = game.legal_moves(after)
            earlier = game.legal_moves(state)
            for old in itertools.islice(earlier, 40):
                if old in moves:
                    assert game.check_move(after, old) is None
                    continue
                violation = game.check_move(after, old)
                assert violation is not None
                assert violation.rule.id in game.spec.rulebook
                text = cardrules.dumps(after)
                with pytest.raises(cardrules.IllegalMoveError) as info:
                    game.apply(after, old)
                assert violation.rule == info.value.rule
                assert text == cardrules.dumps(after)


@given(seed=seeds)
def test_observations_do_not_leak(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """``observe(s, k)`` is unchanged when the cards hidden from k are dealt again at random."""
    rng = random.Random(seed)
    changed = 0
    seats = len({s for side in game.score(game.new_game(seed=seed)).sides for s in side})
    for i, (state, _, _) in enumerate(playout(game, seed)):
        if i == 0 or rng.random() < 0.15:
            for seat in range(seats):
                other = game.spec.shuffle_hidden(state, seat, rng)
                changed += other != state
                assert game.observe(state, seat) == game.observe(other, seat)
                assert Counter(game.spec.pack.cards) == _cards(game, other)
    assert changed > 0


@given(seed=seeds)
def test_json_round_trips(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """``loads(dumps(s)) == s`` and observations serialise, at random points of a match."""
    rng = random.Random(seed)
    for state, _, _ in playout(game, seed):
        if rng.random() < 0.1:
            assert state == cardrules.loads(cardrules.dumps(state))
            seat = game.to_move(state)
            assert seat is not None
            assert isinstance(game.observe(state, seat).to_dict(), dict)
    last = final_state(game, seed)
    assert last == cardrules.loads(cardrules.dumps(last))


@given(seed=seeds)
def test_notation_round_trips(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """Every listed move reads back from its notation, in context and context-free."""
    rng = random.Random(seed)
    for state, _, _ in playout(game, seed):
        if rng.random() < 0.2:
            moves = game.legal_moves(state)
            for move in itertools.islice(moves, 30):
                assert move == game.parse_move(state, game.format_move(state, move))
                assert move == game.spec.parse_canonical(game.spec.format_canonical(move))


@given(seed=seeds)
def test_match_points_add_up_to_the_rounds(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """At the end, the match score is the sum of the rounds' points, and the winner leads."""
    last = final_state(game, seed)
    score = game.score(last)
    sides = len(score.sides)
    assert score.match == tuple(sum(r.points[i] for r in score.rounds) for i in range(sides))
    assert all(r.complete for r in score.rounds)
    assert score.winner is not None


@given(seed=seeds)
def test_same_seed_same_match(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """A seed gives the same deal and the same legal moves."""
    a = game.new_game(seed=seed)
    b = game.new_game(seed=seed)
    assert a == b
    assert list(game.legal_moves(a)) == list(game.legal_moves(b))


HOOKED = [v for v in VARIANTS if cardrules.get_game(v).spec.sample_state is not None]
DECKED = [v for v in VARIANTS if cardrules.get_game(v).spec.round_deck is not None]


@pytest.mark.parametrize("text", HOOKED)
@given(seed=seeds)
def test_sample_state_is_consistent_with_the_observation(text: str, seed: int) -> None:
    """``observe(sample_state(obs, rng), seat) == obs``, and the sampled state holds the whole pack."""
    game = cardrules.get_game(text)
    assert game.spec.sample_state is not None
    rng = random.Random(seed)
    for state, _, _ in playout(game, seed):
        if rng.random() < 0.1:
            seat = game.to_move(state)
            assert seat is not None
            obs = game.observe(state, seat)
            sampled = game.spec.sample_state(obs, rng)
            assert obs == game.observe(sampled, seat)
            assert Counter(game.spec.pack.cards) == _cards(game, sampled)
            assert list(itertools.islice(game.legal_moves(state), 200)) == list(
                itertools.islice(game.legal_moves(sampled), 200)
            )


@pytest.mark.parametrize("text", DECKED)
@given(seed=seeds)
def test_round_deck_deals_the_round_again(text: str, seed: int) -> None:
    """The deck order of a round, dealt by the same dealer, gives the same hands."""
    game = cardrules.get_game(text)
    assert game.spec.round_deck is not None
    start = game.new_game(seed=seed)
    again = game.new_game(deck=game.spec.round_deck(start), dealer=start.dealer, seed=seed)
    assert start == again


@given(seed=seeds)
def test_positions_round_trip(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """
    ``from_position(position(s))`` has the same legal moves, the same observation for every seat and
    the same score, and writing it again gives the same text, at random points of a random match.
    """
    rng = random.Random(seed)
    seats = sorted({s for side in game.score(game.new_game(seed=seed)).sides for s in side})
    for state, _, after in playout(game, seed):
        if rng.random() >= 0.05:
            continue
        for s in (state, after):
            text = game.position(s)
            back = game.from_position(text)
            assert cardrules.from_position(text) == back
            assert game.position(back) == text
            assert list(itertools.islice(game.legal_moves(back), 200)) == list(
                itertools.islice(game.legal_moves(s), 200)
            )
            assert game.score(back) == game.score(s)
            for seat in seats:
                # The trick games' positions keep each side's won tricks but not the order between the
                # sides: read back, a state has no history of tricks (Mulle's keep every play).
                seen, want = game.observe(back, seat), game.observe(s, seat)
                assert seen.history in ((), want.history)
                assert seen == attrs.evolve(want, history=seen.history)
