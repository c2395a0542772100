"""Which store a ``--db`` text names: a ``postgresql://`` URL, or the path of an SQLite file."""

from __future__ import annotations

from pathlib import Path

from cardrules.web._store import MatchStore, Store

__all__ = ["is_postgres", "open_store"]


def is_postgres(db: str | Path) -> bool:
    """Whether the ``--db`` text names a PostgreSQL database (``postgresql://...``) rather than an SQLite file."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def open_store(db: str | Path) -> MatchStore:
    """The store of *db*: PostgreSQL for a ``postgresql://`` URL (needs the ``postgres`` extra), else SQLite."""
    if is_postgres(db):
        from cardrules.web._pgstore import PgStore

        return PgStore(str(db))
    return Store(db)
