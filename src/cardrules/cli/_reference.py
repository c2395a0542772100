"""
The commands that let another program check itself against cardrules: ``vectors write`` (the test
vectors), ``perft`` (counting move sequences), ``engine`` (the JSON-lines engine protocol) and
``conformance`` (another engine asked every question of the vectors).
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path
from typing import TextIO

from cardrules._reference import _conformance, _perft, _protocol, _vectors
from cardrules._reference._common import AnyGame
from cardrules.cli._positions import position_text
from cardrules.errors import InvalidOptionError, UnsupportedError
from cardrules.i18n import DEFAULT, translation


def shipped_vectors() -> Path:
    """The directory of the test vectors shipped with cardrules."""
    return Path(str(resources.files("cardrules._reference") / "vectors"))


def _lang(args: argparse.Namespace) -> str:
    lang = getattr(args, "lang", None)
    return lang if isinstance(lang, str) else DEFAULT


def vectors_write(args: argparse.Namespace, out: TextIO) -> int:
    """``cardrules vectors write DIR``: write the corpus and say how many vectors and which rule ids they cover."""
    tr = translation(_lang(args))
    result = _vectors.write_corpus(Path(args.directory))
    manifest = result["manifest"]
    said = tr.gettext("{format} version {version} in {directory}")
    print(said.format(format=_vectors.FORMAT, version=manifest["version"], directory=args.directory), file=out)
    for name, entry in manifest["files"].items():
        vectors = tr.ngettext("{count} vector", "{count} vectors", entry["vectors"]).format(count=entry["vectors"])
        n = len(entry["rulesets"])
        rulesets = tr.ngettext("{count} ruleset", "{count} rulesets", n).format(count=n)
        print(f"  {name}: {vectors}, {rulesets}", file=out)
    total = covered_total = 0
    decide = tr.gettext("{game}: {covered} of {count} rule ids decide in some vector")
    for game, entry in result["coverage"].items():
        rules = entry["rules"]
        covered = sum(1 for n in rules.values() if n)
        total, covered_total = total + len(rules), covered_total + covered
        print(decide.format(game=game, covered=covered, count=len(rules)), file=out)
        for rule in entry["definitions"]:  # why each is a definition: coverage.json says it
            print("  " + tr.gettext("{rule}: a definition that another rule applies").format(rule=rule), file=out)
        if entry["uncovered"]:
            print("  " + tr.gettext("in none: {rules}").format(rules=", ".join(entry["uncovered"])), file=out)
    said = tr.gettext("in all: {covered} of {count} rule ids decide in some vector")
    print(said.format(covered=covered_total, count=total), file=out)
    return 0


def _game_and_state(args: argparse.Namespace) -> tuple[AnyGame, object]:
    return _perft.perft_of(position_text(args.position), args.depth)


def perft(args: argparse.Namespace, out: TextIO) -> int:
    """``cardrules perft POSITION DEPTH [--divide]``."""
    game, state = _game_and_state(args)
    if args.divide:
        rows = _perft.divide(game, state, args.depth)
        total = sum(n for _, n in rows)
        if args.json:
            print(json.dumps({"depth": args.depth, "divide": dict(rows), "total": total}), file=out)
        else:
            for move, n in rows:
                print(f"{move}: {n}", file=out)
            print(translation(_lang(args)).gettext("total: {count}").format(count=total), file=out)
        return 0
    total = _perft.perft(game, state, args.depth)
    print(json.dumps({"depth": args.depth, "total": total}) if args.json else total, file=out)
    return 0


def engine(args: argparse.Namespace) -> int:
    """``cardrules engine``: answer protocol requests from standard input until it ends."""
    if sys.stdin is None or sys.stdout is None:
        raise UnsupportedError("the engine needs standard input and output", "engine")
    return _protocol.serve(sys.stdin.buffer, sys.stdout)


def conformance(args: argparse.Namespace, out: TextIO) -> int:
    """``cardrules conformance [--vectors DIR] -- COMMAND...``: 0 if the engine agrees on every question, else 1."""
    command = list(args.command or [])
    if command[:1] == ["--"]:
        command = command[1:]
    if not command:
        raise InvalidOptionError("give the engine's command after --, such as: cardrules conformance -- ./my-engine")
    directory = Path(args.vectors) if args.vectors else shipped_vectors()
    report = _conformance.check(command, _conformance.read_vectors(directory), args.timeout)
    _conformance.print_report(report, out, _lang(args))
    return 1 if report.disagreements else 0
