"""
Storage in SQLite (the standard library's ``sqlite3``): each match as what its record is made of,
the seed and every move in order, each move appended in its own transaction as it is played.

The database runs in WAL mode with ``synchronous=NORMAL``: a committed move survives the server
process being killed (a power cut may lose the last moves; see the front-end page).

:class:`MatchStore` is what the server needs of a store; :class:`Store` (SQLite, one process) and
:class:`cardrules.web._pgstore.PgStore` (PostgreSQL, any number of workers) are the two kinds, and
:func:`cardrules.web._stores.open_store` picks one by the ``--db`` text.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, Protocol

import attrs

__all__ = ["SCHEMA_VERSION", "MatchRow", "MatchStore", "Store"]

SCHEMA_VERSION: Final = 2
"""
The version of the stores' tables (SQLite's ``PRAGMA user_version``, PostgreSQL's ``schema_version``
table): 1, the tables before invite codes, hand-over and expiry; 2, those columns and each match's
revision (``rev``) and seats played by the computer (``handed``).
"""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    opponents TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL DEFAULT (julianday('now'))
);
CREATE TABLE IF NOT EXISTS moves (
    match TEXT NOT NULL REFERENCES matches(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (match, number)
);
CREATE TABLE IF NOT EXISTS seats (
    match TEXT NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (match, seat)
);
CREATE TABLE IF NOT EXISTS replays (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    created REAL NOT NULL DEFAULT (julianday('now'))
);
"""
_MATCH_COLUMNS = (
    ("hand_over", "REAL"),  # a seat idle this many seconds may be handed to the computer
    ("touched", "REAL"),  # the julian day of the last move; null: none since it was created
    ("finished", "REAL"),  # the julian day it ended; null: not over (or stored by an older version)
    ("rev", "INTEGER NOT NULL DEFAULT 0"),  # raised by every change: a move, a seat's token or invite, handed
    ("handed", "TEXT NOT NULL DEFAULT '[]'"),  # the persons' seats the computer plays for now (JSON list)
)
_SEAT_COLUMNS = (("invite_hash", "TEXT"),)  # the hash of the seat's open invite code; null: none open
_MOVE_COLUMNS = (("stand_in", "INTEGER NOT NULL DEFAULT 0"),)  # 1: the computer played it for a person's seat
_REPLAY_COLUMNS = (
    ("client", "TEXT NOT NULL DEFAULT ''"),  # who uploaded it (an address), for the quota
    ("size", "INTEGER NOT NULL DEFAULT 0"),  # its stored bytes
    ("expires", "REAL"),  # the julian day it is deleted after; null: kept (a finished match's own replay)
)


@attrs.frozen
class MatchRow:
    """A stored match: how it was set up, and its moves (seat, canonical notation) in order."""

    id: str
    game: str
    seat: int
    token_hash: str
    opponents: tuple[str | None, ...]
    seed: int
    moves: tuple[tuple[int, str], ...]
    invited: tuple[tuple[int, str], ...] = ()
    """The seats of friends invited to the match, each with its token's hash (``""``: nobody has claimed it)."""
    hand_over: float | None = None
    """A person's seat idle this many seconds on its turn may be handed to the computer (``None``: never)."""
    invites: tuple[tuple[int, str], ...] = ()
    """The friends' seats whose invite is open (not claimed yet), each with its invite code's hash."""
    stand_ins: frozenset[int] = frozenset()
    """The numbers (from 1) of the moves the computer played for a person's seat handed over to it."""
    rev: int = 0
    """The match's revision: raised by each move and each change of its seats (tokens, invites, handed)."""
    handed: frozenset[int] = frozenset()
    """The persons' seats the computer plays for now (handed over, or idle past the match's limit)."""


class MatchStore(Protocol):
    """
    What the server needs of a store: the matches, their moves and seats, and the replays. The
    writes of a match return its new revision (:attr:`MatchRow.rev`). A *shared* store is used by
    several server processes at once: each then reads a match's revision before trusting its
    loaded copy, takes :meth:`match_lock` across processes for a move, and hears the others'
    changes through :meth:`listen`.
    """

    shared: bool
    """Whether other processes use the store too (PostgreSQL); ``False``: this process alone (SQLite)."""

    def close(self) -> None: ...
    def add_match(self, row: MatchRow) -> None: ...
    def add_move(self, match: str, number: int, seat: int, move: str, stand_in: bool = False) -> int: ...
    def finish(self, match: str) -> None: ...
    def old_matches(self, finished_days: float, abandoned_days: float) -> list[str]: ...
    def drop_matches(self, matches: list[str]) -> None: ...
    def set_seat(self, match: str, seat: int, token_hash: str, invite_hash: str | None) -> int: ...
    def claim_seat(self, match: str, seat: int, code_hash: str, token_hash: str) -> int | None: ...
    def set_handed(self, match: str, seats: Sequence[int]) -> int: ...
    def match(self, match: str) -> MatchRow | None: ...
    def rev(self, match: str) -> int | None: ...
    def heard(self, match: str, seat: int) -> None:
        """Note that the person at *seat* made a request now, for the other processes' hand-over (shared stores)."""
        ...

    def quiet(self, match: str, seat: int) -> float | None:
        """Seconds since any process last heard from the person at *seat* (``None``: unknown)."""
        ...

    def match_ids(self) -> list[str]: ...
    def add_replay(self, replay: str, record: str, client: str = "", days: float | None = None) -> None: ...
    def client_uploads(self, client: str) -> tuple[int, int]: ...
    def drop_expired(self) -> int: ...
    def replay(self, replay: str) -> str | None: ...
    def match_lock(self, match: str) -> contextlib.AbstractContextManager[bool]:
        """
        Held while a move of *match* and the computer's answers are played and stored: ``True``
        when this process has it, ``False`` at once when another holds it (never waits).
        """
        ...

    def listen(self, changed: Callable[[str, int], None]) -> None:
        """
        Call *changed(match, rev)* (in a thread of the store's) whenever another process changes a
        match; ``changed("", 0)`` after a lost connection, when any change may have been missed.
        """
        ...


class Store:
    """One SQLite database, shared by the server's threads (one connection, used under a lock)."""

    shared = False

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            tables = (("matches", _MATCH_COLUMNS), ("replays", _REPLAY_COLUMNS), ("seats", _SEAT_COLUMNS),
                      ("moves", _MOVE_COLUMNS))  # fmt: skip
            for table, columns in tables:
                have = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
                for name, kind in columns:  # a database of an older version gains the columns
                    if name not in have:
                        self._db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                self._db.close()
                raise RuntimeError(f"{path} was written by a newer cardrules (schema {version}; this one knows "
                                   f"{SCHEMA_VERSION})")  # fmt: skip
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def match_lock(self, match: str) -> contextlib.AbstractContextManager[bool]:
        """One process: the table's own lock is enough."""
        return contextlib.nullcontext(True)

    def listen(self, changed: Callable[[str, int], None]) -> None:
        """One process: nobody else changes a match."""

    def _bump(self, match: str) -> int:
        self._db.execute("UPDATE matches SET rev = rev + 1 WHERE id = ?", (match,))
        row = self._db.execute("SELECT rev FROM matches WHERE id = ?", (match,)).fetchone()
        return 0 if row is None else int(row[0])

    def heard(self, match: str, seat: int) -> None:
        """One process: its own memory knows."""

    def quiet(self, match: str, seat: int) -> float | None:
        """One process: its own memory knows."""
        return None

    def rev(self, match: str) -> int | None:
        """The revision of *match*, or ``None`` if there is none."""
        with self._lock:
            row = self._db.execute("SELECT rev FROM matches WHERE id = ?", (match,)).fetchone()
        return None if row is None else int(row[0])

    def claim_seat(self, match: str, seat: int, code_hash: str, token_hash: str) -> int | None:
        """Seat *token_hash* at *seat* if its open invite's code is *code_hash*; the new revision, or ``None``."""
        with self._lock:
            cursor = self._db.execute(
                "UPDATE seats SET token_hash = ?, invite_hash = NULL WHERE match = ? AND seat = ? AND invite_hash = ?",
                (token_hash, match, seat, code_hash),
            )
            return self._bump(match) if cursor.rowcount == 1 else None

    def set_handed(self, match: str, seats: Sequence[int]) -> int:
        """The persons' seats the computer plays for now; the new revision."""
        with self._lock:
            self._db.execute("UPDATE matches SET handed = ? WHERE id = ?", (json.dumps(sorted(seats)), match))
            return self._bump(match)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def add_match(self, row: MatchRow) -> None:
        """Store a new match (with no moves), and its invited seats."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute(
                    "INSERT INTO matches (id, game, seat, token_hash, opponents, seed, hand_over) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (row.id, row.game, row.seat, row.token_hash, json.dumps(row.opponents), str(row.seed),
                     row.hand_over),
                )  # fmt: skip
                invites = dict(row.invites)
                for seat, token_hash in row.invited:
                    self._db.execute(
                        "INSERT INTO seats (match, seat, token_hash, invite_hash) VALUES (?, ?, ?, ?)",
                        (row.id, seat, token_hash, invites.get(seat)),
                    )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def add_move(self, match: str, number: int, seat: int, move: str, stand_in: bool = False) -> int:
        """
        Append move *number* (from 1) of *match*: one statement, so one transaction of its own
        (then the match's time of its last move, for :meth:`old_matches`, and its revision, which
        is returned). *stand_in*: the computer played it for a person's seat handed over to it.
        """
        with self._lock:
            self._db.execute(
                "INSERT INTO moves (match, number, seat, move, stand_in) VALUES (?, ?, ?, ?, ?)",
                (match, number, seat, move, int(stand_in)),
            )
            self._db.execute("UPDATE matches SET touched = julianday('now') WHERE id = ?", (match,))
            return self._bump(match)

    def finish(self, match: str) -> None:
        """Note that *match* is over now (it is deleted :attr:`~cardrules.web.Limits.finished_match_days` later)."""
        with self._lock:
            self._db.execute(
                "UPDATE matches SET finished = julianday('now') WHERE id = ? AND finished IS NULL", (match,)
            )

    def old_matches(self, finished_days: float, abandoned_days: float) -> list[str]:
        """The matches over for *finished_days*, and the unfinished ones without a move for *abandoned_days*."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM matches WHERE (finished IS NOT NULL AND finished < julianday('now') - ?) "
                "OR (finished IS NULL AND COALESCE(touched, created) < julianday('now') - ?)",
                (finished_days, abandoned_days),
            ).fetchall()
        return [str(r[0]) for r in rows]

    def drop_matches(self, matches: list[str]) -> None:
        """Delete *matches*: their moves, their seats and themselves, in one transaction."""
        if not matches:
            return
        with self._lock:
            self._db.execute("BEGIN")
            try:
                for table, column in (("moves", "match"), ("seats", "match"), ("matches", "id")):
                    self._db.executemany(f"DELETE FROM {table} WHERE {column} = ?", [(m,) for m in matches])
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def set_seat(self, match: str, seat: int, token_hash: str, invite_hash: str | None) -> int:
        """
        A friend's seat's token hash (``""``: nobody's) and open invite code's hash (``None``: none);
        the new revision.
        """
        with self._lock:
            self._db.execute(
                "UPDATE seats SET token_hash = ?, invite_hash = ? WHERE match = ? AND seat = ?",
                (token_hash, invite_hash, match, seat),
            )
            return self._bump(match)

    def match(self, match: str) -> MatchRow | None:
        """The stored match *match*, or ``None``."""
        with self._lock:
            head = self._db.execute(
                "SELECT id, game, seat, token_hash, opponents, seed, hand_over, rev, handed FROM matches WHERE id = ?",
                (match,),
            ).fetchone()
            if head is None:
                return None
            moves = self._db.execute(
                "SELECT seat, move, number, stand_in FROM moves WHERE match = ? ORDER BY number", (match,)
            ).fetchall()
            invited = self._db.execute(
                "SELECT seat, token_hash, invite_hash FROM seats WHERE match = ? ORDER BY seat", (match,)
            ).fetchall()
        opponents: Any = json.loads(head[4])
        return MatchRow(
            head[0], head[1], head[2], head[3], tuple(opponents), int(head[5]), tuple((s, m) for s, m, _, _ in moves),
            tuple((int(s), str(h)) for s, h, _ in invited), None if head[6] is None else float(head[6]),
            tuple((int(s), str(i)) for s, _, i in invited if i is not None),
            frozenset(int(n) for _, _, n, by in moves if by), int(head[7]), frozenset(json.loads(head[8] or "[]")),
        )  # fmt: skip

    def match_ids(self) -> list[str]:
        """Every stored match's id, oldest first."""
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM matches ORDER BY created, id")]

    def add_replay(self, replay: str, record: str, client: str = "", days: float | None = None) -> None:
        """Store a replay's record text, uploaded by *client*, kept *days* days (``None``: kept)."""
        with self._lock:
            self._db.execute(
                "INSERT INTO replays (id, record, client, size, expires) "
                "VALUES (?, ?, ?, ?, CASE WHEN ? IS NULL THEN NULL ELSE julianday('now') + ? END)",
                (replay, record, client, len(record.encode("utf-8")), days, days),
            )

    def client_uploads(self, client: str) -> tuple[int, int]:
        """How many replays *client* uploaded in the last day, and their bytes."""
        with self._lock:
            row = self._db.execute(
                "SELECT COUNT(*), COALESCE(SUM(size), 0) FROM replays "
                "WHERE client = ? AND created > julianday('now') - 1",
                (client,),
            ).fetchone()
        return int(row[0]), int(row[1])

    def drop_expired(self) -> int:
        """Delete the replays past their expiry; how many."""
        with self._lock:
            cursor = self._db.execute("DELETE FROM replays WHERE expires IS NOT NULL AND expires < julianday('now')")
        return cursor.rowcount

    def replay(self, replay: str) -> str | None:
        """A stored replay's record text, or ``None`` (also once it has expired)."""
        with self._lock:
            row = self._db.execute(
                "SELECT record FROM replays WHERE id = ? AND (expires IS NULL OR expires >= julianday('now'))",
                (replay,),
            ).fetchone()
        return None if row is None else str(row[0])
