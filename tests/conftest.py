"""Hypothesis profiles, picked by HYPOTHESIS_PROFILE; the default is the small, bounded "quick".

- ``quick`` (the default, also named ``ci``): 12 examples a test, derandomized, so the README's
  command stays within its promise (at most 420 s of CPU) and fails the same way on every machine;
- ``dev``: 20 random examples a test, new ones on each run, to explore;
- ``long``: 24 examples a test, twice ``quick``; CI runs it on the conformance and property suites
  with a fixed ``--hypothesis-seed``, so that its examples are other ones than the quick run's;
- ``thorough``: 300 random examples a test (``nox -s tests_long``);
- ``fuzz``: 3,000 random examples a test, or ``FUZZ_EXAMPLES`` (``nox -s fuzz``, which prints the seed).

A property test that plays whole matches an example and checks many of their states may take
fewer in the quick profile with ``tests.profiles.quick_examples(n)``; the other profiles keep
their own number, so CI's long step runs it with 24.

Tests marked ``long`` (slow scenarios, such as a documented search on several processes) run only
with the profiles ``long``, ``thorough`` and ``fuzz``: the README's command skips them, saying so,
and ``nox -s tests_long`` (CI's long step) runs them with the conformance and property suites.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.profiles import LONG_PROFILES, PROFILE

_BASE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

settings.register_profile("quick", _BASE, max_examples=12, derandomize=True, print_blob=True)
settings.register_profile("ci", settings.get_profile("quick"))
settings.register_profile("dev", _BASE, max_examples=20)
settings.register_profile("long", _BASE, max_examples=24, print_blob=True)
settings.register_profile("thorough", _BASE, max_examples=300, print_blob=True)
settings.register_profile(
    "fuzz",
    _BASE,
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "3000")),
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
settings.load_profile(PROFILE)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the tests marked ``long``, unless a long profile is asked for."""
    if PROFILE in LONG_PROFILES:
        return
    skip = pytest.mark.skip(reason="marked long: HYPOTHESIS_PROFILE=long runs it, as nox -s tests_long and CI do")
    for item in items:
        if item.get_closest_marker("long") is not None:
            item.add_marker(skip)
