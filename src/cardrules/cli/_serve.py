"""The ``serve`` command of the command line: the web table (needs the ``web`` extra)."""

from __future__ import annotations

import argparse

import attrs

from cardrules.errors import CardrulesError
from cardrules.i18n import DEFAULT, translation


def serve(args: argparse.Namespace) -> int:
    """``cardrules serve``: run the web table until interrupted."""
    try:
        import uvicorn

        from cardrules.web import Limits, create_app, default_db_path
        from cardrules.web._logs import log_config
    except ImportError as exc:
        raise CardrulesError(f'cardrules serve needs the web extra: pip install "cardrules[web]" ({exc})') from None
    if not 0 <= args.port <= 65535:
        raise CardrulesError(f"--port must be from 0 to 65535, not {args.port}")
    db = args.db or str(default_db_path())
    given = {field.name: getattr(args, field.name, None) for field in attrs.fields(Limits)}  # those serve has
    try:
        limits = Limits(**{k: v for k, v in given.items() if v is not None})
    except ValueError as exc:
        raise CardrulesError(f"the limits: {exc}") from None
    proxies = args.forwarded_allow_ips or ""
    app = create_app(
        db, cors_origins=args.cors_origin, limits=limits, rules_dir=args.rules_dir, forwarded_allow_ips=proxies
    )
    line = translation(getattr(args, "lang", DEFAULT)).gettext(
        "cardrules: serving the web table on {url} (matches in {db})"
    )
    print(line.format(url=f"http://{args.host}:{args.port}/", db=db), flush=True)
    uvicorn.run(
        app, host=args.host, port=args.port, log_level=args.log_level, access_log=args.log_level in ("info", "debug"),
        ws="websockets-sansio", log_config=log_config(),
        proxy_headers=False,  # the app reads X-Forwarded-For itself, from the proxies named only

    )  # fmt: skip
    return 0
