"""
The ``cardrules`` command line.

Each command is a function that adds its subparser and sets ``run`` to the
function that carries it out (``run(args) -> exit status``); :data:`COMMANDS`
lists them in the order ``--help`` shows. Adding a command is a function in
any module and one entry in that tuple.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import IO, Any, Final

from cardrules import _messages
from cardrules._kit.style import Style, style_for
from cardrules._registry import broken as broken_games
from cardrules._registry import game_names, get_game, spec_for_state
from cardrules._registry import games as _games
from cardrules.bots import bot_names, get_bot, simulate
from cardrules.cli._commentary import table_seats
from cardrules.cli._demo import demo, progress_bar, results_table
from cardrules.cli._parsing import (
    Parser,
    RawHelpFormatter,
    add_ascii,
    add_option,
    add_seed,
    help_style,
    lang_of_argv,
    parser_class,
)
from cardrules.cli._positions import add_commands as _add_positions
from cardrules.cli._records import add_commands as _add_records
from cardrules.cli._serve import add_commands as _add_serve
from cardrules.cli._table import Session
from cardrules.engine import Game
from cardrules.errors import CardrulesError
from cardrules.i18n import DEFAULT, LANGUAGES, from_environ

__all__ = ["COMMANDS", "main"]


Subparsers = Any  # argparse's _SubParsersAction, which is private


# --- shared ----------------------------------------------------------------------------


def _add_game(parser: argparse.ArgumentParser, st: Style, *, optional: bool = False) -> None:
    if optional:
        text = st.gettext(
            "one of: {games}; ruleset text is also accepted; not needed with --position, which names its game"
        )
    else:
        text = st.gettext("one of: {games}; ruleset text is also accepted")
    names = st.pgettext("list", ", ").join(game_names())
    parser.add_argument(
        "game", nargs="?" if optional else None, metavar=st.pgettext("metavar", "game"), help=text.format(games=names)
    )
    rules = st.gettext("ruleset text, such as 'mililla(rank_order=malilla)'")
    add_option(parser, "--rules", None, st.pgettext("metavar", "TEXT"), rules)


def _game(args: argparse.Namespace) -> Game[Any, Any, Any, Any]:
    if args.rules:
        head = args.rules.split("/")[0].split("(")[0].strip().lower()
        if head != args.game.split("/")[0].split("(")[0].strip().lower():
            raise CardrulesError(f"--rules {_messages.value(args.rules)} is not a ruleset of {args.game}")
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


# --- games -----------------------------------------------------------------------------


def _add_games(sub: Subparsers) -> None:
    st = help_style(sub)
    p = sub.add_parser(
        "games",
        help=st.gettext("list the games and their presets"),
        description=st.gettext("List the games and presets."),
    )
    p.set_defaults(run=_run_games)


def _run_games(args: argparse.Namespace) -> int:
    st = Style(lang=getattr(args, "lang", DEFAULT))
    line = st.gettext("{name}: {title}; presets: {presets}")
    for name, spec in _games().items():
        print(line.format(name=name, title=spec.title, presets=", ".join(spec.presets)))
    broken = st.gettext("{name}: not available: {why}")
    for name, why in broken_games().items():
        print(broken.format(name=name, why=why))
    return 0


# --- demo ------------------------------------------------------------------------------


def _add_demo(sub: Subparsers) -> None:
    st = help_style(sub)
    p = sub.add_parser(
        "demo",
        help=st.gettext("watch the computer play a whole match against itself"),
        description=st.gettext(
            "Computer against computer: a whole match, narrated move by move, with every hand shown at "
            "each deal. It opens with a legend and prints its seed (--seed repeats a demo)."
        ),
    )
    _add_game(p, st)
    add_seed(p, st, st.gettext("a seed, for the same match again"))
    bots = st.gettext("the bot of each side, comma-separated, or one for all ({bots}; default greedy)")
    add_option(p, "--bots", None, "A[,B...]", bots.format(bots=", ".join(bot_names())), "greedy")
    speed = st.gettext("seconds between moves, 0 to 60 (default: 0.6 on a terminal, 0 when piped)")
    add_option(p, "--speed", float, "S", speed)
    add_ascii(p, st)
    p.set_defaults(run=_run_demo)


_MAX_PAUSE: Final = 60.0
"""The longest pause between two moves of ``cardrules demo`` (``time.sleep`` refuses infinity)."""


def _run_demo(args: argparse.Namespace) -> int:
    game = _game(args)
    speed = args.speed if args.speed is not None else (0.6 if sys.stdout.isatty() else 0.0)
    if not 0 <= speed <= _MAX_PAUSE:  # NaN too
        raise CardrulesError(f"--speed must be from 0 to {_MAX_PAUSE:g} seconds, not {args.speed}")
    style = style_for(sys.stdout, ascii_only=args.ascii, lang=getattr(args, "lang", DEFAULT))
    return demo(game.text, args.seed, sys.stdout, _split(args.bots), style, speed=speed)


# --- play ------------------------------------------------------------------------------


def _add_play(sub: Subparsers) -> None:
    st = help_style(sub)
    p = sub.add_parser(
        "play",
        help=st.gettext("play against the computer in the terminal"),
        description=st.gettext(
            "Play a match against the computer. Each turn shows your hand, the table, the score and "
            "every legal move numbered; type a number or the move's notation, or a command: help, hint, "
            "moves [CARD], more, score, last, rules [ID], undo, quit."
        ),
    )
    _add_game(p, st, optional=True)
    position = st.gettext(
        "start from this position (text, a file holding it, or - for standard input), as 'check' reads it: "
        "your hand must be shown; the hands given only by size are made up from the cards nobody has seen"
    )
    add_option(p, "--position", None, st.pgettext("metavar", "POS"), position)
    add_option(p, "--seat", int, st.pgettext("metavar", "SEAT"), st.gettext("your seat, from 0 (default 0)"), 0)
    opponents = st.gettext("the computer players, partner included: {bots} (default greedy)")
    add_option(
        p, "--opponents", None, st.pgettext("metavar", "BOT"), opponents.format(bots="|".join(bot_names())), "greedy"
    )
    add_seed(p, st, st.gettext("a seed, for the same deals and the same computer play again"))
    add_ascii(p, st)
    p.set_defaults(run=_run_play)


def _run_play(args: argparse.Namespace) -> int:
    start = None
    if args.position is not None:
        start = _position_start(args)
        game = Game(spec_for_state(start), start.rules)
    elif args.game is None:
        raise CardrulesError("name a game to play, or give --position")
    else:
        game = _game(args)
    if sys.stdin is None:  # started with standard input closed (``<&-``)
        raise CardrulesError("standard input is closed, and 'cardrules play' reads your moves from it")
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
        raise CardrulesError("--position cannot be read from standard input: 'cardrules play' reads your moves there")
    text, state = read_position(args.position)
    game = Game(spec_for_state(state), state.rules)
    if args.game is not None and get_game(args.game).name != game.name:
        raise CardrulesError(f"the position is one of {game.name}, not of {args.game}")
    if game.is_over(state):
        raise CardrulesError("the match of this position is over: there is nothing left to play")
    if args.seat in table_seats(game, state):
        own, other = hidden_from(state, text, args.seat)
        if own or other:
            hidden = ", ".join((["your hand"] if own else []) + other)
            raise CardrulesError(f"the position does not show {hidden} (seat {args.seat}): write it to play from there")
    return attrs.evolve(state, seed=_seed(args.seed))  # later rounds are shuffled from the match seed


# --- simulate --------------------------------------------------------------------------


def _add_simulate(sub: Subparsers) -> None:
    st = help_style(sub)
    p = sub.add_parser(
        "simulate",
        help=st.gettext("play many matches between bots and print win rates"),
        description=st.gettext(
            "Play matches between bots, one per side, with the seats rotated, and print each bot's "
            "win rate with its 95% confidence interval (Wilson) and its average match points. Every "
            "game here has two sides but Mulle with three or four players each on their own, where "
            "each player is a side."
        ),
    )
    _add_game(p, st)
    bots = st.gettext(
        "one bot per side, or one for every side, from: {bots} (default: greedy against "
        "random, a random bot for each other side: greedy,random, or greedy,random,random with three sides)"
    )
    add_option(p, "--bots", None, "A[,B...]", bots.format(bots=", ".join(bot_names())))
    add_option(p, "--matches", int, "N", st.gettext("how many matches (default 100)"), 100)
    add_option(p, "--workers", int, "K", st.gettext("processes to play on (default 1)"), 1)
    add_seed(p, st, st.gettext("the seed of the deals and the bots (default 0)"), 0)
    budget = st.gettext("a time budget: stop after S seconds and print the matches finished so far (default: none)")
    add_option(p, "--seconds", float, "S", budget)
    p.set_defaults(run=_run_simulate)


def _run_simulate(args: argparse.Namespace) -> int:
    game = _game(args)
    if args.matches < 1:
        raise CardrulesError(f"--matches must be at least 1, not {args.matches}")
    if args.workers < 1:
        raise CardrulesError(f"--workers must be at least 1, not {args.workers}")
    if args.seconds is not None and not 0 < args.seconds < float("inf"):
        raise CardrulesError(f"--seconds must be a positive number, not {args.seconds}")
    style = Style(lang=getattr(args, "lang", DEFAULT))
    progress = progress_bar(sys.stderr, style=style) if sys.stderr.isatty() else None
    moves = None if progress is None else progress.moves
    sides = len(game.score(game.new_game(seed=0)).sides)
    bots = _split(args.bots) if args.bots is not None else ["greedy", *["random"] * (sides - 1)]
    if len(bots) == 1:
        bots = bots * sides
    if len(bots) != sides:
        raise CardrulesError(
            f"{game.text} has {sides} sides, so --bots takes one bot for every side or {sides} bots, not {len(bots)}"
        )
    seed, seconds = args.seed, args.seconds
    if args.workers == 1:
        result = simulate(game, bots, args.matches, seed=seed, progress=progress, seconds=seconds, moves=moves)
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=args.workers) as pool:
            result = simulate(game, bots, args.matches, seed=seed, executor=pool, progress=progress, seconds=seconds)
    if progress is not None and result.stopped:
        sys.stderr.write("\n")
    print("\n".join(results_table(result, game.score(game.new_game(seed=0)).sides, style)))
    return 0


# --- main ------------------------------------------------------------------------------

COMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    _add_play,
    _add_demo,
    _add_simulate,
    _add_games,
    _add_records,
    _add_positions,
    _add_serve,
)
"""The subcommands: each adds its subparser(s) and sets ``run(args)`` or ``handler(args, out)``."""


def _parser(lang: str = DEFAULT) -> argparse.ArgumentParser:
    """The command line's parser, its help in *lang*."""
    st = Style(lang=lang)
    parser = Parser(
        prog="cardrules",
        description=st.gettext("The reference rules engine for Mulle, Mililla and Charlemagne."),
        epilog=exit_status(st),
        formatter_class=RawHelpFormatter,
        style=st,
    )
    from cardrules import __version__

    parser.add_argument(
        "--version",
        action="version",
        version=f"cardrules {__version__}",
        help=st.gettext("show program's version number and exit"),
    )
    parser.add_argument(
        "--lang",
        metavar=st.pgettext("metavar", "CODE"),
        choices=LANGUAGES,
        help=st.gettext(
            "the language of the messages: {languages} (default: from LANGUAGE, LC_ALL, "
            "LC_MESSAGES or LANG, as gettext reads them; else en). The terminal table, the demo, the events "
            "of each move, hints, illegal moves' reasons, the rules, this help and the reports of verify, "
            "simulate and games are translated"
        ).format(languages=", ".join(LANGUAGES)),
    )
    sub: Any = parser.add_subparsers(
        dest="command",
        metavar=st.pgettext("metavar", "COMMAND"),
        parser_class=parser_class(st),
    )
    sub.style = st
    for add in COMMANDS:
        add(sub)
    return parser


EXIT_STATUS: Final = """exit status:
  0    done (verify: the record is valid; check: the move is legal)
  1    a record or move breaks a rule, or claims a wrong result
  2    bad input: an argument, a file or standard input that cannot be read or used
  3    the output could not be written (a full disk, a closed output)
  130  interrupted"""
"""The exit statuses of every command, as ``cardrules --help`` lists them (in English)."""


def exit_status(style: Style) -> str:
    """:data:`EXIT_STATUS` in *style*'s language."""
    lines = [
        style.gettext("exit status:"),
        style.gettext("  0    done (verify: the record is valid; check: the move is legal)"),
        style.gettext("  1    a record or move breaks a rule, or claims a wrong result"),
        style.gettext("  2    bad input: an argument, a file or standard input that cannot be read or used"),
        style.gettext("  3    the output could not be written (a full disk, a closed output)"),
        style.gettext("  130  interrupted"),
    ]
    return "\n".join(lines)


EXIT_OUTPUT: Final = 3


def _silence_stdout() -> None:
    """Point standard output at the null device, so that Python's last flush at exit cannot fail again."""
    if sys.stdout is None:
        return
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor behind it (a test's StringIO, say)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (see :data:`EXIT_STATUS`)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = _parser(lang_of_argv(argv, os.environ))
    args = parser.parse_args(argv)
    if args.lang is None:
        args.lang = from_environ(os.environ)
    run: Callable[[argparse.Namespace], int] | None = getattr(args, "run", None)
    handler: Callable[[argparse.Namespace, IO[str]], int] | None = getattr(args, "handler", None)
    if run is None and handler is None:
        parser.print_help()
        return 2
    try:
        if run is not None:
            status = run(args)
        else:
            assert handler is not None
            status = handler(args, sys.stdout)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk shows here, not in Python's flush at exit
        return status
    except CardrulesError as exc:
        print(f"cardrules: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``cardrules demo mililla | head``): not an error.
        _silence_stdout()
        return 0
    except OSError as exc:
        # Reading is checked where files are opened; what is left is writing the output.
        _silence_stdout()
        print(f"cardrules: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_OUTPUT
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        if os.environ.get("CARDRULES_DEBUG"):
            raise
        print(f"cardrules: internal error: {type(exc).__name__}: {exc} (set CARDRULES_DEBUG=1 for details)",
              file=sys.stderr)  # fmt: skip
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
