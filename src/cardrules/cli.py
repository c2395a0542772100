"""The ``cardrules`` command line."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import Any

from cardrules.engine import Game, game_names, get_game
from cardrules.errors import CardrulesError

__all__ = ["main"]


def _describe_score(game: Game[Any, Any, Any, Any], state: Any) -> str:
    score = game.score(state)
    sides = ["+".join(f"seat {s}" for s in side) for side in score.sides]
    return ", ".join(f"{name}: {pts}" for name, pts in zip(sides, score.match, strict=True))


def demo(text: str, seed: int | None, out: Any) -> int:
    """Computer against computer (random legal moves), printed move by move."""
    game = get_game(text)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    print(f"{game.spec.title} ({game.text}), seed {seed}", file=out)
    rounds = 0
    moves = 0
    while not game.is_over(state):
        seat = game.to_move(state)
        move = game.legal_moves(state).sample(rng)
        print(f"  seat {seat}: {game.format_move(state, move)}", file=out)
        after = game.apply(state, move)
        moves += 1
        score = game.score(after)
        if len(score.rounds) > rounds:
            rounds = len(score.rounds)
            last = score.rounds[-1]
            match = _describe_score(game, after)
            print(f"round {rounds} scored: tally {last.tally}, points {last.points}; match {match}", file=out)
        state = after
    winner = game.score(state).winner
    sides = game.score(state).sides
    assert winner is not None
    print(f"match over after {moves} moves: seats {sides[winner]} win ({_describe_score(game, state)})", file=out)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardrules",
        description="The reference rules engine for Mulle, Mililla and Charlemagne.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p_demo = sub.add_parser("demo", help="watch the computer play a whole match against itself")
    p_demo.add_argument("game", help=f"one of: {', '.join(game_names())}")
    p_demo.add_argument("--rules", help="ruleset text, such as 'mililla(rank_order=malilla)'")
    p_demo.add_argument("--seed", type=int, help="a seed, for the same match again")
    sub.add_parser("games", help="list the games and their presets")
    from cardrules._cli_records import add_commands

    add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "demo":
            text = args.rules if args.rules else args.game
            if args.rules and not args.rules.split("/")[0].split("(")[0].strip().lower() == args.game.lower():
                raise CardrulesError(f"--rules {args.rules!r} is not a ruleset of {args.game}")
            return demo(text, args.seed, sys.stdout)
        if args.command == "games":
            from cardrules.engine import _games

            for name, spec in _games().items():
                print(f"{name}: {spec.title}; presets: {', '.join(spec.presets)}")
            return 0
        if getattr(args, "handler", None) is not None:
            status: int = args.handler(args, sys.stdout)
            return status
        parser.print_help()
        return 2
    except CardrulesError as exc:
        print(f"cardrules: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
