"""
A real server (``cardrules serve --log-level info``, its access log on) writes no secret: after
matches, invites, WebSocket connections and moves, no token and no invite code it handed out is
anywhere in its output.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.web.served import call, free_port

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets_client = pytest.importorskip("websockets.sync.client")


def _secrets(made: Any) -> list[str]:
    """Every secret a created match hands out: the seat's token and each invite's code."""
    return [made["token"], *(i["code"] for i in made["invites"])]


def test_no_token_or_invite_code_reaches_the_servers_output(tmp_path: Path) -> None:
    port = free_port()
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    command = [sys.executable, "-m", "cardrules", "serve", "--port", str(port), "--db", str(tmp_path / "m.sqlite3"),
               "--log-level", "info"]  # fmt: skip
    with out.open("wb") as stdout, err.open("wb") as stderr:
        proc = subprocess.Popen(command, stdout=stdout, stderr=stderr)
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    call("GET", f"{base}/api/games")
                    break
                except (urllib.error.URLError, ConnectionError):
                    assert proc.poll() is None and time.monotonic() < deadline, err.read_text()
                    time.sleep(0.1)
            handed: list[str] = []
            for seed in range(3):
                body = {"game": "mililla", "opponents": ["human", "greedy", "greedy"], "seed": seed}
                status, made = call("POST", f"{base}/api/matches", body)
                assert status == 201, made
                handed += _secrets(made)
                match = made["match"]
                code = made["invites"][0]["code"]
                status, friend = call("POST", f"{base}/api/matches/{match}/claim", {"code": code})
                assert status == 201, friend
                handed.append(friend["token"])
                # The host gives the seat a new link; the new code is a secret too.
                status, renewed = call("POST", f"{base}/api/matches/{match}/invites/1", {}, made["token"])
                assert status == 201, renewed
                handed.append(renewed["code"])
                status, friend = call("POST", f"{base}/api/matches/{match}/claim", {"code": renewed["code"]})
                assert status == 201, friend
                handed.append(friend["token"])
                ws_url = f"ws://127.0.0.1:{port}/api/matches/{match}/events"
                with websockets_client.connect(ws_url) as ws:
                    ws.send(json.dumps({"token": made["token"]}))
                    assert json.loads(ws.recv(timeout=10))["type"] == "hello"
                    status, view = call("GET", f"{base}/api/matches/{match}?limit=5", token=made["token"])
                    assert status == 200
                    if view["to_move"] == 0:
                        move = view["legal_moves"]["moves"][0]["text"]
                        status, _ = call("POST", f"{base}/api/matches/{match}/moves", {"move": move}, made["token"])
                        assert status == 200
                # A client that puts the token in the URL anyway is refused, and the URL is not logged.
                with websockets_client.connect(f"{ws_url}?token={made['token']}") as ws:
                    assert json.loads(ws.recv(timeout=10))["error"]["code"] == "token_in_url"
                status, _ = call("GET", f"{base}/api/matches/{match}?token={friend['token']}")
                assert status == 400
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    said = out.read_text(encoding="utf-8", errors="replace") + err.read_text(encoding="utf-8", errors="replace")
    assert "GET /api/matches/" in said and "WebSocket /api/matches/" in said  # the access log was on
    assert len(handed) == 15
    assert [secret for secret in handed if secret in said] == []
