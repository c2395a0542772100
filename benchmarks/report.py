"""Regenerate every dated figure of the performance page in one command.

Run ``nox -s report`` (it installs the peers), or ``python benchmarks/report.py [--quick]``. It runs
each benchmark script of this directory that has a ``--markdown PATH`` option, one after the other
(each alone on the machine), and each writes its dated table to ``docs/perf/<area>.md``, which
``docs/performance.md`` includes: ``suite.py`` to ``suite.md``, ``bench_peers.py`` to ``peers.md``,
``bench_mulle.py`` to ``mulle.md`` and so on (the script's name without ``bench_``). ``--quick``
passes ``--quick`` on, for a short check that everything runs; the page's figures are from a full run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PERF = HERE.parent / "docs" / "perf"
NAMES = {"suite": "suite", "bench_peers": "peers"}
"""Scripts whose include has another name than the script's without ``bench_``."""


def scripts() -> list[tuple[Path, Path]]:
    """(script, include it writes) for every benchmark script with a ``--markdown`` option."""
    out = []
    for script in sorted(HERE.glob("*.py")):
        if script.name == Path(__file__).name or '"--markdown"' not in script.read_text(encoding="utf-8"):
            continue
        name = NAMES.get(script.stem, script.stem.removeprefix("bench_"))
        out.append((script, PERF / f"{name}.md"))
    return out


def main(argv: list[str] | None = None) -> int:
    """Run every script with its ``--markdown`` include; the exit status is the first failure's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="pass --quick on (a check that everything runs)")
    args = parser.parse_args(argv)
    PERF.mkdir(parents=True, exist_ok=True)
    status = 0
    for script, include in scripts():
        command = [sys.executable, str(script), "--markdown", str(include), *(["--quick"] if args.quick else [])]
        print("$", " ".join(command[1:]), flush=True)
        status = status or subprocess.run(command, check=False).returncode
    return status


if __name__ == "__main__":
    raise SystemExit(main())
