"""
The long checks of the reference (``nox -s tests_long``, which CI runs): the whole corpus written
again by ``cardrules vectors write`` is the shipped corpus, byte for byte, and ``cardrules
conformance -- cardrules engine`` finds no disagreement on any vector of it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardrules._reference import _vectors
from cardrules.cli import main
from tests.reference.helpers import ENGINE, VECTORS

pytestmark = pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE") not in {"long", "thorough", "fuzz"},
    reason="the long profile's (nox -s tests_long): about half a minute of CPU",
)


def test_the_shipped_corpus_is_what_vectors_write_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After a rule change: python -m cardrules._reference vectors, raise the version, say so in the changelog."""
    assert main(["vectors", "write", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"cardrules-vectors version {_vectors.VERSION} in ")
    assert "rule ids decide in some vector" in out
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(p.name for p in VECTORS.iterdir() if p.suffix in {".json", ".jsonl"})
    stale = [name for name in written if (tmp_path / name).read_bytes() != (VECTORS / name).read_bytes()]
    assert not stale, f"the shipped vectors differ from a regeneration: {stale}"


def test_cardrules_engine_agrees_with_every_vector(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--", *ENGINE]) == 0
    assert capsys.readouterr().out.endswith(" 0 disagreements\n")
