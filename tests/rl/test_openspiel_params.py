"""
The OpenSpiel game's own parameters: ``sampled_deal`` (and ``rng_seed``), ``max_rounds`` and
``compact_infostate``; and the answers the state gives in Python agree with OpenSpiel's C++ path.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import cardrules  # noqa: E402
from cardrules.rl import InvalidActionError, openspiel_game  # noqa: E402

GAMES = [n for n in cardrules.game_names() if cardrules.get_game(n).spec.learning is not None]
SINGLE = ["mililla(single_round=true)", "charlemagne(single_round=true)", "mulle(target=0)"]


def _match(state: Any, rng: random.Random, limit: int = 100_000) -> tuple[Any, int, int]:
    """*state* played to its end at random: the state, its chance nodes and its decisions."""
    chance = decisions = 0
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            chance += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return state, chance, decisions


@pytest.mark.parametrize("text", GAMES)
def test_sampled_deal_is_one_chance_node_a_match(text: str) -> None:
    """With ``sampled_deal``, a match (2 rounds at most here) has one chance node, of one outcome; OpenSpiel agrees."""
    game = openspiel_game(text, sampled_deal=True, rng_seed=5, max_rounds=2)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.max_chance_outcomes() == 1
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]
    with pytest.raises(InvalidActionError, match="only one"):
        state.clone().apply_action(1)
    state, chance, decisions = _match(state, random.Random(1))
    assert state.is_terminal() and chance == 1 and decisions > 0
    assert len(game.cardrules.score(state._now).rounds) > 1  # later rounds without a chance node
    assert sum(state.returns()) == pytest.approx(0.0)
    assert len(state.history()) <= game.max_game_length()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_sampled_deals_come_from_the_games_generator() -> None:
    """The same ``rng_seed`` deals the same matches; the deals of one game differ from match to match."""
    first = [openspiel_game("mililla", sampled_deal=True, rng_seed=9).new_initial_state() for _ in range(2)]
    again = openspiel_game("mililla", sampled_deal=True, rng_seed=9)
    for state in first:
        state.apply_action(0)
    seen = [again.new_initial_state() for _ in range(2)]
    for state in seen:
        state.apply_action(0)
    assert str(first[0]) == str(first[1]) == str(seen[0])  # two games of one seed: their first deals
    assert str(seen[1]) != str(seen[0])  # the game's next deal is another


@pytest.mark.parametrize("text", ["mililla", "mulle(target=0)"])
def test_sampled_states_pickle_and_serialize(text: str) -> None:
    """A sampled deal's states pickle and serialize (OpenSpiel's ``serialize_game_and_state`` cannot: no RNG state)."""
    game = openspiel_game(text, sampled_deal=True, rng_seed=2)
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(30):
        if state.is_chance_node():
            state.apply_action(0)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for other in (pickle.loads(pickle.dumps(state)), game.deserialize_state(state.serialize())):
        assert str(other) == str(state) and other.history() == state.history()
        assert other.legal_actions() == state.legal_actions()
        assert other.information_state_string(0) == state.information_state_string(0)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


@pytest.mark.parametrize("text", GAMES)
@pytest.mark.parametrize("sampled", [False, True])
def test_max_rounds_bounds_the_match(text: str, sampled: bool) -> None:
    """
    A match the rules have not ended after ``max_rounds`` rounds ends there, drawn, and
    ``max_game_length`` bounds every match; it counts ``max_rounds`` rounds.
    """
    short = openspiel_game(text, max_rounds=1, sampled_deal=sampled)
    two = openspiel_game(text, max_rounds=2, sampled_deal=sampled)
    per_round = two.max_game_length() - short.max_game_length()
    assert short.max_game_length() == 1 + per_round
    assert openspiel_game(text, sampled_deal=sampled).max_game_length() == 1 + 100 * per_round  # 100 by default
    for seed in range(3):
        state, _, _ = _match(short.new_initial_state(), random.Random(seed))
        assert state.is_terminal() and len(state.history()) <= short.max_game_length()
        score = short.cardrules.score(state._now)
        assert len(score.rounds) == 1
        if not short.cardrules.is_over(state._now):  # cut after its one round: a draw
            assert state.returns() == [0.0] * short.num_players()


def test_max_rounds_and_the_parameters_are_checked() -> None:
    """A bad value of the game's own parameters, or an unknown one, is refused clearly."""
    for bad in (0, -1, 10_001, True):
        with pytest.raises(cardrules.InvalidOptionError, match="max_rounds"):
            openspiel_game("mililla", max_rounds=bad)
    with pytest.raises(cardrules.InvalidOptionError, match="rng_seed"):
        openspiel_game("mililla", sampled_deal=True, rng_seed=-2)
    with pytest.raises(cardrules.InvalidOptionError, match="sampled_deal"):
        openspiel_game("mililla", sampled_deal=1)
    with pytest.raises(cardrules.InvalidOptionError, match="unknown parameter"):
        openspiel_game("mililla", sampled=True)
    assert openspiel_game("mililla(single_round=true)", max_rounds=7).max_game_length() == 97  # one round


@pytest.mark.parametrize("text", GAMES)
def test_compact_information_state_is_the_observation(text: str) -> None:
    """``compact_infostate``: the information-state tensor is the observation tensor (and a move's steps) alone."""
    full = openspiel_game(text)
    game = openspiel_game(text, compact_infostate=True)
    spec = game.cardrules.spec
    encoding = spec.learning.encoding
    size = spec.learning.tensor.size + (encoding.size if encoding.factored else 0)
    assert game.information_state_tensor_size() == game.observation_tensor_size() == size
    assert full.information_state_tensor_size() > 10 * size
    assert game.information_state_tensor_shape() == [size]
    state = game.new_initial_state()
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal() and checked < 40:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        for seat in range(game.num_players()):
            assert np.array_equal(state.information_state_tensor(seat), state.observation_tensor(seat))
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    pyspiel.random_sim_test(
        openspiel_game(SINGLE[GAMES.index(text) % len(SINGLE)], compact_infostate=True),
        num_sims=1,
        serialize=False,
        verbose=False,
    )


@pytest.mark.parametrize("text", [*GAMES, "mililla(single_round=true)"])
def test_python_answers_agree_with_openspiels_own(text: str) -> None:
    """
    ``legal_actions``, ``current_player``, ``is_chance_node`` and ``is_terminal``, answered in
    Python, agree with OpenSpiel's C++ state, which asks the game's ``_legal_actions`` and
    ``current_player`` itself, at every node of a random match (a chance node, a terminal one).
    """
    game = openspiel_game(text, max_rounds=2)
    state = game.new_initial_state()
    rng = random.Random(6)
    base = pyspiel.State
    while True:
        player = base.current_player(state)
        assert state.current_player() == player
        assert state.is_chance_node() == base.is_chance_node(state)
        assert state.is_terminal() == base.is_terminal(state)
        assert state.legal_actions() == base.legal_actions(state)
        for seat in range(game.num_players()):
            assert state.legal_actions(seat) == base.legal_actions(state, seat)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))


def test_resampling_for_another_seat_during_a_factored_move() -> None:
    """
    A world resampled for a seat other than the one choosing a factored move's steps starts that
    move afresh (the steps are the mover's own, which the other seat does not see): its legal
    actions are those of a move not begun, and the seat's information state is unchanged.
    """
    game = openspiel_game("mulle(target=0)")
    rng = random.Random(2)
    tried = 0
    for seed in range(6):
        state = game.new_initial_state()
        play = random.Random(seed)
        while not state.is_terminal() and tried < 20:
            if state.is_chance_node():
                state.apply_action(play.choice(state.chance_outcomes())[0])
                continue
            mover = state.current_player()
            if state._steps:
                other = 1 - mover
                world = state.resample_from_infostate(other, rng.random)
                assert world.information_state_string(other) == state.information_state_string(other)
                assert world.current_player() == mover and world._steps == ()
                assert world.legal_actions() == game.cardrules.spec.learning.encoding.legal_actions(world._now)
                same = state.resample_from_infostate(mover, rng.random)
                assert same.legal_actions() == state.legal_actions()  # its own steps stand in every world
                tried += 1
            state.apply_action(play.choice(state.legal_actions()))
    assert tried == 20
