"""The examples under examples/ work as documented."""

from __future__ import annotations

from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_readme_example_runs() -> None:
    """The README's Python example runs as written and plays a whole match."""
    import re

    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    match = re.search(r"```python\n(.*?)```", readme, re.S)
    assert match is not None
    namespace: dict[str, Any] = {"print": lambda *args: namespace.setdefault("printed", args)}
    exec(compile(match.group(1), "README.md", "exec"), namespace)
    match_score, winner = namespace["printed"]
    assert winner in (0, 1)
    assert max(match_score) >= 35
