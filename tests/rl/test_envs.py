"""The PettingZoo and Gymnasium environments: PettingZoo's and Gymnasium's own checks, rewards, illegal actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from pettingzoo.test import api_test, parallel_seed_test, seed_test  # noqa: E402
from pettingzoo.utils.conversions import parallel_to_aec, turn_based_aec_to_parallel  # noqa: E402

import cardrules  # noqa: E402
from cardrules.errors import InvalidOptionError, UnknownOptionError  # noqa: E402
from cardrules.rl import InvalidActionError, gymnasium_env, pettingzoo_env, register  # noqa: E402
from cardrules.rl._pettingzoo import VERSION  # noqa: E402
from tests.variants import PRESETS  # noqa: E402

GAMES = PRESETS
# PettingZoo's checker advises a Box or Discrete observation space; the masked classic games, like
# these, use a dict of the observation and the mask, which the same checker then asks for.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def _random_legal(env: Any, rng: random.Random) -> int | None:
    obs, _, term, trunc, _ = env.last()
    if term or trunc:
        return None
    return int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


@pytest.mark.parametrize("text", GAMES)
def test_pettingzoo_api_test(text: str) -> None:
    api_test(pettingzoo_env(text), num_cycles=300)


@pytest.mark.parametrize("text", GAMES)
def test_pettingzoo_seed_test(text: str) -> None:
    seed_test(lambda: pettingzoo_env(text), num_cycles=200)


@pytest.mark.parametrize("text", GAMES)
def test_turn_based_parallel_conversion(text: str) -> None:
    """The turn-based parallel conversion seeds reproducibly, and converts back to an AEC env passing api_test."""
    parallel_seed_test(lambda: turn_based_aec_to_parallel(pettingzoo_env(text, illegal="terminate")), num_cycles=100)
    api_test(parallel_to_aec(turn_based_aec_to_parallel(pettingzoo_env(text))), num_cycles=100)


@pytest.mark.parametrize("text", GAMES)
def test_registered_in_pettingzoo_and_gymnasium(text: str) -> None:
    register()
    register()  # again: no warning of an id registered twice (warnings are errors here)
    env_id = f"cardrules/{text.replace('/', '_')}-v{VERSION}"
    env = pettingzoo.make("aec", env_id)
    env.reset(seed=3)
    assert env.unwrapped.game.text == cardrules.get_game(text).text
    gym = gymnasium.make(env_id, disable_env_checker=True)
    assert gym.unwrapped.game.text == cardrules.get_game(text).text


@pytest.mark.parametrize("text", GAMES)
def test_gymnasium_check_env(text: str) -> None:
    register()
    env = gymnasium.make(f"cardrules/{text.replace('/', '_')}-v{VERSION}", disable_env_checker=True).unwrapped
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("text", GAMES)
def test_observation_matches_the_seats_tensor_and_mask_the_legal_moves(text: str) -> None:
    env = pettingzoo_env(text)
    env.reset(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        obs = env.observe(agent)
        layout = env.game.spec.learning.tensor
        tensor = layout.encode(env.game.observe(env.state, seat))
        assert np.array_equal(obs["observation"][: layout.size], tensor)
        assert obs["action_mask"].any()
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        action = _random_legal(env, rng)
        if action is None:
            break
        env.step(action)


@pytest.mark.parametrize("text", ("mililla", "charlemagne"))
def test_a_whole_match_rewards_partners_alike(text: str) -> None:
    """Match rewards: +1 to both seats of the winning side, -1 to both of the other."""
    env = pettingzoo_env(text)
    env.reset(seed=11)
    rng = random.Random(11)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=5000):
        totals[agent] += env.last()[1]
        env.step(_random_legal(env, rng))
    assert not env.agents
    winner = env.game.score(env.state).winner
    for agent, total in totals.items():
        seat = int(agent.split("_")[1])
        assert total == (1.0 if seat % 2 == winner else -1.0)


def test_round_rewards_add_up_to_the_point_differences() -> None:
    env = pettingzoo_env("mililla", reward="round")
    env.reset(seed=2)
    rng = random.Random(2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=5000):
        totals[agent] += env.last()[1]
        env.step(_random_legal(env, rng))
    match = env.game.score(env.state).match
    assert totals["player_0"] == totals["player_2"] == match[0] - match[1]
    assert totals["player_1"] == totals["player_3"] == match[1] - match[0]


@pytest.mark.parametrize("text", GAMES)
def test_illegal_raise_leaves_the_match_unchanged(text: str) -> None:
    env = pettingzoo_env(text)
    env.reset(seed=4)
    before = env.state
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises((cardrules.IllegalMoveError, InvalidActionError)):
        env.step(illegal)
    assert env.state is before
    with pytest.raises(InvalidActionError):
        env.step(10_000)
    assert env.state is before


@pytest.mark.parametrize("text", GAMES)
def test_numpy_integers_play_and_bools_are_refused(text: str) -> None:
    """A learner's ``np.int64`` action plays as the int would; ``True`` is not action 1, nor ``np.True_`` (nor 1.0)."""
    env, twin = pettingzoo_env(text), pettingzoo_env(text)
    env.reset(seed=9)
    twin.reset(seed=9)
    rng = random.Random(2)
    for _ in range(30):
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        action = legal[rng.randrange(len(legal))]
        before = env.state
        steps = env._match.steps
        for bad in (True, np.True_, 1.0, float(action)):
            with pytest.raises(cardrules.WrongKindError):
                env.step(bad)  # type: ignore[arg-type]
            assert env.state is before and env._match.steps == steps
        env.step(action)  # an np.int64
        twin.observe(twin.agent_selection)
        twin.step(int(action))
        assert env.state == twin.state


@pytest.mark.parametrize("text", GAMES)
def test_illegal_terminate_ends_the_match_with_the_penalty(text: str) -> None:
    env = pettingzoo_env(text, illegal="terminate", penalty=-5)
    env.reset(seed=4)
    agent = env.agent_selection
    seat = int(agent.split("_")[1])
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    sides = env.game.score(env.state).sides
    mine = next(side for side in sides if seat in side)
    for other in env.agents:
        expected = -5.0 if int(other.split("_")[1]) in mine else 0.0
        assert env.rewards[other] == expected


@pytest.mark.parametrize(
    "kwargs",
    [{"reward": "trick"}, {"illegal": "ignore"}, {"penalty": "big"}, {"render_mode": "rgb_array"}, {"rank_order": "x"}],
)
def test_bad_options_are_refused(kwargs: dict[str, Any]) -> None:
    with pytest.raises((InvalidOptionError, UnknownOptionError)):
        pettingzoo_env("mililla", **kwargs)


def test_bad_gymnasium_options_are_refused() -> None:
    with pytest.raises(InvalidOptionError):
        gymnasium_env("mililla", seat=7)
    with pytest.raises(UnknownOptionError):
        gymnasium_env("mililla", opponents="nobody")
    with pytest.raises(UnknownOptionError):
        pettingzoo_env("chess")


@pytest.mark.parametrize("text", GAMES)
@given(seed=st.integers(0, 2**32), actions=st.lists(st.integers(-3, 200), max_size=40))
def test_any_actions_either_play_or_raise_without_change(text: str, seed: int, actions: list[int]) -> None:
    """Arbitrary action numbers: each is played, or refused with a cardrules error and the match unchanged."""
    env = pettingzoo_env(text)
    env.reset(seed=seed)
    for action in actions:
        if not env.agents or env.terminations[env.agent_selection]:
            break
        before, steps = env.state, env._match.steps
        legal = bool(0 <= action < len(env.observe(env.agent_selection)["action_mask"])) and bool(
            env.observe(env.agent_selection)["action_mask"][action]
        )
        try:
            env.step(action)
        except (cardrules.IllegalMoveError, InvalidActionError):
            assert not legal
            assert env.state is before and env._match.steps == steps
        else:
            assert legal


@pytest.mark.parametrize("text", GAMES)
def test_gymnasium_learner_plays_a_match_against_bots(text: str) -> None:
    env = gymnasium_env(text, seat=1, opponents="random")
    obs, _ = env.reset(seed=8)
    rng = random.Random(8)
    total, steps, done = 0.0, 0, False
    while not done and steps < 20_000:
        assert env.game.to_move(env._match.state) == 1
        action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
        obs, reward, done, _truncated, _ = env.step(action)
        assert obs.shape == env.observation_space.shape
        total += reward
        steps += 1
    assert done and total in (-1.0, 1.0)
