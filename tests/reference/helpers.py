"""What the reference tests share: the shipped vectors, a small corpus cut from them, the engine's command."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from cardrules.cli._reference import shipped_vectors

ROOT = Path(__file__).resolve().parents[2]
VECTORS = shipped_vectors()
ENGINE = [sys.executable, "-m", "cardrules", "engine"]
WRONG = [sys.executable, str(Path(__file__).resolve().parent / "wrong_engine.py")]


def manifest() -> dict[str, Any]:
    data = json.loads((VECTORS / "manifest.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def small_corpus(directory: Path, per_file: int = 2) -> Path:
    """The first *per_file* vectors of each shipped file and its first refused position, with the manifest."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in manifest()["files"]:
        lines = (VECTORS / name).read_text(encoding="ascii").splitlines(keepends=True)
        refused = next(line for line in lines if '"kind":"refused"' in line)
        (directory / name).write_text("".join([*lines[:per_file], refused]), encoding="ascii")
    (directory / "manifest.json").write_text(json.dumps(manifest()), encoding="ascii")
    return directory
