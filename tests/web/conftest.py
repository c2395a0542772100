"""The web tests' PostgreSQL (see ``tests/web/pg.py``), and the suite on it with ``CARDRULES_WEB_STORE=postgres``."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web import pg


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[tuple[str, Path | None]]:
    """A PostgreSQL server's URL (``CARDRULES_POSTGRES_URL``, or a throwaway cluster), and its data dir if ours."""
    pytest.importorskip("starlette")
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        pg.missing('psycopg and psycopg-pool are not installed (pip install "cardrules[postgres]")')
    given = os.environ.get("CARDRULES_POSTGRES_URL")
    if given:
        yield given, None
        return
    with pg.cluster() as (url, data):
        yield url, data


@pytest.fixture
def postgres(postgres_cluster: tuple[str, Path | None]) -> str:
    """The URL of an empty database of its own (a new schema) for one test."""
    return pg.fresh_schema(postgres_cluster[0])


@pytest.fixture(autouse=True)
def _store_of_the_run(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """
    With ``CARDRULES_WEB_STORE=postgres``, each SQLite path an app is built over is a PostgreSQL
    schema instead; the stores opened so are closed after the test (an app served without its
    lifespan never closes its own).
    """
    if not pg.ON_POSTGRES or request.node.get_closest_marker("sqlite_only"):
        yield
        return
    url = request.getfixturevalue("postgres_cluster")[0]
    from cardrules.web import _app, _stores

    schemas: dict[str, str] = {}
    stores: list[Any] = []
    opened = _stores.open_store

    def open_store(db: Any) -> Any:
        text = str(db)
        if _stores.is_postgres(text) or (text != ":memory:" and Path(text).exists()):
            return opened(db)  # a test's own PostgreSQL, or an SQLite file it wrote itself
        if text not in schemas or text == ":memory:":
            schemas[text] = pg.fresh_schema(url)
        stores.append(opened(schemas[text]))
        return stores[-1]

    monkeypatch.setattr(_app, "open_store", open_store)
    yield
    for store in stores:
        with contextlib.suppress(Exception):
            store.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: the test looks into the SQLite file itself")
