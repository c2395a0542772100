"""The examples under examples/ work as documented."""

from __future__ import annotations

import importlib.util
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import cardrules

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(params=cardrules.game_names())
def server(request: pytest.FixtureRequest) -> Iterator[tuple[str, Any]]:
    """A served match of each game on a free loopback port, stopped after the test."""
    http = _load("http_server")
    table = http.Table(request.param, 7)
    srv = http.make_server(table)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}", table
    finally:
        srv.shutdown()
        srv.server_close()


def _auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def _get(url: str, token: str | None = None) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=_auth(token)), timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _post(url: str, body: Any, token: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json", **_auth(token)}
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_http_example_plays_moves(server: tuple[str, Any]) -> None:
    """A client observes, plays the first legal move a few times, and reads the score."""
    base, table = server
    for _ in range(12):
        status, data = _get(f"{base}/observe?seat=0", table.tokens[0])
        assert 200 == status
        seat = data["to_move"]
        if seat is None:
            break
        status, data = _get(f"{base}/observe?seat={seat}", table.tokens[seat])
        assert data["legal_moves"]
        status, played = _post(f"{base}/move", {"seat": seat, "move": data["legal_moves"][0]}, table.tokens[seat])
        assert 200 == status, played
    status, score = _get(f"{base}/score")
    assert 200 == status
    assert "match" in score


def test_http_example_refuses_bad_moves(server: tuple[str, Any]) -> None:
    """Moves out of turn, garbage and bad seats get 400 with a message; the match is unchanged."""
    base, table = server
    before = cardrules.dumps(table.state)
    seat = table.game.to_move(table.state)
    other = (seat + 1) % table.seats()
    status, data = _post(f"{base}/move", {"seat": other, "move": "x"}, table.tokens[other])
    assert 400 == status
    assert "turn" in data["error"]
    status, data = _post(f"{base}/move", {"seat": seat, "move": "not a move"}, table.tokens[seat])
    assert 400 == status
    status, data = _get(f"{base}/observe?seat=99", table.tokens[0])
    assert 400 == status
    assert before == cardrules.dumps(table.state)


def test_http_example_shows_only_the_seats_view(server: tuple[str, Any]) -> None:
    """The JSON a seat receives is its observation: it never holds another seat's hidden hand."""
    base, table = server
    status, data = _get(f"{base}/observe?seat=0", table.tokens[0])
    assert 200 == status
    assert data["observation"] == table.game.observe(table.state, 0).to_dict()


def test_readme_example_runs() -> None:
    """The README's Python example runs as written and plays a whole match."""
    import re

    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    match = re.search(r"```python\n(.*?)```", readme, re.S)
    assert match is not None
    namespace: dict[str, Any] = {"print": lambda *args: namespace.setdefault("printed", args)}
    exec(compile(match.group(1), "README.md", "exec"), namespace)
    match_score, winner = namespace["printed"]
    assert winner in (0, 1)
    assert max(match_score) >= 35
