"""The README's test command is quick everywhere: the default Hypothesis profile is small and bounded."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOW = (
    "import tests.conftest; from hypothesis import settings as s; print(s.default.max_examples, s.default.derandomize)"
)


def _default_settings(**env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in {"CI", "HYPOTHESIS_PROFILE"}}
    result = subprocess.run(
        [sys.executable, "-c", SHOW], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True, check=True
    )
    return result.stdout.strip()


@pytest.mark.parametrize("env", [{}, {"CI": "true"}, {"HYPOTHESIS_PROFILE": ""}])
def test_default_profile_is_the_quick_one(env: dict[str, str]) -> None:
    """With or without CI=true, a plain ``pytest`` runs 12 derandomized examples a property test."""
    assert _default_settings(**env) == "12 True"


@pytest.mark.parametrize(("profile", "shown"), [("long", "24 False"), ("thorough", "300 False"), ("dev", "20 False")])
def test_longer_profiles_are_asked_for_by_name(profile: str, shown: str) -> None:
    """The long profiles run only when HYPOTHESIS_PROFILE names them."""
    assert _default_settings(HYPOTHESIS_PROFILE=profile) == shown


RUNS_LONG = "import tests.conftest as c; print(c.PROFILE in c.LONG_PROFILES)"


@pytest.mark.parametrize(
    ("profile", "runs"), [("", "False"), ("quick", "False"), ("dev", "False"), ("long", "True"), ("thorough", "True")]
)
def test_the_tests_marked_long_run_with_the_long_profiles_only(profile: str, runs: str) -> None:
    """The README's command skips the tests marked ``long``; the long profiles run them."""
    clean = {k: v for k, v in os.environ.items() if k != "HYPOTHESIS_PROFILE"}
    env = {**clean, "HYPOTHESIS_PROFILE": profile}
    result = subprocess.run([sys.executable, "-c", RUNS_LONG], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.stdout.strip() == runs, result.stderr


def test_the_long_session_runs_the_tests_marked_long() -> None:
    """``nox -s tests_long`` (CI's long step) runs the tests marked ``long`` besides LONG_SUITES."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    (session,) = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "tests_long"]
    calls = [n for n in ast.walk(session) if isinstance(n, ast.Call) and ast.unparse(n.func) == "session.run"]
    words = [[ast.unparse(a) for a in call.args] for call in calls]
    assert ["'python'", "'-m'", "'pytest'", "'-n'", "'auto'", "*LONG_SUITES", "*session.posargs"] in words
    assert any(w[:7] == ["'python'", "'-m'", "'pytest'", "'-n'", "'auto'", "'-m'", "'long'"] for w in words)


COUNT = """
import tests.conftest
from hypothesis import given, strategies as st
from tests.profiles import quick_examples
seen = []
@quick_examples(3)
@given(st.integers())
def test(n):
    seen.append(n)
test()
print(len(seen))
"""


@pytest.mark.parametrize(("profile", "examples"), [("", "3"), ("long", "24")])
def test_quick_examples_bound_the_quick_run_only(profile: str, examples: str) -> None:
    """A test with ``quick_examples(3)`` runs 3 examples in the README's command, the long profile's 24 in CI."""
    env = {**{k: v for k, v in os.environ.items() if k != "HYPOTHESIS_PROFILE"}, "HYPOTHESIS_PROFILE": profile}
    result = subprocess.run([sys.executable, "-c", COUNT], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.stdout.strip() == examples, result.stderr
