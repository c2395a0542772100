"""
The ``cardrules`` command line.

:mod:`cardrules.cli._grammar` declares every command, its arguments and their help
(:data:`COMMANDS`); the modules beside it carry the commands out. :func:`main` parses the
arguments, runs the command and turns errors into exit statuses (:data:`EXIT_STATUS`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import IO, Final

from cardrules.cli._grammar import COMMANDS, EXIT_STATUS, make_parser
from cardrules.cli._parsing import lang_of_argv
from cardrules.errors import CardrulesError
from cardrules.i18n import from_environ, render, translation

__all__ = ["COMMANDS", "EXIT_STATUS", "main"]


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
    parser = make_parser(lang_of_argv(argv, os.environ))
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
        line = translation(args.lang).gettext("cardrules: error: {message}")
        print(line.format(message=render(exc, args.lang, cards="notation")), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``cardrules demo mililla | head``): not an error.
        _silence_stdout()
        return 0
    except OSError as exc:
        # Reading is checked where files are opened; what is left is writing the output.
        _silence_stdout()
        line = translation(args.lang).gettext("cardrules: error: cannot write the output: {why}")
        print(line.format(why=exc.strerror or exc), file=sys.stderr)
        return EXIT_OUTPUT
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        if os.environ.get("CARDRULES_DEBUG"):
            raise
        line = translation(args.lang).gettext(
            "cardrules: internal error: {kind}: {error} (set CARDRULES_DEBUG=1 for details)"
        )
        print(line.format(kind=type(exc).__name__, error=exc), file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
