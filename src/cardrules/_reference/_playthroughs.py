"""
Golden playthroughs: one whole match of a game, step by step, as text to keep and diff (as
OpenSpiel keeps a playthrough of each game): at each step every seat's view, the legal moves, the
move played and its events.
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Any, Final

from cardrules._reference._common import AnyGame, dumps, move_text, score_data, seats, write
from cardrules._registry import game_names, get_game

__all__ = ["SHOWN", "playthrough", "playthroughs"]

SHOWN: Final = 40
"""The legal moves written at each step, at most (their count always)."""


def _events(game: AnyGame, before: Any, move: Any, after: Any) -> list[str]:
    events = game.spec.events
    if events is None:
        return []
    return [f"  event {e.kind} {e.rule} {e.points:+d}: {e.text}" for e in events(before, move, after)]


def playthrough(game: AnyGame, seed: int = 1) -> str:
    """One whole match of *game* from *seed*, each move drawn by ``random.Random(seed)`` among the legal ones."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    lines = [f"game {game.text}", f"seed {seed}", f"position {write(game, state)}"]
    step = 0
    while not game.is_over(state):
        legal = game.legal_moves(state)
        count = len(legal)
        shown = [move_text(game, m) for m in islice(legal, SHOWN)]
        lines.append(f"step {step}")
        lines.extend(f"  seat {seat}: {write(game, state, seat)}" for seat in seats(game, state))
        more = f" (+{count - len(shown)})" if count > len(shown) else ""
        lines.append(f"  legal {count}: {' | '.join(shown)}{more}")
        move = legal[rng.randrange(count)]
        after = game.spec.trusted_apply(state, move)
        lines.append(f"  move {move_text(game, move)}")
        lines.extend(_events(game, state, move, after))
        state = after
        step += 1
    lines.append(f"end {dumps(score_data(game, state))}")
    lines.append(f"position {write(game, state)}")
    return "\n".join(lines) + "\n"


def playthroughs() -> dict[str, str]:
    """The playthrough of each game and preset, by file name (``game-preset.txt``)."""
    return {
        f"{name}-{preset}.txt": playthrough(get_game(f"{name}/{preset}"))
        for name in game_names()
        for preset in get_game(name).spec.presets
    }
