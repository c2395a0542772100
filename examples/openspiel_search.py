"""
OpenSpiel's MCTS and ISMCTS bots on a cardrules game, each partnership against random play.

Needs the extras: ``pip install "cardrules[rl,openspiel]"``. Run it as
``python examples/openspiel_search.py --game "mililla(single_round=true)" --matches 4``.

The MCTS bot searches the true state, hidden cards included: it is OpenSpiel's perfect-information
search, a cheating yardstick. The ISMCTS bot (information-set MCTS) searches states resampled
from what its seat knows (``resample_from_infostate``, by :func:`cardrules.sample_state`), so it
plays fair. Each plays the seats of one side; the other seats play uniformly at random. The
example prints each bot's mean return (+1 a won match, -1 a lost one, 0 a tied single round).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from cardrules.rl import openspiel_game

Chooser = Callable[[Any], int]


def _bots(game: Any, simulations: int, rng: np.random.RandomState) -> dict[str, Any]:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return {
        "mcts": mcts.MCTSBot(game, 2.0, simulations, evaluator, solve=False, random_state=rng),
        "ismcts": ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng),
    }


def play_match(game: Any, bot: Any, side: Sequence[int], rng: np.random.RandomState) -> list[float]:
    """One match: *bot* plays the seats in *side*, the others random; chance by its probabilities."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() in side:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return [float(r) for r in state.returns()]


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    """Play the matches and print each bot's mean return for its side; returns ``{bot: mean}``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mililla(single_round=true)", help="ruleset text")
    parser.add_argument("--matches", type=int, default=4, help="matches per bot")
    parser.add_argument("--simulations", type=int, default=20, help="search budget per move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = openspiel_game(args.game)
    rng = np.random.RandomState(args.seed)
    side = [p for p in range(game.num_players()) if p % 2 == 0]  # seat 0 and its partner, if any
    results: dict[str, float] = {}
    for name, bot in _bots(game, args.simulations, rng).items():
        returns = [play_match(game, bot, side, rng)[side[0]] for _ in range(args.matches)]
        results[name] = float(np.mean(returns))
        wins = sum(r > 0 for r in returns)
        mean = results[name]
        print(f"{name:7} on {args.game}: {wins}/{args.matches} matches won against random, mean return {mean:+.2f}")
    return results


if __name__ == "__main__":
    main()
