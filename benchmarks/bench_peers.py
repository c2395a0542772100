"""cardrules against its peers: decisions per second of uniformly random play, in one run.

Run ``nox -s bench_peers`` (it installs the peers into its own environment), or
``python benchmarks/bench_peers.py [--slice S] [--blocks N] [--markdown PATH]`` where
``open-spiel``, ``rlcard`` and ``pokerkit`` are installed; a peer that cannot be imported is
skipped with the reason printed.

The method is the same for every engine: play complete games; at each decision ask the engine
for the legal actions, pick one uniformly at random with a ``random.Random``, and apply it;
chance events (deals) are sampled uniformly too, and their time is counted, as ours counts
dealing. Decisions per second = player decisions / CPU time of the process.

The engines are interleaved: in each of ``--blocks`` blocks every engine plays whole games for a
slice of ``--slice`` seconds of CPU time, in an order that turns from block to block. Each ratio
(cardrules against a peer, or one of our games against another) is computed within each block, so
that a noisy moment of a shared machine falls on one block only; the median of the per-block
ratios is reported with their spread (the lowest and the highest block). It asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import platform
import random
import statistics
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import suite

import cardrules

CLOCK = suite.CLOCK  # CPU time of this process, the same clock for every engine

PlayOne = Callable[[random.Random], int]
"""Play one complete game with the given generator; return the number of player decisions."""


# --- the peers ---------------------------------------------------------------------------


def openspiel_runner(name: str) -> PlayOne:
    """A game of OpenSpiel, through pyspiel's API (C++ games, and the pure-Python ones)."""
    import pyspiel

    if name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
    game = pyspiel.load_game(name)

    def play(rng: random.Random) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                decisions += 1
        return decisions

    return play


def rlcard_bridge_runner() -> PlayOne:
    """RLCard's raw bridge game: ``judger.get_legal_actions`` and ``game.step``, not the env."""
    from rlcard.games.bridge.game import BridgeGame

    game = BridgeGame()

    def play(rng: random.Random) -> int:
        game.np_random.seed(rng.getrandbits(32))  # the deal: RLCard shuffles with numpy
        game.init_game()
        decisions = 0
        while not game.is_over():
            actions = game.judger.get_legal_actions()
            game.step(actions[rng.randrange(len(actions))])
            decisions += 1
        return decisions

    return play


def pokerkit_runner() -> PlayOne:
    """
    PokerKit heads-up no-limit hold'em, blinds 1-2, stacks of 200, everything but the players'
    choices automated. The legal choices are fold (only facing a bet), check or call, and
    bet or raise to an amount; a choice is drawn uniformly among those available, then a
    raise amount uniformly between the least and the most allowed.
    """
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
        Automation.RUNOUT_COUNT_SELECTION,
    )

    def play(rng: random.Random) -> int:
        random.seed(rng.getrandbits(32))  # the deal: PokerKit shuffles with the random module
        state = NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, 200, 2, mode=Mode.CASH_GAME)
        decisions = 0
        while state.status:
            choices = []
            if state.can_fold() and state.checking_or_calling_amount:
                choices.append("fold")
            if state.can_check_or_call():
                choices.append("call")
            if state.can_complete_bet_or_raise_to():
                choices.append("raise")
            choice = choices[rng.randrange(len(choices))]
            if choice == "fold":
                state.fold()
            elif choice == "call":
                state.check_or_call()
            else:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                state.complete_bet_or_raise_to(rng.randint(low, high))
            decisions += 1
        return decisions

    return play


def cardrules_runner(game: suite.AnyGame) -> PlayOne:
    """Ours: a whole match of ``legal_moves``, ``sample`` and ``trusted_apply`` (the bots' path)."""
    spec = game.spec
    legal_moves, apply, is_over = spec.legal_moves, spec.trusted_apply, spec.is_over

    def play(rng: random.Random) -> int:
        state = game.new_game(seed=rng.getrandbits(63))
        decisions = 0
        while not is_over(state):
            state = apply(state, legal_moves(state).sample(rng))
            decisions += 1
        return decisions

    return play


def peers() -> list[tuple[str, str, Callable[[], PlayOne]]]:
    """(label, distribution whose version is printed, factory) for every peer."""
    return [
        ("OpenSpiel hearts (C++)", "open-spiel", lambda: openspiel_runner("hearts")),
        (
            "OpenSpiel bridge (C++)",
            "open-spiel",
            lambda: openspiel_runner("bridge(use_double_dummy_result=false)"),
        ),
        ("OpenSpiel python_kuhn_poker (Python)", "open-spiel", lambda: openspiel_runner("python_kuhn_poker")),
        ("OpenSpiel python_liars_poker (Python)", "open-spiel", lambda: openspiel_runner("python_liars_poker")),
        ("OpenSpiel python_team_dominoes (Python)", "open-spiel", lambda: openspiel_runner("python_team_dominoes")),
        ("RLCard bridge, raw game (Python)", "rlcard", rlcard_bridge_runner),
        ("PokerKit heads-up NLHE (Python)", "pokerkit", pokerkit_runner),
    ]


# --- measuring ---------------------------------------------------------------------------

TARGETS: tuple[tuple[str, str, float], ...] = (
    ("cardrules mililla (Python)", "RLCard bridge, raw game (Python)", 2.0),
    ("cardrules mililla (Python)", "OpenSpiel hearts (C++)", 0.6),
    ("cardrules charlemagne (Python)", "OpenSpiel hearts (C++)", 0.6),
    ("cardrules mulle/building (Python)", "cardrules mililla (Python)", 0.7),
    ("cardrules mulle/fishing (Python)", "cardrules mililla (Python)", 0.8),
)
"""(engine, reference, target): the ratios of decisions per second that issue 19 asks for."""


def decisions_per_second(play: PlayOne, seconds: float, rng: random.Random) -> tuple[float, float]:
    """Whole games for about *seconds* of CPU time: (decisions per second, decisions per game)."""
    decisions = games = 0
    start = CLOCK()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        decisions += play(rng)
        games += 1
        elapsed = CLOCK() - start
    return decisions / max(elapsed, 1e-9), decisions / games


def interleaved(
    engines: list[tuple[str, PlayOne]], blocks: int, seconds: float
) -> tuple[dict[str, list[float]], dict[str, float]]:
    """Per engine, its rate in every block (engines take turns, the order turning each block), and its game length."""
    rates: dict[str, list[float]] = {label: [] for label, _ in engines}
    per_game: dict[str, float] = {}
    for block in range(blocks):
        shift = block % len(engines)
        for label, play in engines[shift:] + engines[:shift]:
            rate, length = decisions_per_second(play, seconds, random.Random(1000 * block + 7))
            rates[label].append(rate)
            per_game[label] = length
    return rates, per_game


def block_ratios(rates: dict[str, list[float]], engine: str, reference: str) -> list[float] | None:
    """The ratio engine / reference within each block, or ``None`` if either did not run."""
    if engine not in rates or reference not in rates:
        return None
    return [a / b for a, b in zip(rates[engine], rates[reference], strict=True)]


def version(dist: str) -> str:
    """The installed version of a distribution, or ``?``."""
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def target_rows(rates: dict[str, list[float]]) -> list[tuple[str, str, float, float, float, float] | tuple[str, str]]:
    """Per target: (engine, reference, median ratio, lowest, highest, target), or (engine, reference) if unmeasured."""
    rows: list[tuple[str, str, float, float, float, float] | tuple[str, str]] = []
    for engine, reference, target in TARGETS:
        ratios = block_ratios(rates, engine, reference)
        if not ratios:
            rows.append((engine, reference))
        else:
            rows.append((engine, reference, statistics.median(ratios), min(ratios), max(ratios), target))
    return rows


def print_targets(rates: dict[str, list[float]]) -> None:
    """The issue's targets as per-block ratios; a target whose peer did not run is said to be unmeasured."""
    print("\nTargets: median of the per-block ratios [lowest block, highest block], target, met?")
    for row in target_rows(rates):
        if len(row) == 2:
            print(f"  {row[0]} / {row[1]}: not measured (skipped)")
            continue
        engine, reference, med, low, high, target = row
        met = "met" if med >= target else "NOT met"
        print(f"  {engine} / {reference}: {med:5.2f} [{low:.2f}-{high:.2f}]  (>= {target:.2f})  {met}")


def markdown(
    engines: list[tuple[str, str]], rates: dict[str, list[float]], per_game: dict[str, float], args: argparse.Namespace
) -> str:
    """The figures as a dated MyST include for the performance page."""
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"Measured {when} by `python benchmarks/bench_peers.py --blocks {args.blocks} --slice {args.slice:g}`: "
        f"Python {sys.version.split()[0]}, {platform.machine()}; {args.blocks} blocks of {args.slice:g} s of CPU "
        "time per engine, engines interleaved.",
        "",
        "| engine | package | decisions/s (median block) | decisions per game |",
        "|---|---|---:|---:|",
    ]
    for label, pkg in engines:
        lines.append(f"| {label} | {pkg} | {statistics.median(rates[label]):,.0f} | {per_game[label]:,.1f} |")
    lines += ["", "| ratio | median of the blocks | lowest-highest block | target | met |", "|---|---:|---:|---:|---|"]
    for row in target_rows(rates):
        if len(row) == 2:
            lines.append(f"| {row[0]} / {row[1]} | not measured | | | |")
            continue
        engine, reference, med, low, high, target = row
        lines.append(
            f"| {engine} / {reference} | {med:.2f} | {low:.2f}-{high:.2f} | ≥ {target:g} "
            f"| {'yes' if med >= target else 'no'} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    """Measure every engine that loads, interleaved, and print the table and the target ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--slice", type=float, default=0.3, help="CPU seconds per engine per block")
    parser.add_argument("--blocks", type=int, default=15, help="blocks (the median block is printed)")
    parser.add_argument("--quick", action="store_true", help="a short run: 4 blocks of 0.1 s")
    parser.add_argument("--markdown", type=Path, help="also write the figures, dated, to this Markdown file")
    args = parser.parse_args(argv)
    if args.quick:
        args.blocks, args.slice = 4, 0.1
    warnings.simplefilter("ignore")  # PokerKit and RLCard warn about things random play does

    engines: list[tuple[str, str, PlayOne]] = []
    for label, dist, factory in peers():
        try:
            engines.append((label, f"{dist} {version(dist)}", factory()))
        except Exception as exc:  # an uninstallable or broken peer is reported, not fatal
            print(f"skipped {label}: {type(exc).__name__}: {exc}")
    for label, game in suite.cases():
        engines.append((f"cardrules {label} (Python)", f"cardrules {cardrules.__version__}", cardrules_runner(game)))

    rates, per_game = interleaved([(label, play) for label, _, play in engines], args.blocks, args.slice)
    print(
        f"Random play, decisions per second (median of {args.blocks} blocks of {args.slice:g} s CPU time, "
        f"engines interleaved; Python {sys.version.split()[0]})"
    )
    width = max(len(label) for label, _, _ in engines) + 2
    print("engine".ljust(width) + "package".ljust(20) + "decisions/s".rjust(14) + "per game".rjust(10))
    for label, pkg, _ in engines:
        med = statistics.median(rates[label])
        print(label.ljust(width) + pkg.ljust(20) + f"{med:14,.0f}" + f"{per_game[label]:10,.1f}")
    print_targets(rates)
    if args.markdown:
        args.markdown.write_text(markdown([(label, pkg) for label, pkg, _ in engines], rates, per_game, args))
        print(f"wrote {args.markdown}")


if __name__ == "__main__":
    main()
