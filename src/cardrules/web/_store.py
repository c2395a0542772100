"""
Storage in SQLite (the standard library's ``sqlite3``): each match as what its record is made of,
the seed and every move in order, each move appended in its own transaction as it is played.

The database runs in WAL mode with ``synchronous=NORMAL``: a committed move survives the server
process being killed (a power cut may lose the last moves; see the front-end page).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

import attrs

__all__ = ["MatchRow", "Store"]

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


class Store:
    """One SQLite database, shared by the server's threads (one connection, used under a lock)."""

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

    def add_move(self, match: str, number: int, seat: int, move: str, stand_in: bool = False) -> None:
        """
        Append move *number* (from 1) of *match*: one statement, so one transaction of its own
        (then the match's time of its last move, for :meth:`old_matches`). *stand_in*: the computer
        played it for a person's seat handed over to it.
        """
        with self._lock:
            self._db.execute(
                "INSERT INTO moves (match, number, seat, move, stand_in) VALUES (?, ?, ?, ?, ?)",
                (match, number, seat, move, int(stand_in)),
            )
            self._db.execute("UPDATE matches SET touched = julianday('now') WHERE id = ?", (match,))

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

    def set_seat(self, match: str, seat: int, token_hash: str, invite_hash: str | None) -> None:
        """A friend's seat's token hash (``""``: nobody's) and open invite code's hash (``None``: none)."""
        with self._lock:
            self._db.execute(
                "UPDATE seats SET token_hash = ?, invite_hash = ? WHERE match = ? AND seat = ?",
                (token_hash, invite_hash, match, seat),
            )

    def match(self, match: str) -> MatchRow | None:
        """The stored match *match*, or ``None``."""
        with self._lock:
            head = self._db.execute(
                "SELECT id, game, seat, token_hash, opponents, seed, hand_over FROM matches WHERE id = ?", (match,)
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
            frozenset(int(n) for _, _, n, by in moves if by),
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
