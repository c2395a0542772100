"""Module-level caches under threads: many threads share the capture-space cache and the memos of apply."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardrules
from cardrules import mulle
from tests.playout import playout
from tests.variants import PRESETS

THREADS = 8


def _mulle_positions(n: int) -> list[Any]:
    """Positions of fishing and building play with captures on offer (many distinct tables)."""
    out: list[Any] = []
    for text in ("mulle/fishing", "mulle"):
        game = cardrules.get_game(text)
        for seed in range(40):
            for state, _move, _after in playout(game, seed):
                if len(state.table) >= 4:
                    out.append(state)
                if len(out) >= n:
                    return out
    return out


@pytest.fixture
def fast_switching() -> Iterator[None]:
    """Switch threads every few microseconds, so that unguarded read-modify-write sequences interleave."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def _hammer(work: Callable[[int], None], rounds: int) -> list[BaseException]:
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def run(k: int) -> None:
        start.wait()
        try:
            for i in range(rounds):
                work(k * rounds + i)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return errors


def test_capture_spaces_kept_with_the_moves_are_safe_under_threads(fast_switching: None) -> None:
    """Eight threads counting and indexing the same legal moves at once, each capture family making its space."""
    positions = _mulle_positions(60)
    expected = [(len(mulle.legal_moves(s)), mulle.legal_moves(s)[-1]) for s in positions]
    shared = [mulle.legal_moves(s) for s in positions]  # made now, counted only by the threads

    def work(i: int) -> None:
        j = i % len(positions)
        moves = shared[j] if i % 2 else mulle.legal_moves(positions[j])
        got = (len(moves), moves[-1])
        assert got == expected[j]

    errors = _hammer(work, 150)
    assert errors == []


def test_apply_memos_are_safe_under_threads(fast_switching: None) -> None:
    """Threads sampling and applying in every game at once: each thread's match is what it is alone."""
    texts = PRESETS

    def play(i: int) -> str:
        game = cardrules.get_game(texts[i % len(texts)])
        rng = random.Random(i)
        state = game.new_game(seed=i)
        for _ in range(120):
            if game.is_over(state):
                break
            state = game.apply(state, game.legal_moves(state).sample(rng))
        return cardrules.dumps(state)

    alone = [play(i) for i in range(THREADS * 3)]
    results: dict[int, str] = {}

    def work(i: int) -> None:
        results[i] = play(i)

    errors = _hammer(work, 3)
    assert errors == []
    assert [results[i] for i in range(THREADS * 3)] == alone
