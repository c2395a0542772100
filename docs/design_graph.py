"""
Write the Design page's picture of the package: its parts and the imports between them, read from
the source (function-level imports included, imports for type checking left out).
``python docs/design_graph.py`` prints the Graphviz text; with ``--svg`` it also renders
``docs/_static/design.svg`` (needs Graphviz's ``dot``). A test checks that
``docs/_static/design.dot`` is what this script prints, so the picture is the code's; another
counts the imports that run back up the parts, in the order of :data:`PARTS`.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "cardrules"


def _built_in_games() -> tuple[str, ...]:
    """The built-in games, read from the registry's ``BUILTIN`` (the one list of them), in its order."""
    tree = ast.parse((SRC / "_registry.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and ast.unparse(node.target) == "BUILTIN":
            assert isinstance(node.value, ast.Dict)
            return tuple(ast.literal_eval(key) for key in node.value.keys if key is not None)
    raise LookupError("no BUILTIN in _registry.py")


GAMES = _built_in_games()

PARTS = {
    "cardrules": ("__init__",),
    "front ends": ("cli", "__main__"),
    "web table": ("web",),
    "learning": ("rl",),
    "bots": ("bots",),
    "records": ("records",),
    "reference": ("_reference",),
    "registry": ("_registry", "_state_text", "_worlds"),
    "games": GAMES,
    "game kit": ("_kit",),
    "languages": ("i18n",),
    "engine": ("engine",),
    "helpers": ("_serial", "_messages", "_common", "_options"),
    "foundations": ("cards", "rules", "errors", "_words"),
}
"""The parts of the picture, top to bottom, and the modules (or packages) in each."""

LABELS = {
    "cardrules": "cardrules\\nthe public names",
    "front ends": "front ends\\ncli: the command line and the terminal table",
    "web table": "web table (the web extra)\\nStarlette app, JSON API, SQLite",
    "bots": "bots\\nrandom, greedy, search, simulate",
    "learning": "rl\\nPettingZoo, Gymnasium, OpenSpiel",
    "records": "records\\nJSON records, replay, verify",
    "reference": "reference\\ntest vectors, perft, engine protocol, conformance",
    "languages": "i18n: the languages\\ncatalogs, render, the language's choice",
    "registry": "registry\\nget_game, entry points, dumps/loads, sample_state",
    "games": "one package per game\\n" + ", ".join(GAMES),
    "game kit": "_kit: what the games share\\nposition checks, narration, SVG, styles",
    "engine": "engine: the game contract and its types\\nGameSpec, Game, LegalMoves, Score, Event, bundles, encodings",
    "helpers": "helpers\\n_serial, _messages, _common, _options",
    "foundations": "foundations\\ncards, rules, errors",
}


def part_of(path: Path) -> str:
    rel = path.relative_to(SRC)
    head = rel.parts[0].removesuffix(".py")
    for part, members in PARTS.items():
        if head in members:
            return part
    raise KeyError(f"{rel} is in no part of the picture: add it to PARTS")


def _typing_only(tree: ast.Module) -> set[ast.AST]:
    """The nodes under ``if TYPE_CHECKING:``: imports that never run, left out as the layout tests leave them out."""
    out: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out |= {n for stmt in node.body for n in ast.walk(stmt)}
    return out


def _imported(path: Path) -> set[str]:
    out: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _typing_only(tree)
    for node in ast.walk(tree):
        if node in skip:
            continue
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            parts = name.split(".")
            if (
                parts[0] == "cardrules"
                and len(parts) > 1
                and (SRC / parts[1]).with_suffix(".py").exists() | (SRC / parts[1]).is_dir()
            ):
                out.add(parts[1])
    return out


def edges() -> list[tuple[str, str]]:
    """``(importer, imported)`` between parts, sorted."""
    found: set[tuple[str, str]] = set()
    for path in SRC.rglob("*.py"):
        here = part_of(path)
        for module in _imported(path):
            there = part_of(SRC / (module if (SRC / module).is_dir() else f"{module}.py"))
            if there != here:
                found.add((here, there))
    return sorted(found)


def dot() -> str:
    lines = [
        "digraph cardrules {",
        '  graph [rankdir=TB, fontname="Helvetica", nodesep=0.4, ranksep=0.45];',
        '  node [shape=box, style="rounded,filled", fillcolor="#eef3f8", fontname="Helvetica", fontsize=11];',
        '  edge [color="#5a6b7b", arrowsize=0.7];',
    ]
    for part in PARTS:
        colour = ', fillcolor="#fdf1d6"' if part == "games" else ""
        lines.append(f'  "{part}" [label="{LABELS[part]}"{colour}];')
    lines += [f'  "{a}" -> "{b}";' for a, b in edges()]
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    text = dot()
    sys.stdout.write(text)
    if "--svg" in sys.argv:
        (ROOT / "docs" / "_static" / "design.dot").write_text(text, encoding="utf-8")
        # tred leaves out the arrows that others imply (a -> b -> c makes a -> c go without saying)
        reduced = subprocess.run(["tred"], input=text, capture_output=True, text=True, check=True).stdout
        # not an import: the registry loads each game by its entry point's text, on first use
        loads = '  "registry" -> "games" [style=dashed, label=" loads by name", fontsize=10, constraint=false];\n'
        reduced = reduced[: reduced.rindex("}")] + loads + "}\n"
        svg = subprocess.run(["dot", "-Tsvg"], input=reduced, capture_output=True, text=True, check=True).stdout
        (ROOT / "docs" / "_static" / "design.svg").write_text(svg, encoding="utf-8")
