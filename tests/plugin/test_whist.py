"""
A game added from outside: the Whist example, installed through its entry point, is a game like
the built-in ones for get_game, the generic conformance suite, records, the bots and the CLI.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import _registry, bots, records
from tests.engine import test_conformance as conformance
from tests.plugin.conftest import EXAMPLE

pytestmark = pytest.mark.usefixtures("whist_site")

SEED_CASES = [0, 7, 2**40 + 3]


@pytest.fixture
def whist() -> cardrules.Game[Any, Any, Any, Any]:
    return cardrules.get_game("whist")


def test_the_example_is_small() -> None:
    """The whole game, rules to spec, fits in under 400 lines: the protocol is easy to meet."""
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in (EXAMPLE / "src").rglob("*.py"))
    assert lines < 400


def test_get_game_finds_the_plugin(whist: cardrules.Game[Any, Any, Any, Any]) -> None:
    """The entry point adds "whist" to the games; the built-in games are still there."""
    assert {"whist", *_registry.BUILTIN} <= set(cardrules.game_names())
    assert whist.text == "whist"
    assert cardrules.get_game("whist(target=7)").rules.target == 7


@pytest.mark.parametrize("seed", SEED_CASES)
@pytest.mark.parametrize(
    "check",
    [
        conformance.test_pack_is_conserved,
        conformance.test_apply_never_mutates_its_input,
        conformance.test_moves_exist_until_the_end,
        conformance.test_check_move_agrees_with_legal_moves,
        conformance.test_observations_do_not_leak,
        conformance.test_json_round_trips,
        conformance.test_notation_round_trips,
        conformance.test_match_points_add_up_to_the_rounds,
        conformance.test_same_seed_same_match,
    ],
    ids=lambda f: getattr(f, "__name__", str(f)),
)
def test_the_generic_conformance_suite(check: Any, seed: int, whist: cardrules.Game[Any, Any, Any, Any]) -> None:
    """Each test of the generic conformance suite, run on Whist (conservation, no mutation, no leaks, ...)."""
    check.hypothesis.inner_test(whist, seed)


def test_sampled_states_and_round_decks(whist: cardrules.Game[Any, Any, Any, Any]) -> None:
    """The optional hooks hold their promises: sampled states fit the observation, round decks deal again."""
    for seed in SEED_CASES:
        conformance.test_round_deck_deals_the_round_again.hypothesis.inner_test("whist", seed)
        conformance.test_sample_state_is_consistent_with_the_observation.hypothesis.inner_test("whist", seed)


def test_records_bots_and_simulation(whist: cardrules.Game[Any, Any, Any, Any]) -> None:
    """A match of greedy against search bots makes a record that verifies; simulate runs it."""
    outcome = bots.play_match(whist, [bots.get_bot("greedy"), bots.get_bot("random")], seed=3)
    assert outcome.winner in (0, 1)
    start = whist.new_game(seed=4)
    rng = random.Random(4)
    moves, state = [], start
    for _ in range(60):
        move = whist.legal_moves(state).sample(rng)
        moves.append(move)
        state = whist.apply(state, move)
    report = records.verify(records.loads(records.dumps(records.from_moves(start, moves))))
    assert report.ok and report.moves_checked == 60
    result = bots.simulate(whist, ["greedy", "random"], 4, seed=1)
    assert "greedy" in str(result)


def test_loads_checks_a_plugin_state(whist: cardrules.Game[Any, Any, Any, Any]) -> None:
    """cardrules.loads runs the plugin's check_state: a card twice is refused."""
    state = whist.new_game(seed=1)
    assert cardrules.loads(cardrules.dumps(state)) == state
    text = cardrules.dumps(state).replace(str(state.hands[1][0]), str(state.hands[0][0]), 1)
    with pytest.raises(cardrules.InvalidRecordError):
        cardrules.loads(text)


def _cli(*args: str, paths: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*paths, os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args], input=stdin, capture_output=True, text=True, env=env, timeout=120
    )


def test_the_command_line_plays_it(whist_site: list[str], tmp_path: Path) -> None:
    """``cardrules games``, ``demo``, ``play``, ``simulate`` and ``verify`` know the plugin's game."""
    assert "whist: Whist" in _cli("games", paths=whist_site).stdout
    demo = _cli("demo", "whist", "--seed", "2", paths=whist_site)
    assert demo.returncode == 0, demo.stderr
    assert " the match " in demo.stdout.splitlines()[-2]  # "seats 0 and 2 win the match 9 to 4."
    play = _cli("play", "whist", "--seed", "2", paths=whist_site, stdin="1\n" * 400)
    assert play.returncode == 0, play.stderr
    last = play.stdout.rstrip().splitlines()[-1]
    assert last.startswith("You ") or last.endswith(": you lose."), last
    sim = _cli("simulate", "whist", "--bots", "greedy,random", "--matches", "2", paths=whist_site)
    assert sim.returncode == 0, sim.stderr
    start = cardrules.get_game("whist").new_game(seed=5)
    path = tmp_path / "whist.json"
    path.write_text(records.dumps(records.from_moves(start, [])), encoding="utf-8")
    assert _cli("verify", str(path), paths=whist_site).returncode == 0
