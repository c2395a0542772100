"""
A PostgreSQL for the web tests: ``CARDRULES_POSTGRES_URL`` if set, else a throwaway cluster made
with ``initdb`` and ``pg_ctl`` in a temporary directory (as the ``postgres`` user when run as
root), stopped at the end. Without PostgreSQL's programs the tests that need it are skipped, or
fail when ``CARDRULES_POSTGRES_REQUIRED`` is set (CI).

``CARDRULES_WEB_STORE=postgres`` runs the whole web suite on PostgreSQL: every app the tests build
over an SQLite path gets a schema of its own in that database instead (see ``conftest.py``).
"""

from __future__ import annotations

import contextlib
import glob
import os
import secrets
import shutil
import subprocess
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.served import free_port

REQUIRED = bool(os.environ.get("CARDRULES_POSTGRES_REQUIRED"))
"""Set in CI: a missing PostgreSQL fails the tests that need one instead of skipping them."""
ON_POSTGRES = os.environ.get("CARDRULES_WEB_STORE", "sqlite") == "postgres"
"""Whether the web suite runs on PostgreSQL (``nox -s web_postgres``) rather than SQLite."""


def missing(reason: str) -> None:
    """Skip the test for *reason*, or fail it when PostgreSQL is required."""
    if REQUIRED:
        pytest.fail(f"CARDRULES_POSTGRES_REQUIRED is set, but {reason}")
    pytest.skip(reason)


def _bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return versions[-1] if versions else None


def _as_postgres(command: list[str]) -> list[str]:
    """*command* as the ``postgres`` user when run as root (``initdb`` refuses root)."""
    if os.geteuid() != 0:
        return command
    runuser = shutil.which("runuser")
    return [runuser, "-u", "postgres", "--", *command] if runuser else ["su", "postgres", "-c", " ".join(command)]


@contextlib.contextmanager
def cluster() -> Iterator[tuple[str, Path]]:
    """A throwaway PostgreSQL cluster: its URL (trust, over 127.0.0.1) and its data directory; stopped after."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        missing("PostgreSQL's initdb and pg_ctl are not installed (apt-get install postgresql), and "
                "CARDRULES_POSTGRES_URL is not set")  # fmt: skip
    assert initdb is not None and pg_ctl is not None
    root = Path(tempfile.mkdtemp(prefix="cardrules-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    data, port = root / "data", free_port()
    subprocess.run(_as_postgres([initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"]),
                   check=True, capture_output=True)  # fmt: skip
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    start = [pg_ctl, "-D", str(data), "-l", str(root / "log"), "-w", "-o", options, "start"]
    subprocess.run(_as_postgres(start), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres", data
    finally:
        subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-m", "immediate", "stop"]), capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def restart(data: Path) -> None:
    """Restart the cluster of *data* (fast: its connections are cut)."""
    pg_ctl = _bin("pg_ctl")
    assert pg_ctl is not None
    log = str(data.parent / "log")  # pg_ctl keeps the server's options, not its log: without one, it writes to ours
    subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-l", log, "-m", "fast", "-w", "restart"]), check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip


def fresh_schema(url: str) -> str:
    """A URL of *url*'s database whose tables go in a new, empty schema of their own."""
    import psycopg

    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}".encode())
    parts = urllib.parse.urlsplit(url)
    query = urllib.parse.parse_qsl(parts.query) + [("options", f"-csearch_path={name}")]
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


def wait_for(check: object, seconds: float = 10.0) -> None:
    """Wait until ``check()`` is true (a callable), at most *seconds*."""
    assert callable(check)
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("waited in vain")
        time.sleep(0.02)
