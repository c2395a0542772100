"""The web table under stress: concurrent moves, the events WebSocket, fuzzed bodies, huge Mulle tables, isolation."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("jsonschema")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.mulle import FISHING
from cardrules.web._table import MAX_SCAN, legal_page
from tests.mulle.positions import position
from tests.web.helpers import auth, client, events, start, valid


def test_two_concurrent_moves_for_one_seat_are_serialised(tmp_path: Path) -> None:
    """Eight threads send the same move at the same version: one is played, the others get 409, none is lost."""
    c = client(tmp_path)
    created = start(c, "mililla", seed=17)
    h = auth(created["token"])
    url = f"/api/matches/{created['match']}"
    data = c.get(url, headers=h).json()
    moves = [m["text"] for m in data["legal_moves"]["moves"]]
    results: list[Any] = []
    barrier = threading.Barrier(8)

    def send(i: int) -> None:
        barrier.wait()
        r = c.post(f"{url}/moves", headers=h, json={"move": moves[i % len(moves)], "version": data["version"]})
        results.append((r.status_code, r.json()))

    threads = [threading.Thread(target=send, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    statuses = sorted(s for s, _ in results)
    assert statuses == [200] + [409] * 7, statuses
    for status, body in results:
        if status == 409:
            assert valid("error", body)["error"]["code"] in ("stale_version", "match_busy")
    after = c.get(url, headers=h).json()
    played = {e["version"] for e in after["events"] if e["mover"] == 0}
    assert len(played) == 1 and after["version"] > data["version"]


def test_the_events_websocket_pushes_redacted_events_and_the_new_state(tmp_path: Path) -> None:
    """A move sent over HTTP shows on the WebSocket as events, then a state message; a bad token is refused."""
    c = client(tmp_path)
    created = start(c, "charlemagne", seed=6)
    h = auth(created["token"])
    url = f"/api/matches/{created['match']}"
    data = c.get(url, headers=h).json()
    with events(c, created["match"], created["token"]) as ws:
        hello = ws.receive_json()
        assert hello == {"type": "hello", "match": created["match"], "seat": 0, "version": data["version"]}
        move = data["legal_moves"]["moves"][0]["text"]
        c.post(f"{url}/moves", headers=h, json={"move": move})
        got: list[Any] = []
        while True:
            msg = ws.receive_json()
            if msg["type"] == "state":
                break
            assert msg["type"] == "event"
            valid("event", {k: v for k, v in msg.items() if k != "type"})
            got.append(msg)
        assert got[0]["mover"] == 0 and got[0]["move"] == move
        assert msg["version"] >= got[-1]["version"]
    with c.websocket_connect(f"{url}/events") as ws:  # the token as the first message
        ws.send_json({"token": created["token"]})
        assert ws.receive_json()["type"] == "hello"
    with events(c, created["match"], "wrong") as ws:
        err = ws.receive_json()
        assert valid("error", err)["error"]["code"] == "wrong_token"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
bodies = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {},
        optional={
            "game": st.sampled_from(["mililla", "mulle/fishing", "charlemagne", "mulle(target=3)", "x"]) | json_values,
            "seat": st.integers(-2, 5) | json_values,
            "opponents": st.sampled_from(["greedy", "random", "search(iterations=5)"])
            | st.lists(st.sampled_from(["greedy", "random", "nobody"]), max_size=4)
            | json_values,
            "seed": st.integers(-5, 2**64) | json_values,
            "move": st.text(max_size=12) | json_values,
            "version": st.integers(-1, 5) | json_values,
        },
    ),
)


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=bodies)
def test_fuzzed_bodies_get_an_answer_or_a_4xx_json_error(tmp_path: Path, body: Any) -> None:
    """Any JSON body to the two POST routes: a 201/200 answer or a 4xx JSON error, never a crash."""
    c = client(tmp_path)
    r = c.post("/api/matches", content=json.dumps(body).encode())
    if r.status_code == 201:
        created = valid("created", r.json())
        r = c.post(f"/api/matches/{created['match']}/moves", headers=auth(created["token"]), json=body)
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        valid("error", r.json())


def _adversarial_table(size: int) -> str:
    from cardrules.mulle import PACK as MULLE_PACK

    small = sorted((c for c in MULLE_PACK.cards if 2 <= c.rank.pips <= 7), key=lambda c: c.rank.pips)
    more = [c for c in MULLE_PACK.cards if c.rank.pips >= 8]
    return " ".join(map(str, (small + more)[:size]))


def test_a_huge_mulle_table_is_paged_without_counting() -> None:
    """A 60-card fishing table allows trillions of captures: a page comes at once, bounded, and says so."""
    game = get_game("mulle/fishing")
    state = position(FISHING, hands=("9D 10C 8C AH", "KC"), table=_adversarial_table(60))
    page = legal_page(game, state, 0, 50, None)
    assert len(page.moves) == 50 and page.total is None and page.next == 50
    far = legal_page(game, state, MAX_SCAN, 50, None)
    assert far.moves == () and not far.complete and far.next is None
    ace = game.spec.pack.parse("AH")
    only = legal_page(game, state, 0, 20, ace)
    assert all("AH" in m.cards for m in only.moves)
    assert only.total is None


def test_import_cardrules_does_not_import_the_web_stack() -> None:
    """``import cardrules`` (and its command line) loads neither Starlette nor uvicorn."""
    code = (
        "import sys, cardrules, cardrules.cli, cardrules.records, cardrules.bots\n"
        "bad = [m for m in ('starlette', 'uvicorn', 'cardrules.web', 'anyio', 'platformdirs') if m in sys.modules]\n"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_serve_is_a_command(tmp_path: Path) -> None:
    """``cardrules serve --help`` lists its options; a bad port is a clear error."""
    out = subprocess.run(
        [sys.executable, "-m", "cardrules", "serve", "--help"], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    for option in ("--host", "--port", "--db", "--cors-origin"):
        assert option in out
    bad = subprocess.run(
        [sys.executable, "-m", "cardrules", "serve", "--port", "70000", "--db", str(tmp_path / "x.sqlite3")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2 and "--port" in bad.stderr


def test_serve_passes_its_limits_to_the_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each limit option of ``cardrules serve`` reaches the app's :class:`Limits`; the others keep their defaults."""
    import uvicorn

    import cardrules.web
    from cardrules import cli
    from cardrules.web import Limits

    seen: dict[str, Any] = {}
    made = cardrules.web.create_app

    def create_app(db: str, **kwargs: Any) -> Any:
        seen.update(kwargs)
        return made(db, **kwargs)

    monkeypatch.setattr(cardrules.web, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: seen.update(ran=kwargs))
    db = str(tmp_path / "x.sqlite3")
    limits = ["--idle-match-seconds", "60", "--replay-days", "2.5", "--replays-per-client", "7",
              "--matches-per-client", "9", "--finished-match-days", "1.5", "--abandoned-match-days", "4"]  # fmt: skip
    assert cli.main(["serve", "--db", db, "--port", "8123", *limits]) == 0
    want = Limits(idle_match_seconds=60.0, replay_days=2.5, replays_per_client=7, matches_per_client=9,
                  finished_match_days=1.5, abandoned_match_days=4.0)  # fmt: skip
    assert seen["limits"] == want
    assert seen["ran"]["port"] == 8123
    # uvicorn never rewrites the client from X-Forwarded-For: the app does, from the proxies named only.
    assert seen["ran"]["proxy_headers"] is False and seen["forwarded_allow_ips"] == ""
    assert cli.main(["serve", "--db", db, "--forwarded-allow-ips", "127.0.0.1,10.0.0.0/8"]) == 0
    assert seen["forwarded_allow_ips"] == "127.0.0.1,10.0.0.0/8" and seen["ran"]["proxy_headers"] is False
    # Its access log leaves out query strings.
    from cardrules.web._logs import HideQueries

    assert "hide_queries" in seen["ran"]["log_config"]["loggers"]["uvicorn.access"]["filters"]
    assert "hide_queries" in seen["ran"]["log_config"]["loggers"]["uvicorn.error"]["filters"]
    assert seen["ran"]["log_config"]["filters"]["hide_queries"]["()"] is HideQueries
    assert cli.main(["serve", "--db", db, "--replay-days", "-1"]) == 2  # refused by Limits, before serving


def test_the_default_database_is_in_the_data_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``$XDG_DATA_HOME/cardrules/matches.sqlite3`` when set, else the platform's data directory."""
    from cardrules.web import default_db_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "cardrules" / "matches.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_db_path().name == "matches.sqlite3" and "cardrules" in default_db_path().parts


@pytest.mark.parametrize("game", ["mililla", "mulle/fishing", "mulle", "charlemagne"])
def test_the_fast_writer_gives_what_to_dict_gives(game: str) -> None:
    """The server's JSON writer of observations and scores gives exactly ``to_dict()``'s data, all match long."""
    import random

    from cardrules._serial import to_jsonable
    from cardrules.web._encode import jsonable

    g = get_game(game)
    s = g.new_game(seed=12)
    rng = random.Random(12)
    while not g.is_over(s):
        for seat in range(len({x for side in g.score(s).sides for x in side})):
            assert jsonable(g.observe(s, seat)) == g.observe(s, seat).to_dict()
        assert jsonable(g.score(s)) == to_jsonable(g.score(s))
        s = g.apply(s, g.legal_moves(s).sample(rng))


def test_the_docs_hold_the_schemas_the_code_generates() -> None:
    """``docs/_static/schemas`` is what ``python docs/web_schemas.py`` writes (run it after changing a body)."""
    import importlib.util

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("web_schemas", root / "docs" / "web_schemas.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    want = module.texts()
    have = {p.name: p.read_text(encoding="utf-8") for p in (root / "docs" / "_static" / "schemas").glob("*.json")}
    assert sorted(have) == sorted(want)
    stale = [name for name in want if have[name] != want[name]]
    assert not stale, f"stale schemas in the docs: {stale}; run python docs/web_schemas.py"
