"""The package's metadata tells the truth: versions tested, licence, citation, build requirements."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.version import Version

from tests import smoke_installed

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


def _nox_pythons() -> tuple[str, ...]:
    """The Python versions that ``nox -s tests`` runs the suite on (PYTHONS in noxfile.py)."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "PYTHONS" for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return tuple(str(v) for v in value)
    raise AssertionError("noxfile.py defines no PYTHONS")


def test_classifiers_name_exactly_the_tested_pythons() -> None:
    """The Python classifiers are the versions the test sessions run, and requires-python starts at the oldest."""
    prefix = "Programming Language :: Python :: 3."
    claimed = sorted(
        (c.removeprefix("Programming Language :: Python :: ") for c in PROJECT["classifiers"] if c.startswith(prefix)),
        key=Version,
    )
    tested = sorted(_nox_pythons(), key=Version)
    assert claimed == tested
    assert PROJECT["requires-python"] == f">={tested[0]}"


def test_classifiers_say_status_audience_and_platform() -> None:
    """Maturity, audience and platform are stated; the licence is an SPDX expression, not a classifier."""
    kinds = {c.split(" :: ")[0] for c in PROJECT["classifiers"]}
    assert {"Development Status", "Intended Audience", "Operating System", "Programming Language", "Typing"} <= kinds
    assert "License" not in kinds  # setuptools rejects a licence classifier next to a licence expression
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]


def test_licence_text_is_mit_for_the_authors() -> None:
    """LICENSE holds the MIT licence, with the copyright of the authors that pyproject.toml names."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text
    assert re.search(r"^Copyright \(c\) \d{4} The cardrules developers$", text, re.M)
    assert PROJECT["authors"] == [{"name": "The cardrules developers"}]


def test_build_requires_a_setuptools_that_reads_the_licence_expression() -> None:
    """``license = "MIT"`` needs setuptools 77 or newer (the first published is 77.0.1; CI builds with exactly it)."""
    (requirement,) = PYPROJECT["build-system"]["requires"]
    match = re.fullmatch(r"setuptools>=([\d.]+)", requirement)
    assert match is not None, requirement
    assert Version(match[1]) >= Version("77.0.1")


def test_citation_matches_the_package() -> None:
    """CITATION.cff is CFF 1.2.0, with the package's version, licence and authors."""
    text = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    fields = dict(re.findall(r'^([a-z-]+): "?([^"\n]*)"?$', text, re.M))
    assert fields["cff-version"] == "1.2.0"
    assert fields["version"] == PROJECT["version"]
    assert fields["license"] == PROJECT["license"]
    assert '  - name: "The cardrules developers"' in text


def test_files_a_stranger_looks_for_exist() -> None:
    """The licence, the security policy, the contribution guide, the citation and the docs hosting config."""
    for name in ("LICENSE", "SECURITY.md", "CONTRIBUTING.md", "CITATION.cff", ".readthedocs.yaml"):
        assert (ROOT / name).is_file(), name
    security = (ROOT / "SECURITY.md").read_text(encoding="utf-8")
    assert "private security advisory" in security
    assert "What the library promises at its edges" in security


def test_smoke_script_plays_every_game(tmp_path: Path) -> None:
    """The script CI runs on the installed wheel plays a whole match of each game."""
    script = ROOT / "tests" / "smoke_installed.py"
    result = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False
    )
    assert 0 == result.returncode, result.stderr
    assert result.stdout.strip().endswith("every game plays")
    assert len(result.stdout.splitlines()) == 4


def test_wheel_check_finds_a_missing_licence(tmp_path: Path) -> None:
    """The wheel check that CI runs fails on a wheel without the licence text, and passes one with it."""
    bad, good = tmp_path / "bad.whl", tmp_path / "good.whl"
    with zipfile.ZipFile(bad, "w") as zf:
        zf.writestr("cardrules/py.typed", "")
        zf.writestr("cardrules-0.1.0.dist-info/METADATA", "")
    with zipfile.ZipFile(good, "w") as zf:
        zf.writestr("cardrules/py.typed", "")
        zf.writestr("cardrules-0.1.0.dist-info/licenses/LICENSE", "MIT License")
        for path in smoke_installed._files(smoke_installed.STATIC):  # the web table's browser files
            zf.writestr(f"cardrules/web/static/{path.relative_to(smoke_installed.STATIC).as_posix()}", "")
        for path in smoke_installed._files(smoke_installed.LOCALE):  # the compiled language catalogs
            zf.writestr(f"cardrules/i18n/locale/{path.relative_to(smoke_installed.LOCALE).as_posix()}", "")
        for path in smoke_installed._files(smoke_installed.REFERENCE):  # the test vectors and their schemas
            zf.writestr(f"cardrules/_reference/{path.relative_to(smoke_installed.REFERENCE).as_posix()}", "")
    with pytest.raises(AssertionError, match="LICENSE"):
        smoke_installed.check_wheel(bad)
    smoke_installed.check_wheel(good)


def test_the_built_in_games_are_listed_once_in_the_registry() -> None:
    """cardrules declares no ``cardrules.games`` entry points: those are for plugins; the registry lists its own."""
    from cardrules import _registry

    assert "cardrules.games" not in PROJECT.get("entry-points", {})
    packages = {p.parent.name for p in (ROOT / "src" / "cardrules").glob("*/rules.md")}
    assert set(_registry.BUILTIN) == packages
    assert all(target == f"cardrules.{name}:GAME" for name, target in _registry.BUILTIN.items())
