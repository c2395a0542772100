"""The ``serve`` command of the command line: the web table (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
from typing import Any

from cardrules._kit.style import Style
from cardrules.cli._parsing import add_option, help_style
from cardrules.errors import CardrulesError
from cardrules.i18n import DEFAULT, translation


def add_commands(sub: Any) -> None:
    """Add ``serve`` to the command line's subparsers."""
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
    db = st.gettext("the SQLite database (default: matches.sqlite3 in your data dir)")
    add_option(p, "--db", None, st.pgettext("metavar", "PATH"), db)
    p.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar=st.pgettext("metavar", "ORIGIN"),
        help=st.gettext("an origin whose pages may call the API, such as http://localhost:5173 (repeatable)"),
    )
    rules = st.gettext(
        "where the rules pages (GAME.md, the documentation's docs/rules) are; a source checkout's by default"
    )
    add_option(p, "--rules-dir", None, st.pgettext("metavar", "DIR"), rules)
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
    p.set_defaults(run=_serve)


def _limits(st: Style) -> tuple[tuple[str, type, str, str], ...]:
    """The optional limits of the web table (:class:`cardrules.web.Limits`): flag, type, metavar, help."""
    idle = st.gettext("unload a match unused this long (it stays in the database; default 900)")
    return (
        ("--idle-match-seconds", float, "S", idle),
        ("--replay-days", float, "D", st.gettext("keep uploaded replays D days (30)")),
        ("--replays-per-client", int, "N", st.gettext("replays one address may upload in a day (50)")),
    )


def _serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from cardrules.web import Limits, create_app, default_db_path
    except ImportError as exc:
        raise CardrulesError(f'cardrules serve needs the web extra: pip install "cardrules[web]" ({exc})') from None
    if not 0 <= args.port <= 65535:
        raise CardrulesError(f"--port must be from 0 to 65535, not {args.port}")
    db = args.db or str(default_db_path())
    names = (flag.removeprefix("--").replace("-", "_") for flag, *_ in _limits(Style()))
    given = {name: getattr(args, name) for name in names}
    try:
        limits = Limits(**{k: v for k, v in given.items() if v is not None})
    except ValueError as exc:
        raise CardrulesError(f"the limits: {exc}") from None
    app = create_app(db, cors_origins=args.cors_origin, limits=limits, rules_dir=args.rules_dir)
    line = translation(getattr(args, "lang", DEFAULT)).gettext(
        "cardrules: serving the web table on {url} (matches in {db})"
    )
    print(line.format(url=f"http://{args.host}:{args.port}/", db=db), flush=True)
    uvicorn.run(
        app, host=args.host, port=args.port, log_level=args.log_level, access_log=args.log_level in ("info", "debug"),
        ws="websockets-sansio",
    )  # fmt: skip
    return 0
