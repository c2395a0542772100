"""A cardrules bot against OpenSpiel's ISMCTS bot, single rounds, both sides of every deal.

Needs the extras ``rl`` and ``openspiel``. OpenSpiel's ``ISMCTSBot`` (random rollouts,
``resample_from_infostate`` by :func:`cardrules.sample_state`) plays one side of the OpenSpiel
game of :func:`cardrules.rl.openspiel_game`; the cardrules bot plays the other, choosing from the
seat's observation of the wrapped cardrules state and answering with the move's action (or, for
a factored encoding, its steps). Every deal (the chance outcomes, drawn from a seeded generator)
is played twice, the bots swapping sides. ``--calibrate`` prints how long ISMCTS takes per
decision for a few simulation counts, so that ``--simulations`` can be set to the same time as
the cardrules bot's ``seconds``.

Run, e.g.::

    python benchmarks/duel_openspiel.py mililla "search(seconds=0.02)" --calibrate
    python benchmarks/duel_openspiel.py mililla "search(seconds=0.02)" --simulations 8 --rounds 100

Prints numbers; asserts nothing. One process; on a busy machine both bots are slowed alike.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from duel import single_round
from open_spiel.python.algorithms import ismcts, mcts

from cardrules.bots import get_bot, wilson_interval
from cardrules.rl import FactoredEncoding, openspiel_game


def _ismcts(game: Any, simulations: int, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)


def _our_actions(state: Any, bot: Any, rng: random.Random) -> list[int]:
    """The actions of the cardrules bot's move from the OpenSpiel *state* (one, or a factored move's steps)."""
    g = state._game.cardrules  # the wrapped cardrules game and state
    now = state._now
    seat = g.to_move(now)
    move = bot.choose(g.observe(now, seat), g.legal_moves(now), rng)
    encoding = g.spec.learning.encoding
    if isinstance(encoding, FactoredEncoding):
        return list(encoding.encode(now, move))
    return [encoding.encode(now, move)]


def play(game: Any, ours: Any, theirs: Any, our_seats: set[int], deal_seed: int, rng: random.Random) -> float:
    """One single round; 1 if our side won, 0 if it lost, 0.5 for a draw."""
    state = game.new_initial_state()
    chance = np.random.RandomState(deal_seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(outcomes, p=probs)))
        elif state.current_player() in our_seats:
            for action in _our_actions(state, ours, rng):
                state.apply_action(action)
        else:
            state.apply_action(theirs.step(state))
    returns = state.returns()
    mine = returns[min(our_seats)]
    return 1.0 if mine > 0 else 0.0 if mine < 0 else 0.5


def calibrate(game: Any, counts: list[int]) -> None:
    """Seconds per ISMCTS decision for each simulation count, over the first moves of a few rounds."""
    for n in counts:
        bot = _ismcts(game, n, 0)
        spent, decisions = 0.0, 0
        for seed in range(3):
            state = game.new_initial_state()
            chance = np.random.RandomState(seed)
            while not state.is_terminal() and decisions < 12 * (seed + 1):
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(chance.choice(outcomes, p=probs)))
                    continue
                start = time.perf_counter()
                action = bot.step(state)
                spent += time.perf_counter() - start
                decisions += 1
                state.apply_action(action)
        print(f"ismcts {n:4d} simulations: {1000 * spent / max(1, decisions):7.1f} ms a decision", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="mililla, charlemagne, mulle, or a full ruleset text")
    parser.add_argument("bot", help="the cardrules bot, e.g. 'search(seconds=0.02)'")
    parser.add_argument("--simulations", type=int, default=8, help="ISMCTS simulations per decision")
    parser.add_argument("--rounds", type=int, default=20, help="rounds to play; even (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--calibrate", action="store_true", help="time ISMCTS per decision, then stop")
    args = parser.parse_args(argv)
    game = openspiel_game(single_round(args.game))
    if args.calibrate:
        calibrate(game, [2, 4, 8, 16, 32])
        return 0
    ours = get_bot(args.bot)
    players = game.num_players()
    score, wins, draws = 0.0, 0, 0
    start = time.perf_counter()
    for k in range(args.rounds):
        side = k % 2  # every deal twice, our bot on seats of parity 0, then 1
        our_seats = {p for p in range(players) if p % 2 == side}
        theirs = _ismcts(game, args.simulations, args.seed * 7919 + k)
        result = play(game, ours, theirs, our_seats, args.seed * 7919 + k // 2, random.Random(k))
        score += result
        wins += result == 1.0
        draws += result == 0.5
    low, high = wilson_interval(wins, args.rounds)
    print(
        f"{single_round(args.game)}  {args.bot}  vs  OpenSpiel ISMCTS({args.simulations} simulations): "
        f"{args.rounds} rounds, wins {wins}, draws {draws}, losses {args.rounds - wins - draws}; "
        f"win rate {100 * wins / max(1, args.rounds):.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%); "
        f"{time.perf_counter() - start:.0f} s",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
