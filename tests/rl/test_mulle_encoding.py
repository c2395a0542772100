"""
Mulle's factored encoding against the engine's legal moves, on positions from random play
(large tables included): every masked sequence of steps ends in a legal move, and every legal
move is reached by exactly one sequence. Needs no extra: the steps are plain lists.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.engine._learning import action_bits
from cardrules.errors import WrongKindError
from cardrules.rl import FactoredEncoding, InvalidActionError
from tests.playout import states

RULESETS = ("mulle", "mulle/fishing", "mulle(players=4)", "mulle/fishing(players=3)")


def _encoding(game: Any) -> FactoredEncoding:
    enc = game.spec.learning.encoding
    assert isinstance(enc, FactoredEncoding)
    return enc


def _position(text: str, seed: int, steps: int, trail_bias: float) -> tuple[Any, Any]:
    """A position after random play; *trail_bias* is how often a trail is preferred (the table grows)."""
    game = cardrules.get_game(text)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        moves = game.legal_moves(state)
        trails = [m for m in itertools.islice(moves, 400) if type(m).__name__ == "Trail"]
        move = rng.choice(trails) if trails and rng.random() < trail_bias else moves.sample(rng)
        state = game.apply(state, move)
    return game, state


def _walk(enc: FactoredEncoding, state: Any, rng: random.Random) -> tuple[int, ...]:
    steps: tuple[int, ...] = ()
    while True:
        options = enc.legal_actions(state, steps)
        assert options, f"a dead end after {steps}"
        steps += (rng.choice(options),)
        if steps[-1] == enc.done:
            return steps


positions = st.tuples(
    st.sampled_from(RULESETS), st.integers(0, 2**32), st.integers(0, 120), st.sampled_from([0.0, 0.9])
)


@given(where=positions, walk=st.integers(0, 2**32))
def test_every_masked_walk_ends_in_a_legal_move(where: tuple[str, int, int, float], walk: int) -> None:
    """
    Every walk through the masks ends in a legal move, which decode checks (the rules' own check:
    if the masks ever offered done for a move the rules refuse, decode raises and this fails), as
    it checks every other move, whatever options offered before.
    """
    from cardrules.mulle import _steps as factored

    game, state = _position(*where)
    if game.is_over(state):
        return
    enc = _encoding(game)
    rng = random.Random(walk)
    for _ in range(20):
        steps = _walk(enc, state, rng)
        move = enc.decode(state, steps)
        assert game.check_move(state, move) is None
        assert move in game.legal_moves(state)
        assert enc.encode(state, move) == steps
    hand = set(state.hands[state.to_play])
    other = next(i for i in range(52) if factored._CARDS[i] not in hand)
    with pytest.raises(InvalidActionError):  # a trail of a card not held: checked, whatever was offered before
        enc.decode(state, (other, factored.TRAIL, enc.done))


@given(where=positions, pick=st.integers(0, 2**32))
def test_every_legal_move_is_reachable_through_the_masks(where: tuple[str, int, int, float], pick: int) -> None:
    game, state = _position(*where)
    if game.is_over(state):
        return
    enc = _encoding(game)
    moves = game.legal_moves(state)
    rng = random.Random(pick)
    some = list(itertools.islice(moves, 300)) + [moves.sample(rng) for _ in range(30)]
    for move in some:
        steps = enc.encode(state, move)
        assert steps[-1] == enc.done
        for i, action in enumerate(steps):
            assert action in enc.legal_actions(state, steps[:i]), (move, steps, i)
        assert enc.decode(state, steps) == move


def _completions(enc: FactoredEncoding, state: Any, limit: int) -> list[Any] | None:
    out: list[Any] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        steps = stack.pop()
        for action in enc.legal_actions(state, steps):
            if action == enc.done:
                out.append(enc.decode(state, (*steps, action)))
                if len(out) > limit:
                    return None
            else:
                stack.append((*steps, action))
    return out


@given(where=positions)
def test_the_masked_sequences_are_exactly_the_legal_moves(where: tuple[str, int, int, float]) -> None:
    """Where there are few enough to list: one sequence per legal move, and no other."""
    game, state = _position(*where)
    moves = list(itertools.islice(game.legal_moves(state), 1500))
    if len(moves) >= 1500:
        return
    found = _completions(_encoding(game), state, 1500)
    assert found is not None
    assert len(found) == len(set(found)) == len(moves)
    assert set(found) == set(moves)


def test_a_large_table_with_thousands_of_captures() -> None:
    """A 41-card fishing table with 8,433 legal moves: walks end in legal moves, and sampled moves are reachable."""
    game, state = _position("mulle/fishing(players=4)", 0, 80, 0.97)
    enc = _encoding(game)
    moves = game.legal_moves(state)
    assert len(state.table) == 41 and len(moves) == 8433
    rng = random.Random(1)
    for _ in range(50):
        move = enc.decode(state, _walk(enc, state, rng))
        assert move in moves
    for _ in range(50):
        move = moves.sample(rng)
        steps = enc.encode(state, move)
        assert all(a in enc.legal_actions(state, steps[:i]) for i, a in enumerate(steps))


@pytest.mark.parametrize(
    "steps",
    [(200,), (-1,), (60,), (0, 0), (153,)],
)
def test_steps_that_complete_no_move_are_refused(steps: tuple[int, ...]) -> None:
    game, state = _position("mulle", 3, 0, 0.0)
    enc = _encoding(game)
    with pytest.raises(InvalidActionError):
        enc.legal_actions(state, steps)
        enc.decode(state, steps)


@pytest.mark.parametrize("steps", ["0, 52", b"\x00", 5, [1.5], [True]])
def test_steps_of_the_wrong_kind_are_refused(steps: Any) -> None:
    game, state = _position("mulle", 3, 0, 0.0)
    with pytest.raises(WrongKindError):
        _encoding(game).legal_actions(state, steps)


def test_a_decode_of_an_illegal_move_is_refused() -> None:
    game, state = _position("mulle", 3, 0, 0.0)
    enc = _encoding(game)
    held = {c for c in state.hands[state.to_play]}
    other = next(i for i in range(52) if enc.labels[i].split()[-1] not in {str(c) for c in held})
    with pytest.raises(InvalidActionError):
        enc.decode(state, (other, 52, enc.done))


def _playout_states(text: str, seed: int, moves: int) -> list[Any]:
    return states(cardrules.get_game(text), seed, moves)


@pytest.mark.parametrize("text", RULESETS)
def test_a_move_decode_checked_is_checked_again_on_any_other_state(text: str) -> None:
    """
    decode spares apply a second check of its move on that state only: elsewhere the move is checked.
    So is decode's own short cut (done offered after these steps): the same steps on a later state
    are checked, and refused there unless they make a legal move.
    """
    game = cardrules.get_game(text)
    enc = _encoding(game)
    rng = random.Random(5)
    refused = steps_refused = 0
    states = _playout_states(text, 5, 150)
    for state, later in itertools.pairwise(states):
        if game.is_over(state) or game.is_over(later):
            continue
        steps = _walk(enc, state, rng)
        move = enc.decode(state, steps)
        assert game.apply(state, move) == game.apply(state, enc.decode(state, enc.encode(state, move)))
        if game.check_move(later, move) is not None:
            refused += 1
            with pytest.raises(cardrules.IllegalMoveError):
                game.apply(later, move)
        try:
            again = enc.decode(later, steps)
        except InvalidActionError:
            steps_refused += 1
        else:
            assert game.check_move(later, again) is None
    assert refused > 10 and steps_refused > 10


@pytest.mark.parametrize("text", RULESETS)
def test_the_tensor_does_not_depend_on_the_order_observations_are_filled_in(text: str) -> None:
    """The 'gone' counts are kept from the last history filled: any order gives the counts of the history itself."""
    game = cardrules.get_game(text)
    assert game.spec.learning is not None
    layout = game.spec.learning.tensor
    start, stop = layout.offsets()["gone"]
    index = {label.removeprefix("hand card "): i for i, label in enumerate(_encoding(game).labels[:52])}
    observations = [
        game.observe(s, seat) for seed in (1, 2) for s in _playout_states(text, seed, 120) for seat in (0, 1)
    ]
    in_order = [layout.values(o) for o in observations]
    rng = random.Random(3)
    shuffled = list(range(len(observations)))
    rng.shuffle(shuffled)
    for i in shuffled:
        o = observations[i]
        values = layout.values(o)
        assert values == in_order[i]
        gone = [0.0] * (stop - start)
        for turn in o.history:
            if type(turn.move).__name__ == "Capture":
                for c in (turn.move.card, *turn.move.taken, *(c for cards in turn.builds for c in cards)):
                    gone[index[str(c)]] += 0.5
        assert values[start:stop] == gone


def test_an_observation_is_the_one_the_checked_constructor_makes() -> None:
    from cardrules.mulle._state import Observation

    for text in RULESETS:
        game = cardrules.get_game(text)
        for s in _playout_states(text, 4, 60):
            for seat in range(s.rules.players):
                o = game.observe(s, seat)
                assert o == Observation(
                    seat=seat, rules=s.rules, round_no=s.round_no, dealer=s.dealer, deal_no=s.deal_no,
                    to_move=game.to_move(s), hand=s.hands[seat], hand_counts=tuple(len(h) for h in s.hands),
                    stock_count=len(s.stock), table=s.table, builds=s.builds,
                    captured_counts=tuple(len(p) for p in s.captured), tabbes=s.tabbes, mulles=s.mulles,
                    last_capture=s.last_capture, history=s.history, sides=s.rules.sides, match=s.match,
                    rounds=s.rounds, winner=s.winner,
                )  # fmt: skip


@given(where=positions)
def test_the_listed_capture_steps_are_those_the_search_gives(where: tuple[str, int, int, float]) -> None:
    """Where a value's captures are few enough to list, every listed prefix offers what the search offers."""
    from cardrules.mulle import _steps as factored
    from cardrules.mulle._families import _Captures

    game, state = _position(*where)
    if game.is_over(state):
        return
    for fam in game.legal_moves(state)._families:
        if not isinstance(fam, _Captures):
            continue
        paths = factored._search(fam).paths()
        if paths is None:
            continue
        assert () in paths
        for rest, found in paths.items():
            picked = [factored._CARDS[a - factored.TABLE] for a in rest]
            assert factored._capture_options(state, fam, picked) == found, (fam, rest)
            for a in factored._capture_options(state, fam, picked):
                assert a == factored.DONE or (*rest, a) in paths


def _walked(enc: FactoredEncoding, state: Any, rng: random.Random, nodes: int) -> int:
    """
    Follow the encoding's walk through the steps of *state*'s moves, every branch up to *nodes*
    nodes (then random walks to done): at each, the walk offers what ``legal_actions`` offers
    after the same steps, and where done is offered and the walk holds its move, that move is the
    one decode gives (checked), a legal move. Returns how many nodes were compared.
    """
    seen = 0
    stack: list[tuple[tuple[int, ...], Any]] = [((), enc._start(state))]
    while stack:
        steps, walk = stack.pop()
        seen += 1
        offered = enc.legal_actions(state, steps)
        assert [a for a in range(enc.size) if walk.bits >> a & 1] == offered, steps
        if enc.done in offered:
            move = enc.decode(state, (*steps, enc.done))
            assert walk.move is None or walk.move == move, (steps, walk.move, move)
        else:
            assert walk.move is None
        nexts = [a for a in offered if a != enc.done]
        if seen > nodes:  # past the budget: one random branch, to done
            nexts = [rng.choice(nexts)] if nexts else []
        for a in nexts:
            stack.append(((*steps, a), enc._next(state, walk, a)))
    return seen


@given(where=positions, seed=st.integers(0, 2**32))
def test_the_walk_offers_exactly_the_steps_of_the_legal_moves(where: tuple[str, int, int, float], seed: int) -> None:
    """
    The walk that the environments follow (each decision node's steps worked out once) offers at
    every step exactly what ``legal_actions`` offers after the same steps, and the move it holds
    at done is the legal move decode gives.
    """
    game, state = _position(*where)
    enc = _encoding(game)
    if game.is_over(state):
        assert enc._start(state).bits == 0
        return
    assert _walked(enc, state, random.Random(seed), 200) > 2


def test_the_walk_on_a_large_fishing_table() -> None:
    """On a 41-card fishing table the walk searches each capture step, as legal_actions does, and offers the same."""
    game, state = _position("mulle/fishing(players=4)", 0, 80, 0.97)
    enc = _encoding(game)
    rng = random.Random(2)
    assert _walked(enc, state, rng, 60) > 60
    for _ in range(20):  # and a walk's steps make a legal move
        steps: tuple[int, ...] = ()
        walk = enc._start(state)
        while True:
            a = rng.choice([a for a in range(enc.size) if walk.bits >> a & 1])
            if a == enc.done:
                break
            steps, walk = (*steps, a), enc._next(state, walk, a)
        assert (walk.move or enc.decode(state, (*steps, enc.done))) in game.legal_moves(state)


@given(where=positions)
def test_the_listed_captures_are_the_legal_moves_captures(where: tuple[str, int, int, float]) -> None:
    """
    Where a capture family's steps are listed, their captures are exactly the family's own (as
    the legal moves list them), and each listed sequence offers what the search offers after it.
    """
    from cardrules.mulle import _steps as factored
    from cardrules.mulle._families import _Captures

    game, state = _position(*where)
    for fam in game.legal_moves(state)._families:
        if not isinstance(fam, _Captures):
            continue
        tree = factored._listed(fam)
        if tree is None:  # too many to list: each step searches (the walk's test compares those)
            continue
        done = {
            fam.move([factored._CARDS[a - factored.TABLE] for a in rest])
            for rest, bits in tree.items()
            if bits >> factored.DONE & 1
        }
        assert done == {fam.at(i) for i in range(fam.size())}
        assert all(game.check_move(state, m) is None for m in done)
        for rest, bits in tree.items():
            picked = [factored._CARDS[a - factored.TABLE] for a in rest]
            assert action_bits(factored._capture_options(state, fam, picked)) == bits, (fam, rest)
