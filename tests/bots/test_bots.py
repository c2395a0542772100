"""The bots: legal moves only, only an observation to go on, the same moves for the same seed."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.bots import Bot, GreedyBot, ISMCTSBot, RandomBot, SearchBot, bot_names, get_bot
from cardrules.bots._games import heuristic_games
from tests.bots.positions import mover, position, positions

SMALL_SEARCH = "search(iterations=6)"
BOTS = [
    "random",
    "greedy",
    SMALL_SEARCH,
    "search(iterations=6, rollout=random, max_candidates=2)",
    "ismcts(iterations=6)",
    "ismcts(iterations=8, rollout=random, max_candidates=3, exploration=0)",
]


class Spy:
    """A bot that records what it is given and plays the first legal move."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def choose(self, observation: Any, legal_moves: cardrules.LegalMoves[Any], rng: random.Random) -> Any:
        self.seen.append(observation)
        return legal_moves[0]


@pytest.mark.parametrize("text", BOTS)
@settings(max_examples=8)
@given(case=positions(), rng_seed=st.integers(0, 2**32 - 1))
def test_bots_play_legal_moves(text: str, case: tuple[cardrules.Game[Any, Any, Any, Any], Any], rng_seed: int) -> None:
    """Every bot returns one of the legal moves, in random positions of every game and preset."""
    game, state = case
    seat = game.to_move(state)
    assert seat is not None
    move = get_bot(text).choose(game.observe(state, seat), game.legal_moves(state), random.Random(rng_seed))
    assert game.check_move(state, move) is None


@pytest.mark.parametrize("name", cardrules.game_names())
@pytest.mark.parametrize("text", ["random", "greedy"])
def test_whole_match_of_legal_moves(name: str, text: str) -> None:
    """A bot plays a whole match of every game, every move legal (``apply`` would raise otherwise)."""
    game = cardrules.get_game(name)
    n = len(game.score(game.new_game(seed=4)).sides)
    result = cardrules.bots.play_match(game, [get_bot(text)] * n, seed=4)
    assert result.decisions > 0


@pytest.mark.parametrize("name", cardrules.game_names())
def test_bots_get_observations_not_states(name: str) -> None:
    """What a bot is given is the seat's observation, the same object ``observe`` makes, never the state."""
    game = cardrules.get_game(name)
    spy = Spy()
    n = len(game.score(game.new_game(seed=1)).sides)
    cardrules.bots.play_match(game, [spy] * n, seed=1)
    assert spy.seen
    assert {type(o) for o in spy.seen} == {game.spec.observation_type}
    assert game.spec.observation_type is not game.spec.state_type


@pytest.mark.parametrize("text", ["greedy", SMALL_SEARCH])
def test_bots_refuse_a_state(text: str) -> None:
    """Handing a bot the full state instead of an observation is a TypeError, not a peek."""
    game, state = position("mililla", 2, 5)
    with pytest.raises(TypeError, match="not an observation"):
        get_bot(text).choose(state, game.legal_moves(state), random.Random(0))


@pytest.mark.parametrize("name", cardrules.game_names())
@pytest.mark.parametrize("text", BOTS)
def test_same_seed_same_moves(name: str, text: str) -> None:
    """With an iteration budget, a bot given the same rng seed makes the same choices."""
    game, state = position(name, 21, 6)
    seat = mover(game, state)
    view, legal = game.observe(state, seat), game.legal_moves(state)
    first = [get_bot(text).choose(view, legal, random.Random(s)) for s in range(5)]
    again = [get_bot(text).choose(view, legal, random.Random(s)) for s in range(5)]
    assert first == again


@pytest.mark.parametrize("name", cardrules.game_names())
def test_same_seed_same_match(name: str) -> None:
    """A match between bots is the same for the same seeds."""
    game = cardrules.get_game(name)
    n = len(game.score(game.new_game(seed=3)).sides)
    bots: list[Bot] = [get_bot("greedy"), *[RandomBot()] * (n - 1)]
    a = cardrules.bots.play_match(game, bots, seed=3)
    assert a == cardrules.bots.play_match(game, bots, seed=3)


def test_every_game_has_a_heuristic() -> None:
    """Each game on the registry has its greedy heuristic (else its greedy bot would play at random)."""
    assert set(cardrules.game_names()) <= set(heuristic_games())


def test_greedy_takes_a_trick_worth_points() -> None:
    """Mililla: last to play, greedy gets its side the most round points that any legal card would."""
    game = cardrules.get_game("mililla")
    rng = random.Random(0)
    checked = 0
    for seed in range(60):
        state = game.new_game(seed=seed)
        for _ in range(3):
            state = game.apply(state, game.legal_moves(state).sample(rng))
        seat = mover(game, state)
        legal = game.legal_moves(state)
        view = game.observe(state, seat)
        before = game.score(state).round
        move = GreedyBot().choose(view, legal, rng)
        after = game.apply(state, move)
        tallies = [game.score(game.apply(state, m)).round for m in legal]
        assert before is not None and all(t is not None for t in tallies)
        side = seat % 2
        best = max(t.tally[side] for t in tallies if t is not None)
        got = game.score(after).round
        assert got is not None
        assert got.tally[side] == best, (seed, [str(m) for m in legal], str(move))
        checked += 1
    assert checked == 60


def test_get_bot_names_and_options() -> None:
    """``get_bot`` knows the bots and the levels, and reads options in parentheses."""
    assert bot_names() == ("easy", "greedy", "hard", "ismcts", "medium", "random", "search")
    assert isinstance(get_bot("random"), RandomBot)
    assert isinstance(get_bot(" Greedy "), GreedyBot)
    bot = get_bot("search(iterations=40, seconds=0.5, rollout=random)")
    assert bot == SearchBot(iterations=40, seconds=0.5, rollout="random")
    for made in (get_bot("random"), bot, GreedyBot()):
        assert isinstance(made, Bot)


@pytest.mark.parametrize(
    ("text", "error", "match"),
    [
        ("alphazero", cardrules.UnknownOptionError, "the bots are: easy, greedy, hard, ismcts, medium, random, search"),
        ("search(depth=3)", cardrules.UnknownOptionError, "its options are: epsilon, exploration, iterations"),
        ("greedy(iterations=3)", cardrules.UnknownOptionError, "its options are: none"),
        ("search(iterations=0)", cardrules.InvalidOptionError, "at least 1"),
        ("search(seconds=-1)", cardrules.InvalidOptionError, "positive"),
        ("search(rollout=smart)", cardrules.InvalidOptionError, "greedy or random"),
        ("search(margin=x)", cardrules.InvalidOptionError, "margin"),
        ("search(iterations)", cardrules.UnknownOptionError, "option=value"),
        ("search(", cardrules.UnknownOptionError, "cannot read"),
    ],
)
def test_get_bot_errors(text: str, error: type[Exception], match: str) -> None:
    """A bad bot name, option or value raises a library error that lists what is valid."""
    with pytest.raises(error, match=match):
        get_bot(text)


def test_time_budget_still_returns_a_legal_move() -> None:
    """With a tiny time budget the search stops early and still plays a legal move."""
    game, state = position("mililla", 8, 2)
    seat = mover(game, state)
    bot = SearchBot(iterations=10_000, seconds=0.001)
    move = bot.choose(game.observe(state, seat), game.legal_moves(state), random.Random(1))
    assert move in game.legal_moves(state)


@pytest.mark.parametrize("name", cardrules.game_names())
def test_search_keeps_the_greedy_move_without_clear_evidence(name: str) -> None:
    """With a huge margin no move is clearly better than the greedy one, so the search plays it."""
    for seed in range(4):
        game, state = position(name, seed, 3 + 7 * seed)
        seat = mover(game, state)
        view, legal = game.observe(state, seat), game.legal_moves(state)
        want = GreedyBot().choose(view, legal, random.Random(seed))
        got = SearchBot(iterations=12, margin=1e9).choose(view, legal, random.Random(seed))
        assert got == want


def test_search_margin_is_checked() -> None:
    """The margin is a number of at least 0."""
    assert get_bot("search(margin=0)") == SearchBot(margin=0)
    with pytest.raises(cardrules.InvalidOptionError, match="margin"):
        get_bot("search(margin=-1)")


def test_charlemagne_bids_seen_fit_the_real_deal() -> None:
    """Charlemagne: the real deal is always plausible to the search bot when every seat bids by the heuristic."""
    from cardrules.charlemagne import sample_state
    from cardrules.charlemagne._bot import plausible

    game = cardrules.get_game("charlemagne")
    rng = random.Random(2)
    rejected = 0
    for seed in range(30):
        state = game.new_game(seed=seed)
        while state.phase == "bid":
            seat = mover(game, state)
            view = game.observe(state, seat)
            assert plausible(state, view)
            rejected += not plausible(sample_state(view, rng), view) if view.calls else 0
            state = game.apply(state, GreedyBot().choose(view, game.legal_moves(state), rng))
    assert rejected > 0  # a pass or a bid says something about a hand


def test_ismcts_options_and_budget() -> None:
    """``ismcts`` reads its options like ``search`` and refuses bad ones; a tiny time budget gives a legal move."""
    assert get_bot("ismcts(iterations=40, seconds=0.5, rollout=random)") == ISMCTSBot(
        iterations=40, seconds=0.5, rollout="random"
    )
    assert str(get_bot("ismcts")) == "ismcts"
    for text, match in [
        ("ismcts(iterations=0)", "at least 1"),
        ("ismcts(exploration=-1)", "exploration"),
        ("ismcts(rollout=smart)", "greedy or random"),
    ]:
        with pytest.raises(cardrules.InvalidOptionError, match=match):
            get_bot(text)
    with pytest.raises(cardrules.UnknownOptionError, match="its options are: epsilon, exploration, iterations"):
        get_bot("ismcts(margin=1)")
    game, state = position("charlemagne", 8, 12)
    seat = mover(game, state)
    move = ISMCTSBot(iterations=10_000, seconds=0.001).choose(
        game.observe(state, seat), game.legal_moves(state), random.Random(1)
    )
    assert move in game.legal_moves(state)


@pytest.mark.parametrize("name", cardrules.game_names())
def test_ismcts_tree_counts_every_iteration(name: str) -> None:
    """Each iteration adds one visit to exactly one root move, and the move played is the most visited one."""
    from cardrules.bots import _ismcts

    seen: list[_ismcts._Node] = []
    original = _ismcts._Node.__init__

    def keep(self: _ismcts._Node, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        seen.append(self)

    for seed in range(6):
        game, state = position(name, seed, 5 + 3 * seed)
        seat = mover(game, state)
        legal = game.legal_moves(state)
        seen.clear()
        _ismcts._Node.__init__ = keep  # type: ignore[method-assign]
        try:
            move = ISMCTSBot(iterations=30).choose(game.observe(state, seat), legal, random.Random(seed))
        finally:
            _ismcts._Node.__init__ = original  # type: ignore[method-assign]
        assert move in legal
        if not seen:
            continue  # one candidate only: no search
        root = seen[0]
        assert sum(c.visits for c in root.children.values()) == 30
        assert root.children[move].visits == max(c.visits for c in root.children.values())
