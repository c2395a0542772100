"""
PostgreSQL and several workers: two apps over one database stand for two worker processes (each
with its own loaded matches, locks and sockets), and a real ``cardrules serve --workers 2``.
The schema's migration from the version before, and a restart of the database.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from cardrules.web import create_app
from tests.web import pg
from tests.web.helpers import auth, events, start
from tests.web.served import call, free_port


@pytest.fixture
def workers(postgres: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps (two workers) over one PostgreSQL database, their lifespans running (the listeners)."""
    with TestClient(create_app(postgres)) as a, TestClient(create_app(postgres)) as b:
        yield a, b


def _first_move(c: TestClient, match: str, token: str) -> tuple[str, int]:
    """The first of the seat's legal moves and the match's version, once it is the seat's turn again: the
    computer's answers to a move are played after the move's own answer, so a read may come before them."""
    deadline = time.monotonic() + 30
    while True:
        data = c.get(f"/api/matches/{match}", headers=auth(token)).json()
        moves = (data.get("legal_moves") or {}).get("moves") or []
        if moves or time.monotonic() > deadline:
            assert moves, f"never the seat's turn again: {data}"
            return moves[0]["text"], data["version"]
        time.sleep(0.05)


def test_a_move_on_one_worker_is_read_at_once_on_the_other(workers: tuple[TestClient, TestClient]) -> None:
    a, b = workers
    made = start(a, "mililla", opponents="greedy", seed=3)
    match, token = made["match"], made["token"]
    assert b.get(f"/api/matches/{match}", headers=auth(token)).json()["version"] == 0  # b loads it too
    for _ in range(3):
        move, version = _first_move(a, match, token)
        played = a.post(f"/api/matches/{match}/moves", json={"move": move, "version": version}, headers=auth(token))
        assert played.status_code == 200, played.text
        seen = b.get(f"/api/matches/{match}", headers=auth(token)).json()
        assert seen["version"] == played.json()["version"] > version
        assert seen["observation"] == played.json()["observation"]
        move, version = _first_move(b, match, token)  # and the other way round
        played = b.post(f"/api/matches/{match}/moves", json={"move": move, "version": version}, headers=auth(token))
        assert played.status_code == 200, played.text
        assert a.get(f"/api/matches/{match}", headers=auth(token)).json()["version"] == played.json()["version"]


def test_two_moves_at_once_on_two_workers_are_one_move(workers: tuple[TestClient, TestClient]) -> None:
    """The same move sent to both workers at once, many times: exactly one is played each time, never both."""
    a, b = workers
    made = start(a, "mililla", opponents="greedy", seed=8)
    match, token = made["match"], made["token"]
    url = f"/api/matches/{match}/moves"
    pool = concurrent.futures.ThreadPoolExecutor(2)
    for _ in range(5):
        move, version = _first_move(a, match, token)
        _first_move(b, match, token)
        tries = [pool.submit(c.post, url, json={"move": move, "version": version}, headers=auth(token)) for c in (a, b)]
        answers = sorted(f.result().status_code for f in tries)
        assert answers == [200, 409], answers
    pool.shutdown()
    stored = a.app.state.server.store.match(match)  # type: ignore[attr-defined]
    assert [n for n in range(1, len(stored.moves) + 1)] == list(range(1, len(stored.moves) + 1))
    assert stored.moves == b.app.state.server.store.match(match).moves  # type: ignore[attr-defined]
    assert len(stored.moves) == b.get(f"/api/matches/{match}", headers=auth(token)).json()["version"]


def test_the_computer_moves_once_whichever_worker_loads_the_match(workers: tuple[TestClient, TestClient]) -> None:
    """Four computer players from the start: one worker plays them; the other reads the same moves, none twice."""
    a, b = workers
    made = start(a, "mililla", seat=0, opponents="greedy", seed=11)
    match, token = made["match"], made["token"]
    move, version = _first_move(a, match, token)
    both = [c.get(f"/api/matches/{match}", headers=auth(token)).json() for c in (a, b)]
    assert both[0]["version"] == both[1]["version"]
    played = b.post(f"/api/matches/{match}/moves", json={"move": move, "version": version}, headers=auth(token))
    assert played.status_code == 200
    stored = a.app.state.server.store.match(match)  # type: ignore[attr-defined]
    seats = [s for s, _ in stored.moves]
    assert len(stored.moves) == played.json()["version"]
    assert seats[: version + 1] == seats[: version + 1] and seats.count(0) == len([s for s in seats if s == 0])
    assert a.get(f"/api/matches/{match}", headers=auth(token)).json()["version"] == len(stored.moves)


def test_a_socket_on_one_worker_hears_a_move_made_on_the_other(workers: tuple[TestClient, TestClient]) -> None:
    a, b = workers
    made = start(a, "mililla", opponents="greedy", seed=4)
    match, token = made["match"], made["token"]
    with events(b, match, token) as ws:
        hello = ws.receive_json()
        assert hello["type"] == "hello"
        move, version = _first_move(a, match, token)
        played = a.post(f"/api/matches/{match}/moves", json={"move": move, "version": version}, headers=auth(token))
        assert played.status_code == 200
        last = played.json()["version"]
        heard: list[Any] = []
        while not heard or heard[-1].get("version") != last or heard[-1]["type"] != "state":
            heard.append(ws.receive_json())
        versions = [m["version"] for m in heard if m["type"] == "event"]
        assert versions == sorted(versions) and versions[0] == version + 1 and versions[-1] == last
        assert token not in json.dumps(heard)


def test_a_claim_on_two_workers_at_once_seats_one_friend(workers: tuple[TestClient, TestClient]) -> None:
    a, b = workers
    r = a.post("/api/matches", json={"game": "mililla", "seat": 0, "opponents": ["human", "greedy", "greedy"]})
    made = r.json()
    code = made["invites"][0]["code"]
    b.get(f"/api/matches/{made['match']}", headers=auth(made["token"]))
    pool = concurrent.futures.ThreadPoolExecutor(2)
    tries = [pool.submit(c.post, f"/api/matches/{made['match']}/claim", json={"code": code}) for c in (a, b)]
    answers = sorted(f.result().status_code for f in tries)
    pool.shutdown()
    assert answers == [201, 410]


def test_a_seat_handed_over_on_one_worker_is_handed_on_the_other(workers: tuple[TestClient, TestClient]) -> None:
    a, b = workers
    made = start(a, "mulle", opponents="greedy", seed=3)
    match, token = made["match"], made["token"]
    b.get(f"/api/matches/{match}", headers=auth(token))
    over = a.post(f"/api/matches/{match}/computer", headers=auth(token)).json()
    seen = b.get(f"/api/matches/{match}", headers=auth(token)).json()
    assert seen["version"] == over["version"] and seen["handed"] == over["handed"] == [0]


def test_the_previous_schema_is_migrated_and_keeps_its_rows(postgres: str) -> None:
    """A database of schema version 1 (before invite codes and expiry), with a match and a seat: read by this one."""
    import psycopg

    from cardrules.web._http import hash_token
    from cardrules.web._pgstore import migrate

    with psycopg.connect(postgres, autocommit=True) as conn:
        assert migrate(conn, upto=1) == 0
        conn.execute("INSERT INTO matches (id, game, seat, token_hash, opponents, seed) VALUES "
                     "('old', 'mililla', 0, %s, %s, '5')",
                     (hash_token("host"), json.dumps([None, "human", "greedy", "greedy"])))  # fmt: skip
        conn.execute("INSERT INTO seats VALUES ('old', 1, %s)", (hash_token("friend"),))
        conn.execute("INSERT INTO replays (id, record) VALUES ('r', '{}')")
    with TestClient(create_app(postgres)) as c:
        _play_in_the_old_match(c)
    with psycopg.connect(postgres) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchone() == (2,)
        assert conn.execute("SELECT COUNT(*) FROM replays").fetchone() == (1,)
    with psycopg.connect(postgres, autocommit=True) as conn:
        assert migrate(conn) == 2  # nothing more to do


def _play_in_the_old_match(c: TestClient) -> None:
    host = c.get("/api/matches/old", headers=auth("host"))
    assert host.status_code == 200 and host.json()["seat"] == 0 and host.json()["waiting"] == []
    assert c.get("/api/matches/old", headers=auth("friend")).json()["seat"] == 1
    pg.wait_for(lambda: c.get("/api/matches/old", headers=auth("host")).json()["to_move"] in (0, 1))
    mover = {0: "host", 1: "friend"}[c.get("/api/matches/old", headers=auth("host")).json()["to_move"]]
    view = c.get("/api/matches/old", headers=auth(mover)).json()
    move = view["legal_moves"]["moves"][0]["text"]
    assert c.post("/api/matches/old/moves", json={"move": move}, headers=auth(mover)).status_code == 200


def test_a_restarted_database_is_reconnected_to(postgres_cluster: tuple[str, Path | None]) -> None:
    """The server's pool and listener reconnect to a database restarted under them; nothing is lost."""
    url, data = postgres_cluster
    with contextlib.ExitStack() as stack:
        if data is None:  # CARDRULES_POSTGRES_URL's server is not ours to restart: a throwaway one is
            url, data = stack.enter_context(pg.cluster())
        _restart_under_a_match(url, data)


def _restart_under_a_match(url: str, data: Path) -> None:
    db = pg.fresh_schema(url)
    with TestClient(create_app(db)) as c:
        made = start(c, "mililla", opponents="greedy", seed=6)
        match, token = made["match"], made["token"]
        move, version = _first_move(c, match, token)
        pg.restart(data)
        played = c.post(f"/api/matches/{match}/moves", json={"move": move, "version": version}, headers=auth(token))
        assert played.status_code == 200, played.text
        assert c.get(f"/api/matches/{match}", headers=auth(token)).json()["version"] == played.json()["version"]
    with TestClient(create_app(db)) as again:
        assert again.get(f"/api/matches/{match}", headers=auth(token)).json()["version"] == played.json()["version"]


def test_serve_with_two_workers_on_postgresql(postgres: str, tmp_path: Path) -> None:
    """``cardrules serve --db postgresql://... --workers 2``: matches, moves and events over real HTTP and WebSocket."""
    import websockets.sync.client

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "serve", "--port", str(port), "--db", postgres, "--workers", "2",
         "--log-level", "warning"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if call("GET", f"{base}/api/games")[0] == 200:
                    break
            except (urllib.error.URLError, ConnectionError):
                assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
                time.sleep(0.2)
        status, made = call("POST", f"{base}/api/matches", {"game": "mililla", "opponents": "greedy", "seed": 9})
        assert status == 201, made
        match, token = made["match"], made["token"]
        with websockets.sync.client.connect(f"ws://127.0.0.1:{port}/api/matches/{match}/events") as ws:
            ws.send(json.dumps({"token": token}))
            assert json.loads(ws.recv(timeout=10))["type"] == "hello"
            last = 0
            for _ in range(6):  # the requests land on either worker; the socket is held by one of them
                status, data = call("GET", f"{base}/api/matches/{match}", token=token)
                assert status == 200 and data["version"] >= last
                if data["over"]:
                    break
                move = data["legal_moves"]["moves"][0]["text"]
                status, data = call("POST", f"{base}/api/matches/{match}/moves",
                                     {"move": move, "version": data["version"]}, token)  # fmt: skip
                assert status == 200, data
                last = data["version"]
                while True:
                    message = json.loads(ws.recv(timeout=10))
                    if message["type"] == "state" and message["version"] == last:
                        break
    finally:
        proc.terminate()
        try:
            out, _ = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
    assert f"(matches in {postgres.split('?')[0]}" in out.decode(), out


def test_serve_refuses_several_workers_on_sqlite(tmp_path: Path) -> None:
    """An SQLite database and its in-memory locks are one process's: --workers 2 is refused, with the reason."""
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "serve", "--db", str(tmp_path / "m.sqlite3"), "--workers", "2"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and "--workers above 1 needs a PostgreSQL database" in done.stderr
    assert not (tmp_path / "m.sqlite3").exists()


def test_the_printed_database_hides_the_password() -> None:
    from cardrules.cli._serve import _shown

    assert _shown("postgresql://cards:s3cret@db.internal:5432/cards") == "postgresql://cards:***@db.internal:5432/cards"
    assert _shown("postgresql://cards@db.internal/cards") == "postgresql://cards@db.internal/cards"
    assert _shown("/srv/matches.sqlite3") == "/srv/matches.sqlite3"


def test_a_seat_busy_on_one_worker_is_not_handed_over_by_the_other(workers: tuple[TestClient, TestClient]) -> None:
    """The idle time of a seat, for hand_over, counts the requests any worker heard."""
    a, b = workers
    r = a.post("/api/matches", json={"game": "mililla", "opponents": "greedy", "seed": 2, "hand_over": 2})
    match, token = r.json()["match"], r.json()["token"]
    b.get(f"/api/matches/{match}", headers=auth(token))  # b loads it, and hears the seat once
    on_b = b.app.state.server.tables[match]  # type: ignore[attr-defined]
    for _ in range(6):  # the person keeps reading on a for 3 s
        time.sleep(0.5)
        a.get(f"/api/matches/{match}", headers=auth(token))
    assert not on_b.hand_over_due()  # b has not heard the seat for 3 s, but a has
    assert a.get(f"/api/matches/{match}", headers=auth(token)).json()["handed"] == []
    assert on_b.hand_over_due(now=time.monotonic() + 10)  # idle everywhere for 10 s: handed over
    assert a.get(f"/api/matches/{match}", headers=auth(token)).json()["handed"] == [0]


def test_a_database_of_a_newer_version_is_refused(postgres: str, tmp_path: Path) -> None:
    """Neither store writes into tables a newer cardrules made: SQLite's user_version, PostgreSQL's schema_version."""
    import sqlite3

    import psycopg

    db = tmp_path / "newer.sqlite3"
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute("PRAGMA user_version = 99")
    with pytest.raises(RuntimeError, match="newer cardrules"):
        create_app(db)
    with psycopg.connect(postgres, autocommit=True) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        conn.execute("INSERT INTO schema_version VALUES (99)")
    with pytest.raises(RuntimeError, match="newer cardrules"):
        create_app(postgres)
