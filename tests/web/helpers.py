"""Shared helpers of the web tests: a client over a fresh database, schema checks, and hidden cards."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
from starlette.testclient import TestClient

import cardrules
from cardrules.web import create_app, schema

_VALIDATORS: dict[str, jsonschema.Draft202012Validator] = {}


def client(tmp_path: Path) -> TestClient:
    """A test client of a server over a new database in *tmp_path*."""
    return TestClient(create_app(tmp_path / "matches.sqlite3"))


def valid(name: str, data: Any) -> Any:
    """*data*, after checking that it validates against the API's schema *name*."""
    validator = _VALIDATORS.get(name)
    if validator is None:
        validator = _VALIDATORS[name] = jsonschema.Draft202012Validator(schema(name))
    validator.validate(data)
    return data


def check_match(data: Any) -> Any:
    """A match view, checked against the match schema and its game's observation schema."""
    valid("match", data)
    valid(f"observation-{cardrules.get_game(data['game']).name}", data["observation"])
    valid("legal-moves", data["legal_moves"])
    valid("score", data["score"])
    for event in data["events"]:
        valid("event", event)
    return data


def auth(token: str) -> dict[str, str]:
    """The header that carries a seat's token."""
    return {"Authorization": f"Bearer {token}"}


def start(c: TestClient, game: str = "mililla", seat: int = 0, opponents: Any = "greedy", seed: int = 5) -> Any:
    """Start a match; its creation answer (checked)."""
    r = c.post("/api/matches", json={"game": game, "seat": seat, "opponents": opponents, "seed": seed})
    assert 201 == r.status_code, r.text
    return valid("created", r.json())


def hidden_cards(game: cardrules.Game[Any, Any, Any, Any], state: Any, seat: int) -> set[str]:
    """The texts of the cards that *seat* may not see in *state*: in a zone of the full state, not in its view."""
    seen = set(re.findall(r"[A-Za-z0-9]+", json.dumps(game.observe(state, seat).to_dict())))
    held = {str(c) for cards in game.spec.zones(state).values() for c in cards}
    return held - seen


def tokens(data: Any) -> set[str]:
    """Every word of a JSON answer, for looking for card texts in it."""
    return set(re.findall(r"[A-Za-z0-9]+", json.dumps(data)))


@contextlib.contextmanager
def events(c: TestClient, match: str, token: str) -> Iterator[Any]:
    """The match's events WebSocket, the token sent as its first message (as the table page does)."""
    with c.websocket_connect(f"/api/matches/{match}/events") as ws:
        ws.send_json({"token": token})
        yield ws
