"""
The web table: play against the computer and watch narrated replays in a browser, over a JSON
API (see :doc:`/web-api`). Needs the ``web`` extra: ``pip install "cardrules[web]"``; start it
with ``cardrules serve``, or serve :func:`create_app` with any ASGI server.

``import cardrules`` never imports this package (nor Starlette).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from starlette.applications import Starlette

from cardrules.web._app import API_VERSION, build_app
from cardrules.web._limits import Limits
from cardrules.web._schemas import schema, schema_names

__all__ = ["API_VERSION", "Limits", "create_app", "default_db_path", "schema", "schema_names"]


def default_db_path() -> Path:
    """
    Where ``cardrules serve`` keeps its matches unless ``--db`` says otherwise:
    ``matches.sqlite3`` in the user's data directory for cardrules
    (``$XDG_DATA_HOME/cardrules``, else ``~/.local/share/cardrules`` on Linux; the platform's
    own place elsewhere, as ``platformdirs`` gives it).
    """
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "cardrules" / "matches.sqlite3"
    import platformdirs

    return Path(platformdirs.user_data_dir("cardrules", appauthor=False)) / "matches.sqlite3"


def create_app(
    db_path: str | Path,
    *,
    cors_origins: Sequence[str] = (),
    limits: Limits | None = None,
    rules_dir: str | Path | None = None,
    forwarded_allow_ips: str | Sequence[str] = (),
) -> Starlette:
    """
    The web table as an ASGI application (Starlette) over the SQLite database at *db_path*
    (created if missing; ``":memory:"`` keeps nothing), or the PostgreSQL database of a
    ``postgresql://`` URL (the ``postgres`` extra; several processes may serve it at once).
    *cors_origins* lists the origins whose pages may call the API, such as
    ``["http://localhost:5173"]``; none by default. *limits* sets what the server keeps and for
    how long (:class:`Limits`; its defaults otherwise).
    *rules_dir* holds the rules pages served at ``/rules/GAME`` (``GAME.md``); by default each
    game's package ships its own (``rules.md``, the page the documentation includes).
    *forwarded_allow_ips* names the proxies in front of the server (uvicorn's syntax:
    ``"127.0.0.1,10.0.0.0/8"``, or ``"*"``): only from them is ``X-Forwarded-For`` believed, for
    the per-client quotas; by default none is, and a client is the address it connects from.

    Example:
        >>> from starlette.testclient import TestClient
        >>> from cardrules.web import create_app
        >>> client = TestClient(create_app(":memory:"))
        >>> sorted(g["name"] for g in client.get("/api/games").json()["games"])
        ['charlemagne', 'mililla', 'mulle']
    """
    rules = None if rules_dir is None else Path(rules_dir)
    return build_app(db_path, cors_origins, limits, rules, forwarded_allow_ips)


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
