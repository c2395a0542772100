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


def shipped_vectors() -> Path:
    """The directory of the test vectors shipped with cardrules."""
    return Path(str(resources.files("cardrules._reference") / "vectors"))


def vectors_write(args: argparse.Namespace, out: TextIO) -> int:
    """``cardrules vectors write DIR``: write the corpus and say how many vectors and which rule ids they cover."""
    result = _vectors.write_corpus(Path(args.directory))
    manifest = result["manifest"]
    print(f"{_vectors.FORMAT} version {manifest['version']} in {args.directory}", file=out)
    for name, entry in manifest["files"].items():
        print(f"  {name}: {entry['vectors']} vectors, {len(entry['rulesets'])} rulesets", file=out)
    total = covered_total = 0
    for game, entry in result["coverage"].items():
        rules = entry["rules"]
        covered = sum(1 for n in rules.values() if n)
        total, covered_total = total + len(rules), covered_total + covered
        print(f"{game}: {covered} of {len(rules)} rule ids decide in some vector", file=out)
        for rule, why in entry["definitions"].items():
            print(f"  {rule} is a definition: {why}", file=out)
        if entry["uncovered"]:
            print(f"  in none: {', '.join(entry['uncovered'])}", file=out)
    print(f"in all: {covered_total} of {total} rule ids decide in some vector", file=out)
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
            print(f"total: {total}", file=out)
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
    _conformance.print_report(report, out)
    return 1 if report.disagreements else 0
