"""A real server process, killed in the middle of a match (SIGKILL) and started again: no match and no move lost."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from cardrules import records


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _call(method: str, url: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


@contextmanager
def _server(db: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                _call("GET", f"http://127.0.0.1:{port}/api/games")
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
    port = _free_port()
    base = f"http://127.0.0.1:{port}/api/matches"
    with _server(db, port) as proc:
        status, created = _call("POST", base, {"game": "mililla", "opponents": "greedy", "seed": 31})
        assert status == 201
        token, url = created["token"], f"{base}/{created['match']}"
        for _ in range(4):
            _, data = _call("GET", url, token=token)
            move = data["legal_moves"]["moves"][-1]["text"]
            status, data = _call("POST", f"{url}/moves", {"move": move, "version": data["version"]}, token)
            assert status == 200
        before = data
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    with _server(db, port):
        status, after = _call("GET", url, token=token)
        assert status == 200
        assert after["version"] == before["version"]
        assert after["observation"] == before["observation"]
        assert after["legal_moves"] == before["legal_moves"]
        assert _call("GET", url, token="not-the-token")[0] == 403
        while not after["over"]:
            move = after["legal_moves"]["moves"][0]["text"]
            status, after = _call("POST", f"{url}/moves", {"move": move}, token)
            assert status == 200, after
        req = urllib.request.Request(f"{url}/record", headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(req, timeout=30) as r:
            record = records.loads(r.read())
    report = records.verify(record)
    assert report.ok and report.moves_total == after["version"]
