"""The browser side's routes without a browser: the pages, and the pictures only a seat's token opens."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
pytest.importorskip("jsonschema")  # the web-tests extra (its test client is httpx2)

from starlette.testclient import TestClient

import cardrules
from cardrules import records
from cardrules.web import create_app
from tests.variants import GAMES

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def client() -> Any:
    with TestClient(create_app(":memory:")) as c:
        yield c


def _new(client: Any, game: str, seed: int = 1) -> dict[str, Any]:
    made = client.post("/api/matches", json={"game": game, "seat": 1, "opponents": "random", "seed": seed})
    assert made.status_code == 201, made.text
    body: dict[str, Any] = made.json()
    return body


def _cards(svg: str, zone: str | None = None) -> list[str]:
    root = ET.fromstring(svg)
    return [
        g.get("data-card", "")
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "card" and (zone is None or g.get("data-zone") == zone)
    ]


def _shown(observation: Any) -> Counter[str]:
    """Every card text anywhere in an observation's JSON."""
    out: Counter[str] = Counter()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            out[value] += 1
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(observation)
    return out


@pytest.mark.parametrize("page", ["/", "/table", "/replay"])
def test_the_pages_are_served(client: Any, page: str) -> None:
    response = client.get(page)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert '<script type="module"' in response.text


@pytest.mark.parametrize("name", ["api.js", "lobby.js", "table.js", "replay.js", "style.css"])
def test_the_scripts_are_served(client: Any, name: str) -> None:
    response = client.get(f"/static/{name}")
    assert response.status_code == 200 and len(response.text) > 500


@pytest.mark.parametrize("game", GAMES)
def test_the_picture_is_the_seats_and_needs_its_token(client: Any, game: str) -> None:
    made = _new(client, game)
    url = f"/api/matches/{made['match']}/picture"
    refused = client.get(url)
    assert refused.status_code == 401 and refused.json()["error"]["code"]
    other = _new(client, game, seed=2)
    wrong = client.get(url, headers={"Authorization": f"Bearer {other['token']}"})
    assert wrong.status_code == 403 and "error" in wrong.json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    picture = client.get(url, headers=auth)
    assert picture.status_code == 200 and picture.headers["content-type"].startswith("image/svg+xml")
    view = client.get(f"/api/matches/{made['match']}", headers=auth).json()
    assert int(picture.headers["x-cardrules-version"]) == view["version"]
    assert _cards(picture.text, "hand") == view["observation"]["hand"]
    assert not Counter(_cards(picture.text)) - _shown(view["observation"])


def _record(game_text: str, seed: int, moves: int) -> str:
    game = cardrules.get_game(game_text)
    start = game.new_game(seed=seed)
    rng = random.Random(seed)
    state, played = start, []
    for _ in range(moves):
        if game.is_over(state):
            break
        move = rng.choice(list(game.legal_moves(state)))
        played.append(move)
        state = game.apply(state, move)
    return records.dumps(records.from_moves(start, played))


@pytest.fixture(scope="module")
def replay(client: Any) -> str:
    made = client.post("/api/replays", content=_record("charlemagne", 3, 12).encode())
    assert made.status_code == 201, made.text
    replay_id: str = made.json()["replay"]
    return replay_id


def test_a_replays_full_view_is_every_seats_view(client: Any, replay: str) -> None:
    full = client.get(f"/api/replays/{replay}/picture?step=5&view=full")
    assert full.status_code == 200
    root = ET.fromstring(full.text)
    views = [g for g in root.iter(f"{SVG}g") if g.get("class") == "seat-view"]
    assert [g.get("data-seat") for g in views] == ["0", "1", "2", "3"]
    for seat in range(4):
        one = client.get(f"/api/replays/{replay}/picture?step=5&view=seat:{seat}")
        data = client.get(f"/api/replays/{replay}?step=5&view=seat:{seat}").json()
        assert _cards(one.text, "hand") == data["observation"]["hand"]


@pytest.mark.parametrize(
    ("query", "code"),
    [("step=999", "bad_step"), ("view=seat:9", "bad_view"), ("view=all", "bad_view"), ("step=-1", "bad_query")],
)
def test_a_bad_replay_picture_request_is_a_json_error(client: Any, replay: str, query: str, code: str) -> None:
    response = client.get(f"/api/replays/{replay}/picture?{query}")
    assert response.status_code == 422
    assert response.json()["error"]["code"] == code


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(step=st.text(max_size=12), view=st.text(max_size=20))
def test_any_replay_picture_query_is_an_svg_or_a_json_error(client: Any, replay: str, step: str, view: str) -> None:
    response = client.get(f"/api/replays/{replay}/picture", params={"step": step, "view": view})
    assert response.status_code in (200, 422), response.text
    if response.status_code == 200:
        ET.fromstring(response.text)
    else:
        assert set(response.json()["error"]) >= {"code", "message"}


def test_an_unknown_match_or_replay_has_no_picture(client: Any) -> None:
    assert client.get("/api/matches/nosuchmatch/picture", headers={"Authorization": "Bearer x"}).status_code == 404
    assert client.get("/api/replays/nosuchreplay/picture").status_code == 404
