"""
The server under real use: a slow computer player stalls no other match, two moves sent at once
are one move and one refusal, anonymous replays are stored normalised within a quota and expire,
idle matches leave memory and come back, tokens stay out of plain URLs, and a silent or garbled
WebSocket is closed with a word why.
"""

from __future__ import annotations

import collections.abc
import concurrent.futures
import json
import random
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("jsonschema")

from starlette.testclient import TestClient

import cardrules
from cardrules import records
from cardrules.bots import GreedyBot
from cardrules.web import Limits, create_app
from tests.web.helpers import auth, events, start, valid


class BlockingBot:
    """A computer player that waits for *release* before it moves (and says when it started waiting)."""

    def __init__(self) -> None:
        self.waiting = threading.Event()
        self.release = threading.Event()

    def choose(self, observation: Any, legal: Any, rng: random.Random) -> Any:
        self.waiting.set()
        assert self.release.wait(60), "the test never released the bot"
        return GreedyBot().choose(observation, legal, rng)


@pytest.fixture
def served(tmp_path: Path) -> collections.abc.Iterator[tuple[str, Any]]:
    """A real server (uvicorn, in a thread) on a free port: its base URL and its ``Server``."""
    uvicorn = pytest.importorskip("uvicorn")
    app = create_app(tmp_path / "matches.sqlite3")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}", app.state.server
    server.should_exit = True
    thread.join(15)
    sock.close()


def _call(method: str, url: str, body: Any = None, token: str | None = None) -> tuple[int, Any, float]:
    """One request: status, JSON answer and seconds taken."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    began = time.monotonic()
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            raw = r.read()
            data = json.loads(raw) if "json" in r.headers.get("content-type", "") else raw.decode()
            return r.status, data, time.monotonic() - began
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read()), time.monotonic() - began


def _new(base: str, game: str = "mililla", seed: int = 1) -> dict[str, Any]:
    status, made, _ = _call("POST", f"{base}/api/matches", {"game": game, "seed": seed})
    assert status == 201, made
    return dict(made)


def test_a_slow_match_stalls_no_other_and_two_moves_at_once_are_one_move(served: tuple[str, Any]) -> None:
    """
    A computer player blocks on an event, mid-move, until the test releases it: meanwhile 60 reads
    of its match, another user's read, picture and new match are all answered (when waiting
    requests held the thread pool, none of them came back until the release), and a second move
    for the busy match is refused at once.
    """
    base, server = served
    slow = _new(base, "mulle", seed=1)  # two seats: the computer answers every move
    other = _new(base, seed=2)
    url = f"{base}/api/matches/{slow['match']}"
    status, view, _ = _call("GET", url, token=slow["token"])
    assert status == 200 and view["to_move"] == 0
    bot = BlockingBot()
    table = server.tables[slow["match"]]
    table.bots = [None if b is None else bot for b in table.bots]
    move = view["legal_moves"]["moves"][0]["text"]
    with concurrent.futures.ThreadPoolExecutor(max_workers=70) as pool:
        try:
            code, played = _slow_and_others(pool, base, slow, other, bot, move, view["version"])
        finally:
            bot.release.set()
    assert code == 200 and played["version"] > view["version"] + 1
    mine = [e for e in played["events"] if e["mover"] == 0 and e["own"] and e["version"] > view["version"]]
    assert len(mine) == 1  # one move of this seat, not two


def _slow_and_others(pool: Any, base: str, slow: Any, other: Any, bot: BlockingBot, move: str, version: int) -> Any:
    """The slow match's move, sent while others are served and a second move is refused; its answer."""
    url = f"{base}/api/matches/{slow['match']}"
    first = pool.submit(_call, "POST", f"{url}/moves", {"move": move}, slow["token"])
    assert bot.waiting.wait(30), "the computer never started its move"
    # 60 readers of the slow match, and another user's read, picture and new match meanwhile.
    readers = [pool.submit(_call, "GET", url, None, slow["token"]) for _ in range(60)]
    others = [
        pool.submit(_call, "GET", f"{base}/api/matches/{other['match']}", None, other["token"]),
        pool.submit(_call, "GET", f"{base}/api/matches/{other['match']}/picture", None, other["token"]),
        pool.submit(_call, "POST", f"{base}/api/matches", {"game": "mulle", "seed": 3}),
    ]
    for job in others:
        code, _, seconds = job.result(timeout=30)
        assert code in (200, 201)
        assert seconds < 3, f"another user waited {seconds:.2f} s for a match not theirs"
    # A second move sent while the first is being played, without a version: refused, at once.
    code, answer, seconds = _call("POST", f"{url}/moves", {"move": move}, slow["token"])
    assert code == 409 and answer["error"]["code"] in ("match_busy", "stale_version"), answer
    assert seconds < 3
    for job in readers:
        code, seen, seconds = job.result(timeout=30)
        assert code == 200 and seen["version"] == version + 1 and seconds < 5
    assert not first.done()
    bot.release.set()
    code, played, _ = first.result(timeout=60)
    return code, played


def test_two_moves_without_a_version_sent_together_play_once(tmp_path: Path) -> None:
    """The move is taken against the version the match had when it arrived."""
    c = TestClient(create_app(tmp_path / "m.sqlite3"))
    made = start(c, "mililla", seed=1)
    server = c.app.state.server  # type: ignore[attr-defined]
    view = c.get(f"/api/matches/{made['match']}", headers=auth(made["token"])).json()
    table = server.tables[made["match"]]
    seen = table.version
    table.play(view["legal_moves"]["moves"][0]["text"], None, seen)
    with pytest.raises(Exception) as refused:  # the second, sent at the same version, arrives after it
        table.play(view["legal_moves"]["moves"][0]["text"], None, seen)
    assert getattr(refused.value, "status", None) == 409


def test_an_uploaded_replay_is_stored_normalised(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "m.sqlite3"))
    game = cardrules.get_game("mililla")
    first = game.new_game(seed=4)
    state, moves = first, list[Any]()
    for _ in range(8):
        move = game.legal_moves(state).sample(random.Random(len(moves)))
        moves.append(move)
        state = game.apply(state, move)
    text = records.dumps(records.from_moves(first, moves))
    padded = text.replace("{", "{" + " " * 2000, 1) + "\n" * 50_000
    r = c.post("/api/replays", content=padded.encode())
    assert r.status_code == 201, r.text
    server = c.app.state.server  # type: ignore[attr-defined]
    stored = server.store.replay(r.json()["replay"])
    assert stored is not None and len(stored) < len(padded) / 10
    assert records.loads(stored) == records.loads(text)


def test_anonymous_replays_have_a_quota_and_expire(tmp_path: Path) -> None:
    limits = Limits(replays_per_client=3, replay_days=2 / 86400)  # two seconds
    c = TestClient(create_app(tmp_path / "m.sqlite3", limits=limits))
    game = cardrules.get_game("mulle")
    text = records.dumps(records.from_moves(game.new_game(seed=1), []))
    ids = []
    for _ in range(3):
        r = c.post("/api/replays", content=text.encode())
        assert r.status_code == 201, r.text
        ids.append(r.json()["replay"])
    over = c.post("/api/replays", content=text.encode())
    assert over.status_code == 429 and valid("error", over.json())["error"]["code"] == "quota_exceeded"
    assert c.get(f"/api/replays/{ids[0]}").status_code == 200
    time.sleep(2.5)
    assert c.get(f"/api/replays/{ids[0]}").json()["error"]["code"] == "no_such_replay"
    assert c.post("/api/replays", content=text.encode()).status_code == 201  # the expired ones are gone
    byte_limit = Limits(replay_bytes_per_client=len(text) + 10)
    d = TestClient(create_app(tmp_path / "n.sqlite3", limits=byte_limit))
    assert d.post("/api/replays", content=text.encode()).status_code == 201
    assert d.post("/api/replays", content=text.encode()).status_code == 429


def test_idle_matches_leave_memory_and_come_back_from_the_database(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "m.sqlite3", limits=Limits(idle_match_seconds=0.2)))
    server = c.app.state.server  # type: ignore[attr-defined]
    made = start(c, "mulle", seed=2)
    url = f"/api/matches/{made['match']}"
    view = c.get(url, headers=auth(made["token"])).json()
    move = view["legal_moves"]["moves"][0]["text"]
    played = c.post(f"{url}/moves", headers=auth(made["token"]), json={"move": move, "version": view["version"]})
    assert played.status_code == 200
    before = played.json()
    other = start(c, "mililla", seed=3)
    time.sleep(0.5)
    c.get(f"/api/matches/{other['match']}", headers=auth(other["token"]))  # a request sweeps
    assert made["match"] not in server.tables
    after = c.get(url, headers=auth(made["token"])).json()
    assert made["match"] in server.tables
    assert (after["version"], after["observation"]) == (before["version"], before["observation"])


def test_the_token_never_goes_in_a_url(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "m.sqlite3"))
    made = start(c, "mililla", seed=1)
    r = c.get(f"/api/matches/{made['match']}?token={made['token']}")
    assert r.status_code == 400 and r.json()["error"]["code"] == "token_in_url"
    assert c.get(f"/api/matches/{made['match']}/picture?token={made['token']}").status_code == 400
    with c.websocket_connect(f"/api/matches/{made['match']}/events?token={made['token']}") as ws:
        assert valid("error", ws.receive_json())["error"]["code"] == "token_in_url"
    with events(c, made["match"], made["token"]) as ws:  # the token as the first message
        assert ws.receive_json()["type"] == "hello"


def test_a_websocket_silent_after_its_token_is_closed_and_a_keep_alive_keeps_it(tmp_path: Path) -> None:
    from starlette.websockets import WebSocketDisconnect

    c = TestClient(create_app(tmp_path / "m.sqlite3", limits=Limits(websocket_silent_seconds=0.6)))
    made = start(c, "mililla", seed=1)
    with events(c, made["match"], made["token"]) as ws:
        assert ws.receive_json()["type"] == "hello"
        began = time.monotonic()
        said = ws.receive_json()  # the token shown, then nothing: closed after the limit all the same
        assert valid("error", said)["error"]["code"] == "idle_timeout"
        assert 0.5 < time.monotonic() - began < 5
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4408
    with events(c, made["match"], made["token"]) as ws:
        assert ws.receive_json()["type"] == "hello"
        for _ in range(6):  # 1.2 s of keep-alives, twice the limit
            ws.send_json({"type": "ping"})
            time.sleep(0.2)
        view = c.get(f"/api/matches/{made['match']}", headers=auth(made["token"])).json()
        move = view["legal_moves"]["moves"][0]["text"]
        played = c.post(f"/api/matches/{made['match']}/moves", headers=auth(made["token"]), json={"move": move})
        assert played.status_code == 200
        assert ws.receive_json()["type"] == "event"  # still open, still told


def test_a_silent_websocket_is_closed_and_garbage_gets_an_error_first(tmp_path: Path) -> None:
    from starlette.websockets import WebSocketDisconnect

    c = TestClient(create_app(tmp_path / "m.sqlite3", limits=Limits(websocket_idle_seconds=0.5)))
    made = start(c, "mililla", seed=1)
    path = f"/api/matches/{made['match']}/events"
    with c.websocket_connect(path) as ws:
        began = time.monotonic()
        said = ws.receive_json()  # nothing sent: the server gives up after the idle limit
        assert said["error"]["code"] == "idle_timeout"
        assert time.monotonic() - began < 5
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with c.websocket_connect(path) as ws:
        ws.send_text("this is not JSON {")
        said = ws.receive_json()
        assert valid("error", said)["error"]["code"] == "bad_json"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400
    with c.websocket_connect(path) as ws:
        ws.send_text(json.dumps({"token": made["token"]}))
        assert ws.receive_json()["type"] == "hello"
