"""The ``serve`` command of the command line: the web table (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
from typing import Any

from cardrules.errors import CardrulesError


def add_commands(sub: Any) -> None:
    """Add ``serve`` to the command line's subparsers."""
    p = sub.add_parser(
        "serve",
        help="serve the web table: play against the computer and watch replays in a browser",
        description='Serve the web table and its JSON API (needs: pip install "cardrules[web]"). '
        "Matches are kept in an SQLite database, so a restart loses none.",
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument("--db", metavar="PATH", help="the SQLite database (default: matches.sqlite3 in your data dir)")
    p.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="an origin whose pages may call the API, such as http://localhost:5173 (repeatable)",
    )
    p.set_defaults(run=_serve)


def _serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from cardrules.web import create_app, default_db_path
    except ImportError as exc:
        raise CardrulesError(f'cardrules serve needs the web extra: pip install "cardrules[web]" ({exc})') from None
    if not 0 <= args.port <= 65535:
        raise CardrulesError(f"--port must be from 0 to 65535, not {args.port}")
    db = args.db or str(default_db_path())
    app = create_app(db, cors_origins=args.cors_origin)
    print(f"cardrules: serving the web table on http://{args.host}:{args.port}/ (matches in {db})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws="websockets-sansio")
    return 0
