"""
OpenSpiel as its users run it: games and states pickle, copy and serialize; a fresh process loads
the games by name and runs OpenSpiel's own example script on them; a single round is one round.
"""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import cardrules  # noqa: E402
from cardrules.rl import FactoredEncoding, openspiel_game  # noqa: E402

GAMES = [n for n in cardrules.game_names() if cardrules.get_game(n).spec.learning is not None]
PRESETS = [f"{name}/{preset}" for name in GAMES for preset in cardrules.get_game(name).spec.presets]
SINGLE = ["mililla(single_round=true)", "charlemagne(single_round=true)", "mulle(target=0)", "mulle/fishing(target=0)"]
ROOT = Path(__file__).resolve().parent.parent.parent


def _play(state: Any, rng: random.Random, steps: int) -> Any:
    """*state* after up to *steps* random actions (chance outcomes by their probability)."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _fresh(code: str) -> str:
    """What *code* prints in a fresh interpreter with this checkout's source first on the path."""
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


@pytest.mark.parametrize("text", PRESETS + SINGLE)
def test_random_sim_test_with_serialize(text: str) -> None:
    """OpenSpiel's own random simulation test, serializing and deserializing each state on the way."""
    pyspiel.random_sim_test(openspiel_game(text), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("text", PRESETS + SINGLE)
def test_games_and_states_pickle_copy_and_serialize(text: str) -> None:
    """``pickle``, ``copy.deepcopy`` and ``serialize``/``deserialize_state`` give the same game and state."""
    game = openspiel_game(text)
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game)
    assert str(again) == str(game)
    assert again.max_game_length() == game.max_game_length()
    assert again.cardrules.rules == game.cardrules.rules
    assert copy.deepcopy(game).cardrules.rules == game.cardrules.rules
    rng = random.Random(4)
    for steps in (0, 1, 30, 120):
        state = _play(game.new_initial_state(), rng, steps)
        copies = [
            pickle.loads(pickle.dumps(state)),
            copy.deepcopy(state),
            game.deserialize_state(state.serialize()),
        ]
        for other in copies:
            assert str(other) == str(state)
            assert other.history() == state.history()
            assert other.is_chance_node() == state.is_chance_node()
            if not state.is_chance_node() and not state.is_terminal():
                assert other.legal_actions() == state.legal_actions()
                for p in range(game.num_players()):
                    assert other.information_state_string(p) == state.information_state_string(p)
                    assert np.array_equal(other.information_state_tensor(p), state.information_state_tensor(p))
            _play(other, random.Random(1), 20)  # and plays on


def test_a_fresh_process_loads_every_game_by_name_and_unpickles_states() -> None:
    """
    After ``import cardrules.rl.openspiel``, ``pyspiel.load_game`` knows every game and preset by
    name; a pickled state loads in a process that imported nothing of cardrules.
    """
    names = [
        f"python_cardrules_{g}" + ("" if p == cardrules.get_game(g).spec.default_preset else f"_{p}")
        for g in GAMES
        for p in cardrules.get_game(g).spec.presets
    ]
    code = (
        "import pyspiel, cardrules.rl.openspiel as o\n"
        f"for name in {names!r}:\n"
        "    game = pyspiel.load_game(name)\n"
        f"    print(name, game.num_players(), sorted(o.NAMES) == sorted({names!r}))\n"
        "print(pyspiel.load_game('python_cardrules_mililla(single_round=True)').max_game_length())\n"
    )
    lines = _fresh(code).splitlines()
    assert [line.split()[0] for line in lines[:-1]] == names
    assert all(line.endswith("True") for line in lines[:-1])
    assert int(lines[-1]) == openspiel_game("mililla(single_round=true)").max_game_length()
    state = _play(openspiel_game("mililla(single_round=true)").new_initial_state(), random.Random(2), 60)
    data = pickle.dumps(state)
    code = f"import pickle\ns = pickle.loads({data!r})\nprint(s.current_player(), s.information_state_string(0))"
    out = _fresh(code)
    assert out == f"{state.current_player()} {state.information_state_string(0)}\n"


def test_openspiel_example_script_runs_a_game_by_its_game_flag() -> None:
    """OpenSpiel's own ``examples/mcts.py`` plays ``--game=python_cardrules_mulle(target=0)`` to its end."""
    import open_spiel

    script = Path(open_spiel.__file__).parent / "python" / "examples" / "mcts.py"
    assert script.is_file()
    args = [
        sys.executable, "-m", "cardrules.rl.openspiel", str(script), "--game=python_cardrules_mulle(target=0)",
        "--player1=mcts", "--player2=random", "--max_simulations=2", "--num_games=1", "--quiet", "--seed=3",
    ]  # fmt: skip
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(args, capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "Number of games played: 1" in out.stdout
    assert "Overall returns" in out.stdout


def test_the_runner_without_a_script_says_how_to_use_it() -> None:
    """``python -m cardrules.rl.openspiel`` alone prints its usage and exits 2."""
    from cardrules.rl import openspiel as module

    assert module.main([]) == 2


@pytest.mark.parametrize("text", SINGLE)
def test_a_single_round_is_one_round_a_tie_included(text: str) -> None:
    """
    Under the single-round option a match is one deal: it ends after its first round's score line,
    a tie a draw (returns all 0), and its length stays within ``max_game_length``, which counts one round.
    """
    game = openspiel_game(text)
    spec = cardrules.get_game(text).spec
    assert game.max_game_length() < 4 * len(spec.pack) ** 2  # one round's bound, not 200 rounds'
    rng = random.Random(8)
    for _ in range(6):
        state = _play(game.new_initial_state(), rng, 10**6)
        assert state.is_terminal()
        assert len(state.history()) <= game.max_game_length()
        record = state.information_state_string(0)
        assert record.count('"round over"') == 1
        returns = state.returns()
        assert abs(sum(returns)) < 1e-9
        if state._ended:
            assert returns == [0.0] * game.num_players()


@pytest.mark.parametrize("text", ["mililla(single_round=true)", "mulle(target=0)"])
def test_a_tied_single_round_ends_the_match_drawn(text: str) -> None:
    """A round that ends level under the single-round option ends the OpenSpiel game, every return 0."""
    game = openspiel_game(text)
    cr = cardrules.get_game(text)
    rng = random.Random(0)
    for _ in range(400):
        state = _play(game.new_initial_state(), rng, 10**6)
        if state._ended:
            level = cr.score(state._now).rounds[-1].points
            assert len(set(level)) == 1 or cr.spec.name == "mililla"  # (Mililla's match points add the turn-up)
            assert cr.to_move(state._now) is not None  # the engine would deal the round again
            assert state.returns() == [0.0] * game.num_players()
            assert state.current_player() == pyspiel.PlayerId.TERMINAL
            assert state.legal_actions() == []
            return
    pytest.fail(f"no tied round in 400 random rounds of {text}")


def test_the_first_dealer_is_a_chance_outcome() -> None:
    """Every seat deals first as often as chance says, and the engine's match starts with that dealer."""
    game = openspiel_game("mililla(single_round=true)")
    for seat in range(4):
        state = game.new_initial_state()
        assert state.chance_outcomes()[seat] == (seat, 0.25)
        state.apply_action(seat)
        assert state._now.dealer == seat
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal " + str(game.kinds[0])


@pytest.mark.parametrize("text", ["mulle", "mulle/fishing"])
def test_a_factored_move_in_progress_copies_and_serializes(text: str) -> None:
    """
    Mid-move (the walk of the steps chosen so far kept beside the state), a clone, a deep copy,
    a pickle and a deserialized state offer the same actions, and finish the move the same way.
    """
    game = openspiel_game(text)
    learning = cardrules.get_game(text).spec.learning
    assert learning is not None and isinstance(learning.encoding, FactoredEncoding)
    done = learning.encoding.done
    rng = random.Random(6)
    state = game.new_initial_state()
    compared = 0
    while compared < 12 and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        if " steps " in state.observation_string(state.current_player()):  # a move begun
            compared += 1
            copies = [
                state.clone(),
                copy.deepcopy(state),
                pickle.loads(pickle.dumps(state)),
                game.deserialize_state(state.serialize()),
            ]
            for other in copies:
                assert other.legal_actions() == state.legal_actions()
                assert other.observation_string(0) == state.observation_string(0)
            ends = []
            for other in [state.clone(), *copies]:  # each to the end of its move, by the same choices
                choices = random.Random(compared)
                while True:
                    action = choices.choice(other.legal_actions())
                    other.apply_action(action)
                    if action == done:
                        break
                ends.append((str(other), other.history(), other.is_terminal() or other.legal_actions()))
            assert all(end == ends[0] for end in ends)
        state.apply_action(rng.choice(state.legal_actions()))
    assert compared == 12
