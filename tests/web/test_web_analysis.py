"""
``GET /api/replays/{id}/analysis?step=N``: a replay's move judged with every card shown, as
:func:`cardrules.bots.analyse_move` judges it, within the server's budget; and its errors.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("jsonschema")

from starlette.testclient import TestClient

import cardrules
from cardrules import records
from cardrules.bots import analyse_move
from cardrules.web import _replays
from cardrules.web._told import shown_in
from tests.web.helpers import client, valid


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(tmp_path)


def _round_record() -> records.Record:
    """One round of Mililla played at random (a record that stops before the match's end)."""
    game = cardrules.get_game("mililla")
    start = game.new_game(seed=3)
    rng = random.Random(3)
    state, moves = start, []
    while not game.score(state).rounds:
        move = game.legal_moves(state).sample(rng)
        moves.append(move)
        state = game.apply(state, move)
    return records.from_moves(start, moves)


def test_a_replays_moves_are_judged_as_analyse_judges_them(c: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The last moves of a round are solved with the analysis's values; the first is too deep; bad steps are 422."""
    monkeypatch.setattr(_replays, "ANALYSIS_NODES", 3_000)  # a small budget, for a quick test
    record = _round_record()
    game = cardrules.get_game(record.game)
    made = valid("replay-created", c.post("/api/replays", content=records.dumps(record).encode()).json())
    steps = made["steps"]
    replayed = list(records.steps(record))
    befores = [s.before for s in replayed]
    for step in (steps, steps - 3, steps - 6, 1):
        r = c.get(f"/api/replays/{made['replay']}/analysis", params={"step": step})
        assert r.status_code == 200, r.text
        data = valid("replay-analysis", r.json())
        want = analyse_move(replayed[step - 1], max_nodes=3_000)
        assert data["step"] == step and data["seat"] == want.seat and data["side"] == want.side
        assert data["round"] == 1 and data["move_number"] == want.number
        assert data["move"] == game.format_move(befores[step - 1], want.move)
        assert data["max_nodes"] == 3_000 and data["seconds"] == _replays.ANALYSIS_SECONDS
        if step == 1:
            assert data["status"] == "too deep" and data["cost"] is None and data["best"] == []
            continue
        assert data["status"] == want.status
        assert data["cost"] == want.cost and data["tally_cost"] == want.tally_cost
        if want.status == "solved":
            assert want.played is not None
            assert data["value"] == want.played.value and data["best_value"] == want.best[0].value
            assert data["best"] == [game.format_move(befores[step - 1], b.move) for b in want.best]
    for bad in (0, steps + 1):
        r = c.get(f"/api/replays/{made['replay']}/analysis", params={"step": bad})
        assert r.status_code == 422
        assert valid("error", r.json())["error"]["code"] == "bad_step"
    r = c.get("/api/replays/nosuchreplay0/analysis", params={"step": 1})
    assert r.status_code == 404


def test_too_many_moves_at_once_get_busy(c: TestClient) -> None:
    """While the server judges as many moves as it allows, one more gets 503 busy with Retry-After, then passes."""
    made = c.post("/api/replays", content=records.dumps(_round_record()).encode()).json()
    judging = c.app.state.server.replays.judging  # type: ignore[attr-defined]
    taken = 0
    while judging.acquire(blocking=False):
        taken += 1
    try:
        r = c.get(f"/api/replays/{made['replay']}/analysis", params={"step": made["steps"]})
    finally:
        for _ in range(taken):
            judging.release()
    assert taken == _replays.ANALYSIS_AT_ONCE
    assert r.status_code == 503 and r.headers["Retry-After"]
    assert valid("error", r.json())["error"]["code"] == "busy"
    r = c.get(f"/api/replays/{made['replay']}/analysis", params={"step": made["steps"]})
    assert r.status_code == 200 and valid("replay-analysis", r.json())["status"] == "forced"


def test_the_judged_moves_are_written_as_the_page_writes_them(c: TestClient) -> None:
    """In Swedish the moves judged come as the table writes them (a Spanish card by its name), never as codes."""
    record = _round_record()
    game = cardrules.get_game(record.game)
    made = c.post("/api/replays", content=records.dumps(record).encode()).json()
    for lang in ("en", "sv"):
        data = c.get(f"/api/replays/{made['replay']}/analysis", params={"step": made["steps"] - 1, "lang": lang}).json()
        data = valid("replay-analysis", data)
        shown = shown_in(game, lang)
        assert data["move_display"] == shown(data["move"])
        assert data["best_display"] == [shown(b) for b in data["best"]]
        if lang != "en":
            assert not re.search(r"\b(?:1[0-2]|[1-9])[OCEB]\b", " ".join([data["move_display"], *data["best_display"]]))
