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
from tests.profiles import quick_examples
from tests.strategies import mutated_positions
from tests.variants import VARIANTS

seeds = st.integers(min_value=0, max_value=2**63 - 1)
HEAVY = 6
"""Examples in the quick run for the properties that check many states of each whole match (CI's long step runs 24)."""


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


@quick_examples(HEAVY)
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


@quick_examples(HEAVY)
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


@quick_examples(HEAVY)
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


def _positioned() -> list[str]:
    """
    The rulesets the position fuzzer reads and writes: every option value above, and every preset
    of every registered game (a plugin's too), so that a game added later is fuzzed without a list.
    """
    texts = {cardrules.get_game(text).text: None for text in VARIANTS}
    for name in cardrules.game_names():
        for preset in cardrules.get_game(name).spec.presets:
            texts.setdefault(cardrules.get_game(f"{name}/{preset}").text, None)
    return list(texts)


PLIES = 6
"""Moves played on from a state and from its read-back, each pair compared."""
MUTANTS = 6
"""Changed positions tried per example, each refused or read as a state that behaves."""


def _seats(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> list[int]:
    return sorted(s for side in game.score(state).sides for s in side)


def _moves(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> tuple[int, tuple[Any, ...], tuple[Any, ...]]:
    """
    The legal moves, compared without listing a huge Mulle capture list: how many there are, the
    first 200 in their order, and eight spread over the whole list by index.
    """
    moves = game.legal_moves(state)
    n = len(moves)
    return n, tuple(itertools.islice(moves, 200)), tuple(moves[k * n // 8] for k in range(8)) if n else ()


def _same_view(seen: Any, want: Any) -> None:
    """
    The same observation, but the trick games' positions keep each side's won tricks, not the order
    between the sides: read back, a state has no history of tricks (Mulle's keep every play).
    """
    if not hasattr(want, "history"):
        assert seen == want
        return
    assert seen.history in ((), want.history)
    assert seen == attrs.evolve(want, history=seen.history)


def _same(game: cardrules.Game[Any, Any, Any, Any], state: Any, back: Any, form: str | None) -> None:
    """
    *back* answers as *state* does: whose turn, the legal moves, the score and, read from the
    notation's default form, every seat's view (another form, such as Mulle's table, need not keep
    the plays that led to the table, which a view shows).
    """
    assert game.to_move(back) == game.to_move(state)
    assert game.is_over(back) == game.is_over(state)
    assert _moves(game, back) == _moves(game, state)
    assert game.score(back) == game.score(state)
    if form is None:
        for seat in _seats(game, state):
            _same_view(game.observe(back, seat), game.observe(state, seat))


def _plays_on(
    game: cardrules.Game[Any, Any, Any, Any], state: Any, back: Any, rng: random.Random, form: str | None
) -> None:
    """
    :data:`PLIES` random moves from *state* and the same from *back*, a state read from a position:
    each state reached from *back* passes the game's ``check_state`` (``from_position`` checked
    *back* itself, ``apply`` checks nothing) and writes the same position as *state*'s, until a
    round ends: the next is dealt from the match's seed, which a position does not keep, so only
    the rounds played are compared then.
    """
    for _ in range(PLIES):
        if game.is_over(state):
            break
        move = game.legal_moves(state).sample(rng)
        rounds = len(game.score(state).rounds)
        state, back = game.apply(state, move), game.apply(back, move)
        game.spec.check_state(back)
        if len(game.score(state).rounds) != rounds:
            assert game.score(back).rounds == game.score(state).rounds
            return
        assert game.position(back, form=form) == game.position(state, form=form)
        assert game.to_move(back) == game.to_move(state)
    assert game.is_over(back) == game.is_over(state)


def _read_back(game: cardrules.Game[Any, Any, Any, Any], text: str, seat: int | None, form: str | None) -> Any:
    """The state of *text*: ``cardrules.from_position`` reads the same, it writes *text* again, and JSON keeps it."""
    back = game.from_position(text)
    assert cardrules.from_position(text) == back
    assert game.position(back, seat, form=form) == text
    assert cardrules.loads(cardrules.dumps(back)) == back  # the JSON codec's checks accept it too
    return back


def _mutant_behaves(game: cardrules.Game[Any, Any, Any, Any], text: str, rng: random.Random) -> None:
    """
    A changed position is refused with :class:`~cardrules.InvalidPositionError` (nothing else), or
    read as a state that writes a position which reads back as a state that answers the same, and
    that plays on into states that pass ``check_state``.
    """
    try:
        state = game.from_position(text)
    except cardrules.InvalidPositionError:
        return
    assert cardrules.from_position(text) == state
    forms = [None, *(game.spec.position_forms or {})]
    for form in forms:
        try:
            written = game.position(state, form=form)
        except cardrules.InvalidPositionError:
            continue  # a Mulle round entered from the table has no play form
        back = _read_back(game, written, None, form)
        _same(game, state, back, form)
        _plays_on(game, state, back, rng, form)
        return
    raise AssertionError(f"{text!r} reads as a state that no form writes")


@pytest.mark.parametrize("text", _positioned())
@given(seed=seeds, at=st.integers(0, 1000), who=st.integers(0, 7), data=st.data())
def test_positions_fuzz(text: str, seed: int, at: int, who: int, data: st.DataObject) -> None:
    """
    At a random point of a random match, in every form of the notation: the position reads back as a
    state that writes it again, answers the same (whose turn, the legal moves, the score, every seat's
    view) and plays on as the state does, each state reached passing ``check_state``; the position one
    seat may show reads back as a state that writes it again, shows that seat what it sees (and its
    moves, when it is to move) and scores the same. Changed positions are refused with
    ``InvalidPositionError`` or read as a state that behaves (:func:`_mutant_behaves`).
    """
    game = cardrules.get_game(text)
    if game.spec.positions is None:
        pytest.skip(f"{game.name} has no position notation (its spec's positions is None)")
    rng = random.Random(seed)
    states = [game.new_game(seed=seed), *(after for _, _, after in playout(game, seed))]
    state = states[min(len(states) - 1, at * len(states) // 1000)]
    seats = _seats(game, state)
    seat = seats[who % len(seats)]
    texts = []
    for form in dict.fromkeys([None, *(game.spec.position_forms or {})]):
        full = game.position(state, form=form)
        back = _read_back(game, full, None, form)
        _same(game, state, back, form)
        _plays_on(game, state, back, rng, form)
        shown = game.position(state, seat, form=form)
        seen = _read_back(game, shown, seat, form)
        if form is None:
            _same_view(game.observe(seen, seat), game.observe(state, seat))
        assert game.to_move(seen) == game.to_move(state)
        if game.to_move(state) == seat:
            assert _moves(game, seen) == _moves(game, state)
        assert game.score(seen) == game.score(state)  # every game's score is public
        texts += [full, shown]
    cards = {str(card) for card in game.spec.pack.cards}
    for _ in range(MUTANTS):
        base = data.draw(st.sampled_from(texts), label="position")
        _mutant_behaves(game, data.draw(mutated_positions(base, cards), label="changed"), rng)
