"""
The layout rules of the package (see the Design page of the docs): what may import what, the
same modules in every game, and modules of a readable size. Imports are read from the source,
function-level imports included, so a rule cannot be dodged by importing late.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.variants import GAMES

SRC = Path(__file__).resolve().parents[2] / "src" / "cardrules"
MAX_LINES = 650
"""No module runs much past 600 lines."""

GAME_MODULES = (
    "__init__", "_ruleset", "_rules", "_cards", "_state", "_deal", "_legal", "_reasons", "_play", "_score",
    "_observe", "_notation", "_check", "_sample", "_events", "_bot", "_view", "_position", "_picture",
    "_encoding", "_tensor", "_showcase", "_infer",
)  # fmt: skip
"""The modules every game package has, each with the same role (see the Design page)."""


def _module(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> Iterator[str]:
    """
    Every module *path* imports, anywhere in the file, as absolute dotted names; but those under
    ``if TYPE_CHECKING:``, which never run (the registry names the built-in games' types there).
    """
    package = _module(path) if path.name == "__init__.py" else _module(path).rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _typing_only(tree)
    for node in ast.walk(tree):
        if node in skip:
            continue
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


def test_only_the_registry_names_the_games_for_type_checking() -> None:
    """
    Outside the games, only the registry names a game even under ``TYPE_CHECKING`` (the types of
    get_game's overloads), and only the game packages themselves, never their private modules.
    """
    named: dict[str, set[str]] = {}
    for path in SOURCES:
        here = _module(path)
        if _game_of(here) is not None:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _typing_only(tree):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            named.setdefault(here, set()).update(n for n in names if _game_of(n) is not None)
    named = {k: v for k, v in named.items() if v}
    assert set(named) <= {"cardrules._registry"}, named
    assert all(name.count(".") == 1 for name in named.get("cardrules._registry", ())), named


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


def _module_graph() -> dict[str, set[str]]:
    """
    Each module of the package and the modules of the package it imports, counting imports inside
    functions too; only imports for type checking (under ``if TYPE_CHECKING:``) are left out.
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
    return graph


def test_no_import_circle() -> None:
    """
    The modules of the package import each other without a circle, counting imports inside
    functions too (an import moved into a function hides a circle, it does not remove it); only
    imports for type checking are left out.
    """
    graph = _module_graph()
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


MAX_BACK_ARROWS = 3
"""The most imports that may run back up the layers of the Design page (see its list of them)."""


def _parts() -> dict[str, tuple[str, ...]]:
    """The parts of the Design page's picture, top to bottom (``PARTS`` of ``docs/design_graph.py``)."""
    spec = importlib.util.spec_from_file_location("design_graph", SRC.parents[1] / "docs" / "design_graph.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    parts: dict[str, tuple[str, ...]] = module.PARTS
    return parts


def _back_arrows(graph: dict[str, set[str]], parts: dict[str, tuple[str, ...]]) -> list[tuple[str, str]]:
    """The imports of *graph* from a module of a lower part to one of a higher part, sorted."""
    layer = {member: i for i, members in enumerate(parts.values()) for member in members}

    def rank(module: str) -> int:
        head = module.split(".")[1] if "." in module else "__init__"
        return layer[head]

    return sorted((a, b) for a, deps in graph.items() for b in deps if rank(a) > rank(b))


def test_few_imports_run_back_up_the_layers() -> None:
    """
    Drawn in the Design page's layers (each part above the parts it uses), at most three imports
    of one module by another run back up, from a lower part to a higher one (the same reading of
    the imports as the test above).
    """
    back = _back_arrows(_module_graph(), _parts())
    shown = "\n".join(f"  {a} -> {b}" for a, b in back)
    assert len(back) <= MAX_BACK_ARROWS, f"{len(back)} imports run back up the layers:\n{shown}"


def test_back_arrows_are_found() -> None:
    """The rule above sees an import from a lower part to a higher one, and only such an import."""
    parts: dict[str, tuple[str, ...]] = {"top": ("bots",), "middle": ("engine",), "bottom": ("cards",)}
    graph = {"cardrules.cards": {"cardrules.engine._shapes"}, "cardrules.engine._shapes": {"cardrules.cards"}}
    graph |= {"cardrules.bots._base": {"cardrules.engine", "cardrules.cards"}, "cardrules.engine": {"cardrules.bots"}}
    found = _back_arrows(graph, parts)
    assert found == [("cardrules.cards", "cardrules.engine._shapes"), ("cardrules.engine", "cardrules.bots")]


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


def _named_caches() -> frozenset[str]:
    """The caches ``docs/design.md`` names in its section "No hidden state" (``module.function``, in backquotes)."""
    text = (SRC.parents[1] / "docs" / "design.md").read_text(encoding="utf-8")
    section = text.split("## No hidden state", 1)[1].split("\n## ", 1)[0]
    return frozenset(re.findall(r"`([\w.]+\.\w+)\(", section))


def _bounded(decorator: ast.expr) -> bool:
    """Whether an ``lru_cache`` decorator keeps a bounded number of answers (``maxsize=`` a number or a constant)."""
    if not isinstance(decorator, ast.Call):
        return False
    sizes = [k.value for k in decorator.keywords if k.arg == "maxsize"] + decorator.args[:1]
    return bool(sizes) and (
        isinstance(sizes[0], ast.Name) or (isinstance(sizes[0], ast.Constant) and isinstance(sizes[0].value, int))
    )


def _module_memos(source: str, module: str = "", named: frozenset[str] = frozenset()) -> list[str]:
    """
    What in a module's *source* keeps state between calls: a module-level container not declared a
    ``Final`` constant; a ``Final`` one that the module writes to; an ``lru_cache``/``cache``
    decorator, unless it is bounded and on a function *named* (``module.function``: the caches the
    design page names, pure functions keyed by their whole input); a class whose ``__missing__``
    stores the key (a mapping that fills itself as it is read).
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
                if name in _MEMO_DECORATORS and not (f"{module}.{node.name}" in named and _bounded(deco)):
                    found.append(f"{node.lineno}: {node.name} keeps its answers ({name})")
        if isinstance(node, ast.ClassDef) and any(
            isinstance(f, ast.FunctionDef) and f.name == "__missing__" and _writes_self(f) for f in node.body
        ):
            found.append(f"{node.lineno}: {node.name} fills itself as it is read (__missing__)")
    return found


@pytest.mark.parametrize("path", [p for p in SOURCES if _game_of(_module(p))], ids=lambda p: str(p.relative_to(SRC)))
def test_games_keep_no_module_memo(path: Path) -> None:
    """
    No game module keeps a memo at module level: its containers are Final constants it never writes
    to, and its only caches are the bounded ones the design page names.
    """
    module = _module(path).removeprefix("cardrules.")
    assert _module_memos(path.read_text(encoding="utf-8"), module, _named_caches()) == [], str(path.relative_to(SRC))


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


def test_only_named_bounded_caches_pass() -> None:
    """A cache passes only bounded and named on the design page; the page names at least the capture spaces."""
    cached = "import functools\n@functools.lru_cache(maxsize={size})\ndef space(k):\n    return k"
    named = frozenset({"mulle.x.space"})
    assert _module_memos(cached.format(size="_SPACES"), "mulle.x", named) == []
    assert _module_memos(cached.format(size=64), "mulle.x", named) == []
    assert _module_memos(cached.format(size=None), "mulle.x", named)  # unbounded
    assert _module_memos(cached.format(size=64), "mulle.y", named)  # not named
    assert _module_memos("import functools\n@functools.cache\ndef space(k):\n    return k", "mulle.x", named)
    assert "mulle._families.capture_space" in _named_caches()


def _written_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names *function* writes into (``name[k] = ...``, ``name.append(...)``) or rebinds (``nonlocal``)."""
    out: set[str] = set()
    for node in ast.walk(function):
        written: ast.expr | None = None
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            written = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS:
            written = node.func.value
        elif isinstance(node, ast.Nonlocal):
            out.update(node.names)
        if isinstance(written, ast.Name):
            out.add(written.id)
    return out


def _closure_memos(source: str) -> list[str]:
    """
    The functions in *source* that make and hand out a function remembering its calls: an inner
    function, returned, that writes into a container of the maker's (or rebinds its names with
    ``nonlocal``). Bound once at module level, such a function is a module-level memo in disguise.
    Not seen (reading the source cannot tell them from ordinary objects): a memo kept in the
    attributes of a module-level object, or set on a function object.
    """
    found: list[str] = []
    for maker in ast.walk(ast.parse(source)):
        if not isinstance(maker, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        containers: set[str] = set()
        for node in ast.walk(maker):
            if isinstance(node, ast.Assign) and _makes_container(node.value):
                containers |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            elif isinstance(node, ast.AnnAssign) and node.value is not None and _makes_container(node.value):
                containers |= {node.target.id} if isinstance(node.target, ast.Name) else set()
        returned = {
            node.value.id
            for node in ast.walk(maker)
            if isinstance(node, ast.Return) and isinstance(node.value, ast.Name)
        }
        for inner in maker.body:
            if not isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef) or inner.name not in returned:
                continue
            kept = _written_names(inner) & (
                containers | {n for s in ast.walk(inner) if isinstance(s, ast.Nonlocal) for n in s.names}
            )
            if kept:
                found.append(f"{inner.lineno}: {maker.name} hands out {inner.name}, which remembers {sorted(kept)}")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_function_remembers_its_calls(path: Path) -> None:
    """
    No module makes a function that keeps state between its calls in a closure (a last-call memo
    made by a helper): what is kept is kept in sight, on an object, as the observations keep their
    inferences.
    """
    assert _closure_memos(path.read_text(encoding="utf-8")) == [], str(path.relative_to(SRC))


_IDENTITY_CACHE = """
def identity_cache(compute):
    last = [None]

    def cached(observation):
        if last[0] is not None and last[0][0] is observation:
            return last[0][1]
        last[0] = (observation, compute(observation))
        return last[0][1]

    return cached
"""


@pytest.mark.parametrize(
    "source",
    [
        _IDENTITY_CACHE,
        "def memo(f):\n    seen = {}\n    def g(k):\n        return seen.setdefault(k, f(k))\n    return g",
        "def counter():\n    n = 0\n    def g():\n        nonlocal n\n        n += 1\n        return n\n    return g",
    ],
)
def test_closure_memos_are_found(source: str) -> None:
    """The rule above sees a closure that remembers (and a helper that only fills a result within one call passes)."""
    assert _closure_memos(source)
    within = "def f(xs):\n    out = []\n    def add(x):\n        out.append(x)\n    for x in xs:\n        add(x)\n"
    within += "    return out"
    assert _closure_memos(within) == []
    assert _closure_memos("def f(k):\n    def g(x):\n        return x + k\n    return g") == []


def _message_cuts(source: str) -> list[str]:
    """
    Where *source* cuts text at ``": "`` (``.split(": ")``, ``.partition(": ")``...), the way an
    error's message was once cut to get its detail back, or reads an exception's text (``str(exc)``)
    for its words: an error carries its parts as attributes (``field``, ``path``, ``detail``, ``rule``).
    """
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr in ("split", "rsplit", "partition", "rpartition")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value == ": "
        ):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ExceptHandler) and node.name:
            text = f"str({node.name})"
            for inner in ast.walk(node):
                if isinstance(inner, ast.Compare) and any(text == ast.unparse(c) for c in inner.comparators):
                    found.append(f"{inner.lineno}: {ast.unparse(inner)}")
                if isinstance(inner, ast.Attribute) and ast.unparse(inner.value) == text:
                    found.append(f"{inner.lineno}: {ast.unparse(inner)}")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_message_is_cut_up_as_data(path: Path) -> None:
    """Nothing takes an error's message apart: its detail is an attribute of the error."""
    assert _message_cuts(path.read_text(encoding="utf-8")) == [], str(path.relative_to(SRC))


@pytest.mark.parametrize(
    "source",
    [
        "try:\n    f()\nexcept ValueError as exc:\n    g(str(exc).split(': ', 1)[-1])",
        "def f(message):\n    return message.partition(': ')[2]",
        "try:\n    f()\nexcept ValueError as exc:\n    if 'is not a card of' in str(exc):\n        g()",
        "try:\n    f()\nexcept ValueError as e:\n    g(str(e).removeprefix('hands'))",
    ],
)
def test_message_cuts_are_found(source: str) -> None:
    """The rule above sees a message cut up or searched (and passing the message on whole passes)."""
    assert _message_cuts(source)
    assert _message_cuts("try:\n    f()\nexcept ValueError as exc:\n    g(exc.detail, str(exc))") == []


_CONSTRUCTION = frozenset({"__init__", "__new__", "__attrs_post_init__", "__setstate__"})
"""The methods that build an object: they may set its attributes."""

_CHANGING: dict[str, frozenset[str]] = {
    "_kit/inference.py": frozenset({"_Stats", "STATS"}),  # the sampler's counters, which a caller reads and resets
    "_options.py": frozenset({"check"}),  # a checker function, given the values it allows as it is made
    "bots/_ismcts.py": frozenset({"node"}),  # the search tree's nodes, which count their visits
    "bots/_ray.py": frozenset({"RayExecutor"}),  # an executor, shut down once
    "bots/_simulate.py": frozenset({"_Tally", "tally"}),  # the running tally of a tournament
    "bots/_solve.py": frozenset({"_Solver"}),  # one solve call's search, which counts the positions it visits
    "_reference/_conformance.py": frozenset({"EngineProcess", "_Asker"}),  # an engine process; the questions asked
    "mulle/_bot.py": frozenset({"_Public"}),  # one rollout's running count of the cards shown, local to it
    "rl/_gymnasium.py": frozenset({"CardrulesGymEnv"}),  # the environments: a match in progress
    "rl/_match.py": frozenset({"Match"}),
    "rl/_openspiel.py": frozenset({"_State", "new"}),  # (new: a state of OpenSpiel's, filled as it is made)
    "rl/_pettingzoo.py": frozenset({"CardrulesAECEnv"}),
    "rl/openspiel.py": frozenset({"sys"}),  # the command line, as absl reads it
}
"""
The objects that change after they are built, each in plain sight, by its class or the name the
code gives it: environments, tallies, a search tree, an executor. Every other object of the rules
(states, moves, legal moves, searches, rulesets) has its attributes set only while it is built.
"""


def _fresh(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names *function* binds to an object it makes itself (``out = cls(...)``, ``o = X.__new__(X)``)."""
    out: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            func = node.value.func
            if (isinstance(func, ast.Name) and func.id == "cls") or (
                isinstance(func, ast.Attribute) and func.attr == "__new__"
            ):
                out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return out


def _walk_outside_construction(function: ast.AST) -> Iterator[ast.AST]:
    """:func:`ast.walk` of *function*, less the functions inside it that build an object (``__attrs_post_init__``)."""
    todo = [function]
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not (isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) and child.name in _CONSTRUCTION):
                todo.append(child)


def _instance_memos(source: str, changing: frozenset[str] = frozenset()) -> list[str]:
    """
    Where *source* writes an attribute of an object after it is built (an instance memo, or any
    other change): ``self.x = ...``, ``self.x += ...`` or ``del self.x`` in a method that does not
    build the object (:data:`_CONSTRUCTION`), and ``obj.x = ...``, ``object.__setattr__(obj, ...)``
    or ``setattr(obj, ...)`` in any function but those, unless the function made *obj* itself (a
    constructor-like classmethod); and a slot's setter taken as a function (``X.attr.__set__``), which writes past
    any constructor. The methods of the classes named in *changing*, and the objects of the names
    in it, are not looked at.
    """
    tree = ast.parse(source)
    found: list[str] = []

    def look(function: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> None:
        if function.name in _CONSTRUCTION:
            return
        fresh = _fresh(function) | changing
        own = function.args.args[0].arg if method and function.args.args else None
        for node in _walk_outside_construction(function):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign | ast.Delete):
                targets = node.targets
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            for target in targets:
                for sub in ast.walk(target):
                    if (
                        isinstance(sub, ast.Attribute)
                        and isinstance(sub.ctx, ast.Store | ast.Del)
                        and isinstance(sub.value, ast.Name)
                        and (sub.value.id == own or sub.value.id not in fresh)
                    ):
                        found.append(f"{sub.lineno}: {function.name} writes {sub.value.id}.{sub.attr}")
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                setter = (isinstance(func, ast.Attribute) and func.attr == "__setattr__") or (
                    isinstance(func, ast.Name) and func.id == "setattr"
                )
                target = node.args[0]
                if setter and not (isinstance(target, ast.Name) and target.id in fresh):
                    found.append(f"{node.lineno}: {function.name} sets an attribute of {ast.unparse(target)}")

    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name not in changing:
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    look(item, True)
        elif isinstance(node, ast.Attribute) and node.attr == "__set__":
            found.append(f"{node.lineno}: takes a slot's setter, {ast.unparse(node)}")
    for item in tree.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
            look(item, False)
    return found


_RULES_CODE = [p for p in SOURCES if p.relative_to(SRC).parts[0] not in ("web", "cli", "i18n")]
"""The games, the kit, the engine, the bots, the environments and the helpers: not the front ends."""


@pytest.mark.parametrize("path", _RULES_CODE, ids=lambda p: str(p.relative_to(SRC)))
def test_no_object_is_written_after_it_is_built(path: Path) -> None:
    """
    No object of the rules is changed after it is built: no instance memo (a legal-move answer kept
    on a state, the move handed out last, a count worked out later), no slot written past the
    constructor. Construction may set attributes: ``__init__``, ``__new__``, ``__attrs_post_init__``,
    ``__setstate__``, and a classmethod on the object it has just made. The few objects that change
    by design (an environment's match, a tally) are named in :data:`_CHANGING`, with the reason.
    """
    rel = str(path.relative_to(SRC))
    assert _instance_memos(path.read_text(encoding="utf-8"), _CHANGING.get(rel, frozenset())) == [], rel


@pytest.mark.parametrize(
    "source",
    [
        "class M:\n    def __init__(self):\n        self._n = None\n    def n(self):\n        self._n = 1",
        "class M:\n    def sample(self, rng):\n        self._drawn = rng.random()",
        "class M:\n    def count(self):\n        self.total += 1",
        "class M:\n    def forget(self):\n        del self._sizes",
        "class M:\n    def keep(self, x):\n        object.__setattr__(self, '_x', x)",
        "def remember(state, answer):\n    object.__setattr__(state, '_legal', answer)",
        "def remember(state, answer):\n    setattr(state, '_legal', answer)",
        "class Slot:\n    __slots__ = ('_legal',)\nremember = Slot._legal.__set__",
        "def steps(moves):\n    moves._steps = {}",
        "def drawn(state, move):\n    seen = moves = legal(state)\n    moves._drawn = move",
    ],
)
def test_instance_memos_are_found(source: str) -> None:
    """The rule above sees each way to write an object after it is built (and construction passes)."""
    assert _instance_memos(source)
    built = "class M:\n    def __init__(self, x):\n        self._x = x\n    def __attrs_post_init__(self):\n"
    built += "        object.__setattr__(self, '_y', 1)\n    @classmethod\n    def make(cls, x):\n"
    built += "        out = cls(x)\n        object.__setattr__(out, '_z', x)\n        return out"
    assert _instance_memos(built) == []
    assert _instance_memos("class M:\n    def n(self):\n        self._n = 1", frozenset({"M"})) == []
