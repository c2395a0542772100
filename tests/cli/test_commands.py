"""The command line, driven as a user would, in a subprocess."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import cardrules


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m cardrules ARGS``."""
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize("name", cardrules.game_names())
def test_demo_plays_a_whole_match(name: str) -> None:
    """``cardrules demo GAME`` prints moves and ends with the winner."""
    result = run("demo", name, "--seed", "3")
    assert 0 == result.returncode, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(cardrules.get_game(name).spec.title)
    assert lines[-1] == f"({lines[-1][1:].split()[0]} moves in all; seed 3)"
    assert re.fullmatch(r"(seat \d wins|seats \d and \d win) the match \d+ to \d+\.", lines[-2]) or "with" in lines[-2]
    assert any(line.startswith("round 1 is over:") for line in lines)
    assert any(line.startswith("How to read this") for line in lines[:4])


def test_demo_is_reproducible() -> None:
    """The same seed prints the same match."""
    assert run("demo", "mililla", "--seed", "9").stdout == run("demo", "mililla", "--seed", "9").stdout


def test_demo_with_rules_text() -> None:
    """``--rules`` takes ruleset text."""
    result = run("demo", "mililla", "--rules", "mililla(rank_order=malilla)", "--seed", "1")
    assert 0 == result.returncode
    assert "rank_order=malilla" in result.stdout.splitlines()[0]


@pytest.mark.parametrize(
    "args",
    [("demo", "poker"), ("demo", "mililla", "--rules", "mililla(bogus=1)"), ("demo", "mililla", "--rules", "other")],
)
def test_errors_are_one_line(args: tuple[str, ...]) -> None:
    """Errors print one line on stderr and exit 2, never a traceback."""
    result = run(*args)
    assert 2 == result.returncode
    assert 1 == len(result.stderr.strip().splitlines())
    assert "Traceback" not in result.stderr


def test_help() -> None:
    """``--help`` works for the program and for demo."""
    assert 0 == run("--help").returncode
    assert "demo" in run("--help").stdout
    assert 0 == run("demo", "--help").returncode
