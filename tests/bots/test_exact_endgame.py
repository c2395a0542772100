"""
The ``hard`` level at the round's end: imagined deals solved exactly (perfect-information Monte Carlo),
and, in two-player Mulle once the stock is empty, the solver's own move on the true state.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules.bots import HardBot, solve
from cardrules.bots._pimc import WORLDS, exact_rank
from tests.bots.test_solve import small_position


def _choices(text: str, cards: int, count: int) -> list[tuple[int, Any, Any]]:
    """The first *count* seeds whose small position of *text* leaves the seat a choice, with the game and state."""
    found = []
    for seed in range(40):
        game, state = small_position(text, seed, cards)
        if not game.is_over(state) and len(game.legal_moves(state)) >= 2:
            found.append((seed, game, state))
            if len(found) == count:
                break
    assert len(found) == count, f"{text}: only {len(found)} positions with a choice"
    return found


@pytest.mark.parametrize(("text", "cards"), [("mulle", 8), ("mulle/fishing", 4)])
def test_hard_plays_a_best_move_in_two_player_mulle_with_the_stock_empty(text: str, cards: int) -> None:
    """The seat has seen every card left: every imagined deal is the true one, and hard's move is worth the best."""
    for seed, game, state in _choices(text, cards, 4):
        seat = game.to_move(state)
        assert seat is not None
        truth = solve(state, lines=False)
        best = (truth.best.value, truth.best.tally_margin)
        bot = HardBot(seconds=None)
        move = bot.choose(game.observe(state, seat), game.legal_moves(state), random.Random(seed))
        worth = {m.move: (m.value, m.tally_margin) for m in truth.moves}
        assert worth[move] == best


def test_hard_solves_imagined_deals_in_the_last_tricks() -> None:
    """Mililla with two tricks left: WORLDS deals solved, the moves ranked by their average, reproducibly."""
    game, state = small_position("mililla", 11, 8)
    seat = game.to_move(state)
    assert seat is not None
    view, legal = game.observe(state, seat), game.legal_moves(state)
    ranked = HardBot(seconds=None).rank(view, legal, random.Random(1))
    assert sorted(map(str, (c.move for c in ranked))) == sorted(map(str, legal))
    if len(legal) > 1:
        assert all(c.visits == WORLDS for c in ranked)
        assert max(c.value for c in ranked) > 0  # some move is among the best in some deal
    again = HardBot(seconds=None).rank(view, legal, random.Random(1))
    assert again == ranked


def test_early_in_the_round_hard_searches_as_before() -> None:
    """Too many cards left to solve: no exact ranking, and the search draws from the caller's generator untouched."""
    game = cardrules.get_game("mililla")
    state = game.new_game(seed=4)
    seat = game.to_move(state)
    assert seat is not None
    view, legal = game.observe(state, seat), game.legal_moves(state)
    assert exact_rank(view, legal, random.Random(2), None) is None
    bot = HardBot(seconds=None)
    searched = bot.searcher(view).rank(view, legal, random.Random(3))
    assert bot.rank(view, legal, random.Random(3)) == searched


def test_a_game_without_solving_hooks_is_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``solving`` in the heuristic: ``exact_rank`` declines, whatever the position."""
    import attrs

    from cardrules import mililla

    game, state = small_position("mililla", 5, 8)
    seat = game.to_move(state)
    assert seat is not None
    spec: Any = mililla.GAME
    bare = attrs.evolve(spec, heuristic=attrs.evolve(spec.heuristic, solving=None))
    monkeypatch.setattr("cardrules.bots._pimc.spec_for_observation", lambda _obs: bare)
    assert exact_rank(game.observe(state, seat), game.legal_moves(state), random.Random(1), None) is None


@pytest.mark.parametrize("text", ["mulle", "mulle/fishing"])
def test_the_hint_says_when_a_move_is_proven(text: str) -> None:
    """Every card left known: advise gives the solver's best move and says it is proven, with what it brings."""
    from cardrules.bots import advise

    game, state = small_position(text, 2, 6 if text == "mulle" else 4)
    seat = game.to_move(state)
    assert seat is not None
    advice = advise(game, game.observe(state, seat), game.legal_moves(state), level="hard(seconds=None)")
    truth = solve(state, lines=False)
    worth = {m.move: (m.value, m.tally_margin) for m in truth.moves}
    assert advice.proven and advice.value == 1.0
    assert worth[advice.move] == (truth.best.value, truth.best.tally_margin)
    said = [str(r) for r in advice.reasons if "proven best" in str(r)]
    assert said == [
        f"with every card known, this move is proven best: played perfectly to the end of the round, it brings "
        f"you {truth.best.value:+d} match points against the other side ({truth.best.tally_margin:+d} in the "
        "round's tally)"
    ]


def test_the_hint_proves_nothing_while_cards_are_hidden() -> None:
    from cardrules.bots import advise

    game, state = small_position("mililla", 1, 12)
    seat = game.to_move(state)
    assert seat is not None
    advice = advise(game, game.observe(state, seat), game.legal_moves(state), level="search(iterations=20)")
    assert not advice.proven
    assert not any("proven" in str(r) for r in advice.reasons)
