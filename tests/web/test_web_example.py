"""The standard-library client in examples/web_client.py plays whole matches against a real server."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from tests.variants import GAMES
from tests.web.served import free_port
from tests.web.test_web_restart import _server

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "web_client.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("web_client", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_client_plays_every_game_and_reads_errors(tmp_path: Path) -> None:
    """Each game to its end, narrated; an illegal or unreadable move comes back as the example's ApiError."""
    client = _load()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    lines: list[str] = []
    with _server(tmp_path / "db.sqlite3", port):
        for game in GAMES:
            final = client.play_match(url, game, seed=3, say=lines.append)
            assert final["over"] and final["score"]["winner"] is not None
        c = client.Client(url)
        created = c.start("mililla", seed=1)
        with pytest.raises(client.ApiError) as bad:
            c.play(created["match"], "not a card")
        assert bad.value.status == 422 and bad.value.code == "bad_notation"
        with pytest.raises(client.ApiError) as stale:
            c.play(created["match"], c.state(created["match"])["legal_moves"]["moves"][0]["text"], version=99)
        assert stale.value.status == 409
    assert any("[mililla.trick.winner]" in line for line in lines)
    assert lines[-1].startswith("match over")
