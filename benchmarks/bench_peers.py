"""cardrules against its peers: decisions per second of uniformly random play, in one run.

Run ``nox -s bench_peers`` (it installs the peers into its own environment), or
``python benchmarks/bench_peers.py [--seconds S] [--repeat N]`` where ``open-spiel``, ``rlcard`` and
``pokerkit`` are installed; a peer that cannot be imported is skipped with the reason printed.

The method is the same for every engine: play complete games; at each decision ask the engine
for the legal actions, pick one uniformly at random with a ``random.Random``, and apply it;
chance events (deals) are sampled uniformly too, and their time is counted, as ours counts
dealing. Decisions per second = player decisions / total CPU time of the process. Each engine plays whole games
for ``--seconds``; the engines take turns, ``--repeat`` times, so that the noise of a shared
machine falls on all of them alike, and the median is printed. It asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib.metadata
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
    """Ours: a whole match of ``legal_moves``, ``sample`` and ``apply``."""
    spec = game.spec
    legal_moves, apply, is_over = spec.legal_moves, spec.apply, spec.is_over

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


def decisions_per_second(play: PlayOne, seconds: float, rng: random.Random) -> tuple[float, float]:
    """Whole games for about *seconds*: (decisions per second, decisions per game)."""
    decisions = games = 0
    start = CLOCK()
    elapsed = 0.0
    while elapsed < seconds:
        decisions += play(rng)
        games += 1
        elapsed = CLOCK() - start
    return decisions / elapsed, decisions / games


def version(dist: str) -> str:
    """The installed version of a distribution, or ``?``."""
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def main(argv: list[str] | None = None) -> None:
    """Measure every engine that loads, in turns, and print the table and the target ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.5, help="time per engine per turn")
    parser.add_argument("--repeat", type=int, default=5, help="turns (the median is printed)")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # PokerKit and RLCard warn about things random play does

    engines: list[tuple[str, str, PlayOne]] = []
    for label, dist, factory in peers():
        try:
            engines.append((label, f"{dist} {version(dist)}", factory()))
        except Exception as exc:  # an uninstallable or broken peer is reported, not fatal
            print(f"skipped {label}: {type(exc).__name__}: {exc}")
    for label, game in suite.cases():
        engines.append((f"cardrules {label} (Python)", f"cardrules {cardrules.__version__}", cardrules_runner(game)))

    rates: dict[str, list[float]] = {label: [] for label, _, _ in engines}
    per_game: dict[str, float] = {}
    for turn in range(args.repeat):
        for label, _, play in engines:
            rate, length = decisions_per_second(play, args.seconds, random.Random(1000 * turn + 7))
            rates[label].append(rate)
            per_game[label] = length
    med = {label: statistics.median(r) for label, r in rates.items()}

    print(
        f"Random play, decisions per second (median of {args.repeat} turns of {args.seconds:g} s; "
        f"Python {sys.version.split()[0]}; shared machine, so the figures are noisy)"
    )
    width = max(len(label) for label in med) + 2
    print("engine".ljust(width) + "package".ljust(20) + "decisions/s".rjust(14) + "per game".rjust(10))
    for label, pkg, _ in engines:
        print(label.ljust(width) + pkg.ljust(20) + f"{med[label]:14,.0f}" + f"{per_game[label]:10,.1f}")
    print_targets(med)


def print_targets(med: dict[str, float]) -> None:
    """The issue's targets as ratios; a target whose peer did not run is said to be unmeasured."""
    rl = med.get("RLCard bridge, raw game (Python)")
    hearts = med.get("OpenSpiel hearts (C++)")
    mililla = med.get("cardrules mililla (Python)")
    print("\nTargets (ratio, target, met?)")
    for label, rate in med.items():
        if not label.startswith("cardrules "):
            continue
        game = label.split()[1].split("/")[0]
        if game in ("mililla", "charlemagne"):
            for peer, value, target in (("RLCard raw bridge", rl, 1.0), ("OpenSpiel C++ hearts", hearts, 1 / 3)):
                if value is None:
                    print(f"  {label} vs {peer}: not measured (peer skipped)")
                    continue
                ratio = rate / value
                print(f"  {label} / {peer}: {ratio:6.2f}  (>= {target:.2f})  {'met' if ratio >= target else 'NOT met'}")
        elif game == "mulle" and mililla is not None:
            ratio = rate / mililla
            print(f"  {label} / cardrules mililla: {ratio:6.2f}  (>= 0.50)  {'met' if ratio >= 0.5 else 'NOT met'}")
        else:
            print(f"  {label}: no target")


if __name__ == "__main__":
    main()
