"""
The Hypothesis profile this run uses (``HYPOTHESIS_PROFILE``, see ``tests/conftest.py``), and a
budget for the property tests that cost most an example.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

from hypothesis import settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or "quick"
"""The profile's name: ``quick`` unless HYPOTHESIS_PROFILE names another."""

QUICK_PROFILES = frozenset({"quick", "ci"})
"""The README's command: a few derandomized examples a test."""

LONG_PROFILES = frozenset({"long", "thorough", "fuzz"})
"""The profiles that run the tests marked ``long`` (``nox -s tests_long``, CI's long step, ``nox -s fuzz``)."""

T = TypeVar("T")


def quick_examples(examples: int) -> Callable[[T], T]:
    """
    A property test that plays whole matches an example runs *examples* in the quick profile; every
    other profile keeps its own number (CI's long step runs it with the long profile's 24).
    """
    if PROFILE in QUICK_PROFILES:
        return settings(max_examples=examples)
    return lambda test: test
