"""The README's test command is quick everywhere: the default Hypothesis profile is small and bounded."""

from __future__ import annotations

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
