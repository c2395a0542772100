"""The ``serve`` command of the command line: the web table (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import os
import urllib.parse
from typing import Any

import attrs

from cardrules import _messages
from cardrules.errors import CardrulesError
from cardrules.i18n import DEFAULT, translation
from cardrules.rules import Message


def serve(args: argparse.Namespace) -> int:
    """``cardrules serve``: run the web table until interrupted."""
    try:
        import uvicorn

        from cardrules.web import Limits, create_app, default_db_path
        from cardrules.web._logs import log_config
        from cardrules.web._stores import is_postgres
    except ImportError as exc:
        refusal = Message('cardrules serve needs the web extra: pip install "cardrules[web]" ({why})', why=str(exc))
        raise _messages.said(CardrulesError, refusal) from None
    if not 0 <= args.port <= 65535:
        raise _messages.said(CardrulesError, Message("--port must be from 0 to 65535, not {port}", port=args.port))
    db = args.db or str(default_db_path())
    given = {field.name: getattr(args, field.name, None) for field in attrs.fields(Limits)}  # those serve has
    try:
        limits = Limits(**{k: v for k, v in given.items() if v is not None})
    except ValueError as exc:
        raise _messages.said(CardrulesError, Message("the limits: {why}", why=str(exc))) from None
    proxies = args.forwarded_allow_ips or ""
    workers = getattr(args, "workers", None) or 1
    if workers < 1:
        raise _messages.said(CardrulesError, Message("--workers must be at least 1, not {count}", count=workers))
    if workers > 1 and not is_postgres(db):
        refusal = Message(
            "--workers above 1 needs a PostgreSQL database (--db postgresql://...): an SQLite database "
            "and its matches' locks belong to one process"
        )
        raise _messages.said(CardrulesError, refusal)
    if workers == 1:
        app: Any = create_app(
            db, cors_origins=args.cors_origin, limits=limits, rules_dir=args.rules_dir, forwarded_allow_ips=proxies
        )
    else:  # each worker builds its own app from the environment (uvicorn starts workers from an import string)
        from cardrules.web._workers import CONFIG_VARIABLE, FACTORY, config_json

        os.environ[CONFIG_VARIABLE] = config_json(db, list(args.cors_origin), limits, args.rules_dir, proxies)
        app = FACTORY
    line = translation(getattr(args, "lang", DEFAULT)).gettext(
        "cardrules: serving the web table on {url} (matches in {db})"
    )
    print(line.format(url=f"http://{args.host}:{args.port}/", db=_shown(db)), flush=True)
    uvicorn.run(
        app, host=args.host, port=args.port, log_level=args.log_level, access_log=args.log_level in ("info", "debug"),
        ws="websockets-sansio", log_config=log_config(),
        proxy_headers=False,  # the app reads X-Forwarded-For itself, from the proxies named only
        workers=None if workers == 1 else workers, factory=workers > 1,
    )  # fmt: skip
    return 0


def _shown(db: str) -> str:
    """*db* as the server prints it: a PostgreSQL URL without its password."""
    parts = urllib.parse.urlsplit(db)
    if "://" not in db or parts.password is None:
        return db
    host = parts.netloc.rpartition("@")[2]
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))
