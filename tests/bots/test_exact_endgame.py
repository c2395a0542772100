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


@pytest.mark.parametrize("text", ["mulle", "mulle/fishing"])
def test_a_seat_that_remembers_knows_the_other_hand_once_the_stock_is_empty(text: str) -> None:
    """
    The observation alone (the seat's hand, the table and the round's plays) gives the other hand once
    the stock is empty: every deal drawn from it is the true one; before, the game does not say so.
    """
    game = cardrules.get_game(text)
    solving = game.spec.heuristic.solving if game.spec.heuristic is not None else None
    assert solving is not None and solving.known is not None and game.spec.sample_state is not None
    rng = random.Random(3)
    state = game.new_game(seed=3)
    seen = {False: 0, True: 0}
    while not game.is_over(state) and state.round_no == 0:
        seat = game.to_move(state)
        assert seat is not None
        view = game.observe(state, seat)
        known = solving.known(view)
        assert known == (not state.stock)
        seen[known] += 1
        if known:
            for k in range(3):
                drawn = game.spec.sample_state(view, random.Random(k))
                assert drawn.hands == state.hands and drawn.table == state.table and drawn.stock == ()
        state = game.apply(state, game.legal_moves(state).sample(rng))
    assert seen[False] and seen[True]
    assert not solving.known(cardrules.get_game("mulle(players=4)").observe(state_of(4), 0))


def state_of(players: int) -> Any:
    """A four-player Mulle state with the stock empty (the first of its last deal)."""
    game = cardrules.get_game(f"mulle(players={players})")
    rng = random.Random(1)
    state = game.new_game(seed=1)
    while state.stock:
        state = game.apply(state, game.legal_moves(state).sample(rng))
    return state


@pytest.mark.long
@pytest.mark.parametrize(("text", "cards"), [("mulle", 12), ("mulle/fishing", 8)])
def test_hard_is_optimal_deeper_than_the_pimc_horizon(text: str, cards: int) -> None:
    """Beyond ``solvable``'s few cards, hard still solves the known deal for its best move: worth the best."""
    for seed, game, state in _choices(text, cards, 3):
        seat = game.to_move(state)
        assert seat is not None
        truth = solve(state, max_nodes=None, lines=False)
        bot = HardBot(seconds=None)
        move = bot.choose(game.observe(state, seat), game.legal_moves(state), random.Random(seed))
        worth = {m.move: (m.value, m.tally_margin) for m in truth.moves}
        assert worth[move] == (truth.best.value, truth.best.tally_margin)


def test_without_a_time_limit_hard_solves_the_known_deal_whatever_it_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    """
    Twelve cards, beyond ``solvable``: ``hard(seconds=None)`` solves the one deal with millions of
    positions allowed, and its move is worth the solver's best (the move's worth solved after it).
    """
    from cardrules.bots import _pimc
    from cardrules.bots._solve import best_move

    asked: list[object] = []

    def spy(state: Any, **limits: Any) -> Any:
        asked.append(limits["max_nodes"])
        return best_move(state, **limits)

    monkeypatch.setattr(_pimc, "best_move", spy)
    _, game, state = _choices("mulle", 12, 1)[0]
    seat = game.to_move(state)
    assert seat is not None and sum(map(len, state.hands)) == 12
    move = HardBot(seconds=None).choose(game.observe(state, seat), game.legal_moves(state), random.Random(1))
    assert asked == [_pimc._UNTIMED_NODES] and _pimc._UNTIMED_NODES >= 1_000_000
    _, value, tally = best_move(state)
    after = game.apply(state, move)
    _, then, then_tally = best_move(after)
    if game.to_move(after) != seat:
        then, then_tally = -then, -then_tally
    assert (then, then_tally) == (value, tally)


def test_too_deep_to_solve_in_time_hard_searches_within_its_time() -> None:
    """The stock just emptied (sixteen cards): the known deal is not solved in a tenth of a second; the search plays."""
    import time

    _, game, state = _choices("mulle", 16, 1)[0]
    seat = game.to_move(state)
    assert seat is not None
    view, legal = game.observe(state, seat), game.legal_moves(state)
    assert sum(map(len, state.hands)) == 16
    start = time.perf_counter()
    ranked = HardBot(seconds=0.1).rank(view, legal, random.Random(1))
    took = time.perf_counter() - start
    assert ranked[0].move in legal and sum(c.visits for c in ranked) > 1  # the search's imagined deals
    assert took < 1.0


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


def test_each_imagined_deal_counts_as_likely_as_the_others_plays_were_in_it() -> None:
    """
    Charlemagne's last tricks: the share of the deals in which each move is best, each deal weighted
    by the game's likelihood of the others' plays in it, recomputed here deal by deal.
    """
    from cardrules.bots._search import _sample

    for seed in range(12):
        game, state = small_position("charlemagne", seed, 12)
        if not game.is_over(state) and state.phase == "play" and len(game.legal_moves(state)) >= 2:
            break
    seat = game.to_move(state)
    assert seat is not None
    view, legal = game.observe(state, seat), list(game.legal_moves(state))
    spec = game.spec
    assert spec.heuristic is not None and spec.heuristic.solving is not None
    likelihood = spec.heuristic.solving.likelihood
    assert likelihood is not None
    ranked = exact_rank(view, game.legal_moves(state), random.Random(4), None, worlds=6)
    assert ranked is not None
    rng = random.Random(4)
    shares = [0.0] * len(legal)
    weights = []
    for _ in range(6):
        world = _sample(spec, spec.heuristic, view, rng)
        found = {m.move: m.value + m.tally_margin / 1000 for m in solve(world, lines=False).moves}
        top = max(found[m] for m in legal)
        weights.append(likelihood(world, view))
        for i, m in enumerate(legal):
            shares[i] += weights[-1] * (found[m] == top)
    assert len(set(weights)) > 1  # the deals do not all count the same
    got = {c.move: c.value for c in ranked}
    assert all(got[m] == pytest.approx(shares[i] / sum(weights)) for i, m in enumerate(legal))


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
