"""The engine protocol: the handshake, every op on every game, and every kind of bad input answered, never a crash."""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules._reference import _protocol
from cardrules._reference._common import seats, write
from tests.reference.helpers import ENGINE

MILILLA = cardrules.get_game("mililla")
START = MILILLA.position(MILILLA.new_game(seed=1))


def _ask(**request: Any) -> dict[str, Any]:
    return _protocol.answer({"id": 7, **request})


def _serve(data: bytes) -> list[dict[str, Any]]:
    out = io.StringIO()
    assert _protocol.serve(io.BytesIO(data), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_handshake_names_the_protocol_its_version_and_every_game() -> None:
    hello = _ask(op="hello")
    assert hello["id"] == 7 and hello["protocol"] == "cardrules-engine" and hello["version"] == 2
    assert [g["name"] for g in hello["games"]] == list(cardrules.game_names())
    assert set(hello["ops"]) >= {"read", "legal", "is_legal", "apply", "score", "observe"}


@pytest.mark.parametrize("text", ["mulle", "mulle/fishing", "mililla", "charlemagne"])
def test_every_op_on_every_game(text: str) -> None:
    game = cardrules.get_game(text)
    state = game.new_game(seed=2)
    position = write(game, state)
    legal = _ask(op="legal", position=position, limit=3)
    assert legal["count"] == len(game.legal_moves(state)) and legal["to_move"] == game.to_move(state)
    assert legal["moves"] == [game.spec.format_canonical(m) for m in list(game.legal_moves(state))[:3]]
    assert legal["complete"] is (legal["count"] <= 3)
    first = legal["moves"][0]
    why = [r.rule.id for r in game.reasons(state, game.spec.parse_canonical(first))]
    said = _ask(op="is_legal", position=position, move=first)
    assert said == {"id": 7, "legal": True, "move": first, "reasons": list(dict.fromkeys(why))} and why
    assert _ask(op="read", position=position) == {"id": 7, "game": game.text, "to_move": game.to_move(state)}
    after = _ask(op="apply", position=position, move=first)
    moved = game.apply(state, game.spec.parse_canonical(first))
    assert after["position"] == write(game, moved)
    events = game.spec.events
    assert events is not None
    assert after["events"] == [e.rule for e in events(state, game.spec.parse_canonical(first), moved)]
    assert _ask(op="score", position=position)["match"] == list(game.score(state).match)
    mover = game.to_move(state)
    assert mover is not None
    seat = (mover + 1) % 2
    view = _ask(op="observe", position=position, seat=seat)
    assert view["position"] == write(game, state, seat) and "?" in view["position"]


@pytest.mark.parametrize("text", ["mulle", "mulle/fishing", "mililla", "charlemagne"])
def test_legal_and_is_legal_read_the_movers_view(text: str) -> None:
    """The legal moves depend only on what the mover sees: its view is enough; another seat's is not, nor for apply."""
    game = cardrules.get_game(text)
    state = game.new_game(seed=3)
    mover = game.to_move(state)
    assert mover is not None
    full, view = write(game, state), write(game, state, mover)
    assert "?" in view
    legal = _ask(op="legal", position=view)
    assert {k: v for k, v in legal.items() if k != "id"} == {
        k: v for k, v in _ask(op="legal", position=full).items() if k != "id"
    }
    assert _ask(op="is_legal", position=view, move=legal["moves"][0])["legal"] is True
    other = write(game, state, (mover + 1) % len(seats(game, state)))
    assert _ask(op="legal", position=other)["error"]["field"] == "hands"
    assert _ask(op="apply", position=view, move=legal["moves"][0])["error"]["code"] == "invalid-position"


def test_a_position_a_rule_refuses_is_refused_with_its_rule_id() -> None:
    """``read`` of a position that breaks a rule of the game: the error names its field and the rule."""
    words = START.split(" ")
    at = next(i for i, w in enumerate(words) if w.startswith("hands="))
    assert ",HO," in words[at].split("/")[0] and "3O" in words[at].split("/")[1]
    for hands, rule in (
        (words[at].rsplit("/", 1)[0], "mililla.players"),
        (words[at].replace(",HO,", ",3O,"), "mililla.deal"),
    ):
        error = _ask(op="read", position=" ".join([*words[:at], hands, *words[at + 1 :]]))["error"]
        assert error["code"] == "invalid-position" and error["field"] == "hands" and error["rule"] == rule
    unread = _ask(op="read", position="p1 mililla hands=x")["error"]
    assert unread["code"] == "invalid-position" and unread["rule"] is None, "text the notation cannot read: no rule"


def test_an_illegal_move_is_refused_with_its_rule_id() -> None:
    said = _ask(op="is_legal", position=START, move="2O")  # seat 0's card; seat 1 is to move
    assert said["legal"] is False and said["rule"] == "mililla.turn" and "2O" in said["reason"]
    error = _ask(op="apply", position=START, move="2O")["error"]
    assert error["code"] == "illegal-move" and error["rule"] == "mililla.turn"


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"op": "fly"}, "unknown-op"),
        ({"op": 3}, "unknown-op"),
        ({}, "unknown-op"),
        ({"op": "legal"}, "bad-request"),
        ({"op": "legal", "position": START, "limit": -1}, "bad-request"),
        ({"op": "legal", "position": START, "limit": True}, "bad-request"),
        ({"op": "legal", "position": "p1 mililla hands=x"}, "invalid-position"),
        ({"op": "legal", "position": "p1 chess start"}, "invalid-position"),
        ({"op": "legal", "position": "x" * 30_000}, "invalid-position"),
        ({"op": "apply", "position": START, "move": "ZZ"}, "invalid-move"),
        ({"op": "apply", "position": START, "move": ["3O"]}, "bad-request"),
        ({"op": "observe", "position": START, "seat": 9}, "invalid-option"),
        ({"op": "observe", "position": START, "seat": "1"}, "bad-request"),
        ({"op": "legal", "position": MILILLA.position(MILILLA.new_game(seed=1), 0)}, "invalid-position"),
    ],
)
def test_bad_requests_are_answered_with_an_error(request_: dict[str, Any], code: str) -> None:
    said = _protocol.answer({"id": "x", **request_})
    assert said["id"] == "x" and said["error"]["code"] == code and said["error"]["message"]


def test_bad_lines_are_answered_and_the_engine_goes_on() -> None:
    huge = b'{"op": "hello", "pad": "' + b"x" * (_protocol.MAX_LINE + 10) + b'"}\n'
    lines = b"not json\n[1, 2]\n" + huge + b"\xff\xfe\n" + b"[" * 100_000 + b"\n\n" + b'{"id": 9, "op": "hello"}'
    answers = _serve(lines)
    codes = [a.get("error", {}).get("code") for a in answers]
    assert codes == ["bad-json", "bad-request", "line-too-long", "bad-json", "bad-json", None]
    assert answers[-1]["id"] == 9 and answers[-1]["version"] == 2


def test_quit_ends_the_session() -> None:
    answers = _serve(b'{"id": 1, "op": "quit"}\n{"id": 2, "op": "hello"}\n')
    assert answers == [{"id": 1, "bye": True}]


def test_the_command_answers_each_line_as_it_comes() -> None:
    """``cardrules engine`` answers a line before the next is written: a front end can wait for each answer."""
    with subprocess.Popen(ENGINE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as engine:
        assert engine.stdin is not None and engine.stdout is not None
        engine.stdin.write('{"id": 1, "op": "hello"}\n')
        engine.stdin.flush()
        assert json.loads(engine.stdout.readline())["protocol"] == "cardrules-engine"
        engine.stdin.write(json.dumps({"id": 2, "op": "legal", "position": START}) + "\n")
        engine.stdin.flush()
        assert json.loads(engine.stdout.readline())["count"] == 10
        engine.stdin.close()
        assert engine.wait(timeout=30) == 0


def test_the_answers_match_their_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schemas = Path(_protocol.__file__).parent / "schemas"
    requests = [
        {"id": 1, "op": "hello"},
        {"id": 2, "op": "legal", "position": START},
        {"id": 3, "op": "is_legal", "position": START, "move": "2O"},
        {"id": 4, "op": "is_legal", "position": START, "move": "3O"},
        {"id": 5, "op": "apply", "position": START, "move": "3O"},
        {"id": 6, "op": "score", "position": START},
        {"id": 7, "op": "observe", "position": START, "seat": 2},
        {"id": 8, "op": "apply", "position": START, "move": "2O"},
        {"id": 9, "op": "quit"},
        {"id": 10, "op": "read", "position": START},
        {"id": 11, "op": "read", "position": START.replace("/", ",", 1)},
    ]
    request_schema = json.loads((schemas / "engine-request.json").read_text(encoding="utf-8"))
    answer_schema = json.loads((schemas / "engine-answer.json").read_text(encoding="utf-8"))
    for request in requests:
        jsonschema.validate(request, request_schema)
        jsonschema.validate(_protocol.answer(request), answer_schema)
    jsonschema.validate(_protocol.answer_line("nonsense"), answer_schema)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_OPS = st.sampled_from([*_protocol.OPS, "nope"]).filter(lambda op: op != "quit")


@given(
    op=_OPS,
    fields=st.dictionaries(st.sampled_from(["position", "move", "seat", "limit", "game", "seed"]), _JSON, max_size=4),
    position=st.sampled_from([START, START.replace("2O", "9O"), START[:40], START.replace("/", ",")]),
    move=st.sampled_from(["3O", "2O", "x", "", "3O 4O", "pass"]),
)
def test_any_request_is_answered_and_nothing_is_raised(
    op: str, fields: dict[str, Any], position: str, move: str
) -> None:
    """Whatever a request holds, the answer is a JSON object with the request's id, an error or an answer."""
    request = {"id": 5, "op": op, "position": position, "move": move, **fields}
    said = _protocol.answer(request)
    assert said["id"] == 5
    json.dumps(said)
    if "error" in said:
        assert said["error"]["code"] != "internal", said
        assert said["error"]["message"]
