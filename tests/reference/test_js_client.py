"""The JavaScript example plays a whole match through ``cardrules engine`` (where Node is installed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CLIENT = Path(__file__).resolve().parents[2] / "examples" / "engine_client" / "client.mjs"


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CARDRULES_NODE_REQUIRED"):  # CI installs Debian's nodejs: there, no node is a failure
            pytest.fail("node is not installed, and CARDRULES_NODE_REQUIRED is set")
        pytest.skip("node is not installed (Debian: apt-get install nodejs)")
    return node


@pytest.mark.parametrize("game", ["mililla", "mulle/fishing"])
def test_the_javascript_client_plays_a_match(game: str) -> None:
    env = {**os.environ, "GAME": game, "SEED": "3"}
    command = [_node(), str(CLIENT), sys.executable, "-m", "cardrules", "engine"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, env=env, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("cardrules ") and f": {game}, " in lines[0]
    assert lines[1].startswith("match points: ") and "winner: side " in lines[1] and "side null" not in lines[1]
    assert lines[2].startswith("a move that is no move: invalid-move: ")


def test_the_client_fails_on_an_engine_that_is_not_one() -> None:
    done = subprocess.run([_node(), str(CLIENT), "cat"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1 and "not an engine" in done.stderr
