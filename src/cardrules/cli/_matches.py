"""The commands that play: ``play`` (against the computer), ``demo``, ``simulate`` and ``games``."""

from __future__ import annotations

import argparse
import concurrent.futures
import random
import sys
from typing import Any, Final

from cardrules import _messages
from cardrules._kit.style import Style, style_for
from cardrules._registry import broken as broken_games
from cardrules._registry import games as _games
from cardrules._registry import get_game, spec_for_state
from cardrules.bots import get_bot, simulate
from cardrules.cli._commentary import table_seats
from cardrules.cli._demo import demo, progress_bar, results_table
from cardrules.cli._session import Session
from cardrules.engine import Game
from cardrules.errors import CardrulesError
from cardrules.i18n import DEFAULT
from cardrules.rules import Items, Message

__all__ = ["run_demo", "run_games", "run_play", "run_simulate"]


def _error(message: Message) -> CardrulesError:
    """The error of a bad option or argument, kept as a message (written in the language when shown)."""
    return _messages.said(CardrulesError, message)


def _game(args: argparse.Namespace) -> Game[Any, Any, Any, Any]:
    if args.rules:
        head = args.rules.split("/")[0].split("(")[0].strip().lower()
        if head != args.game.split("/")[0].split("(")[0].strip().lower():
            raise _error(
                Message("--rules {rules} is not a ruleset of {game}", rules=_messages.value(args.rules), game=args.game)
            )
        return get_game(args.rules)
    return get_game(args.game)


def _seed(seed: int | None) -> int:
    return random.SystemRandom().randrange(2**31) if seed is None else seed


def _split(text: str) -> list[str]:
    """Split a list of bot texts on the commas outside parentheses."""
    parts: list[str] = []
    depth = 0
    current = ""
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    parts.append(current.strip())
    return [p for p in parts if p]


def run_games(args: argparse.Namespace) -> int:
    """``cardrules games``: list the games, their presets, and any that failed to load."""
    st = Style(lang=getattr(args, "lang", DEFAULT))
    line = st.gettext("{name}: {title}; presets: {presets}")
    for name, spec in _games().items():
        print(line.format(name=name, title=spec.title, presets=", ".join(spec.presets)))
    broken = st.gettext("{name}: not available: {why}")
    for name, why in broken_games().items():
        print(broken.format(name=name, why=why))
    return 0


_MAX_PAUSE: Final = 60.0
"""The longest pause between two moves of ``cardrules demo`` (``time.sleep`` refuses infinity)."""


def run_demo(args: argparse.Namespace) -> int:
    """``cardrules demo``: a narrated match between bots."""
    game = _game(args)
    speed = args.speed if args.speed is not None else (0.6 if sys.stdout.isatty() else 0.0)
    if not 0 <= speed <= _MAX_PAUSE:  # NaN too
        raise _error(
            Message("--speed must be from 0 to {most} seconds, not {speed}", most=f"{_MAX_PAUSE:g}", speed=args.speed)
        )
    style = style_for(sys.stdout, ascii_only=args.ascii, lang=getattr(args, "lang", DEFAULT))
    return demo(game.text, args.seed, sys.stdout, _split(args.bots), style, speed=speed)


def run_play(args: argparse.Namespace) -> int:
    """``cardrules play``: a match against the computer at the terminal table."""
    start = None
    if args.position is not None:
        start = _position_start(args)
        game = Game(spec_for_state(start), start.rules)
    elif args.game is None:
        raise _error(Message("name a game to play, or give --position"))
    else:
        game = _game(args)
    if sys.stdin is None:  # started with standard input closed (``<&-``)
        raise _error(Message("standard input is closed, and 'cardrules play' reads your moves from it"))
    session = Session(
        game,
        args.seat,
        get_bot(args.opponents),
        _seed(args.seed),
        sys.stdin,
        sys.stdout,
        ascii_only=args.ascii,
        opponents_text=args.opponents,
        start=start,
        lang=getattr(args, "lang", DEFAULT),
    )
    return session.run()


def _position_start(args: argparse.Namespace) -> Any:
    """The state ``play --position`` starts from: the position read, your hand shown, the game as named."""
    import attrs

    from cardrules.cli._positions import hidden_from, read_position

    if args.position == "-":
        raise _error(Message("--position cannot be read from standard input: 'cardrules play' reads your moves there"))
    text, state = read_position(args.position)
    game = Game(spec_for_state(state), state.rules)
    if args.game is not None and get_game(args.game).name != game.name:
        raise _error(Message("the position is one of {game}, not of {named}", game=game.name, named=args.game))
    if game.is_over(state):
        raise _error(Message("the match of this position is over: there is nothing left to play"))
    if args.seat in table_seats(game, state):
        own, other = hidden_from(state, text, args.seat)
        if own or other:
            hidden = Items([*([Message("your hand")] if own else []), *other], "comma")
            raise _error(
                Message(
                    "the position does not show {hidden} (seat {seat}): write it to play from there",
                    hidden=hidden,
                    seat=args.seat,
                )
            )
    return attrs.evolve(state, seed=_seed(args.seed))  # later rounds are shuffled from the match seed


def run_simulate(args: argparse.Namespace) -> int:
    """``cardrules simulate``: many matches between bots, and their win rates."""
    game = _game(args)
    if args.matches < 1:
        raise _error(Message("--matches must be at least 1, not {count}", count=args.matches))
    if args.workers < 1:
        raise _error(Message("--workers must be at least 1, not {count}", count=args.workers))
    if args.seconds is not None and not 0 < args.seconds < float("inf"):
        raise _error(Message("--seconds must be a positive number, not {seconds}", seconds=args.seconds))
    style = Style(lang=getattr(args, "lang", DEFAULT))
    progress = progress_bar(sys.stderr, style=style) if sys.stderr.isatty() else None
    moves = None if progress is None else progress.moves
    sides = len(game.score(game.new_game(seed=0)).sides)
    bots = _split(args.bots) if args.bots is not None else ["greedy", *["random"] * (sides - 1)]
    if len(bots) == 1:
        bots = bots * sides
    if len(bots) != sides:
        raise _error(
            Message(
                "{game} has {sides} sides, so --bots takes one bot for every side or {sides} bots, not {count}",
                game=game.text,
                sides=sides,
                count=len(bots),
            )
        )
    seed, seconds, duplicate = args.seed, args.seconds, bool(getattr(args, "duplicate", False))
    if args.workers == 1:
        result = simulate(
            game, bots, args.matches, seed=seed, progress=progress, seconds=seconds, moves=moves, duplicate=duplicate
        )
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=args.workers) as pool:
            result = simulate(
                game,
                bots,
                args.matches,
                seed=seed,
                executor=pool,
                progress=progress,
                seconds=seconds,
                duplicate=duplicate,
            )
    if progress is not None and result.stopped:
        sys.stderr.write("\n")
    print("\n".join(results_table(result, game.score(game.new_game(seed=0)).sides, style)))
    return 0
