"""The command line's argument parser, its help in the chosen language."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from cardrules._kit.style import Style
from cardrules.i18n import LANGUAGES, from_environ

__all__ = [
    "HelpFormatter",
    "Parser",
    "RawHelpFormatter",
    "add_ascii",
    "add_flag",
    "add_option",
    "add_seed",
    "help_style",
    "lang_of_argv",
    "parser_class",
]


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter, with its ``usage:`` in the parser's language."""

    prefix: str | None = None

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, self.prefix if prefix is None else prefix)


class RawHelpFormatter(argparse.RawDescriptionHelpFormatter, HelpFormatter):
    """:class:`HelpFormatter` that keeps the description's and the epilog's lines as written."""


class Parser(argparse.ArgumentParser):
    """
    An argument parser whose errors are one line on stderr, status 2, and whose help is in
    *style*'s language: our texts as the commands give them, argparse's own words (``usage:``,
    ``options:``, ``-h``'s help) from our catalog.
    """

    default_style: Style = Style()
    """The style of a parser not given one (a subcommand's: see :func:`parser_class`)."""

    def __init__(self, *, style: Style | None = None, add_help: bool = True, **kwargs: Any) -> None:
        self.style = style or self.default_style
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(add_help=False, **kwargs)
        st = self.style
        self._positionals.title = st.gettext("positional arguments")
        self._optionals.title = st.gettext("options")
        if add_help:
            self.add_argument(
                "-h",
                "--help",
                action="help",
                default=argparse.SUPPRESS,
                help=st.gettext("show this help message and exit"),
            )

    def _get_formatter(self) -> argparse.HelpFormatter:
        formatter = super()._get_formatter()
        if isinstance(formatter, HelpFormatter):
            formatter.prefix = self.style.gettext("usage: ")
        return formatter

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def parser_class(style: Style) -> type[Parser]:
    """A :class:`Parser` whose help is in *style*'s language: the subcommands' parsers, made by argparse."""

    class Styled(Parser):
        default_style = style

    return Styled


def help_style(sub: Any) -> Style:
    """The style (the language) of the help texts of the subcommands added to *sub*."""
    style = getattr(sub, "style", None)
    return style if isinstance(style, Style) else Style()


def add_option(
    parser: Any,
    flag: str,
    kind: Callable[[str], Any] | None,
    metavar: str,
    text: str,
    default: Any = None,
) -> None:
    """
    An option that takes a value: *flag* read as *kind* (``None``: as text), shown as *metavar*
    with the help *text*; *default* when not given. *parser* may be a group of a parser.
    """
    parser.add_argument(flag, type=kind, default=default, metavar=metavar, help=text)


def add_flag(parser: Any, flag: str, text: str) -> None:
    """An option that takes no value (``--json``, ``--full``): true when given."""
    parser.add_argument(flag, action="store_true", help=text)


def add_seed(parser: Any, st: Style, text: str, default: int | None = None) -> None:
    """``--seed``, its help *text* saying what the seed repeats in this command."""
    add_option(parser, "--seed", int, st.pgettext("metavar", "SEED"), text, default)


def add_ascii(parser: Any, st: Style) -> None:
    """``--ascii``, for the commands that draw cards."""
    add_flag(parser, "--ascii", st.gettext("plain text: no suit symbols or colours"))


def lang_of_argv(argv: Sequence[str], environ: Any) -> str:
    """
    The language the command line asks for before it is parsed: ``--lang CODE`` or ``--lang=CODE``
    before the command (a code not known is left to the parser to refuse), else the environment's.
    """
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value is not None:
            return value if value in LANGUAGES else from_environ(environ)
    return from_environ(environ)
