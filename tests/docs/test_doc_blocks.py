"""Every code block of the documentation runs as written, pasted alone into a fresh interpreter.

Each block runs in its own subprocess: no setup from the Sphinx configuration, no names left by
the blocks before it. ``python`` blocks run as a script; ``pycon`` and ``{doctest}`` blocks, and the
examples in the docstrings that the API reference shows, run through ``python -m doctest`` with
the same option flags as the Sphinx doctest builder.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import os
import re
import runpy
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

import pytest

from tests.package.test_public_names import NEEDS_EXTRA, PUBLIC_MODULES

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(
    [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "src").rglob("rules.md")]
)
PAGES = [p for p in PAGES if "_build" not in p.parts]

FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>[^`\n]*)$")
SCRIPT = {"python", "py", "python3", "{code-block} python", "{code} python", "{sourcecode} python"}
DOCTEST = {"pycon", "{doctest}"}
# Blocks that are not Python: shell commands, sample output and formats, and MyST directives.
NOT_PYTHON = {
    "sh",
    "console",
    "text",
    "json",
    "toml",
    "yaml",
    "{eval-rst}",
    "{toctree}",
    "{include}",
    "{literalinclude}",
    "{ruleset-options}",
    "{image}",
}
DOCTEST_FLAGS = ("ELLIPSIS", "IGNORE_EXCEPTION_DETAIL", "DONT_ACCEPT_TRUE_FOR_1")
# What an example needs beyond the tests extra, by the module it imports: the learning environments
# and OpenSpiel import their libraries only when used. Such examples run where the extra is installed:
# CI runs this file again once every extra is in its venv, with CARDRULES_EXTRAS_REQUIRED=1.
EXTRA_IMPORTS = {
    "cardrules.rl": ("numpy", "gymnasium", "pettingzoo"),
    "cardrules.web": ("starlette",),
}
# A top-level import of a script, or one at a ``>>>`` prompt (a guarded, indented import is the block's own).
IMPORTED = re.compile(r"^(?:[ \t]*>>> )?(?:from|import)[ \t]+([A-Za-z_][\w.]*)", re.M)


def _missing_extra(code: str) -> str | None:
    """The first library *code* imports (or needs through a cardrules module) that is not installed."""
    for name in IMPORTED.findall(code):
        needs = [n for prefix, mods in EXTRA_IMPORTS.items() if (name + ".").startswith(prefix + ".") for n in mods]
        if not name.startswith("cardrules"):
            needs.append(name.split(".")[0])
        for module in needs:
            if importlib.util.find_spec(module) is None:
                return module
    return None


def _needs_extra(code: str) -> None:
    """Skip an example whose extra is not installed, unless CI asks for every extra."""
    missing = _missing_extra(code)
    if missing is not None:
        if os.environ.get("CARDRULES_EXTRAS_REQUIRED"):
            pytest.fail(f"{missing} is not installed, and CARDRULES_EXTRAS_REQUIRED is set")
        pytest.skip(f"needs {missing}, from one of the optional extras")


class Block(NamedTuple):
    """One fenced code block of a page."""

    page: Path
    line: int
    info: str
    code: str

    @property
    def label(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def kind(self) -> str:
        """The language, or the MyST directive (with its language, for a code block)."""
        return _kind(self.info)


def _kind(info: str) -> str:
    words = info.split()
    if not words:
        return ""
    if words[0] in {"{code-block}", "{code}", "{sourcecode}"}:
        return " ".join(words[:2])
    return words[0]


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of a Markdown page, with their first line; fences nested in directives too."""
    found: list[Block] = []
    stack: list[tuple[str, str, int, list[str]]] = []  # fence, info, first line, body
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        match = FENCE.match(line)
        closes = match is not None and bool(stack) and not match["info"].strip()
        if closes and match is not None and match["fence"].startswith(stack[-1][0]):
            _, info, start, body = stack.pop()
            found.append(Block(page, start, info, "\n".join(body) + "\n"))
        elif match is not None and (not stack or _is_container(stack[-1][1])):  # an opening fence
            stack.append((match["fence"], match["info"].strip(), number, []))
        elif stack:
            stack[-1][3].append(line)
    assert not stack, f"{page}: the code fence of line {stack[-1][2]} is never closed"
    return found


def _is_container(info: str) -> bool:
    """A MyST directive whose body is Markdown (an admonition, say), which may hold code blocks."""
    kind = _kind(info)
    return kind.startswith("{") and kind not in SCRIPT | DOCTEST | NOT_PYTHON


ALL_BLOCKS = [b for page in PAGES for b in blocks(page)]
RUNNABLE = [b for b in ALL_BLOCKS if b.kind in SCRIPT | DOCTEST]


def _load_extension() -> ModuleType:
    """The docs' extension that shows each docstring example with the imports it needs."""
    spec = importlib.util.spec_from_file_location(
        "cardrules_examples", ROOT / "docs" / "_ext" / "cardrules_examples.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


EXAMPLES = _load_extension()


def _docstring_examples() -> list[tuple[str, str]]:
    """(name, example text as the API reference shows it) of every public object with ``>>>`` examples."""
    finder = doctest.DocTestFinder(recurse=True)
    found: dict[str, str] = {}
    seen: set[int] = set()
    for module_name in PUBLIC_MODULES:
        if module_name in NEEDS_EXTRA and importlib.util.find_spec(NEEDS_EXTRA[module_name]) is None:
            continue  # its examples run where its extra is installed
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if isinstance(obj, ModuleType):
                continue
            for test in finder.find(obj, f"{module_name}.{name}"):
                key = id(test.docstring)
                if not test.examples or test.docstring is None or key in seen:
                    continue
                seen.add(key)
                lines = EXAMPLES.with_imports(test.docstring.splitlines(), EXAMPLES.public_module(test.name))
                found[test.name] = "\n".join(lines) + "\n"
    return sorted(found.items())


DOCSTRINGS = _docstring_examples()


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, timeout=300, check=False)


def _run_doctest(text: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "block.txt"
    path.write_text(text, encoding="utf-8")
    flags = [arg for flag in DOCTEST_FLAGS for arg in ("-o", flag)]
    return _run(["-m", "doctest", *flags, str(path)], tmp_path)


def test_the_pages_have_runnable_blocks() -> None:
    """The extraction finds the blocks: the tutorial's, the how-tos' and the README's."""
    labels = {b.label.split(":")[0] for b in RUNNABLE}
    assert {"README.md", "docs/tutorial.md", "docs/howto/dispute.md", "docs/howto/bot.md"} <= labels
    assert len([b for b in RUNNABLE if b.page.name == "tutorial.md"]) >= 5
    assert {"cardrules.records.verify", "cardrules.bots.Bot", "cardrules.mulle.new_game"} <= {n for n, _ in DOCSTRINGS}


@pytest.mark.parametrize("block", ALL_BLOCKS, ids=[b.label for b in ALL_BLOCKS])
def test_every_code_block_is_run_or_is_not_python(block: Block) -> None:
    """A fence is Python (and run below) or of a kind that is not Python, so none escapes by its name."""
    assert block.kind in SCRIPT | DOCTEST | NOT_PYTHON, f"{block.label}: unknown code block {block.info!r}"


# A block that searches a whole match on several processes (``parallel(``) takes half a minute of
# CPU and more: it is marked long, so the README's command skips it and ``nox -s tests_long`` runs it.
SLOW = re.compile(r"\bparallel\(")


def _runnable(block: Block) -> object:
    return pytest.param(block, id=block.label, marks=[pytest.mark.long] if SLOW.search(block.code) else [])


@pytest.mark.parametrize("block", [_runnable(b) for b in RUNNABLE])
def test_doc_block_runs_alone_in_a_fresh_interpreter(block: Block, tmp_path: Path) -> None:
    """The block, alone, in a new ``python`` process started in an empty folder, runs and prints what it shows."""
    _needs_extra(block.code)
    if block.kind in DOCTEST:
        result = _run_doctest(block.code, tmp_path)
    else:
        (tmp_path / "block.py").write_text(block.code, encoding="utf-8")
        result = _run(["block.py"], tmp_path)
    assert 0 == result.returncode, f"{block.label} fails alone:\n{result.stdout}{result.stderr}"


@pytest.mark.parametrize(("name", "docstring"), DOCSTRINGS, ids=[name for name, _ in DOCSTRINGS])
def test_docstring_example_runs_alone(name: str, docstring: str, tmp_path: Path) -> None:
    """The ``>>>`` example of a docstring (shown in the API reference) runs alone, with no setup."""
    _needs_extra(docstring)
    result = _run_doctest(docstring, tmp_path)
    assert 0 == result.returncode, f"the example of {name} fails alone:\n{result.stdout}{result.stderr}"


def test_sphinx_doctests_have_no_hidden_setup() -> None:
    """The docs build gives the doctests no names of its own: what a page uses, it imports."""
    conf = runpy.run_path(str(ROOT / "docs" / "conf.py"))
    assert not conf.get("doctest_global_setup", "").strip()
    assert not conf.get("doctest_global_cleanup", "").strip()


@pytest.mark.parametrize("block", [b for b in ALL_BLOCKS if b.kind in {"sh", "console"}], ids=lambda b: b.label)
def test_install_commands_install_from_the_checkout(block: Block) -> None:
    """cardrules is not on a package index yet: a documented ``pip install`` takes it from the checkout."""
    for line in block.code.splitlines():
        for command in re.findall(r"pip install ([^&|;#\n]*)", line):
            named = [arg for arg in command.split() if re.match(r"""["']?cardrules\b""", arg)]
            assert named == [], f"{block.label}: {line.strip()!r} asks a package index for cardrules"
