"""
The command line's grammar: every command, its arguments and their help texts, in the language
asked for (``--lang``). The commands themselves are carried out in :mod:`cardrules.cli._matches`
(play, demo, simulate, games), :mod:`cardrules.cli._positions` (check, show),
:mod:`cardrules.cli._rules` (rules), :mod:`cardrules.cli._solve` (solve), :mod:`cardrules.cli._records`
(verify, replay), :mod:`cardrules.cli._analyse` (analyse), :mod:`cardrules.cli._serve` (serve),
:mod:`cardrules.cli._reference` (vectors, perft, engine...).

Each command is a function that adds its subparser and sets ``run`` (``run(args) -> exit status``)
or ``handler`` (``handler(args, out) -> exit status``); :data:`COMMANDS` lists them in the order
``--help`` shows. Adding a command is one such function and one entry in that tuple.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, Final

from cardrules._kit.style import Style
from cardrules._registry import game_names
from cardrules.bots import bot_names
from cardrules.cli import _analyse, _matches, _positions, _records, _reference, _rules, _serve, _solve
from cardrules.cli._parsing import (
    Parser,
    RawHelpFormatter,
    add_ascii,
    add_flag,
    add_option,
    add_seed,
    help_style,
    parser_class,
)
from cardrules.i18n import DEFAULT, LANGUAGES

__all__ = ["COMMANDS", "EXIT_STATUS", "exit_status", "make_parser"]

Subparsers = Any  # argparse's _SubParsersAction, which is private


def make_parser(lang: str = DEFAULT) -> argparse.ArgumentParser:
    """The command line's parser, its help in *lang*."""
    st = Style(lang=lang)
    parser = Parser(
        prog="cardrules",
        description=st.gettext("The reference rules engine for Mulle, Mililla and Charlemagne."),
        epilog=exit_status(st),
        formatter_class=RawHelpFormatter,
        style=st,
    )
    from cardrules._common import VERSION

    parser.add_argument(
        "--version",
        action="version",
        version=f"cardrules {VERSION}",
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


# --- the commands ------------------------------------------------------------------


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
    p.set_defaults(run=_matches.run_play)


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
    p.set_defaults(run=_matches.run_demo)


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
    duplicate = st.gettext(
        "duplicate: play each deal once from every side (the matches rounded up to whole deals), each seat's "
        "random choices the deal's whoever sits there, and print each bot's mean point margin per deal with its "
        "95% interval beside the win rate"
    )
    add_flag(p, "--duplicate", duplicate.replace("%", "%%"))  # argparse formats help with %
    p.set_defaults(run=_matches.run_simulate)


def _add_games(sub: Subparsers) -> None:
    st = help_style(sub)
    p = sub.add_parser(
        "games",
        help=st.gettext("list the games and their presets"),
        description=st.gettext("List the games and presets."),
    )
    p.set_defaults(run=_matches.run_games)


def _add_rules(sub: Subparsers) -> None:
    """``rules``."""
    st = help_style(sub)
    p = sub.add_parser(
        "rules",
        help=st.gettext("read the rules of a game, or of one rule"),
        description=st.gettext(
            "Print the rules of a game for players, as the web table's rules page has them: each rule with "
            "its id, its words and its source, in the language of --lang, the cards with their suit symbols. "
            "--rule ID prints one rule, as check and the terminal table cite it. Exit status: 0 printed, 2 an "
            "unknown game or rule id (the message names the near ones)."
        ),
    )
    names = st.pgettext("list", ", ").join(game_names())
    p.add_argument(
        "game", metavar=st.pgettext("metavar", "game"), help=st.gettext("one of: {games}").format(games=names)
    )
    add_option(
        p, "--rule", None, st.pgettext("metavar", "ID"), st.gettext("print only this rule, such as mulle.capture")
    )
    p.add_argument(
        "--lang",
        metavar=st.pgettext("metavar", "CODE"),
        choices=LANGUAGES,
        default=argparse.SUPPRESS,
        help=st.gettext("the language of the rules, as the global --lang: {languages}").format(
            languages=", ".join(LANGUAGES)
        ),
    )
    p.set_defaults(handler=_rules.rules_command)


def _add_records(sub: Subparsers) -> None:
    """``verify`` and ``replay``."""
    st = help_style(sub)
    record = st.pgettext("metavar", "record")
    where = st.gettext("the record's JSON file, or - for standard input")
    p = sub.add_parser(
        "verify",
        help=st.gettext("check a game record: every illegal move, bad deal or wrong result"),
        description=st.gettext(
            "Check a game record. Exit status: 0 valid, 1 breaks a rule or claims a wrong result, 2 cannot be read."
        ),
    )
    p.add_argument("record", metavar=record, help=where)
    as_json = st.gettext(
        "print the report as JSON (rounds and moves counted from 1, as the text report and replay count them)"
    )
    add_flag(p, "--json", as_json)
    p.set_defaults(handler=_records.verify)
    p = sub.add_parser(
        "replay",
        help=st.gettext("narrate a game record move by move, with the rules that applied"),
        description=st.gettext(
            "Narrate a game record move by move: what happened and which rule applied. By default it "
            "shows what everyone at the table saw; --seat N adds what seat N could have played instead and the "
            "rules that constrained its choices, and --full does so for every seat (it shows hidden hands). With "
            "--seat N each move is preceded by the position as seat N saw it; with --full, by every hand. Pauses "
            "after each move on a terminal (Enter goes on, q quits); prints everything when piped."
        ),
    )
    as_json = st.gettext(
        "the replay as JSON: each step with its events (and, with --seat or --full, the position and the alternatives)"
    )
    add_flag(p, "--json", as_json)
    p.add_argument("record", metavar=record, help=where)
    add_flag(p, "--no-pause", st.gettext("do not wait for Enter after each move"))
    view = p.add_mutually_exclusive_group()
    seat = st.gettext("what seat N saw at the table: its own choices and the rules behind them")
    add_option(view, "--seat", int, "N", seat)
    add_flag(view, "--full", st.gettext("everything: every mover's alternatives and constraints (full knowledge)"))
    p.set_defaults(handler=_records.replay)
    _add_analyse(sub, st, record, where)


def _add_analyse(sub: Subparsers, st: Style, record: str, where: str) -> None:
    """``analyse``."""
    p = sub.add_parser(
        "analyse",
        help=st.gettext("judge every move of a record with every card shown: the best move and the cost"),
        description=st.gettext(
            "Analyse a game record as bridge players' double-dummy analysis does: for each decision, the "
            "best move and what the move played cost its side in round points, judged with every card shown "
            "(every hand, and Mulle's stock in its order), which no player had; then, seat by seat, what the "
            "moves cost. Each round is analysed from its end backwards, each position within --max-nodes; the "
            "earlier moves are said to be too early in the round to solve exactly. A progress line goes to "
            "standard error on a terminal. Exit status: 0 analysed, 2 a record that cannot be read or breaks a rule."
        ),
    )
    p.add_argument("record", metavar=record, help=where)
    add_flag(p, "--json", st.gettext("print the analysis as JSON"))
    nodes = st.gettext("search at most N positions for one move (default {default})")
    add_option(p, "--max-nodes", int, "N", nodes.format(default=f"{_analyse.MAX_NODES:,}"), _analyse.MAX_NODES)
    seconds = st.gettext("search at most S seconds for one move (default: no limit)")
    add_option(p, "--seconds", float, "S", seconds)
    p.set_defaults(handler=_analyse.analyse_command)


def _add_positions(sub: Subparsers) -> None:
    """``check``, ``show`` and ``solve``."""
    st = help_style(sub)
    position = st.pgettext("metavar", "position")
    p = sub.add_parser(
        "check",
        help=st.gettext("is this move legal in this position, and what does it score?"),
        description=st.gettext(
            "Check one move in a position (the position notation of the formats page): whether it is "
            "legal; if not, the rule (its words and where the rules page has it), the reason and the legal moves; "
            "and what it scores. The position must show the hand of the seat to move. Exit status: 0 legal, "
            "1 illegal (a move that reads but breaks a rule), 2 bad input (a position or move that cannot be read)."
        ),
        epilog=st.gettext(
            "Where the notation is described: each game's moves in the Notation section of its rules page "
            "(docs/rules/GAME.md; at the table, 'help'); positions on the formats page (docs/formats.md) "
            "and each game's positions page (docs/positions/GAME.md)."
        ),
    )
    where = st.gettext("the position text (quoted), a file holding it, or - for standard input")
    p.add_argument("position", metavar=position, help=where)
    p.add_argument(
        "move",
        metavar=st.pgettext("metavar", "move"),
        help=st.gettext("the move in the game's notation, such as 7O or '9H x 9H 4S+5C'"),
    )
    add_flag(p, "--json", st.gettext("print the verdict as JSON"))
    p.set_defaults(handler=_positions.check)
    p = sub.add_parser(
        "show",
        help=st.gettext("draw a position as the play screen does"),
        description=st.gettext(
            "Draw a position as the seat to move sees it (or --seat N), with its legal moves. A hand "
            "that the position gives only by its size is shown as hidden, never as cards."
        ),
    )
    p.add_argument("position", metavar=position, help=where)
    seat = st.gettext("draw what this seat sees (default: the seat to move)")
    add_option(p, "--seat", int, st.pgettext("metavar", "SEAT"), seat)
    add_ascii(p, st)
    p.set_defaults(handler=_positions.show)
    p = sub.add_parser(
        "solve",
        help=st.gettext("the exact value of every move when every hand is shown"),
        description=st.gettext(
            "Solve a position with every hand shown: the value of every legal move, every seat then playing "
            "perfectly to the end of the round (partners together). A move's value is the round points of the "
            "mover's side minus the other side's, with the round's tally margin as the tie-break, and a principal "
            "line. Exit status: 0 solved, 2 bad input (a position that cannot be read, a hand not shown, or a "
            "position too deep for --max-nodes)."
        ),
    )
    p.add_argument("position", metavar=position, help=where)
    add_flag(p, "--json", st.gettext("print the values as JSON"))
    nodes = st.gettext("give up after N positions searched (default {default})").format(default=f"{_solve.MAX_NODES:,}")
    add_option(p, "--max-nodes", int, "N", nodes, _solve.MAX_NODES)
    p.set_defaults(handler=_solve.solve_command)


def _add_serve(sub: Subparsers) -> None:
    """``serve``."""
    st = help_style(sub)
    p = sub.add_parser(
        "serve",
        help=st.gettext("serve the web table: play against the computer and watch replays in a browser"),
        description=st.gettext(
            'Serve the web table and its JSON API (needs: pip install "cardrules[web]"). '
            "Matches are kept in an SQLite database, so a restart loses none."
        ),
    )
    host = st.gettext("the address to listen on (default 127.0.0.1)")
    add_option(p, "--host", None, st.pgettext("metavar", "HOST"), host, "127.0.0.1")
    add_option(p, "--port", int, st.pgettext("metavar", "PORT"), st.gettext("the port (default 8000)"), 8000)
    db = st.gettext(
        "the SQLite database (default: matches.sqlite3 in your data dir), or a PostgreSQL one: postgresql://..."
    )
    add_option(p, "--db", None, st.pgettext("metavar", "PATH"), db)
    workers = st.gettext("run N worker processes (default 1; above 1 needs --db postgresql://...)")
    add_option(p, "--workers", int, "N", workers, 1)
    p.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar=st.pgettext("metavar", "ORIGIN"),
        help=st.gettext("an origin whose pages may call the API, such as http://localhost:5173 (repeatable)"),
    )
    rules = st.gettext(
        "a folder of rules pages to serve instead of the games' own: GAME.md each, written as a game's rules.md"
    )
    add_option(p, "--rules-dir", None, st.pgettext("metavar", "DIR"), rules)
    proxies = st.gettext(
        "the proxies whose X-Forwarded-For names the client, for the per-client quotas, as uvicorn takes them: "
        "'127.0.0.1,10.0.0.0/8' or '*' (default: none, so a client is the address it connects from)"
    )
    add_option(p, "--forwarded-allow-ips", None, st.pgettext("metavar", "IPS"), proxies)
    p.add_argument(
        "--log-level",
        choices=("critical", "error", "warning", "info", "debug"),
        default="info",
        help=st.gettext(
            "what the server logs: 'info' (default) writes an access log line per request; 'warning' only problems"
        ),
    )
    for flag, kind, metavar, text in _limits(st):
        add_option(p, flag, kind, metavar, text)
    p.set_defaults(run=_serve.serve)


def _limits(st: Style) -> tuple[tuple[str, type, str, str], ...]:
    """The optional limits of the web table (:class:`cardrules.web.Limits`): flag, type, metavar, help."""
    idle = st.gettext("unload a match unused this long (it stays in the database; default 900)")
    abandoned = st.gettext("delete an unfinished match D days after its last move (30)")
    return (
        ("--idle-match-seconds", float, "S", idle),
        ("--replay-days", float, "D", st.gettext("keep uploaded replays D days (30)")),
        ("--replays-per-client", int, "N", st.gettext("replays one address may upload in a day (50)")),
        ("--matches-per-client", int, "N", st.gettext("matches one address may start in an hour (100)")),
        ("--finished-match-days", float, "D", st.gettext("delete a finished match D days after its end (7)")),
        ("--abandoned-match-days", float, "D", abandoned),
    )


def _add_reference(sub: Subparsers) -> None:
    """``vectors``, ``perft``, ``engine`` and ``conformance``: for programs that check themselves against cardrules."""
    st = help_style(sub)
    p = sub.add_parser(
        "vectors",
        help=st.gettext("write the test vectors: positions with their legal moves, illegal moves, events and scores"),
        description=st.gettext(
            "Write the test vectors (JSON Lines, one file per game and preset, with manifest.json and "
            "coverage.json): every game, preset and option value, positions that a rule refuses, and for each "
            "rule id a vector in which it decides. The same version writes the same bytes. See the reference "
            "page of the documentation."
        ),
    )
    directory = st.pgettext("metavar", "DIR")
    actions = p.add_subparsers(dest="action", metavar=st.pgettext("metavar", "ACTION"), required=True)
    w = actions.add_parser(
        "write",
        help=st.gettext("write the corpus into a directory"),
        description=st.gettext(
            "Write the corpus into {dir}, then say how many vectors each file holds and how many of each "
            "game's rule ids decide in some vector."
        ).format(dir=directory),
    )
    w.add_argument("directory", metavar=directory, help=st.gettext("the directory to write (made if missing)"))
    w.set_defaults(handler=_reference.vectors_write)
    depth = st.pgettext("metavar", "DEPTH")
    p = sub.add_parser(
        "perft",
        help=st.gettext("count the move sequences of a length from a position (every card shown)"),
        description=st.gettext(
            "Count the sequences of {depth} moves from a position in which every card is shown, as chess "
            "perft does; the last move is counted, not listed (Mulle counts its captures). --divide gives "
            "the count for each first move, in canonical notation."
        ).format(depth=depth),
    )
    where = st.gettext("the position text (quoted), a file holding it, or - for standard input")
    p.add_argument("position", metavar=st.pgettext("metavar", "position"), help=where)
    p.add_argument("depth", metavar=depth, type=int, help=st.gettext("the number of moves, from 0"))
    add_flag(p, "--divide", st.gettext("the count for each first move, then the total"))
    add_flag(p, "--json", st.gettext("print the counts as JSON"))
    p.set_defaults(handler=_reference.perft)
    p = sub.add_parser(
        "engine",
        help=st.gettext("answer rules questions as JSON lines on standard input (the engine protocol)"),
        description=st.gettext(
            "Answer requests, one JSON object a line on standard input, with one JSON line each on standard "
            "output: hello (the handshake), new, read, legal, is_legal, apply, score, observe, quit. {request} "
            "is answered {answer}. An error is an answer too, with its code and, for an illegal move or a "
            "position that a rule refuses, its rule id. See the protocol section of the reference page of the "
            "documentation."
        ).format(
            request='{"id": 1, "op": "legal", "position": "p1 ..."}',
            answer='{"id": 1, "count": N, "moves": [...], ...}',
        ),
    )
    p.set_defaults(run=_reference.engine)
    command = st.pgettext("metavar", "COMMAND")
    p = sub.add_parser(
        "conformance",
        help=st.gettext("check another engine that speaks the engine protocol against the test vectors"),
        description=st.gettext(
            "Run {command} as an engine speaking the engine protocol, ask it every question of the test "
            "vectors and report each disagreement: the vector, the question, both answers and the rule at "
            "stake. Exit status: 0 no disagreement, 1 some, 2 the vectors or the engine cannot be used."
        ).format(command=command),
    )
    corpus = st.gettext("the corpus to use (default: the vectors shipped with cardrules)")
    add_option(p, "--vectors", None, directory, corpus)
    seconds = st.gettext("seconds to wait for one answer (default {default})").format(default=30)
    add_option(p, "--timeout", float, st.pgettext("metavar", "S"), seconds, 30.0)
    p.add_argument(
        "command", nargs=argparse.REMAINDER, metavar=f"-- {command}...", help=st.gettext("the engine to run")
    )
    p.set_defaults(handler=_reference.conformance)


COMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    _add_play,
    _add_demo,
    _add_simulate,
    _add_games,
    _add_rules,
    _add_records,
    _add_positions,
    _add_serve,
    _add_reference,
)
"""The subcommands: each adds its subparser(s) and sets ``run(args)`` or ``handler(args, out)``."""
