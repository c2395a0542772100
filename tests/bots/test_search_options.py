"""The search bots' rollout options: checked values, the same moves for the same seed, nothing hidden used."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules.bots import ISMCTSBot, SearchBot, get_bot
from cardrules.bots._search import playout
from tests.bots.positions import mover, position, seats

OPTION_BOTS = [
    "search(iterations=12, epsilon=0.2)",
    "search(iterations=12, epsilon=1, max_candidates=3)",
    "ismcts(iterations=12, epsilon=0.3)",
    "search(iterations=12, round_weight=0.3)",
    "ismcts(iterations=12, round_weight=1, epsilon=0.1)",
]


@pytest.mark.parametrize("bot", ["search", "ismcts"])
@pytest.mark.parametrize("option", ["epsilon", "round_weight"])
def test_chances_are_checked(bot: str, option: str) -> None:
    """``epsilon`` and ``round_weight`` are numbers from 0 to 1; anything else is an InvalidOptionError naming it."""
    assert getattr(get_bot(f"{bot}({option}=0.25)"), option) == 0.25
    assert getattr(get_bot(bot), option) == 0.0
    for value in ("-0.1", "1.5", "nan", "inf", "often", "True"):
        with pytest.raises(cardrules.InvalidOptionError, match=f"{option} must be a number from 0 to 1"):
            get_bot(f"{bot}({option}={value})")
    bad: dict[str, Any] = {option: True}
    with pytest.raises(cardrules.InvalidOptionError, match=option):
        SearchBot(**bad)
    bad = {option: 2}
    with pytest.raises(cardrules.InvalidOptionError, match=option):
        ISMCTSBot(**bad)


@pytest.mark.parametrize("name", cardrules.game_names())
@pytest.mark.parametrize("text", OPTION_BOTS)
def test_options_same_seed_same_moves(name: str, text: str) -> None:
    """With an iteration budget, the options give the same choices for the same rng seed."""
    game, state = position(name, 17, 9)
    seat = mover(game, state)
    view, legal = game.observe(state, seat), game.legal_moves(state)
    first = [get_bot(text).choose(view, legal, random.Random(s)) for s in range(4)]
    again = [get_bot(text).choose(view, legal, random.Random(s)) for s in range(4)]
    assert first == again
    assert all(game.check_move(state, move) is None for move in first)


@pytest.mark.parametrize("name", cardrules.game_names())
@pytest.mark.parametrize("text", [*OPTION_BOTS, "search(iterations=12)"])
def test_no_hidden_card_changes_a_decision(name: str, text: str) -> None:
    """
    Two states that differ only in cards the seat cannot see (the second
    sampled from the seat's observation) get the same decisions from the same
    rng and iteration budget: the bot uses nothing the seat does not see.
    """
    differed = 0
    for seed in range(3):
        game, state = position(name, seed, 4 + 5 * seed)
        seat = mover(game, state)
        view = game.observe(state, seat)
        other = cardrules.sample_state(view, random.Random(seed + 100))
        assert game.observe(other, seat) == view
        differed += any(game.observe(other, s) != game.observe(state, s) for s in seats(game, state))
        for s in range(2):
            ours = get_bot(text).choose(view, game.legal_moves(state), random.Random(s))
            theirs = get_bot(text).choose(game.observe(other, seat), game.legal_moves(other), random.Random(s))
            assert ours == theirs
    assert differed  # the hidden cards did differ somewhere


def test_epsilon_changes_the_rollouts() -> None:
    """Epsilon 0 is the game's greedy rollout; epsilon 1 plays random moves, through the generic loop."""
    game, state = position("mililla", 5, 6)
    spec, heuristic = game.spec, game.spec.heuristic
    assert heuristic is not None
    greedy = [playout(spec, heuristic, state, 0, random.Random(s), greedy=True) for s in range(20)]
    zero = [
        playout(spec, heuristic, state, 0, random.Random(s), greedy=True, epsilon=0.0, own_loop=False)
        for s in range(20)
    ]
    wild = [playout(spec, heuristic, state, 0, random.Random(s), greedy=True, epsilon=1.0) for s in range(20)]
    assert greedy == zero
    assert len(set(greedy)) == 1  # Mililla's greedy rollout draws no random numbers
    assert len(set(wild)) > 1
    assert all(0.0 <= v <= 1.0 for v in wild)


@pytest.mark.parametrize("text", ["mililla(single_round=true)", "charlemagne(single_round=true)", "mulle(target=0)"])
def test_round_weight_blends_the_win_with_the_round(text: str) -> None:
    """
    In a single round every rollout ends the match: with ``round_weight`` w the value is
    ``(1 - w) * won + w * measure``, the measure being what the game scores a round by.
    """
    game = cardrules.get_game(text)
    spec, heuristic = game.spec, game.spec.heuristic
    assert heuristic is not None and heuristic.value is not None
    checked = 0
    for seed in range(6):
        _, state = position(text, seed, 10 + (70 if text.startswith("mulle") else 0))  # Mulle: in the last deal
        assert not game.is_over(state)
        won = playout(spec, heuristic, state, 0, random.Random(seed), greedy=True)
        measure = playout(spec, heuristic, state, 0, random.Random(seed), greedy=True, round_weight=1.0)
        blend = playout(spec, heuristic, state, 0, random.Random(seed), greedy=True, round_weight=0.25)
        if won not in (0.0, 1.0):
            continue  # Mulle's rollouts may stop at the next deal, before the end
        checked += 1
        assert blend == pytest.approx(0.75 * won + 0.25 * measure)
        assert (measure > 0.5) == (won == 1.0) or measure == 0.5
    assert checked
