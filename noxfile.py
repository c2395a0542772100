"""Development sessions: ``nox`` runs lint, typing, tests and docs; ``nox -s bench`` prints speed figures."""

from __future__ import annotations

from pathlib import Path

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
    """Run every benchmark script in benchmarks/ and print its figures (no timed assertions)."""
    session.install(".")
    for script in sorted(Path("benchmarks").glob("bench_*.py")):
        session.run("python", str(script), *session.posargs)
