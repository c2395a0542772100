"""Development sessions: ``nox`` runs lint, typing, tests and docs; ``nox -s bench`` prints speed figures."""

from __future__ import annotations

import os

import nox

nox.options.sessions = ["lint", "typing", "tests", "docs"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite against the installed package."""
    session.install(".[tests]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session
def typing(session: nox.Session) -> None:
    """mypy --strict over the package and the tests."""
    session.install(".[typing]")
    session.run("mypy", "--strict", "src", "tests", "examples", "typing_tests")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check; ``nox -s lint -- --fix`` fixes locally."""
    session.install("ruff>=0.5")
    if "--fix" in session.posargs:
        session.run("ruff", "check", "--fix", "src", "tests", "benchmarks", "examples", "docs/_ext", "noxfile.py")
        session.run("ruff", "format", "src", "tests", "benchmarks", "examples", "docs/_ext", "noxfile.py")
    else:
        session.run("ruff", "check", "src", "tests", "benchmarks", "examples", "docs/_ext", "noxfile.py")
        session.run("ruff", "format", "--check", "src", "tests", "benchmarks", "examples", "docs/_ext", "noxfile.py")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the docs with warnings as errors (nitpicky), then run their doctests."""
    session.install(".[docs]")
    session.run("python", "-m", "sphinx", "-n", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    session.run("python", "-m", "sphinx", "-n", "-W", "--keep-going", "-b", "doctest", "docs", "docs/_build/doctest")


@nox.session
def bench(session: nox.Session) -> None:
    """Print the speed and memory figures of every game and preset (``-- --quick`` for a short run)."""
    session.install(".")
    session.run("python", "benchmarks/suite.py", *session.posargs)
    # Mulle's worst cases: the lazy legal moves on adversarial tables, by table size.
    session.run("python", "benchmarks/bench_mulle.py", *(a for a in session.posargs if a == "--quick"))


PEERS = ("open-spiel==2.0.2", "rlcard==1.2.0", "pokerkit==0.7.7")


@nox.session
def bench_peers(session: nox.Session) -> None:
    """Random play, decisions per second, side by side in one run: OpenSpiel, RLCard, PokerKit and ours."""
    session.install(".", *PEERS)
    session.run("python", "benchmarks/bench_peers.py", *session.posargs)


FUZZ_TESTS = (
    "tests/edges/test_fuzz.py",
    "tests/test_edges_states.py",
    "tests/test_edges_messages.py",
    "tests/records/test_records.py",
)


@nox.session
def fuzz(session: nox.Session) -> None:
    """
    The fuzz tests for minutes, thousands of examples each, with the seed printed.

    ``nox -s fuzz -- --hypothesis-seed=N`` runs the same inputs again.
    """
    import random

    session.install(".[tests]")
    args = list(session.posargs)
    if not any(a.startswith("--hypothesis-seed") for a in args):
        args.append(f"--hypothesis-seed={random.SystemRandom().randrange(2**32)}")
    seed = next(a for a in args if a.startswith("--hypothesis-seed"))
    session.log(f"fuzz: {seed}")
    tests = [t for t in FUZZ_TESTS if os.path.exists(t)]
    session.run(
        "python", "-m", "pytest", "-q", "--hypothesis-show-statistics", *tests, *args,
        env={"HYPOTHESIS_PROFILE": "fuzz", "CI": ""},
    )  # fmt: skip
    session.log(f"fuzz: done, {seed}")
