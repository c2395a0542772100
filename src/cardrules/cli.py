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
from typing import IO, Any, Final, NoReturn

from cardrules._cli_positions import add_commands as _add_positions
from cardrules._cli_records import add_commands as _add_records
from cardrules._cli_serve import add_commands as _add_serve
from cardrules._registry import broken as broken_games
from cardrules._registry import game_names, get_game
from cardrules._registry import games as _games
from cardrules._sampling import spec_for_observation
from cardrules._terminal import MoreMoves, Style, move_list_for, style_for, unsymbol, view_for
from cardrules.bots import Bot, bot_names, get_bot, play_match, simulate
from cardrules.cards import _derive_seed
from cardrules.engine import Game
from cardrules.errors import CardrulesError, IllegalMoveError

__all__ = ["COMMANDS", "main"]

_PLAY_PATH = 0x91A7
_MOVES_SHOWN = 30
_QUIT = frozenset({"q", "quit", "exit"})
_HELP = frozenset({"?", "h", "help"})


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


Subparsers = Any  # argparse's _SubParsersAction, which is private


# --- shared ----------------------------------------------------------------------------


def _add_game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"one of: {', '.join(game_names())}; ruleset text is also accepted")
    parser.add_argument("--rules", metavar="TEXT", help="ruleset text, such as 'mililla(rank_order=malilla)'")


def _game(args: argparse.Namespace) -> Game[Any, Any, Any, Any]:
    if args.rules:
        head = args.rules.split("/")[0].split("(")[0].strip().lower()
        if head != args.game.split("/")[0].split("(")[0].strip().lower():
            raise CardrulesError(f"--rules {args.rules!r} is not a ruleset of {args.game}")
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


def _sides_text(seats: Sequence[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + "+".join(map(str, seats))


def _describe_score(game: Game[Any, Any, Any, Any], state: Any) -> str:
    score = game.score(state)
    sides = [_sides_text(side) for side in score.sides]
    return ", ".join(f"{name}: {pts}" for name, pts in zip(sides, score.match, strict=True))


def _narrate(game: Game[Any, Any, Any, Any], before: Any, move: Any, after: Any) -> list[str]:
    """The events of a move as sentences (the game's ``events`` hook, or the bare move)."""
    if game.spec.events is not None:
        return [e.text for e in game.spec.events(before, move, after)]
    return [f"seat {game.to_move(before)} plays {game.format_move(before, move)}"]


# --- games -----------------------------------------------------------------------------


def _add_games(sub: Subparsers) -> None:
    p = sub.add_parser("games", help="list the games and their presets", description="List the games and presets.")
    p.set_defaults(run=_run_games)


def _run_games(args: argparse.Namespace) -> int:
    for name, spec in _games().items():
        print(f"{name}: {spec.title}; presets: {', '.join(spec.presets)}")
    for name, why in broken_games().items():
        print(f"{name}: not available: {why}")
    return 0


# --- demo ------------------------------------------------------------------------------


def _add_demo(sub: Subparsers) -> None:
    p = sub.add_parser(
        "demo",
        help="watch the computer play a whole match against itself",
        description="Computer against computer: a whole match, narrated move by move.",
    )
    _add_game(p)
    p.add_argument("--seed", type=int, help="a seed, for the same match again")
    p.add_argument(
        "--bots",
        default="greedy",
        metavar="A,B",
        help=f"the bot of each side, comma-separated, or one for all ({', '.join(bot_names())}; default greedy)",
    )
    p.add_argument("--ascii", action="store_true", help="plain text: no suit symbols or colours")
    p.set_defaults(run=_run_demo)


def demo(
    text: str,
    seed: int | None,
    out: IO[str],
    bots: Sequence[str] = ("greedy",),
    style: Style | None = None,
) -> int:
    """Computer against computer, narrated from the game's events; returns the exit status."""
    game = get_game(text)
    style = style or Style()
    seed = _seed(seed)
    sides = game.score(game.new_game(seed=seed)).sides
    names = list(bots) * len(sides) if len(bots) == 1 else list(bots)
    players = [get_bot(b) for b in names]  # checks the count, too, in play_match
    who = " against ".join(f"{b} ({_sides_text(s)})" for b, s in zip(names, sides, strict=False))
    print(f"{game.spec.title} ({game.text}), seed {seed}: {who}", file=out)
    pack = game.spec.pack
    rounds = 0

    def on_move(before: Any, move: Any, after: Any) -> None:
        nonlocal rounds
        seat = game.to_move(before)
        print(f"  seat {seat}: {style.text(game.format_move(before, move), pack)}", file=out)
        for line in _narrate(game, before, move, after)[1:]:
            print(f"    {style.text(line, pack)}", file=out)
        score = game.score(after)
        if len(score.rounds) > rounds:
            rounds = len(score.rounds)
            last = score.rounds[-1]
            match = _describe_score(game, after)
            print(f"round {rounds} scored: tally {last.tally}, points {last.points}; match {match}", file=out)

    outcome = play_match(game, players, seed=seed, on_move=on_move)
    print(
        f"match over after {outcome.decisions} moves: {_sides_text(sides[outcome.winner])} win "
        f"({', '.join(f'{_sides_text(s)}: {p}' for s, p in zip(sides, outcome.points, strict=True))})",
        file=out,
    )
    return 0


def _run_demo(args: argparse.Namespace) -> int:
    game = _game(args)
    return demo(game.text, args.seed, sys.stdout, _split(args.bots), style_for(sys.stdout, ascii_only=args.ascii))


# --- play ------------------------------------------------------------------------------


def _add_play(sub: Subparsers) -> None:
    p = sub.add_parser(
        "play",
        help="play against the computer in the terminal",
        description=(
            "Play a match against the computer. Each turn shows your hand, the table, the score and "
            "the numbered legal moves; type a number or the move's notation, 'help', or 'quit'."
        ),
    )
    _add_game(p)
    p.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    p.add_argument(
        "--opponents",
        default="greedy",
        metavar="BOT",
        help=f"the computer players, partner included: {'|'.join(bot_names())} (default greedy)",
    )
    p.add_argument("--seed", type=int, help="a seed, for the same deals and the same computer play again")
    p.add_argument("--ascii", action="store_true", help="plain text: no suit symbols or colours")
    p.set_defaults(run=_run_play)


def _run_play(args: argparse.Namespace) -> int:
    game = _game(args)
    if sys.stdin is None:  # started with standard input closed (``<&-``)
        raise CardrulesError("standard input is closed, and 'cardrules play' reads your moves from it")
    return Session(game, args.seat, get_bot(args.opponents), _seed(args.seed), sys.stdin, sys.stdout, args).run()


class Session:
    """One person at the table against the computer, over text streams."""

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        seat: int,
        opponent: Bot,
        seed: int,
        inp: IO[str],
        out: IO[str],
        args: argparse.Namespace,
    ) -> None:
        self.game = game
        self.state = game.new_game(seed=seed)
        seats = sorted(s for side in game.score(self.state).sides for s in side)
        if seat not in seats:
            raise CardrulesError(f"--seat must be one of {', '.join(map(str, seats))} in {game.text}, not {seat}")
        self.seat = seat
        self.seed = seed
        self.opponent = opponent
        self.rngs = {s: random.Random(_derive_seed(seed, _PLAY_PATH, s)) for s in seats}
        self.inp = inp
        self.out = out
        self.style = style_for(out, ascii_only=args.ascii)
        self.pack = game.spec.pack
        self.opponents_text = args.opponents

    def say(self, text: str = "") -> None:
        """Print a line (cards in it drawn in the session's style)."""
        print(self.style.text(text, self.pack), file=self.out, flush=True)

    def run(self) -> int:
        """Play until the match ends, the person quits, or input ends; returns the exit status."""
        game = self.game
        sides = game.score(self.state).sides
        mine = next(side for side in sides if self.seat in side)
        partners = [s for s in mine if s != self.seat]
        self.say(f"{game.spec.title} ({game.text}), seed {self.seed}.")
        team = f", with seat {'+'.join(map(str, partners))} as partner" if partners else ""
        self.say(f"You are seat {self.seat}{team}; the computer plays the other seats ({self.opponents_text}).")
        self.say("Type a move's number or its notation; 'help' for help, 'quit' to leave.")
        try:
            while not game.is_over(self.state):
                seat = game.to_move(self.state)
                assert seat is not None
                move = self.ask() if seat == self.seat else self.computer(seat)
                if move is None:
                    return 0
                after = game.apply(self.state, move)
                for line in _narrate(game, self.state, move, after):
                    self.say(line.replace(f"seat {self.seat} ", f"seat {self.seat} (you) ", 1))
                self.state = after
        except KeyboardInterrupt:
            self.say()
            self.say("interrupted: leaving the game.")
            return 130
        score = game.score(self.state)
        assert score.winner is not None
        verdict = "You win" if self.seat in sides[score.winner] else "You lose"
        self.say(f"match over: {verdict}. Final score: {_describe_score(game, self.state)}.")
        return 0

    def computer(self, seat: int) -> Any:
        """The opponent bot's move for *seat*, from that seat's observation only."""
        view = self.game.observe(self.state, seat)
        return self.opponent.choose(view, self.game.legal_moves(self.state), self.rngs[seat])

    def show(self, moves: Sequence[Any], more: MoreMoves) -> None:
        """The table as this seat sees it, the score, and the numbered legal moves."""
        game, style = self.game, self.style
        view = game.observe(self.state, self.seat)
        self.say()
        score = game.score(self.state)
        line = f"match: {_describe_score(game, self.state)}"
        if score.round is not None and not score.round.complete:
            line += "; this round so far: " + "-".join(map(str, score.round.tally))
        self.say(line)
        render = view_for(spec_for_observation(view))
        for text in render(view, style):
            print(text, file=self.out)
        print(style.bold(f"Your turn (seat {self.seat}). Legal moves:"), file=self.out)
        cells = [f"{i:>3}) {style.text(game.format_move(self.state, m), self.pack)}" for i, m in enumerate(moves, 1)]
        for i in range(0, len(cells), 6):
            print("  ".join(cells[i : i + 6]), file=self.out)
        if more is None:
            self.say("  ... and more not listed: type a move in notation to play one")
        elif more:
            self.say(f"  ... {more} more not listed: type a move in notation to play one")
        self.out.flush()

    def ask(self) -> Any | None:
        """Read the person's move; ``None`` to leave (end of input or 'quit')."""
        game = self.game
        legal = game.legal_moves(self.state)
        listing = move_list_for(game.spec)
        moves, more = listing(legal, _MOVES_SHOWN)
        self.show(moves, more)
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say()
                self.say("end of input: leaving the game.")
                return None
            if not self.inp.isatty():
                self.out.write(line if line.endswith("\n") else line + "\n")  # a transcript shows what was typed
            text = unsymbol(line.strip())
            if not text:
                continue
            if text.lower() in _QUIT:
                self.say("You leave the game.")
                return None
            if text.lower() in _HELP:
                self.say(f"Type a number from 1 to {len(moves)}, or a move in notation, such as "
                         f"'{game.format_move(self.state, moves[0])}'; 'quit' leaves.")  # fmt: skip
                continue
            if text.isascii() and text.isdigit():
                n = int(text)
                if 1 <= n <= len(moves):
                    return moves[n - 1]
                self.say(f"There is no move {n}: choose a number from 1 to {len(moves)}.")
                continue
            try:
                return game.parse_move(self.state, text)
            except IllegalMoveError as exc:
                self.say(f"You may not play that: {exc.reason} (rule {exc.rule.id}). Try again.")
            except CardrulesError as exc:
                self.say(f"{exc}. Try again.")


# --- simulate --------------------------------------------------------------------------


def _add_simulate(sub: Subparsers) -> None:
    p = sub.add_parser(
        "simulate",
        help="play many matches between bots and print win rates",
        description=(
            "Play matches between bots, one per side, with the seats rotated, and print each bot's "
            "win rate with its 95% confidence interval and its average match points."
        ),
    )
    _add_game(p)
    p.add_argument(
        "--bots", required=True, metavar="A,B[,C,D]", help=f"one bot per side, from: {', '.join(bot_names())}"
    )
    p.add_argument("--matches", type=int, default=100, metavar="N", help="how many matches (default 100)")
    p.add_argument("--workers", type=int, default=1, metavar="K", help="processes to play on (default 1)")
    p.add_argument("--seed", type=int, default=0, help="the seed of the deals and the bots (default 0)")
    p.set_defaults(run=_run_simulate)


def _progress_bar(stream: IO[str]) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            stream.write("\r" + " " * (width + 24) + "\r")
        stream.flush()

    return show


def _run_simulate(args: argparse.Namespace) -> int:
    game = _game(args)
    if args.matches < 1:
        raise CardrulesError(f"--matches must be at least 1, not {args.matches}")
    if args.workers < 1:
        raise CardrulesError(f"--workers must be at least 1, not {args.workers}")
    progress = _progress_bar(sys.stderr) if sys.stderr.isatty() else None
    bots = _split(args.bots)
    if args.workers == 1:
        result = simulate(game, bots, args.matches, seed=args.seed, progress=progress)
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=args.workers) as pool:
            result = simulate(game, bots, args.matches, seed=args.seed, executor=pool, progress=progress)
    print(result)
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


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="cardrules",
        description="The reference rules engine for Mulle, Mililla and Charlemagne.",
        epilog=EXIT_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in COMMANDS:
        add(sub)
    return parser


EXIT_STATUS: Final = """exit status:
  0    done (verify: the record is valid; check: the move is legal)
  1    a record or move breaks a rule, or claims a wrong result
  2    bad input: an argument, a file or standard input that cannot be read or used
  3    the output could not be written (a full disk, a closed output)
  130  interrupted"""
"""The exit statuses of every command, as ``cardrules --help`` lists them."""

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
    parser = _parser()
    args = parser.parse_args(argv)
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
