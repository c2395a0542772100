"""Development sessions: ``nox`` runs lint, typing, tests and docs; ``nox -l`` lists them all."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import tomllib
from pathlib import Path

import nox

nox.options.sessions = ["lint", "typing", "tests", "docs"]
nox.options.reuse_existing_virtualenvs = True

ROOT = Path(__file__).resolve().parent
# The Python versions the package is tested on: the classifiers of pyproject.toml say the same.
PYTHONS = ("3.11", "3.12", "3.13")
# The conformance and property suites, which the long Hypothesis profiles run with many examples.
LONG_SUITES = (
    "tests/engine/test_conformance.py",
    "tests/mulle/test_properties.py",
    "tests/mililla/test_properties.py",
    "tests/charlemagne/test_properties.py",
    "tests/reference/test_long.py",
    "tests/bots/test_solve.py",
)
SMOKE = ROOT / "tests" / "smoke_installed.py"
LINTED = ("src", "tests", "benchmarks", "examples", "docs/_ext", "noxfile.py")


def _python(version: str) -> str:
    """``pythonX.Y`` where it runs, else pyenv's newest X.Y by its path (pyenv's shims run only selected versions)."""
    name = f"python{version}"
    found = shutil.which(name)
    if found and subprocess.run([found, "-c", ""], capture_output=True, check=False).returncode == 0:
        return name
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates = root.glob(f"versions/{version}.*/bin/{name}")
    newest = max(candidates, key=lambda p: [int(n) for n in re.findall(r"\d+", p.parts[-3])], default=None)
    return str(newest) if newest else name


@nox.session
@nox.parametrize("python", [nox.param(_python(v), id=v) for v in PYTHONS])
def tests(session: nox.Session) -> None:
    """The quick suite (the README's command) against the installed package, on every tested Python."""
    session.install(".[tests]")
    session.run("python", "-m", "pytest", "-n", "auto", *session.posargs)


@nox.session
def tests_long(session: nox.Session) -> None:
    """
    The conformance and property suites with many examples (the ``thorough`` profile, or
    HYPOTHESIS_PROFILE), then the tests marked ``long`` that the quick suite skips.
    """
    if session.venv_backend != "none":  # with --no-venv, CI's own environment, already installed
        session.install(".[tests]")
    env = {"HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE") or "thorough"}
    session.run("python", "-m", "pytest", "-n", "auto", *LONG_SUITES, *session.posargs, env=env)
    # The tests marked long, which the README's command skips, wherever they are (LONG_SUITES' ran above).
    elsewhere = [f"--ignore={suite}" for suite in LONG_SUITES]
    session.run("python", "-m", "pytest", "-n", "auto", "-m", "long", *elsewhere, "tests", *session.posargs, env=env)


RL_TESTS = "tests/rl"
"""The learning environments' tests (the OpenSpiel ones, ``test_openspiel*``, have a session of their own)."""


@nox.session
def rl(session: nox.Session) -> None:
    """The learning environments' tests with the ``rl`` extra (PettingZoo, Gymnasium, numpy) installed."""
    if session.venv_backend != "none":  # with --no-venv, CI's own environment, already installed
        session.install(".[rl,tests]")
    session.run(
        "python", "-m", "pytest", "-n", "auto", RL_TESTS, "--ignore-glob=tests/rl/test_openspiel*", *session.posargs
    )


BROWSER_TESTS = (
    "tests/web/test_browser.py",
    "tests/web/test_browser_access.py",
    "tests/web/test_players_rules_browser.py",
    "tests/web/test_browser_analysis.py",
)
"""The tests that drive the web table in Chromium (``nox -s web_browser``)."""


@nox.session
def web_browser(session: nox.Session) -> None:
    """
    The web table in a real browser: Playwright driving Debian's ``chromium`` (installed with
    apt-get when missing; Playwright's own browser download is not used), and axe-core checking
    the pages (``tests/web/test_browser_access.py``: every language, a phone, the keyboard alone).
    Screenshots go to ``$ARTIFACTS/browser``, else ``artifacts/browser``.
    """
    chromium = os.environ.get("CARDRULES_CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).is_file():
        session.run("apt-get", "update", "-q", external=True)
        session.run("apt-get", "install", "-y", "-q", "chromium", external=True)
    if session.venv_backend != "none":
        session.install(".[web-browser]")
    # Two browsers at once: the tests mostly wait on the pages, so two workers take about two thirds of the time.
    session.run(
        "python", "-m", "pytest", "-q", "-n", "2", *BROWSER_TESTS, *session.posargs,
        env={"CARDRULES_BROWSER_REQUIRED": "1"},
    )  # fmt: skip


@nox.session
def typing(session: nox.Session) -> None:
    """mypy --strict over the package, the tests, the examples and this file."""
    session.install(".[typing,i18n,web-tests,postgres,rl,plots,openspiel]", "nox")
    session.run("mypy", "--strict", "src", "tests", "examples", "typing_tests", "noxfile.py")


@nox.session
def catalogs(session: nox.Session) -> None:
    """The language catalogs: extract the templates (.pot), update each language's .po, compile the .mo files."""
    if session.venv_backend != "none":
        session.install("-e", ".[i18n]")
    session.run("python", "-m", "cardrules.i18n._catalogs", *(session.posargs or ["extract", "update", "compile"]))


@nox.session
def playthroughs(session: nox.Session) -> None:
    """Regenerate the golden playthroughs (``tests/corpus/playthroughs``), in the commit of the change."""
    if session.venv_backend != "none":
        session.install("-e", ".")
    session.run("python", "-m", "cardrules._reference", "playthroughs")


@nox.session
def vectors(session: nox.Session) -> None:
    """Regenerate the shipped test vectors and the docs' perft tables (raise the version if a vector changed)."""
    if session.venv_backend != "none":
        session.install("-e", ".")
    session.run("python", "-m", "cardrules._reference", "vectors", "perft")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check; ``nox -s lint -- --fix`` fixes locally."""
    session.install("ruff>=0.5")
    if "--fix" in session.posargs:
        session.run("ruff", "check", "--fix", *LINTED)
        session.run("ruff", "format", *LINTED)
    else:
        session.run("ruff", "check", *LINTED)
        session.run("ruff", "format", "--check", *LINTED)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the docs with warnings as errors (nitpicky), then run their doctests."""
    session.install(".[docs,web-tests,rl,plots,openspiel]")
    session.run("python", "-m", "sphinx", "-n", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    session.run("python", "-m", "sphinx", "-n", "-W", "--keep-going", "-b", "doctest", "docs", "docs/_build/doctest")


@nox.session
def web(session: nox.Session) -> None:
    """The web table's tests (``tests/web``) with the ``web`` extra and its test dependencies installed."""
    session.install(".[web,web-tests,tests]")
    session.run("python", "-m", "pytest", "-n", "2", "tests/web", *session.posargs)


@nox.session
def web_postgres(session: nox.Session) -> None:
    """
    The web table's tests on PostgreSQL (the ``postgres`` extra): every app the tests build stores
    its matches in a schema of its own. The database is ``CARDRULES_POSTGRES_URL``, else a
    throwaway cluster made with ``initdb`` and ``pg_ctl`` (``tests/web/pg.py``); a missing
    PostgreSQL is a failure here, not a skip.
    """
    if session.venv_backend != "none":  # with --no-venv, CI's own environment, already installed
        session.install(".[postgres,web-tests,tests]")
    # The browser's tests drive the pages through the same routes the API tests call on this store;
    # they run once, on SQLite, in their own session (web_browser): here they would take half the time.
    browser = [f"--ignore={path}" for path in BROWSER_TESTS]
    session.run(
        "python", "-m", "pytest", "-n", "2", "tests/web", *browser, *session.posargs,
        env={"CARDRULES_WEB_STORE": "postgres", "CARDRULES_POSTGRES_REQUIRED": "1"},
    )  # fmt: skip


@nox.session
def load(session: nox.Session) -> None:
    """
    The web table's load and fault figures on PostgreSQL (benchmarks/load_postgres.py): 1 worker
    against 4, a worker killed in the middle of moves, the database restarted; the figures the
    performance page publishes. ``CARDRULES_POSTGRES_URL`` or a throwaway cluster.
    """
    if session.venv_backend != "none":
        session.install(".[postgres,web-tests,tests]")
    session.run("python", "benchmarks/load_postgres.py", *session.posargs)


@nox.session
def package(session: nox.Session) -> None:
    """Build the sdist and, from it, the wheel; twine check; install the wheel afresh and play from outside."""
    session.install("build", "twine")
    with tempfile.TemporaryDirectory(prefix="cardrules-package-") as where:
        tmp = Path(where)
        dist = tmp / "dist"
        session.run("python", "-m", "build", "--outdir", str(dist), str(ROOT), silent=True)
        session.run("twine", "check", "--strict", *(str(p) for p in sorted(dist.iterdir())))
        (wheel,) = dist.glob("*.whl")
        session.run("python", str(SMOKE), "--wheel", str(wheel))
        venv = tmp / "venv"
        session.run("python", "-m", "venv", str(venv))
        session.run(str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel), external=True)
        outside = tmp / "outside"
        outside.mkdir()
        shutil.copy(SMOKE, outside)
        with session.chdir(outside):
            demo = session.run(str(venv / "bin" / "cardrules"), "demo", "mililla", external=True, silent=True)
            session.log(f"cardrules demo mililla: {str(demo).strip().splitlines()[-1]}")
            session.run(str(venv / "bin" / "python"), "smoke_installed.py", str(ROOT), external=True)


@nox.session
def package_oldest_setuptools(session: nox.Session) -> None:
    """Build with the oldest setuptools that pyproject.toml allows, exactly that version, without isolation."""
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    (oldest,) = (m[1] for r in requires if (m := re.fullmatch(r"setuptools>=([\d.]+)", r)))
    session.install(f"setuptools=={oldest}", "build")
    with tempfile.TemporaryDirectory(prefix="cardrules-oldest-") as dist:
        session.run("python", "-m", "build", "--no-isolation", "--outdir", dist, str(ROOT), silent=True)
        session.run("python", str(SMOKE), "--wheel", *(str(p) for p in Path(dist).glob("*.whl")))


@nox.session
def bench(session: nox.Session) -> None:
    """Print the speed and memory figures of every game and preset (``-- --quick`` for a short run)."""
    session.install(".")
    session.run("python", "benchmarks/suite.py", *session.posargs)
    # Mulle's worst cases: the lazy legal moves on adversarial tables, by table size.
    session.run("python", "benchmarks/bench_mulle.py", *(a for a in session.posargs if a == "--quick"))
    # The learning environments next to the raw engine, PettingZoo's texas_holdem and OpenSpiel's hearts.
    session.install(".[rl]", *RL_PEERS)
    session.run("python", "benchmarks/bench_rl.py", *(a for a in session.posargs if a == "--quick"))


@nox.session
def strength(session: nox.Session) -> None:
    """
    The strength ladder, on request: easy, medium, hard, search, ismcts and OpenSpiel's ISMCTS and MCTS in a round
    robin, single rounds in duplicate, at an equal 0.1 s a decision and at each bot's own time (``-- --rounds 4``
    for more deals, ``--games mililla --time equal`` for a short run; ``--markdown docs/perf/strength.md`` publishes
    it on the bots guide). With ``--no-venv`` it runs in the environment at hand.
    """
    if session.venv_backend != "none":
        session.install(".[openspiel]")
    session.run("python", "benchmarks/strength.py", *session.posargs)


RL_PEERS = ("rlcard==1.2.0", "pygame", "open-spiel==2.0.2")
"""The RL benchmark's peers: PettingZoo's texas_holdem_v4 (it needs RLCard, and pygame to import); hearts."""


@nox.session
def ray(session: nox.Session) -> None:
    """The Ray adapter (``cardrules.bots.RayExecutor``) and simulate on it, with a local Ray on two CPUs."""
    session.install(".[tests,ray]")
    session.run("python", "-m", "pytest", "-q", "tests/ray", *session.posargs)


@nox.session
def dask(session: nox.Session) -> None:
    """simulate on a Dask ``Client.get_executor()``, with a ``distributed.LocalCluster`` of two workers."""
    session.install(".[tests,dask]")
    session.run("python", "-m", "pytest", "-q", "tests/dask", *session.posargs)


PEERS = ("open-spiel==2.0.2", "rlcard==1.2.0", "pokerkit==0.7.7")


@nox.session
def bench_peers(session: nox.Session) -> None:
    """Random play, decisions per second, side by side in one run: OpenSpiel, RLCard, PokerKit and ours."""
    session.install(".", *PEERS)
    session.run("python", "benchmarks/bench_peers.py", *session.posargs)


@nox.session
def report(session: nox.Session) -> None:
    """Regenerate the performance page's dated figures (docs/perf/*.md): every benchmark's ``--markdown``."""
    session.install(".[rl]", *PEERS, *RL_PEERS)  # bench_rl.py among them: the environments and their peers
    session.run("python", "benchmarks/report.py", *session.posargs)


FUZZ_TESTS = (
    "tests/edges/test_fuzz.py",
    "tests/edges/test_states.py::test_mutated_states_load_consistent_or_raise_invalid_record_error",
    "tests/records/test_records.py::test_mutated_records_never_crash",
    "tests/edges/test_messages.py::test_refusals_are_the_same_whatever_the_hidden_cards",
    "tests/edges/test_values.py::test_sample_state_of_an_observation_changed_by_hand",
)
"""The fuzz targets (docs/edges.md); ``FUZZ_EXAMPLES`` sets the examples per target (3,000 by default)."""


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
    tests = [t for t in FUZZ_TESTS if os.path.exists(t.split("::")[0])]
    session.run(
        "python", "-m", "pytest", "-q", "--hypothesis-show-statistics", *tests, *args,
        env={"HYPOTHESIS_PROFILE": "fuzz", "CI": ""},
    )  # fmt: skip
    session.log(f"fuzz: done, {seed}")


@nox.session(python=_python("3.11"))
def openspiel(session: nox.Session) -> None:
    """The OpenSpiel games' tests (``tests/rl/test_openspiel*.py``), with the rl and openspiel extras, on 3.11."""
    session.install(".[rl,openspiel,tests]")
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "rl").glob("test_openspiel*.py"))
    session.run("python", "-m", "pytest", "-q", "-n", "2", *tests, *session.posargs)
    # OpenSpiel's own example script, as its users run it: the game by its --game flag
    where = "import open_spiel, pathlib; print(pathlib.Path(open_spiel.__file__).parent / 'python/examples/mcts.py')"
    script = str(session.run("python", "-c", where, silent=True)).strip()
    session.run(
        "python", "-m", "cardrules.rl.openspiel", script, "--game=python_cardrules_mulle(target=0)",
        "--player1=mcts", "--player2=random", "--max_simulations=2", "--num_games=1", "--quiet", "--seed=3",
    )  # fmt: skip
