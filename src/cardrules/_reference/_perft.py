"""
Perft: the number of move sequences of a given length from a position in which every card is
shown, as chess engines count them to check their move generators against each other.
"""

from __future__ import annotations

from typing import Any

from cardrules._reference._common import AnyGame, move_text, read_shown
from cardrules.errors import InvalidOptionError

__all__ = ["divide", "perft", "perft_of"]

MAX_DEPTH = 64


def perft(game: AnyGame, state: Any, depth: int) -> int:
    """
    The number of sequences of *depth* moves from *state*: at the last move the legal moves are
    counted, not listed (Mulle counts its captures without listing them). A sequence that ends
    the match early is not extended, and counts for nothing at a greater depth.
    """
    if depth == 0:
        return 1
    legal = game.legal_moves(state)
    if depth == 1:
        return len(legal)
    return sum(perft(game, game.spec.trusted_apply(state, move), depth - 1) for move in legal)


def divide(game: AnyGame, state: Any, depth: int) -> list[tuple[str, int]]:
    """Each first move in canonical notation, in the order of the legal moves, with its perft of *depth* - 1."""
    if depth < 1:
        raise InvalidOptionError(f"--divide needs a depth of at least 1, not {depth}")
    return [(move_text(game, m), perft(game, game.apply(state, m), depth - 1)) for m in game.legal_moves(state)]


def perft_of(text: str, depth: int) -> tuple[AnyGame, Any]:
    """The game and state of position *text*, every card shown, and *depth* checked."""
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_DEPTH:
        raise InvalidOptionError(f"the depth is a whole number from 0 to {MAX_DEPTH}, not {depth!r}")
    return read_shown(text, "perft")


TABLE_DEPTH = 4
"""The depths the documentation's perft tables give: 1 to this."""
WIDE_DEPTH = 2
"""The depths of the table of a position of more moves than a vector lists: 1 to this."""


def standard_positions() -> list[tuple[str, str, int]]:
    """
    The positions of the perft tables, each with the greatest depth given: of each game and
    preset, its first deal, six random moves on, and where a random match meets positions of more
    legal moves than a vector lists (200), the first of the most moves.
    """
    import random

    from cardrules._reference._common import write
    from cardrules._registry import game_names, get_game

    out = []
    for name in game_names():
        for preset in get_game(name).spec.presets:
            game = get_game(f"{name}/{preset}")
            state = game.new_game(seed=1)
            out.append((f"{game.spec.title}, {preset}: the first deal", write(game, state), TABLE_DEPTH))
            rng = random.Random(1)
            wide, most = None, 200
            moves = 0
            while not game.is_over(state):
                if moves == 6:
                    out.append((f"{game.spec.title}, {preset}: six moves on", write(game, state), TABLE_DEPTH))
                legal = game.legal_moves(state)
                if len(legal) > most:
                    wide, most = state, len(legal)
                state = game.spec.trusted_apply(state, legal.sample(rng))
                moves += 1
            if wide is not None:
                label = f"{game.spec.title}, {preset}: the most legal moves of a random match"
                out.append((label, write(game, wide), WIDE_DEPTH))
    return out


def tables() -> str:
    """The documentation's perft tables, as Markdown."""
    blocks = []
    for label, text, depth in standard_positions():
        game, state = read_shown(text, "perft")
        rows = "".join(f"| {d} | {perft(game, state, d):,} |\n" for d in range(1, depth + 1))
        blocks.append(f"**{label}**\n\n```text\n{text}\n```\n\n| depth | sequences |\n|---:|---:|\n{rows}")
    return "\n".join(blocks)
