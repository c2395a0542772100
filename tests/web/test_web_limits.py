"""
The limits a site operator relies on: a quota of matches per client (429 with Retry-After), the
client's address believed from X-Forwarded-For only behind the proxies named, and the old
matches deleted from the database.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("jsonschema")

from starlette.testclient import TestClient

import cardrules
from cardrules import records
from cardrules.web import Limits, create_app
from cardrules.web._clients import Proxies
from tests.web.helpers import auth, events, start, valid

NEW = {"game": "mulle", "opponents": "greedy", "seed": 1}


def _as(app: Any, host: str) -> TestClient:
    """A client of *app* that connects from *host*."""
    return TestClient(app, client=(host, 40000))


def test_match_creation_has_a_quota_per_client(tmp_path: Path) -> None:
    app = create_app(tmp_path / "m.sqlite3", limits=Limits(matches_per_client=3))
    one, other = _as(app, "192.0.2.1"), _as(app, "192.0.2.2")
    for _ in range(3):
        assert one.post("/api/matches", json=NEW).status_code == 201
    over = one.post("/api/matches", json=NEW)
    assert over.status_code == 429 and valid("error", over.json())["error"]["code"] == "quota_exceeded"
    assert 3500 <= int(over.headers["Retry-After"]) <= 3600
    assert other.post("/api/matches", json=NEW).status_code == 201  # another address has its own
    assert one.post("/api/matches", json={"game": "nonsense"}).status_code == 422  # a refused body is not counted


def test_x_forwarded_for_is_believed_only_from_the_proxies_named(tmp_path: Path) -> None:
    plain = create_app(tmp_path / "a.sqlite3", limits=Limits(matches_per_client=1, replays_per_client=1))
    local = _as(plain, "127.0.0.1")
    assert local.post("/api/matches", json=NEW).status_code == 201
    assert local.post("/api/matches", json=NEW).status_code == 429
    spoofed = local.post("/api/matches", json=NEW, headers={"X-Forwarded-For": "203.0.113.9"})
    assert spoofed.status_code == 429  # by default no proxy is trusted, loopback neither
    record = records.dumps(records.from_moves(cardrules.get_game("mulle").new_game(seed=1), [])).encode()
    assert local.post("/api/replays", content=record).status_code == 201
    assert local.post("/api/replays", content=record, headers={"X-Forwarded-For": "203.0.113.9"}).status_code == 429

    behind = create_app(tmp_path / "b.sqlite3", limits=Limits(matches_per_client=1),
                        forwarded_allow_ips="127.0.0.1,10.0.0.0/8")  # fmt: skip
    proxy, stranger = _as(behind, "10.1.2.3"), _as(behind, "198.51.100.7")
    for address in ("203.0.113.1", "203.0.113.2"):  # two clients behind the proxy, one start each
        r = proxy.post("/api/matches", json=NEW, headers={"X-Forwarded-For": address})
        assert r.status_code == 201
    assert proxy.post("/api/matches", json=NEW, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 429
    # A peer that is not a named proxy is itself, whatever it says.
    assert stranger.post("/api/matches", json=NEW, headers={"X-Forwarded-For": "203.0.113.50"}).status_code == 201
    assert stranger.post("/api/matches", json=NEW, headers={"X-Forwarded-For": "203.0.113.51"}).status_code == 429


def test_the_client_address_behind_a_chain_of_proxies() -> None:
    class Conn:
        def __init__(self, peer: str, forwarded: str) -> None:
            self.client = type("Address", (), {"host": peer})()
            self.headers = type("Headers", (), {"getlist": lambda _self, name: [forwarded] if forwarded else []})()

    def client(proxies: str, peer: str, forwarded: str) -> str:
        return Proxies(proxies).client(Conn(peer, forwarded))  # type: ignore[arg-type]

    assert client("", "127.0.0.1", "1.2.3.4") == "127.0.0.1"
    assert client("127.0.0.1", "127.0.0.1", "1.2.3.4") == "1.2.3.4"
    assert client("127.0.0.1,10.0.0.0/8", "127.0.0.1", "1.2.3.4, 5.6.7.8, 10.0.0.5") == "5.6.7.8"
    assert client("127.0.0.1", "127.0.0.1", "") == "127.0.0.1"
    assert client("*", "192.0.2.1", "1.2.3.4, 5.6.7.8") == "1.2.3.4"
    assert client("10.0.0.0/8", "10.9.9.9", "10.0.0.1, 10.0.0.2") == "10.0.0.1"  # every one a proxy: the first
    assert client("::1", "::1", "2001:db8::1") == "2001:db8::1"
    assert not Proxies("") and Proxies("*") and Proxies(["127.0.0.1", "10.0.0.1"]).trusts("10.0.0.1")


def _finished(c: TestClient) -> Any:
    """A match played to its end (the computer takes the person's seat and plays it out)."""
    made = start(c, "mulle", seed=3)
    over = c.post(f"/api/matches/{made['match']}/computer", headers=auth(made["token"]))
    assert over.status_code == 200 and over.json()["over"], over.text
    return made


def _stored(c: TestClient) -> set[str]:
    return set(c.app.state.server.store.match_ids())  # type: ignore[attr-defined]


def test_finished_and_abandoned_matches_are_deleted_after_their_time(tmp_path: Path) -> None:
    limits = Limits(finished_match_days=1 / 86400, abandoned_match_days=2.5 / 86400)  # one and 2.5 seconds
    c = TestClient(create_app(tmp_path / "m.sqlite3", limits=limits))
    server = c.app.state.server  # type: ignore[attr-defined]
    done, waiting, watched = _finished(c), start(c, "mililla", seed=1), start(c, "mililla", seed=2)
    assert {done["match"], waiting["match"], watched["match"]} <= _stored(c)
    time.sleep(1.3)
    assert server.drop_old_matches() == [done["match"]]  # over for a second; the others not abandoned yet
    gone = c.get(f"/api/matches/{done['match']}", headers=auth(done["token"]))
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "no_such_match"
    with events(c, watched["match"], watched["token"]) as ws:
        assert ws.receive_json()["type"] == "hello"
        time.sleep(1.5)
        dropped = server.drop_old_matches()
        assert dropped == [waiting["match"]]  # no move for 2.5 s; the one with a socket open stays
    assert c.get(f"/api/matches/{waiting['match']}", headers=auth(waiting["token"])).status_code == 404
    assert _stored(c) == {watched["match"]}
    assert server.drop_old_matches() == [watched["match"]]  # its socket closed
    count = "SELECT (SELECT COUNT(*) FROM moves) + (SELECT COUNT(*) FROM seats)"
    store = server.store
    rows = store._db.execute(count).fetchone() if hasattr(store, "_db") else store._one(count)  # SQLite, PostgreSQL
    assert tuple(rows) == (0,)  # nothing of them is left


def test_the_server_deletes_old_matches_by_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardrules.web import _app

    monkeypatch.setattr(_app, "STORE_SWEEP_SECONDS", 0.2)
    limits = Limits(finished_match_days=0.5 / 86400, idle_match_seconds=0.5)
    with TestClient(create_app(tmp_path / "m.sqlite3", limits=limits)) as c:  # its lifespan runs the sweeps
        server = c.app.state.server  # type: ignore[attr-defined]
        done = _finished(c)
        kept = start(c, "mililla", seed=1)
        deadline = time.monotonic() + 10
        while done["match"] in _stored(c) or kept["match"] in server.tables:
            assert time.monotonic() < deadline, "no sweep came"
            time.sleep(0.2)  # no request in the meantime
        assert kept["match"] in _stored(c)  # unloaded from memory, kept in the database


_OLD_SCHEMA = """
CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT NOT NULL,
    opponents TEXT NOT NULL, seed INTEGER NOT NULL, created REAL NOT NULL DEFAULT (julianday('now')), hand_over REAL);
CREATE TABLE moves (match TEXT NOT NULL REFERENCES matches(id), number INTEGER NOT NULL, seat INTEGER NOT NULL,
    move TEXT NOT NULL, PRIMARY KEY (match, number));
CREATE TABLE seats (match TEXT NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL, token_hash TEXT NOT NULL,
    PRIMARY KEY (match, seat));
CREATE TABLE replays (id TEXT PRIMARY KEY, record TEXT NOT NULL, created REAL NOT NULL DEFAULT (julianday('now')),
    client TEXT NOT NULL DEFAULT '', size INTEGER NOT NULL DEFAULT 0, expires REAL);
"""


def test_a_database_of_the_version_before_keeps_its_matches_and_seats(tmp_path: Path) -> None:
    """The new columns are added; an old friend's seat token still works; an old match is deleted after its time."""
    import json
    import sqlite3

    from cardrules.web._http import hash_token

    db = tmp_path / "old.sqlite3"
    con = sqlite3.connect(db)
    con.executescript(_OLD_SCHEMA)
    opponents = json.dumps([None, "human", "greedy", "greedy"])
    for match, age in (("recent", 0), ("ancient", 40)):
        con.execute("INSERT INTO matches (id, game, seat, token_hash, opponents, seed, created) "
                    "VALUES (?, 'mililla', 0, ?, ?, 5, julianday('now') - ?)",
                    (match, hash_token(f"host-{match}"), opponents, age))  # fmt: skip
        con.execute("INSERT INTO seats VALUES (?, 1, ?)", (match, hash_token(f"friend-{match}")))
    con.commit()
    con.close()
    c = TestClient(create_app(db))
    server = c.app.state.server  # type: ignore[attr-defined]
    assert server.drop_old_matches() == ["ancient"]  # untouched for 40 days: abandoned
    host = c.get("/api/matches/recent", headers=auth("host-recent"))
    assert host.status_code == 200 and host.json()["seat"] == 0 and host.json()["waiting"] == []
    assert c.get("/api/matches/recent", headers=auth("friend-recent")).json()["seat"] == 1
    assert c.post("/api/matches/recent/invites/1", headers=auth("host-recent")).status_code == 201
