"""A real server process, killed in the middle of a match (SIGKILL) and started again: no match and no move lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from cardrules import records
from tests.web.served import call, free_port


@contextmanager
def _server(db: Path, port: int, *more: str, stdout: int = subprocess.DEVNULL) -> Iterator[subprocess.Popen[bytes]]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "serve", "--port", str(port), "--db", str(db), "--log-level", "warning"]
        + list(more),
        stdout=stdout,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                call("GET", f"http://127.0.0.1:{port}/api/games")
                break
            except (urllib.error.URLError, ConnectionError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    said = proc.stderr.read() if proc.stderr else b""
                    raise AssertionError(f"the server did not start: {said!r}") from None
                time.sleep(0.1)
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
        if proc.stderr:
            proc.stderr.close()


def test_a_killed_server_resumes_the_match_with_the_same_token(tmp_path: Path) -> None:
    """Moves played before SIGKILL are all there after the restart; the match goes on to its end and verifies."""
    db = tmp_path / "matches.sqlite3"
    port = free_port()
    base = f"http://127.0.0.1:{port}/api/matches"
    with _server(db, port) as proc:
        status, created = call("POST", base, {"game": "mililla", "opponents": "greedy", "seed": 31})
        assert status == 201
        token, url = created["token"], f"{base}/{created['match']}"
        for _ in range(4):
            _, data = call("GET", url, token=token)
            move = data["legal_moves"]["moves"][-1]["text"]
            status, data = call("POST", f"{url}/moves", {"move": move, "version": data["version"]}, token)
            assert status == 200
        before = data
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    with _server(db, port):
        status, after = call("GET", url, token=token)
        assert status == 200
        assert after["version"] == before["version"]
        assert after["observation"] == before["observation"]
        assert after["legal_moves"] == before["legal_moves"]
        assert call("GET", url, token="not-the-token")[0] == 403
        while not after["over"]:
            move = after["legal_moves"]["moves"][0]["text"]
            status, after = call("POST", f"{url}/moves", {"move": move}, token)
            assert status == 200, after
        req = urllib.request.Request(f"{url}/record", headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(req, timeout=30) as r:
            record = records.loads(r.read())
    report = records.verify(record)
    assert report.ok and report.moves_total == after["version"]


def test_the_access_log_follows_the_log_level(tmp_path: Path) -> None:
    """``--log-level info`` writes a line per request; ``warning`` (as above) none."""
    port = free_port()
    with _server(tmp_path / "db.sqlite3", port, "--log-level", "info", stdout=subprocess.PIPE) as proc:
        assert call("GET", f"http://127.0.0.1:{port}/api/games")[0] == 200
        assert call("GET", f"http://127.0.0.1:{port}/api/nothing-here")[0] == 404
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    log = (out + err).decode("utf-8", "replace")
    assert '"GET /api/games HTTP/1.1" 200' in log, log
    assert '"GET /api/nothing-here HTTP/1.1" 404' in log


@pytest.mark.sqlite_only  # it cuts the computer's moves out of the SQLite file itself
def test_the_first_read_after_a_restart_does_not_wait_for_the_computer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """
    A server stopped in the middle of the computer's moves: the first read after the restart
    answers at once with the match as stored, and the computer goes on in the background (issue
    45, item 8: that read used to wait for the computer's thinking).
    """
    import sqlite3

    from starlette.testclient import TestClient

    from cardrules.web import _table, create_app
    from tests.web.helpers import auth, start

    db = tmp_path / "m.sqlite3"
    c = TestClient(create_app(db))
    made = start(c, "mililla", opponents="greedy", seed=5)
    match, token = made["match"], made["token"]
    url = f"/api/matches/{match}"
    before = c.get(url, headers=auth(token)).json()
    played = c.post(f"{url}/moves", json={"move": before["legal_moves"]["moves"][0]["text"]}, headers=auth(token))
    after = played.json()
    assert after["version"] > before["version"] + 1  # the computer answered
    con = sqlite3.connect(db)  # as if killed right after the person's move was stored
    con.execute("DELETE FROM moves WHERE match = ? AND number > ?", (match, before["version"] + 1))
    con.commit()
    con.close()
    advance = _table.Table.advance

    def slow(self: _table.Table) -> None:  # a computer that thinks 1.5 s
        time.sleep(1.5)
        advance(self)

    monkeypatch.setattr(_table.Table, "advance", slow)
    again = TestClient(create_app(db))
    began = time.monotonic()
    first = again.get(url, headers=auth(token))
    assert time.monotonic() - began < 1.0
    assert first.status_code == 200 and first.json()["version"] == before["version"] + 1
    deadline = time.monotonic() + 20
    while again.get(url, headers=auth(token)).json()["version"] < after["version"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    now = again.get(url, headers=auth(token)).json()
    assert now["version"] == after["version"] and now["observation"] == after["observation"]
