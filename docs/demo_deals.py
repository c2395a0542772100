"""
Choose each game's "press play" deal again: ``python docs/demo_deals.py [GAME] [--seeds N]``.

For every seed, the greedy bot plays the game's demo ruleset (or the demo's own ``choose`` makes
a move, a scripted bidding say) until every rule of the demo's ``shows`` has come into play (in an
event, or among the rules that constrained a move) and the demo's ``stop`` holds; the shortest such
deal that the demo's ``keep`` accepts wins. The result is printed, to be kept as the moves of the
game's ``DEMO`` (in ``cardrules/GAME/_showcase.py``), so that the deal never changes; a test checks
that each kept deal is what this search finds, and that it shows its rules.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any


def search(deal: Any, seeds: range) -> tuple[int, tuple[str, ...]] | None:
    """The shortest deal among *seeds* for the demo *deal*: its seed and its moves (canonical notation)."""
    import cardrules
    from cardrules.bots import GreedyBot
    from cardrules.engine._bundles import rules_seen

    game = cardrules.get_game(deal.ruleset)
    bot = GreedyBot()
    best: tuple[int, tuple[str, ...]] | None = None
    for seed in seeds:
        state, rng = game.new_game(seed=seed), random.Random(seed)
        seen: set[str] = set()
        moves: list[str] = []
        states = [state]
        while len(moves) < deal.limit and not game.is_over(state):
            seat = game.to_move(state)
            assert seat is not None
            move = deal.choose(game, state, rng) if deal.choose is not None else None
            if move is None:
                move = bot.choose(game.observe(state, seat), game.legal_moves(state), rng)
            after = game.apply(state, move)
            seen.update(rules_seen(game, state, move, after))
            moves.append(game.spec.format_canonical(move))
            state = after
            states.append(state)
            if set(deal.shows) <= seen and (deal.stop is None or deal.stop(game, state)):
                break
        if not set(deal.shows) <= seen or (deal.keep is not None and not deal.keep(game, states)):
            continue
        if deal.stop is not None and not (deal.stop(game, state) or game.is_over(state)):
            continue
        if best is None or len(moves) < len(best[1]):
            best = (seed, tuple(moves))
    return best


def main() -> None:
    import cardrules

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", default=["mulle", "mililla", "charlemagne"])
    parser.add_argument("--seeds", type=int, default=200)
    args = parser.parse_args()
    for name in args.games:
        deal = cardrules.get_game(name).spec.demo
        found = search(deal, range(args.seeds))
        sys.stdout.write(f"{name}: {found}\n")


if __name__ == "__main__":
    main()
