"""Root-parallel search (``parallel``, ``RootParallelBot``), merging searches, and each game's hard settings."""

from __future__ import annotations

import concurrent.futures
import random

import attrs
import pytest

import cardrules
from cardrules.bots import HardBot, MediumBot, RootParallelBot, SearchBot, get_bot, parallel
from cardrules.errors import InvalidOptionError, WrongKindError

GAMES = ("mililla", "charlemagne", "mulle", "mulle/fishing")


def _decision(name: str, seed: int = 2) -> tuple[object, object]:
    """An observation and its legal moves, a few random moves into a match of *name*, with a real choice."""
    game = cardrules.get_game(name)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    while True:
        state = game.apply(state, game.legal_moves(state).sample(rng))
        seat = game.to_move(state)
        assert seat is not None
        legal = game.legal_moves(state)
        if len(list(legal)) > 2:
            return game.observe(state, seat), legal


class _Recording(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that keeps every future it hands out, to read what each worker found."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.futures: list[concurrent.futures.Future[list[list[float]]]] = []

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        future = super().submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


@pytest.mark.parametrize("name", GAMES)
def test_workers_search_the_same_candidates_and_their_deals_add_up(name: str) -> None:
    observation, legal = _decision(name)
    bot = SearchBot(iterations=24)
    with _Recording(2) as pool:
        spread = RootParallelBot(bot, pool, workers=2)
        ranked = spread.rank(observation, legal, random.Random(5))  # type: ignore[arg-type]
        again = spread.rank(observation, legal, random.Random(5))  # type: ignore[arg-type]
        runs = [f.result() for f in pool.futures[:2]]
    alone = bot.rank(observation, legal, random.Random(5))  # type: ignore[arg-type]
    assert ranked == again  # reproducible: each worker's seed comes from the rng
    assert {c.move for c in ranked} == {c.move for c in alone}  # the candidates are chosen once, as alone
    assert ranked[0].move in set(legal)  # type: ignore[call-overload]
    assert runs[0] != runs[1]  # each worker imagined deals of its own
    # The greedy move is searched in every deal of every worker: its visits are both workers' deals.
    assert max(c.visits for c in ranked) == len(runs[0][0]) + len(runs[1][0])


def test_one_search_picked_is_its_own_averages() -> None:
    observation, legal = _decision("mililla", 4)
    bot = SearchBot(iterations=40)
    candidates = [c.move for c in bot.rank(observation, legal, random.Random(1))]  # type: ignore[arg-type]
    results = bot.search(observation, candidates, random.Random(9))
    picked = {c.move: c for c in bot.pick(candidates, [results])}
    for move, scores in zip(candidates, results, strict=True):
        assert picked[move].visits == len(scores)
        assert picked[move].value == pytest.approx(max(0.0, sum(scores) / len(scores)) if scores else 0.0)


def test_the_merge_plays_a_move_only_when_it_beats_the_greedy_move_across_the_workers() -> None:
    bot = SearchBot(margin=1.0)
    moves = ["greedy", "other"]
    # Worker one: "other" better in every deal; worker two: worse in every deal. Merged: no better on average.
    mixed = bot.pick(moves, [[[0.0] * 4, [1.0] * 4], [[1.0] * 4, [0.0] * 4]])
    assert mixed[0].move == "greedy"
    assert mixed[1] == cardrules.bots.Candidate("other", 0.5, 8)
    # Both workers agree that "other" wins by a clear margin, deal by deal.
    clear = bot.pick(moves, [[[0.0, 0.5, 0.0, 0.2], [1.0, 0.9, 1.0, 1.0]], [[0.1, 0.0, 0.3], [1.0, 1.0, 0.8]]])
    assert clear[0].move == "other" and clear[0].visits == 7
    # A candidate a worker dropped early is not played on the strength of its few deals.
    dropped = bot.pick(["greedy", "lucky", "kept"], [[[0.5] * 8, [1.0] * 2, [0.4] * 8]])
    assert dropped[0].move == "greedy"


def test_parallel_runs_the_search_in_processes() -> None:
    observation, legal = _decision("mililla", 3)
    with parallel(SearchBot(iterations=30), workers=2) as bot:
        assert str(bot) == "search(workers=2)"
        ranked = bot.rank(observation, legal, random.Random(1))  # type: ignore[arg-type]
    assert ranked[0].move in set(legal)  # type: ignore[call-overload]
    assert max(c.visits for c in ranked) >= 2


@pytest.mark.parametrize("workers", [0, -1, 1.5, True, "2", 257])
def test_a_bad_worker_count_is_refused(workers: object) -> None:
    with pytest.raises(InvalidOptionError, match="workers must be a whole number from 1 to 256"):
        with parallel(SearchBot(), workers=workers):  # type: ignore[arg-type]
            pass  # pragma: no cover


def test_only_a_search_is_spread() -> None:
    with pytest.raises(WrongKindError, match="spreads a search bot or a level that searches"):
        with parallel(get_bot("greedy")):  # type: ignore[arg-type]
            pass  # pragma: no cover
    with concurrent.futures.ThreadPoolExecutor(1) as pool, pytest.raises(WrongKindError):
        RootParallelBot(get_bot("easy"), pool)  # type: ignore[arg-type]


def test_hard_plays_each_games_own_search_settings() -> None:
    hard = HardBot()
    mililla, _ = _decision("mililla")
    charlemagne, _ = _decision("charlemagne")
    assert hard.searcher(mililla) == attrs.evolve(hard.searcher(), round_weight=1.0, margin=0.5)
    assert hard.searcher(charlemagne) == hard.searcher()  # no setting beat the defaults there
    assert MediumBot().searcher(mililla) == MediumBot().searcher()  # medium keeps its one configuration
    spec = cardrules.get_game("mililla").spec
    assert spec.heuristic is not None and dict(spec.heuristic.search_settings) == {"round_weight": 1.0, "margin": 0.5}
    for name, value in spec.heuristic.search_settings:
        assert name in attrs.fields_dict(SearchBot) and isinstance(value, float)
