"""The cardrules benchmark suite: every game and preset, through the generic ``Game`` interface.

Run ``python benchmarks/suite.py`` (or ``nox -s bench``); ``--quick`` for the short CI report,
``--repeat N`` to set how many times each timing is taken (the median is printed), ``--game TEXT``
to keep only the cases whose label contains TEXT. It prints numbers and asserts nothing.

Per game and preset it prints:

* random full rounds per second, and decisions per second: a decision is one ``legal_moves``,
  one ``sample`` (a uniformly random legal move) and one ``apply``, over whole random matches;
* microseconds per call of ``legal_moves``, ``apply``, ``observe`` (the seat to move), ``score``
  and ``dumps`` + ``loads``, each over the same positions taken from random play;
* the tracemalloc peak of a long simulation (random matches back to back, keeping only the
  current state, as a simulation does);
* the memory of a search tree of random states (see :func:`tree_memory` for the measure).

New games and presets appear here by themselves: the cases come from ``cardrules.game_names()``
and each game's ``GameSpec.presets``.
"""

from __future__ import annotations

import argparse
import array
import datetime
import gc
import platform
import random
import statistics
import sys
import time
import tracemalloc
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

import cardrules
from cardrules.engine import GameSpec

AnyGame = cardrules.Game[Any, Any, Any, Any]

CLOCK = time.process_time
"""The clock of every timing: this process's CPU time, so that the time it waits for a core
that it shares with other work (two cores, several users) is not counted."""


@attrs.frozen
class Settings:
    """How long and how often to measure."""

    play_seconds: float = 1.0
    repeat: int = 5
    positions: int = 2000
    call_seconds: float = 0.2
    sim_matches: int = 30
    tree_states: int = 10_000


FULL = Settings()
QUICK = Settings(play_seconds=0.2, repeat=3, positions=200, call_seconds=0.02, sim_matches=2, tree_states=3000)


def cases(contains: str = "") -> list[tuple[str, AnyGame]]:
    """Every preset of every game as ``(label, game)``, such as ``("mulle/fishing", game)``."""
    out: list[tuple[str, AnyGame]] = []
    for name in cardrules.game_names():
        spec: GameSpec[Any, Any, Any, Any] = cardrules.get_game(name).spec
        for preset in spec.presets:
            label = name if len(spec.presets) == 1 else f"{name}/{preset}"
            if contains in label:
                out.append((label, cardrules.get_game(f"{name}/{preset}")))
    return out


# --- random play -------------------------------------------------------------------------


def random_match(game: AnyGame, seed: int) -> tuple[int, int]:
    """Play one whole match of uniformly random legal moves; return (decisions, rounds)."""
    rng = random.Random(seed)
    legal_moves, apply, is_over = game.spec.legal_moves, game.spec.apply, game.spec.is_over
    state = game.new_game(seed=seed)
    decisions = 0
    while not is_over(state):
        state = apply(state, legal_moves(state).sample(rng))
        decisions += 1
    return decisions, len(game.score(state).rounds)


def random_play(game: AnyGame, seconds: float, seed: int = 1) -> tuple[float, float]:
    """Whole random matches for about *seconds*: (rounds per second, decisions per second)."""
    decisions = rounds = 0
    start = CLOCK()
    elapsed = 0.0
    while elapsed < seconds:
        d, r = random_match(game, seed)
        decisions += d
        rounds += r
        seed += 1
        elapsed = CLOCK() - start
    return rounds / elapsed, decisions / elapsed


# --- per call ----------------------------------------------------------------------------


def positions(game: AnyGame, n: int, seed: int = 2) -> list[tuple[Any, Any]]:
    """*n* (state, legal move) pairs from random matches, the match-over states left out."""
    rng = random.Random(seed)
    out: list[tuple[Any, Any]] = []
    state = game.new_game(seed=seed)
    while len(out) < n:
        if game.is_over(state):
            state = game.new_game(seed=rng.getrandbits(32))
        move = game.legal_moves(state).sample(rng)
        out.append((state, move))
        state = game.apply(state, move)
    return out


def per_call_us(call: Callable[[Any, Any], object], pairs: Sequence[tuple[Any, Any]], seconds: float) -> float:
    """Microseconds per ``call(state, move)`` over *pairs*, looping for at least *seconds*."""
    n = 0
    start = CLOCK()
    elapsed = 0.0
    while elapsed < seconds or n == 0:
        for state, move in pairs:
            call(state, move)
        n += len(pairs)
        elapsed = CLOCK() - start
    return elapsed / n * 1e6


def call_table(game: AnyGame, pairs: Sequence[tuple[Any, Any]], seconds: float) -> dict[str, float]:
    """Microseconds per call of each function of the interface, over the same positions."""
    spec = game.spec
    to_move = spec.to_move
    loads, dumps = cardrules.loads, cardrules.dumps
    calls: dict[str, Callable[[Any, Any], object]] = {
        "legal_moves": lambda s, m: spec.legal_moves(s),
        "apply": spec.apply,
        "observe": lambda s, m: spec.observe(s, to_move(s)),
        "score": lambda s, m: spec.score(s),
        "dumps+loads": lambda s, m: loads(dumps(s)),
    }
    # dumps+loads is ~100 times slower than the rest: time it on fewer positions.
    few = pairs[: max(1, len(pairs) // 10)]
    return {name: per_call_us(call, few if name == "dumps+loads" else pairs, seconds) for name, call in calls.items()}


# --- memory ------------------------------------------------------------------------------


def simulation_peak(game: AnyGame, matches: int, seed: int = 3) -> tuple[int, int]:
    """tracemalloc peak (bytes) over *matches* random matches in a row, and the decisions played."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        decisions = 0
        for i in range(matches):
            decisions += random_match(game, seed + i)[0]
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    return peak, decisions


_SKIP_TYPES = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def _reachable(roots: Sequence[object], skip: set[int]) -> dict[int, object]:
    """The objects reachable from *roots* through ``gc.get_referents``, ids in *skip* left out."""
    seen: dict[int, object] = {}
    stack = list(roots)
    while stack:
        obj = stack.pop()
        key = id(obj)
        if key in seen or key in skip or isinstance(obj, _SKIP_TYPES):
            continue
        seen[key] = obj
        stack.extend(gc.get_referents(obj))
    return seen


def _static_ids() -> set[int]:
    """Objects that exist before any state: everything the cardrules modules hold, small ints, ()."""
    roots: list[object] = [vars(m) for name, m in list(sys.modules.items()) if name.startswith("cardrules")]
    ids = set(_reachable(roots, set()))
    ids.update(id(i) for i in range(-5, 257))
    ids.update((id(()), id(None), id(True), id(False)))
    return ids


@attrs.frozen
class TreeMemory:
    """The memory of a search tree of random states; see :func:`tree_memory`."""

    states: int
    traced: int
    differences: int
    full_copies: int


def tree_memory(game: AnyGame, n: int, seed: int = 4) -> TreeMemory:
    """
    Grow a tree of *n* states by random expansion and measure what it costs.

    From a root (a new match), repeat *n* - 1 times: pick a kept state at random (not a
    match-over one), apply a random legal move, keep the child. Every state stays alive.

    * ``traced``: tracemalloc's count of the bytes still allocated once the tree is built (the
      list holding the states, and the array of parent indices, are allocated before, and not
      counted). This is what the tree really costs.
    * ``differences``: the sum, over the children, of the sizes (``sys.getsizeof``) of the
      objects reachable from the child but not from its parent, nor from the cardrules modules
      (cards, moves, rulesets) nor small ints: the least that any immutable representation
      sharing everything it can must store for the child. A copy-free ``apply`` makes
      ``traced`` close to ``differences``.
    * ``full_copies``: the sum of the sizes of everything reachable from each state (constants
      left out as above): what the tree would cost if every state were a deep copy.
    """
    rng = random.Random(seed)
    legal_moves, apply, is_over = game.spec.legal_moves, game.spec.apply, game.spec.is_over
    kept: list[Any] = [None] * n
    kept[0] = game.new_game(seed=seed)
    parents = array.array("q", bytes(8 * n))  # C integers: no int objects allocated while tracing
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        for i in range(1, n):
            p = rng.randrange(i)
            while is_over(kept[p]):
                p = rng.randrange(i)
            kept[i] = apply(kept[p], legal_moves(kept[p]).sample(rng))
            parents[i] = p
        gc.collect()
        traced = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    static = _static_ids()
    differences = full = 0
    for i in range(n):
        own = _reachable([kept[i]], static)
        full += sum(sys.getsizeof(o) for o in own.values())
        if i:
            inherited = _reachable([kept[parents[i]]], static)
            differences += sum(sys.getsizeof(o) for k, o in own.items() if k not in inherited)
    return TreeMemory(n, traced, differences, full)


# --- report ------------------------------------------------------------------------------


def median(values: Sequence[float]) -> float:
    """The median, for noisy timings."""
    return statistics.median(values)


def measure(label: str, game: AnyGame, settings: Settings) -> dict[str, float]:
    """Every figure of one game and preset (timings are medians of ``settings.repeat`` runs)."""
    plays = [random_play(game, settings.play_seconds, seed=1 + 1000 * r) for r in range(settings.repeat)]
    pairs = positions(game, settings.positions)
    calls = [call_table(game, pairs, settings.call_seconds) for _ in range(settings.repeat)]
    out = {
        "rounds/s": median([p[0] for p in plays]),
        "decisions/s": median([p[1] for p in plays]),
    }
    for name in calls[0]:
        out[name] = median([c[name] for c in calls])
    peak, decisions = simulation_peak(game, settings.sim_matches)
    out["sim peak KiB"] = peak / 1024
    out["sim decisions"] = decisions
    tree = tree_memory(game, settings.tree_states)
    out["tree states"] = tree.states
    out["tree traced KiB"] = tree.traced / 1024
    out["tree diffs KiB"] = tree.differences / 1024
    out["tree copies KiB"] = tree.full_copies / 1024
    return out


_ROWS: tuple[tuple[str, str, str], ...] = (
    ("random rounds/s", "rounds/s", "{:,.0f}"),
    ("decisions/s", "decisions/s", "{:,.0f}"),
    ("µs legal_moves", "legal_moves", "{:.2f}"),
    ("µs apply", "apply", "{:.2f}"),
    ("µs observe", "observe", "{:.2f}"),
    ("µs score", "score", "{:.2f}"),
    ("µs dumps+loads", "dumps+loads", "{:.0f}"),
    ("sim peak KiB", "sim peak KiB", "{:,.0f}"),
    ("sim decisions", "sim decisions", "{:,.0f}"),
    ("tree states", "tree states", "{:,.0f}"),
    ("tree traced KiB", "tree traced KiB", "{:,.0f}"),
    ("tree diffs KiB", "tree diffs KiB", "{:,.0f}"),
    ("tree copies KiB", "tree copies KiB", "{:,.0f}"),
)


def print_table(results: dict[str, dict[str, float]], settings: Settings) -> None:
    """Print the figures, one column per game and preset."""
    labels = list(results)
    width = max(14, *(len(label) + 2 for label in labels))
    rows = _ROWS
    print(
        f"cardrules {cardrules.__version__}, Python {sys.version.split()[0]}; timings are medians of "
        f"{settings.repeat} runs (one core; the figures are noisy on a shared machine)"
    )
    print("".ljust(18) + "".join(label.rjust(width) for label in labels))
    for title, key, fmt in rows:
        print(title.ljust(18) + "".join(fmt.format(results[label][key]).rjust(width) for label in labels))
    for label in labels:
        r = results[label]
        over = r["tree traced KiB"] - r["tree diffs KiB"]
        print(
            f"{label}: a tree of {r['tree states']:,.0f} states holds {r['tree traced KiB'] / 1024:.1f} MiB "
            f"(tracemalloc), {over:+,.1f} KiB against the states' own differences "
            f"({r['tree diffs KiB'] / 1024:.1f} MiB); deep copies would take {r['tree copies KiB'] / 1024:.1f} MiB"
        )


def markdown(results: dict[str, dict[str, float]], settings: Settings, command: str) -> str:
    """The figures as a dated MyST include for the performance page (``docs/perf/suite.md``)."""
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    labels = list(results)
    lines = [
        f"Measured {when} by `{command}`: cardrules {cardrules.__version__}, Python "
        f"{sys.version.split()[0]}, {platform.machine()}; timings are medians of {settings.repeat} runs "
        f"(CPU time of one process); the simulation is {settings.sim_matches} random matches, the tree "
        f"{settings.tree_states:,} states.",
        "",
        "| | " + " | ".join(labels) + " |",
        "|---|" + "---:|" * len(labels),
    ]
    for title, key, fmt in _ROWS:
        lines.append(f"| {title} | " + " | ".join(fmt.format(results[label][key]) for label in labels) + " |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> None:
    """Measure every game and preset and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="short runs, for the CI report")
    parser.add_argument("--repeat", type=int, help="timings per figure (the median is printed)")
    parser.add_argument("--game", default="", help="only the cases whose label contains this text")
    parser.add_argument("--markdown", type=Path, help="also write the figures, dated, to this Markdown file")
    args = parser.parse_args(argv)
    settings = QUICK if args.quick else FULL
    if args.repeat:
        settings = attrs.evolve(settings, repeat=args.repeat)
    results = {label: measure(label, game, settings) for label, game in cases(args.game)}
    print_table(results, settings)
    if args.markdown:
        command = "python benchmarks/suite.py" + (" --quick" if args.quick else "") + f" --repeat {settings.repeat}"
        args.markdown.write_text(markdown(results, settings, command))
        print(f"wrote {args.markdown}")


if __name__ == "__main__":
    main()
