"""
The layout rules of the package (see the Design page of the docs): what may import what, the
same modules in every game, and modules of a readable size. Imports are read from the source,
function-level imports included, so a rule cannot be dodged by importing late.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.variants import GAMES

SRC = Path(__file__).resolve().parents[2] / "src" / "cardrules"
MAX_LINES = 650
"""No module runs much past 600 lines."""

GAME_MODULES = (
    "__init__", "_ruleset", "_rules", "_cards", "_state", "_deal", "_legal", "_play", "_score",
    "_observe", "_notation", "_check", "_sample", "_events", "_bot", "_view", "_position", "_picture",
    "_encoding", "_tensor", "_demo", "_infer",
)  # fmt: skip
"""The modules every game package has, each with the same role (see the Design page)."""


def _module(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> Iterator[str]:
    """Every module *path* imports, anywhere in the file, as absolute dotted names."""
    package = _module(path) if path.name == "__init__.py" else _module(path).rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            yield name
            yield from (f"{name}.{alias.name}" for alias in node.names)


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "cardrules" and parts[1] in GAMES else None


SOURCES = sorted(SRC.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(SRC)))
def test_import_rules(path: Path) -> None:
    """Shared modules import no game; a game imports no other game, nor the bots, the CLI or the terminal."""
    here = _module(path)
    own = _game_of(here)
    for name in _imports(path):
        other = _game_of(name)
        if own is None:
            assert other is None, f"{here} (shared) imports the game module {name}"
            continue
        assert other in (None, own), f"{here} imports another game: {name}"
        for banned in ("cardrules.bots", "cardrules.cli", "cardrules.web"):
            assert not (name == banned or name.startswith(banned + ".")), f"{here} imports {name}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(SRC)))
def test_modules_are_of_a_readable_size(path: Path) -> None:
    """No module runs much past 600 lines."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(SRC)} has {lines} lines"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_modules(game: str) -> None:
    """A reader who knows one game knows where everything is in the others."""
    have = {p.stem for p in (SRC / game).glob("*.py")}
    missing = set(GAME_MODULES) - have
    assert not missing, f"{game} lacks {sorted(missing)}"


def _typing_only(tree: ast.Module) -> set[ast.AST]:
    """The import statements under ``if TYPE_CHECKING:`` (they never run, so they make no circle)."""
    out: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out |= {n for stmt in node.body for n in ast.walk(stmt)}
    return out


def test_no_import_circle() -> None:
    """
    The modules of the package import each other without a circle, counting imports inside
    functions too (an import moved into a function hides a circle, it does not remove it); only
    imports for type checking are left out.
    """
    graph: dict[str, set[str]] = {}
    known = {_module(p) for p in SOURCES}
    for path in SOURCES:
        deps = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _typing_only(tree)
        for stmt in ast.walk(tree):
            if stmt in skip:
                continue
            names = []
            if isinstance(stmt, ast.Import):
                names = [a.name for a in stmt.names]
            elif isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
                # "from package import module" depends on that module (the package is already loading)
                subs = [f"{stmt.module}.{a.name}" for a in stmt.names]
                names = [n for n in subs if n in known] or [stmt.module]
            deps |= {n for n in names if n in known}
        graph[_module(path)] = deps - {_module(path)}
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                raise AssertionError("import circle: " + " -> ".join([*trail[trail.index(dep) :], dep]))
            if dep not in state:
                visit(dep, [*trail, dep])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def test_the_root_has_rooms() -> None:
    """At most 14 modules at the package root: the public ones and a few private ones; the rest in packages."""
    root = sorted(p.name for p in SRC.glob("*.py"))
    assert len(root) <= 14, f"{len(root)} modules at the root: {root}"


@pytest.mark.parametrize("path", [p for p in SOURCES if _game_of(_module(p))], ids=lambda p: str(p.relative_to(SRC)))
def test_games_rebind_no_module_state(path: Path) -> None:
    """No game module rebinds a module-level name at run time (``global``): nothing remembers the last call."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        assert not isinstance(node, ast.Global), f"{path.relative_to(SRC)}:{node.lineno} rebinds {node.names}"


_CONTAINERS = frozenset({"dict", "list", "set", "OrderedDict", "defaultdict", "Counter", "deque", "bytearray"})
_MUTATORS = frozenset(
    {"append", "extend", "insert", "pop", "popitem", "clear", "update", "setdefault", "add", "discard", "remove"}
    | {"move_to_end", "sort", "reverse", "__setitem__", "__delitem__"}
)
_MEMO_DECORATORS = frozenset({"lru_cache", "cache"})


def _makes_container(node: ast.expr) -> bool:
    """Whether *node* builds a mutable container: a display, a comprehension, or a call of a container type."""
    if isinstance(node, ast.Dict | ast.List | ast.Set | ast.DictComp | ast.ListComp | ast.SetComp):
        return True
    if isinstance(node, ast.BinOp):
        return _makes_container(node.left) or _makes_container(node.right)
    if isinstance(node, ast.Call):
        func = node.func
        return (func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)) in _CONTAINERS
    return False


def _writes_self(method: ast.FunctionDef) -> bool:
    """Whether *method* stores an item in ``self`` (``self[key] = ...``)."""
    return any(
        isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store) and ast.unparse(n.value) == "self"
        for n in ast.walk(method)
    )


def _module_memos(source: str) -> list[str]:
    """
    What in a module's *source* keeps state between calls: a module-level container not declared a
    ``Final`` constant; a ``Final`` one that the module writes to; an ``lru_cache``/``cache``
    decorator; a class whose ``__missing__`` stores the key (a mapping that fills itself as it is read).
    """
    tree = ast.parse(source)
    found: list[str] = []
    constants: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign):
            value, targets, declared = stmt.value, stmt.targets, ""
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            value, targets, declared = stmt.value, [stmt.target], ast.unparse(stmt.annotation).split("[")[0]
        else:
            continue
        if not _makes_container(value):
            continue
        names = [t.id for t in targets if isinstance(t, ast.Name) and t.id != "__all__"]
        final = declared in ("Final", "typing.Final")
        if final:
            constants.update(names)
        else:
            found += [f"{stmt.lineno}: {name} is a module-level container, not a Final constant" for name in names]
    for node in ast.walk(tree):
        written: ast.expr | None = None
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            written = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS:
            written = node.func.value
        if isinstance(written, ast.Name) and written.id in constants:
            found.append(f"{written.lineno}: writes to the constant {written.id}")
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for deco in node.decorator_list:
                target = deco.func if isinstance(deco, ast.Call) else deco
                name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", None)
                if name in _MEMO_DECORATORS:
                    found.append(f"{node.lineno}: {node.name} keeps its answers ({name})")
        if isinstance(node, ast.ClassDef) and any(
            isinstance(f, ast.FunctionDef) and f.name == "__missing__" and _writes_self(f) for f in node.body
        ):
            found.append(f"{node.lineno}: {node.name} fills itself as it is read (__missing__)")
    return found


@pytest.mark.parametrize("path", [p for p in SOURCES if _game_of(_module(p))], ids=lambda p: str(p.relative_to(SRC)))
def test_games_keep_no_module_memo(path: Path) -> None:
    """No game module keeps a memo at module level: its containers are Final constants it never writes to."""
    assert _module_memos(path.read_text(encoding="utf-8")) == [], str(path.relative_to(SRC))


@pytest.mark.parametrize(
    "source",
    [
        "_SEEN: dict[int, int] = {}",
        "_SEEN = {}",
        "_LAST = [None]",
        "_SEEN = OrderedDict()",
        "_T: Final = {}\ndef f(k):\n    _T[k] = 1",
        "_T: Final = {}\ndef f(k):\n    _T.setdefault(k, 1)",
        "_T: Final = [0] * 4\ndef f():\n    _T.append(1)",
        "import functools\n@functools.lru_cache(maxsize=None)\ndef f(k):\n    return k",
        "from functools import cache\n@cache\ndef f(k):\n    return k",
        "class _Fill(dict):\n    def __missing__(self, k):\n        self[k] = k\n        return k",
    ],
)
def test_module_memos_are_found(source: str) -> None:
    """The rule above sees each kind of memo (and a constant read at import only passes)."""
    assert _module_memos(source)
    assert _module_memos("_T: Final = {1: 2}\n_U: Final = (1, 2)\ndef f(k):\n    return _T[k]") == []
    assert _module_memos("class _Default(dict):\n    def __missing__(self, k):\n        return 0") == []
