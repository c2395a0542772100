"""
PettingZoo and Gymnasium as their users run them: ``render_mode="human"``, pickling, the
turn-based parallel conversion, and one opponent (bot or policy) per seat.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import parallel_seed_test, render_test  # noqa: E402
from pettingzoo.utils.conversions import turn_based_aec_to_parallel  # noqa: E402

import cardrules  # noqa: E402
from cardrules._kit.style import Style  # noqa: E402
from cardrules.bots import GreedyBot, RandomBot  # noqa: E402
from cardrules.errors import IllegalMoveError, InvalidOptionError  # noqa: E402
from cardrules.rl import gymnasium_env, pettingzoo_env  # noqa: E402
from tests.variants import PRESETS  # noqa: E402

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def _legal(mask: Any, rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(mask).tolist()))


@pytest.mark.parametrize("text", PRESETS)
def test_pettingzoo_render_test(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's own ``render_test`` passes, ``"human"`` among the render modes."""
    render_test(lambda render_mode=None: pettingzoo_env(text, render_mode=render_mode))
    assert "to act:" in capsys.readouterr().out


@pytest.mark.parametrize("text", PRESETS)
def test_human_render_shows_the_seat_to_act_and_no_other_hand(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    """
    ``render_mode="human"`` prints the text view of the seat to act, exactly: the same whatever
    the cards the seat cannot see (another seat's hand redealt), and different for another seat.
    """
    env = pettingzoo_env(text, render_mode="human")
    env.reset(seed=5)
    rng = random.Random(5)
    spec = env.game.spec
    for _ in range(12):
        env.step(_legal(env.last()[0]["action_mask"], rng))
    state = env.state
    seat = spec.to_move(state)
    assert env.render() is None
    shown = capsys.readouterr().out
    view = "\n".join(spec.terminal.view(spec.observe(state, seat), Style()))
    assert shown.startswith(f"seat {seat} to act:\n" + view)
    env._match.state = spec.shuffle_hidden(state, seat, random.Random(1))  # others' hands redealt
    env._match._to_move = (None, None)
    env.render()
    assert capsys.readouterr().out == shown
    other = next(s for s in range(len(state.hands)) if s != seat)
    assert "\n".join(spec.terminal.view(spec.observe(state, other), Style())) not in shown


@pytest.mark.parametrize("text", ["mililla", "mulle"])
def test_gymnasium_human_render_shows_the_learner(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The Gymnasium env's ``"human"`` render prints the learner's view, and the score at the end."""
    options = {"target": 0} if text == "mulle" else {}
    env = gymnasium_env(text, seat=1, opponents="random", render_mode="human", **options)
    env.reset(seed=3)
    env.render()
    assert capsys.readouterr().out.startswith("seat 1 to act:\n")
    rng = random.Random(3)
    done = False
    while not done:
        _, _, done, _, _ = env.step(_legal(env.action_masks(), rng))
    env.render()
    assert capsys.readouterr().out.startswith("match over: ")
    with pytest.raises(InvalidOptionError):
        gymnasium_env(text, render_mode="rgb_array")


@pytest.mark.parametrize("text", PRESETS)
def test_environments_pickle_and_play_on_alike(text: str) -> None:
    """The stdlib ``pickle`` copies both environments mid-match; the copy plays on exactly as the original."""
    gym = gymnasium_env(text, opponents="greedy")
    gym.reset(seed=2)
    gym.step(_legal(gym.action_masks(), random.Random(0)))
    twin = pickle.loads(pickle.dumps(gym))
    for _ in range(20):
        action = _legal(gym.action_masks(), random.Random(1))
        a, b = gym.step(action), twin.step(action)
        assert np.array_equal(a[0], b[0]) and a[1:] == b[1:]
        if a[2]:
            break
    aec = pettingzoo_env(text)
    aec.reset(seed=2)
    aec_twin = pickle.loads(pickle.dumps(aec))
    rng = random.Random(4)
    for _ in range(20):
        action = _legal(aec.last()[0]["action_mask"], rng)
        aec.step(action)
        aec_twin.step(action)
        assert aec.agent_selection == aec_twin.agent_selection
        assert np.array_equal(aec.last()[0]["observation"], aec_twin.last()[0]["observation"])


@pytest.mark.parametrize("text", PRESETS)
def test_parallel_seed_test_holds_as_documented(text: str) -> None:
    """
    ``parallel_seed_test`` on ``turn_based_aec_to_parallel`` passes with ``illegal="terminate"``
    (its unmasked random actions end the match at the first illegal one), and raises with
    ``"raise"`` at the first illegal action, as docs/rl.md says.
    """
    parallel_seed_test(lambda: turn_based_aec_to_parallel(pettingzoo_env(text, illegal="terminate")), num_cycles=100)
    with pytest.raises((IllegalMoveError, cardrules.rl.InvalidActionError)):
        parallel_seed_test(lambda: turn_based_aec_to_parallel(pettingzoo_env(text)), num_cycles=100)


@pytest.mark.parametrize("text", PRESETS)
def test_parallel_conversion_plays_whole_matches_the_same_from_a_seed(text: str) -> None:
    """Two parallel conversions reset with one seed and given the same masked actions agree to the match's end."""
    options = {"target": 0} if "mulle" in text else {"single_round": True}
    envs = [turn_based_aec_to_parallel(pettingzoo_env(text, **options)) for _ in range(2)]
    observations = [env.reset(seed=42)[0] for env in envs]
    rng = random.Random(42)
    for _ in range(5000):
        for agent, seen in observations[0].items():
            assert np.array_equal(seen["observation"], observations[1][agent]["observation"])
        mover = next(a for a, o in observations[0].items() if o["action_mask"].any())
        actions = {a: (_legal(o["action_mask"], rng) if a == mover else 0) for a, o in observations[0].items()}
        steps = [env.step(actions) for env in envs]
        assert steps[0][1] == steps[1][1] and steps[0][2] == steps[1][2]
        observations = [s[0] for s in steps]
        if all(steps[0][2].values()):
            return
    pytest.fail("the match did not end")


def test_gymnasium_one_opponent_per_seat() -> None:
    """A list (seat order) or a mapping by seat gives each other seat its own opponent; wrong shapes are refused."""
    env = gymnasium_env("mililla", seat=0, opponents=["random", "greedy", "random"])
    assert [type(env.opponents[s]) for s in (1, 2, 3)] == [RandomBot, GreedyBot, RandomBot]
    partner = GreedyBot()
    env = gymnasium_env("mililla", seat=1, opponents={0: "random", 2: "random", 3: partner})
    assert env.opponents[3] is partner and isinstance(env.opponents[0], RandomBot)
    env = gymnasium_env("mililla", seat=2, opponents="greedy")
    assert sorted(env.opponents) == [0, 1, 3]
    for bad in (["random"], {1: "random"}, {0: "random", 1: "random", 2: "random"}, 7, [None, None, None]):
        with pytest.raises(InvalidOptionError):
            gymnasium_env("mililla", seat=0, opponents=bad)


@pytest.mark.parametrize("text", ["mililla", "mulle(target=0)"])
def test_gymnasium_policy_opponents_self_play(text: str) -> None:
    """
    A callable policy plays a seat on that seat's observation and mask (per step of a factored
    move): self-play runs to the match's end, each policy called only for its own seat's turns.
    """
    calls: dict[int, int] = {}
    learner = 0

    def policy_for(seat: int) -> Any:
        rng = random.Random(seat)

        def policy(observation: Any, mask: Any) -> int:
            assert observation.dtype == np.float32 and mask.dtype == np.bool_
            assert env.game.spec.to_move(env._match.state) == seat
            calls[seat] = calls.get(seat, 0) + 1
            return _legal(mask, rng)

        return policy

    seats = {"mililla": 4, "mulle(target=0)": 2}[text]
    others = [s for s in range(seats) if s != learner]
    env = gymnasium_env(text, seat=learner, opponents={s: policy_for(s) for s in others}, illegal="raise")
    env.reset(seed=9)
    rng = random.Random(0)
    done = False
    while not done:
        _, _, done, _, _ = env.step(_legal(env.action_masks(), rng))
    assert sorted(calls) == others and all(n > 0 for n in calls.values())


def test_gymnasium_policy_illegal_action_is_handled_by_illegal() -> None:
    """A policy's illegal action ends the match under ``illegal="terminate"`` and raises under ``"raise"``."""

    def bad(observation: Any, mask: Any) -> int:
        return int(np.flatnonzero(~mask)[0])

    env = gymnasium_env("mililla", seat=0, opponents=bad)
    env.reset(seed=1)
    rng = random.Random(2)
    if not env._match.finished:  # the learner first: its move, then the bad policy's
        _, reward, done, _, _ = env.step(_legal(env.action_masks(), rng))
        assert done and reward == 0.0  # the penalty is the mover's side's
    assert env._match.finished
    env = gymnasium_env("mililla", seat=0, opponents=bad, illegal="raise")
    with pytest.raises(IllegalMoveError):
        env.reset(seed=1)
        env.step(_legal(env.action_masks(), rng))


@pytest.mark.parametrize("text", ["mililla(single_round=true)", "mulle(target=0)", "mulle/fishing(target=0)"])
def test_a_single_round_ends_the_environment_after_one_round(text: str) -> None:
    """Under the single-round option each episode is one round: a tied round ends it too, every reward 0."""
    env = pettingzoo_env(text)
    rng = random.Random(6)
    tied = 0
    for episode in range(60):
        env.reset(seed=episode)
        total = dict.fromkeys(env.agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            total[agent] += reward
            env.step(None if term or trunc else _legal(obs["action_mask"], rng))
        score = env.game.score(env.state)
        assert len(score.rounds) == 1
        if score.winner is None:  # the engine has dealt the round again; the episode ended drawn
            tied += 1
            assert set(total.values()) == {0.0}
        else:
            assert sorted(set(total.values())) == [-1.0, 1.0]
    assert tied > 0 or text.startswith("mililla")
