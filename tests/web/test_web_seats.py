"""Seats for friends: invites, each seat its own view, the WebSocket pushing to every seat, an idle seat handed over."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("jsonschema")

from starlette.testclient import TestClient

import cardrules
from cardrules.web import create_app
from tests.web.helpers import auth, check_match, events, hidden_cards, tokens, valid


def _invite(c: TestClient, **more: Any) -> tuple[Any, Any]:
    body = {"game": "mililla", "seat": 0, "opponents": ["human", "greedy", "greedy"], "seed": 5, **more}
    r = c.post("/api/matches", json=body)
    assert r.status_code == 201, r.text
    made = valid("created", r.json())
    (invite,) = made["invites"]
    assert invite["seat"] == 1 and invite["link"] == f"/table#{made['match']}.{invite['code']}"
    claimed = c.post(f"/api/matches/{made['match']}/claim", json={"code": invite["code"]})
    assert claimed.status_code == 201, claimed.text
    assert valid("created", claimed.json())["seat"] == 1
    return made, {**invite, "token": claimed.json()["token"]}


def _view(c: TestClient, match: str, token: str) -> Any:
    return check_match(c.get(f"/api/matches/{match}", headers=auth(token)).json())


def _play_until(c: TestClient, match: str, token: str, seat: int, limit: int = 40) -> Any:
    """Moves for *token*'s seat until it is not its turn; the last view."""
    data = _view(c, match, token)
    for _ in range(limit):
        if data["over"] or data["to_move"] != seat:
            return data
        move = data["legal_moves"]["moves"][0]["text"]
        r = c.post(f"/api/matches/{match}/moves", headers=auth(token), json={"move": move, "version": data["version"]})
        assert r.status_code == 200, r.text
        data = check_match(r.json())
    return data


def test_a_friend_takes_the_invited_seat_and_each_seat_sees_only_its_own(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "m.sqlite3"))
    made, invite = _invite(c)
    mine, theirs = _view(c, made["match"], made["token"]), _view(c, made["match"], invite["token"])
    assert (mine["seat"], theirs["seat"]) == (0, 1)
    assert mine["humans"] == [0, 1] and theirs["humans"] == [0, 1]
    assert set(mine["observation"]["hand"]).isdisjoint(theirs["observation"]["hand"])
    game = cardrules.get_game("mililla")
    server = c.app.state.server  # type: ignore[attr-defined]
    state = server.tables[made["match"]].state
    assert not hidden_cards(game, state, 1) & tokens(theirs["observation"])
    assert not hidden_cards(game, state, 0) & tokens(mine["observation"])
    # The friend plays only on its own turn, the starter only on theirs; the computer plays the rest.
    for _ in range(12):
        for token, seat in ((made["token"], 0), (invite["token"], 1)):
            data = _view(c, made["match"], token)
            if data["to_move"] not in (0, 1):
                continue
            other = invite["token"] if data["to_move"] == 0 else made["token"]
            move = data["legal_moves"]["moves"][0]["text"] if data["to_move"] == seat else "AO"
            r = c.post(f"/api/matches/{made['match']}/moves", headers=auth(other), json={"move": move})
            assert r.status_code == 409 and r.json()["error"]["code"] == "not_your_turn"
            _play_until(c, made["match"], token if data["to_move"] == seat else other, data["to_move"])
    record_moves = server.tables[made["match"]].version
    assert record_moves > 12
    assert c.get(f"/api/matches/{made['match']}", headers=auth("not-a-token")).status_code == 403


def test_the_websocket_pushes_each_move_to_every_seat_in_its_own_words(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "m.sqlite3"))
    made, invite = _invite(c)
    with (
        events(c, made["match"], made["token"]) as ws0,
        events(c, made["match"], invite["token"]) as ws1,
    ):
        assert ws0.receive_json()["seat"] == 0 and ws1.receive_json()["seat"] == 1
        data = _view(c, made["match"], made["token"])
        mover = made if data["to_move"] == 0 else invite
        seat = data["to_move"]
        move = data["legal_moves"]["moves"][0]["text"] if seat == 0 else _view(c, made["match"], invite["token"])[
            "legal_moves"]["moves"][0]["text"]  # fmt: skip
        r = c.post(f"/api/matches/{made['match']}/moves", headers=auth(mover["token"]), json={"move": move})
        assert r.status_code == 200
        for ws in (ws0, ws1):
            got = ws.receive_json()
            assert got["type"] == "event" and got["mover"] == seat and got["own"]
            valid("event", {k: v for k, v in got.items() if k != "type"})


def test_an_idle_seat_is_handed_to_the_computer_and_taken_back(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "m.sqlite3"))
    made, invite = _invite(c, hand_over=1)
    match = made["match"]
    data = _play_until(c, match, made["token"], 0)
    assert data["to_move"] == 1 and data["handed"] == []  # the friend's turn; the friend never comes
    time.sleep(1.3)
    data = _view(c, match, made["token"])  # a request of the other seat finds the friend idle
    assert data["handed"] == [1]
    assert data["version"] > 0 and data["to_move"] != 1  # the computer played for seat 1
    friend = _view(c, match, invite["token"])
    assert friend["handed"] == [1] and friend["legal_moves"]["moves"] == []
    refused = c.post(f"/api/matches/{match}/moves", headers=auth(invite["token"]), json={"move": "AO"})
    assert refused.status_code == 409 and refused.json()["error"]["code"] in ("seat_handed_over", "not_your_turn")
    back = c.post(f"/api/matches/{match}/seat", headers=auth(invite["token"]))
    assert back.status_code == 200 and back.json()["handed"] == []
    assert c.post("/api/matches", json={"game": "mililla", "hand_over": 0}).status_code == 422


def test_the_invited_seats_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite3"
    made, invite = _invite(TestClient(create_app(db)))
    again = TestClient(create_app(db))
    assert _view(again, made["match"], invite["token"])["seat"] == 1
    assert _view(again, made["match"], made["token"])["seat"] == 0


def _open(c: TestClient) -> Any:
    """A match with a friend's seat (1) whose invite nobody has claimed yet."""
    body = {"game": "mililla", "seat": 0, "opponents": ["human", "greedy", "greedy"], "seed": 5}
    r = c.post("/api/matches", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def test_an_invite_is_claimed_once_and_the_link_then_says_the_seat_is_taken(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "m.sqlite3"))
    made = _open(c)
    match, code = made["match"], made["invites"][0]["code"]
    assert code != made["token"] and "token" not in made["invites"][0]
    assert _view(c, match, made["token"])["waiting"] == [1]
    first = c.post(f"/api/matches/{match}/claim", json={"code": code})
    assert first.status_code == 201 and first.json()["seat"] == 1
    token = first.json()["token"]
    assert token not in (code, made["token"])
    again = c.post(f"/api/matches/{match}/claim", json={"code": code})  # the same link in a second browser
    assert again.status_code == 410 and valid("error", again.json())["error"]["code"] == "invite_used"
    assert "taken" in again.json()["error"]["message"]
    assert c.post(f"/api/matches/{match}/claim", json={"code": "made-up"}).status_code == 410
    assert _view(c, match, made["token"])["waiting"] == []
    assert _view(c, match, token)["seat"] == 1
    assert c.get(f"/api/matches/{match}", headers=auth(code)).status_code == 403  # a code is not a token


def test_the_host_opening_their_own_invite_keeps_their_seat(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "m.sqlite3"))
    made = _open(c)
    match, code = made["match"], made["invites"][0]["code"]
    mine = c.post(f"/api/matches/{match}/claim", headers=auth(made["token"]), json={"code": code})
    assert mine.status_code == 409 and mine.json()["error"]["code"] == "already_seated"
    assert _view(c, match, made["token"])["seat"] == 0  # still the host's seat
    assert _view(c, match, made["token"])["waiting"] == [1]  # and the invite is left for the friend
    assert c.post(f"/api/matches/{match}/claim", json={"code": code}).status_code == 201


def test_the_host_renews_or_withdraws_an_invite(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "m.sqlite3"))
    made = _open(c)
    match, old = made["match"], made["invites"][0]["code"]
    friend = c.post(f"/api/matches/{match}/claim", json={"code": old}).json()["token"]
    assert c.post(f"/api/matches/{match}/invites/1", headers=auth(friend)).json()["error"]["code"] == "not_host"
    assert c.post(f"/api/matches/{match}/invites/0", headers=auth(made["token"])).status_code == 422
    assert c.post(f"/api/matches/{match}/invites/2", headers=auth(made["token"])).status_code == 422  # a bot's
    with events(c, match, friend) as ws:
        assert ws.receive_json()["type"] == "hello"
        renewed = c.post(f"/api/matches/{match}/invites/1", headers=auth(made["token"]))
        assert renewed.status_code == 201, renewed.text
        said = ws.receive_json()  # the socket of the seat's old token is told, and closed
        assert said["error"]["code"] == "wrong_token"
    new = renewed.json()
    assert new["seat"] == 1 and new["code"] != old and new["link"] == f"/table#{match}.{new['code']}"
    assert c.get(f"/api/matches/{match}", headers=auth(friend)).status_code == 403  # the old claim is dead
    assert c.post(f"/api/matches/{match}/claim", json={"code": old}).status_code == 410
    assert _view(c, match, made["token"])["waiting"] == [1]
    again = c.post(f"/api/matches/{match}/claim", json={"code": new["code"]})
    assert again.status_code == 201
    # Withdrawn: the link and the claim are dead, and the computer plays the seat.
    gone = c.delete(f"/api/matches/{match}/invites/1", headers=auth(made["token"]))
    assert gone.status_code == 200 and gone.json()["handed"] == [1] and gone.json()["waiting"] == []
    assert c.get(f"/api/matches/{match}", headers=auth(again.json()["token"])).status_code == 403
    assert c.post(f"/api/matches/{match}/claim", json={"code": new["code"]}).status_code == 410
    data = _play_until(c, match, made["token"], 0)
    assert data["to_move"] != 1 or data["over"]  # the computer played for seat 1
    # A new link after the withdrawal seats its claimant, who plays the seat again.
    newest = c.post(f"/api/matches/{match}/invites/1", headers=auth(made["token"])).json()
    back = c.post(f"/api/matches/{match}/claim", json={"code": newest["code"]}).json()
    assert _view(c, match, back["token"])["handed"] == []


def test_an_open_invite_and_the_computers_moves_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite3"
    c = TestClient(create_app(db))
    made = _open(c)
    match = made["match"]
    c.post(f"/api/matches/{match}/computer", headers=auth(made["token"]))
    again = TestClient(create_app(db))
    view = _view(again, match, made["token"])
    assert view["waiting"] == [1]
    assert any(e["stand_in"] and e["mover"] == 0 for e in view["events"])  # still told as the computer's
    assert again.post(f"/api/matches/{match}/claim", json={"code": made["invites"][0]["code"]}).status_code == 201


def test_a_player_hands_their_seat_to_the_computer_and_takes_it_back(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "m.sqlite3"))
    made, invite = _invite(c)
    match = made["match"]
    data = _play_until(c, match, made["token"], 0)
    assert data["to_move"] == 1
    with events(c, match, made["token"]) as ws:
        assert ws.receive_json()["type"] == "hello"
        handed = c.post(f"/api/matches/{match}/computer", headers=auth(invite["token"]))
        assert handed.status_code == 200, handed.text
        assert handed.json()["handed"] == [1] and handed.json()["legal_moves"]["moves"] == []
        pushed = [ws.receive_json() for _ in range(2)]
        assert pushed[0]["type"] == "state" and pushed[0]["handed"] == [1]  # every seat hears of it
    after = _view(c, match, made["token"])
    assert after["to_move"] != 1 or after["over"]  # the computer played for seat 1 at once
    # Its moves are the computer's, told so to every seat; the person's own are not.
    for token in (made["token"], invite["token"]):
        moved = [e for e in _view(c, match, token)["events"] if e["own"] and e["mover"] == 1]
        assert moved and all(e["stand_in"] for e in moved if e["version"] > data["version"])
        assert not any(e["stand_in"] for e in moved if e["version"] <= data["version"])
        assert not any(e["stand_in"] for e in _view(c, match, token)["events"] if e["mover"] == 0)
    refused = c.post(f"/api/matches/{match}/moves", headers=auth(invite["token"]), json={"move": "AO"})
    assert refused.status_code == 409
    back = c.post(f"/api/matches/{match}/seat", headers=auth(invite["token"]))
    assert back.status_code == 200 and back.json()["handed"] == []
    before = _view(c, match, made["token"])["version"]
    _play_until(c, match, made["token"], 0)
    friend = _view(c, match, invite["token"])
    assert friend["over"] or friend["to_move"] == 1  # the computer no longer plays seat 1
    assert friend["version"] > before or friend["to_move"] == 1
