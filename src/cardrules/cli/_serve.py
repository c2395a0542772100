"""The ``serve`` command of the command line: the web table (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
from typing import Any

from cardrules.cli._parsing import help_style
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
    p.add_argument(
        "--host",
        metavar=st.pgettext("metavar", "HOST"),
        default="127.0.0.1",
        help=st.gettext("the address to listen on (default 127.0.0.1)"),
    )
    p.add_argument(
        "--port",
        type=int,
        metavar=st.pgettext("metavar", "PORT"),
        default=8000,
        help=st.gettext("the port (default 8000)"),
    )
    p.add_argument(
        "--db",
        metavar=st.pgettext("metavar", "PATH"),
        help=st.gettext("the SQLite database (default: matches.sqlite3 in your data dir)"),
    )
    p.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar=st.pgettext("metavar", "ORIGIN"),
        help=st.gettext("an origin whose pages may call the API, such as http://localhost:5173 (repeatable)"),
    )
    p.add_argument(
        "--rules-dir",
        metavar=st.pgettext("metavar", "DIR"),
        default=None,
        help=st.gettext(
            "where the rules pages (GAME.md, the documentation's docs/rules) are; a source checkout's by default"
        ),
    )
    p.add_argument(
        "--log-level",
        choices=("critical", "error", "warning", "info", "debug"),
        default="info",
        help=st.gettext(
            "what the server logs: 'info' (default) writes an access log line per request; 'warning' only problems"
        ),
    )
    p.add_argument(
        "--idle-match-seconds",
        type=float,
        default=None,
        metavar="S",
        help=st.gettext("unload a match unused this long (it stays in the database; default 900)"),
    )
    p.add_argument(
        "--replay-days",
        type=float,
        default=None,
        metavar="D",
        help=st.gettext("keep uploaded replays D days (30)"),
    )
    p.add_argument(
        "--replays-per-client",
        type=int,
        default=None,
        metavar="N",
        help=st.gettext("replays one address may upload in a day (50)"),
    )
    p.set_defaults(run=_serve)


def _serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from cardrules.web import Limits, create_app, default_db_path
    except ImportError as exc:
        raise CardrulesError(f'cardrules serve needs the web extra: pip install "cardrules[web]" ({exc})') from None
    if not 0 <= args.port <= 65535:
        raise CardrulesError(f"--port must be from 0 to 65535, not {args.port}")
    db = args.db or str(default_db_path())
    given = {
        "idle_match_seconds": args.idle_match_seconds,
        "replay_days": args.replay_days,
        "replays_per_client": args.replays_per_client,
    }
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
