"""
Storage in PostgreSQL (psycopg 3, with a connection pool; the ``postgres`` extra), for a server of
several worker processes (``cardrules serve --db postgresql://... --workers N``).

- The tables are versioned: ``schema_version`` holds the version, and opening the store applies
  the missing steps of :data:`MIGRATIONS` in one transaction, under an advisory lock, so that
  workers starting at once migrate once.
- A move takes :meth:`PgStore.match_lock`, a session-level advisory lock on the match held by one
  pooled connection, which the move's writes then use: a move played by another worker at the same
  time is refused (409), never waited for. A worker killed in the middle of a move loses its
  connection, and PostgreSQL releases the lock.
- Every change of a match raises its revision (``matches.rev``) and sends
  ``NOTIFY cardrules_events, 'MATCH:REV'`` in the same transaction (the payload holds no token and
  no card); each worker listens on a connection of its own (:meth:`PgStore.listen`) and tells its
  WebSockets.
- A connection the pool hands out is checked first; a read that fails on a lost connection is tried
  once more on a new one, so a restarted database is reconnected to without a failed request
  beyond those in flight.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TypeVar

import psycopg
from psycopg_pool import ConnectionPool

from cardrules.web._store import SCHEMA_VERSION, MatchRow

__all__ = ["CHANNEL", "MIGRATIONS", "PgStore"]

CHANNEL: Final = "cardrules_events"
"""The channel of the ``NOTIFY`` sent with each change of a match: ``'MATCH:REV'``."""
_LOCKS: Final = 0x4345  # the first key of the store's advisory locks ('CE'); the second is the match's hash
_T = TypeVar("_T")
_log = logging.getLogger("cardrules.web")

MIGRATIONS: Final[tuple[str, ...]] = (
    # 1: the tables as the SQLite store had them before invite codes, hand-over and expiry.
    """
    CREATE TABLE matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL,
        opponents TEXT NOT NULL,
        seed TEXT NOT NULL,
        created TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE moves (
        match TEXT NOT NULL REFERENCES matches(id),
        number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        move TEXT NOT NULL,
        PRIMARY KEY (match, number)
    );
    CREATE TABLE seats (
        match TEXT NOT NULL REFERENCES matches(id),
        seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (match, seat)
    );
    CREATE TABLE replays (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        created TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    """,
    # 2: invite codes, hand-over, expiry and quotas; each match's revision and handed seats; when each
    # person's seat was last heard from, by any worker (presence), for the hand-over of an idle seat.
    """
    ALTER TABLE matches ADD COLUMN hand_over DOUBLE PRECISION, ADD COLUMN touched TIMESTAMPTZ,
        ADD COLUMN finished TIMESTAMPTZ, ADD COLUMN rev BIGINT NOT NULL DEFAULT 0,
        ADD COLUMN handed TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE seats ADD COLUMN invite_hash TEXT;
    ALTER TABLE moves ADD COLUMN stand_in BOOLEAN NOT NULL DEFAULT false;
    ALTER TABLE replays ADD COLUMN client TEXT NOT NULL DEFAULT '', ADD COLUMN size INTEGER NOT NULL DEFAULT 0,
        ADD COLUMN expires TIMESTAMPTZ;
    CREATE INDEX replays_client ON replays (client, created);
    CREATE TABLE presence (
        match TEXT NOT NULL,
        seat INTEGER NOT NULL,
        at TIMESTAMPTZ NOT NULL DEFAULT now(),
        PRIMARY KEY (match, seat)
    );
    CREATE INDEX matches_finished ON matches (finished);
    """,
)
assert len(MIGRATIONS) == SCHEMA_VERSION


def migrate(conn: psycopg.Connection[Any], upto: int = SCHEMA_VERSION) -> int:
    """Bring the database of *conn* to schema version *upto* (from whatever it is); the version it was at."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s, 0)", (_LOCKS,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = conn.execute("SELECT version FROM schema_version").fetchone()
        was = 0 if row is None else int(row[0])
        if was > SCHEMA_VERSION:
            raise RuntimeError(f"the database was written by a newer cardrules (schema {was}; this one knows "
                               f"{SCHEMA_VERSION})")  # fmt: skip
        for step in MIGRATIONS[was:upto]:
            conn.execute(step.encode())
        if row is None:
            conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (max(was, upto),))
        else:
            conn.execute("UPDATE schema_version SET version = %s", (max(was, upto),))
    return was


class PgStore:
    """A PostgreSQL database shared by the server's threads and by other server processes."""

    shared = True

    def __init__(self, url: str, min_size: int = 1, max_size: int = 8) -> None:
        self.url = url
        self._pool = ConnectionPool(
            url, min_size=min_size, max_size=max_size, kwargs={"autocommit": True}, open=False,
            check=ConnectionPool.check_connection, name="cardrules",
        )  # fmt: skip
        self._pool.open(wait=True, timeout=30.0)
        self._held = threading.local()  # the connection of the match lock this thread holds
        self._closed = threading.Event()
        self._listener: threading.Thread | None = None
        try:
            with self._pool.connection() as conn:
                migrate(conn)
        except BaseException:
            self._pool.close()
            raise

    def close(self) -> None:
        """Stop listening and close the pool."""
        self._closed.set()
        if self._listener is not None:
            self._listener.join(timeout=5.0)
        self._pool.close()

    # --- connections ---------------------------------------------------------------------

    def _run(self, work: Callable[[psycopg.Connection[Any]], _T]) -> _T:
        """*work* on the held connection of this thread's match lock, else on a pooled one (tried twice if lost)."""
        held: psycopg.Connection[Any] | None = getattr(self._held, "conn", None)
        if held is not None:
            return work(held)
        for attempt in (1, 2):
            try:
                with self._pool.connection() as conn:
                    return work(conn)
            except psycopg.OperationalError:
                if attempt == 2:
                    raise
                _log.warning("cardrules: the database connection was lost; trying again")
        raise AssertionError("unreachable")

    def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        def work(conn: psycopg.Connection[Any]) -> Any:
            return conn.execute(sql.encode(), params).fetchone()

        return self._run(work)

    def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        def work(conn: psycopg.Connection[Any]) -> list[Any]:
            return conn.execute(sql.encode(), params).fetchall()

        return self._run(work)

    def _bump(self, conn: psycopg.Connection[Any], match: str, more: str = "", params: Sequence[Any] = ()) -> int:
        """Raise *match*'s revision (setting *more* too), tell the other workers on commit; the new revision."""
        row = conn.execute(
            f"UPDATE matches SET rev = rev + 1{more} WHERE id = %s RETURNING rev".encode(), (*params, match)
        ).fetchone()
        rev = 0 if row is None else int(row[0])
        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{match}:{rev}"))
        return rev

    @contextlib.contextmanager
    def match_lock(self, match: str) -> Iterator[bool]:
        """
        The match's advisory lock, across processes: ``True`` while held, ``False`` at once if
        another connection holds it. This thread's writes use the lock's connection meanwhile.
        """
        with self._pool.connection() as conn:
            got = conn.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))", (_LOCKS, match)).fetchone()
            if not got or not got[0]:
                yield False
                return
            self._held.conn = conn
            try:
                yield True
            finally:
                self._held.conn = None
                try:
                    conn.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (_LOCKS, match))
                except psycopg.Error:
                    conn.close()  # the pool throws it away, and the server drops the lock with it

    def listen(self, changed: Callable[[str, int], None]) -> None:
        """Call *changed(match, rev)* for each change another process notifies, from a thread of its own."""

        def run() -> None:
            lost = False
            while not self._closed.is_set():
                try:
                    with psycopg.connect(self.url, autocommit=True) as conn:
                        conn.execute(f"LISTEN {CHANNEL}".encode())
                        if lost:  # changes may have come while nobody listened
                            changed("", 0)
                        while not self._closed.is_set():
                            for note in conn.notifies(timeout=0.5):
                                match, _, rev = note.payload.rpartition(":")
                                with contextlib.suppress(Exception):
                                    changed(match, int(rev))
                except psycopg.Error:
                    lost = True
                    self._closed.wait(0.5)

        self._listener = threading.Thread(target=run, name="cardrules-listen", daemon=True)
        self._listener.start()

    # --- matches -------------------------------------------------------------------------

    def add_match(self, row: MatchRow) -> None:
        """Store a new match (with no moves), and its invited seats."""

        def work(conn: psycopg.Connection[Any]) -> None:
            with conn.transaction():
                conn.execute(
                    "INSERT INTO matches (id, game, seat, token_hash, opponents, seed, hand_over) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                    (row.id, row.game, row.seat, row.token_hash, json.dumps(row.opponents), str(row.seed),
                     row.hand_over),
                )  # fmt: skip
                invites = dict(row.invites)
                for seat, token_hash in row.invited:
                    conn.execute(
                        "INSERT INTO seats (match, seat, token_hash, invite_hash) VALUES (%s, %s, %s, %s)",
                        (row.id, seat, token_hash, invites.get(seat)),
                    )

        self._run(work)

    def add_move(self, match: str, number: int, seat: int, move: str, stand_in: bool = False) -> int:
        """Append move *number* (from 1) of *match*, in one transaction with its revision and notice; the revision."""

        def work(conn: psycopg.Connection[Any]) -> int:
            with conn.transaction():
                conn.execute(
                    "INSERT INTO moves (match, number, seat, move, stand_in) VALUES (%s, %s, %s, %s, %s)",
                    (match, number, seat, move, stand_in),
                )
                return self._bump(conn, match, ", touched = now()")

        return self._run(work)

    def finish(self, match: str) -> None:
        """Note that *match* is over now."""
        self._one("UPDATE matches SET finished = now() WHERE id = %s AND finished IS NULL RETURNING id", (match,))

    def old_matches(self, finished_days: float, abandoned_days: float) -> list[str]:
        """The matches over for *finished_days*, and the unfinished ones without a move for *abandoned_days*."""
        rows = self._all(
            "SELECT id FROM matches WHERE (finished IS NOT NULL AND finished < now() - %s * interval '1 day') "
            "OR (finished IS NULL AND COALESCE(touched, created) < now() - %s * interval '1 day')",
            (finished_days, abandoned_days),
        )
        return [str(r[0]) for r in rows]

    def drop_matches(self, matches: list[str]) -> None:
        """Delete *matches*: their moves, their seats and themselves, in one transaction."""
        if not matches:
            return

        def work(conn: psycopg.Connection[Any]) -> None:
            with conn.transaction():
                for table, column in (("moves", "match"), ("seats", "match"), ("presence", "match"), ("matches", "id")):
                    conn.execute(f"DELETE FROM {table} WHERE {column} = ANY(%s)".encode(), (matches,))

        self._run(work)

    def set_seat(self, match: str, seat: int, token_hash: str, invite_hash: str | None) -> int:
        """A friend's seat's token hash and open invite code's hash; the new revision."""

        def work(conn: psycopg.Connection[Any]) -> int:
            with conn.transaction():
                conn.execute(
                    "UPDATE seats SET token_hash = %s, invite_hash = %s WHERE match = %s AND seat = %s",
                    (token_hash, invite_hash, match, seat),
                )
                return self._bump(conn, match)

        return self._run(work)

    def claim_seat(self, match: str, seat: int, code_hash: str, token_hash: str) -> int | None:
        """Seat *token_hash* at *seat* if its open invite's code is *code_hash*; the new revision, or ``None``."""

        def work(conn: psycopg.Connection[Any]) -> int | None:
            with conn.transaction():
                cursor = conn.execute(
                    "UPDATE seats SET token_hash = %s, invite_hash = NULL "
                    "WHERE match = %s AND seat = %s AND invite_hash = %s",
                    (token_hash, match, seat, code_hash),
                )
                return self._bump(conn, match) if cursor.rowcount == 1 else None

        return self._run(work)

    def set_handed(self, match: str, seats: Sequence[int]) -> int:
        """The persons' seats the computer plays for now; the new revision."""

        def work(conn: psycopg.Connection[Any]) -> int:
            with conn.transaction():
                return self._bump(conn, match, ", handed = %s", (json.dumps(sorted(seats)),))

        return self._run(work)

    def heard(self, match: str, seat: int) -> None:
        """Note that the person at *seat* of *match* made a request now (any worker)."""
        self._one(
            "INSERT INTO presence (match, seat) VALUES (%s, %s) ON CONFLICT (match, seat) DO UPDATE SET at = now() "
            "RETURNING seat",
            (match, seat),
        )

    def quiet(self, match: str, seat: int) -> float | None:
        """Seconds since the person at *seat* of *match* was last heard from by any worker (``None``: never)."""
        row = self._one("SELECT extract(epoch FROM now() - at) FROM presence WHERE match = %s AND seat = %s",
                        (match, seat))  # fmt: skip
        return None if row is None else float(row[0])

    def rev(self, match: str) -> int | None:
        """The revision of *match*, or ``None`` if there is none."""
        row = self._one("SELECT rev FROM matches WHERE id = %s", (match,))
        return None if row is None else int(row[0])

    def match(self, match: str) -> MatchRow | None:
        """The stored match *match*, or ``None`` (read in one snapshot)."""

        def work(conn: psycopg.Connection[Any]) -> tuple[Any, list[Any], list[Any]] | None:
            with conn.transaction():
                conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                head = conn.execute(
                    "SELECT id, game, seat, token_hash, opponents, seed, hand_over, rev, handed FROM matches "
                    "WHERE id = %s",
                    (match,),
                ).fetchone()
                if head is None:
                    return None
                moves = conn.execute(
                    "SELECT seat, move, number, stand_in FROM moves WHERE match = %s ORDER BY number", (match,)
                ).fetchall()
                invited = conn.execute(
                    "SELECT seat, token_hash, invite_hash FROM seats WHERE match = %s ORDER BY seat", (match,)
                ).fetchall()
            return head, moves, invited

        found = self._run(work)
        if found is None:
            return None
        head, moves, invited = found
        return MatchRow(
            head[0], head[1], head[2], head[3], tuple(json.loads(head[4])), int(head[5]),
            tuple((int(s), str(m)) for s, m, _, _ in moves), tuple((int(s), str(h)) for s, h, _ in invited),
            None if head[6] is None else float(head[6]),
            tuple((int(s), str(i)) for s, _, i in invited if i is not None),
            frozenset(int(n) for _, _, n, by in moves if by), int(head[7]), frozenset(json.loads(head[8] or "[]")),
        )  # fmt: skip

    def match_ids(self) -> list[str]:
        """Every stored match's id, oldest first."""
        return [str(r[0]) for r in self._all("SELECT id FROM matches ORDER BY created, id")]

    # --- replays -------------------------------------------------------------------------

    def add_replay(self, replay: str, record: str, client: str = "", days: float | None = None) -> None:
        """Store a replay's record text, uploaded by *client*, kept *days* days (``None``: kept)."""
        self._one(
            "INSERT INTO replays (id, record, client, size, expires) VALUES (%s, %s, %s, %s, "
            "CASE WHEN %s::float8 IS NULL THEN NULL ELSE now() + %s::float8 * interval '1 day' END) RETURNING id",
            (replay, record, client, len(record.encode("utf-8")), days, days),
        )

    def client_uploads(self, client: str) -> tuple[int, int]:
        """How many replays *client* uploaded in the last day, and their bytes."""
        row = self._one(
            "SELECT COUNT(*), COALESCE(SUM(size), 0) FROM replays "
            "WHERE client = %s AND created > now() - interval '1 day'",
            (client,),
        )
        return int(row[0]), int(row[1])

    def drop_expired(self) -> int:
        """Delete the replays past their expiry; how many."""

        def work(conn: psycopg.Connection[Any]) -> int:
            return conn.execute("DELETE FROM replays WHERE expires IS NOT NULL AND expires < now()").rowcount

        return self._run(work)

    def replay(self, replay: str) -> str | None:
        """A stored replay's record text, or ``None`` (also once it has expired)."""
        row = self._one("SELECT record FROM replays WHERE id = %s AND (expires IS NULL OR expires >= now())", (replay,))
        return None if row is None else str(row[0])
