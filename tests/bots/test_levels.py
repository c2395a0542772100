"""The levels easy, medium and hard: named wherever bots are, each taking ``seconds=``; and ``SearchBot.rank``."""

from __future__ import annotations

import pickle
import random

import pytest

import cardrules
from cardrules.bots import (
    EasyBot,
    HardBot,
    MediumBot,
    SearchBot,
    bot_names,
    get_bot,
    simulate,
)
from cardrules.errors import InvalidOptionError, UnknownOptionError
from tests.variants import GAMES

LEVELS = ("easy", "medium", "hard")


def test_the_levels_are_bot_names() -> None:
    assert set(LEVELS) <= set(bot_names())
    assert bot_names() == tuple(sorted(bot_names()))
    assert isinstance(get_bot("easy"), EasyBot)
    assert isinstance(get_bot(" Medium "), MediumBot)
    assert isinstance(get_bot("hard"), HardBot)


@pytest.mark.parametrize("name", LEVELS)
def test_a_level_takes_seconds_and_travels_as_text(name: str) -> None:
    bot = get_bot(f"{name}(seconds=0.5)")
    assert bot.seconds == 0.5  # type: ignore[attr-defined]
    assert str(bot) == name and get_bot(str(bot)) == get_bot(name)
    assert pickle.loads(pickle.dumps(bot)) == bot
    if name != "easy":
        assert bot.searcher().seconds == 0.5  # type: ignore[attr-defined]
        assert get_bot(f"{name}(seconds=None)").searcher().seconds is None  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", LEVELS)
@pytest.mark.parametrize("value", ["0", "-1", "x", "inf", "nan", "1e400"])
def test_a_bad_seconds_is_refused(name: str, value: str) -> None:
    with pytest.raises(InvalidOptionError, match="seconds must be a positive finite number"):
        get_bot(f"{name}(seconds={value})")


def test_a_level_takes_no_other_option() -> None:
    with pytest.raises(UnknownOptionError, match="its options are: seconds"):
        get_bot("hard(iterations=10)")


def test_simulate_plays_the_levels() -> None:
    result = simulate("mililla", ["easy", "medium(seconds=None)"], 2, seed=1)
    assert [r.bot for r in result.results] == ["easy", "medium(seconds=None)"]
    assert result.matches == 2 and sum(r.wins for r in result.results) == 2


def test_easy_mixes_greedy_and_random_moves() -> None:
    game = cardrules.get_game("mililla")
    easy, greedy = get_bot("easy"), get_bot("greedy")
    same = differ = 0
    for seed in range(40):
        state = game.new_game(seed=seed)
        for _ in range(6):
            seat = game.to_move(state)
            assert seat is not None
            legal = game.legal_moves(state)
            obs = game.observe(state, seat)
            if len(legal) > 2:
                a, b = easy.choose(obs, legal, random.Random(seed)), greedy.choose(obs, legal, random.Random(0))
                same, differ = same + (a == b), differ + (a != b)
            state = game.apply(state, greedy.choose(obs, legal, random.Random(0)))
    assert same > differ > 0


@pytest.mark.parametrize("name", GAMES)
def test_rank_puts_the_chosen_move_first_and_lists_distinct_legal_moves(name: str) -> None:
    game = cardrules.get_game(name)
    bot = SearchBot(iterations=48)
    greedy = get_bot("greedy")
    rng = random.Random(3)
    state = game.new_game(seed=4)
    ranked_some = False
    for _ in range(14):
        seat = game.to_move(state)
        assert seat is not None
        legal, obs = game.legal_moves(state), game.observe(state, seat)
        ranked = bot.rank(obs, legal, random.Random(7))
        assert bot.choose(obs, legal, random.Random(7)) == ranked[0].move
        moves = [c.move for c in ranked]
        assert len(set(moves)) == len(moves) and all(m in legal for m in moves)
        if len(ranked) > 1:
            ranked_some = True
            assert all(c.visits >= 1 and 0.0 <= c.value <= 1.0 for c in ranked)
            rest = [c for c in ranked[1:] if c.visits == ranked[1].visits]
            assert [c.value for c in rest] == sorted((c.value for c in rest), reverse=True)
        state = game.apply(state, greedy.choose(obs, legal, rng))
    assert ranked_some


def test_the_command_line_takes_the_levels() -> None:
    import subprocess
    import sys

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "cardrules", *args]
        return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)

    simulated = run("simulate", "mililla", "--bots", "easy,medium(seconds=0.01)", "--matches", "2")
    assert simulated.returncode == 0, simulated.stderr
    assert "easy" in simulated.stdout and "medium(seconds=0.01)" in simulated.stdout
    played = run("play", "mililla", "--opponents", "hard(seconds=0.01)", "--seed", "2")
    assert played.returncode == 0, played.stderr  # no input: the person leaves at once
    assert "hard" in run("play", "--help").stdout
    refused = run("simulate", "mililla", "--bots", "hard(seconds=0)", "--matches", "2")
    assert refused.returncode != 0 and "seconds must be a positive finite number" in refused.stderr
