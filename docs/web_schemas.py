"""
Write the web API's JSON Schemas into ``docs/_static/schemas/`` (one ``NAME.json`` each), from the
code, as the server serves them at ``/api/schemas/NAME``: ``python docs/web_schemas.py``. A test
checks that the files are what this script writes, so the docs' schemas are the code's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "_static" / "schemas"


def texts() -> dict[str, str]:
    """Each schema's file name and text."""
    from cardrules.web import schema, schema_names

    return {f"{name}.json": json.dumps(schema(name), indent=1, sort_keys=True) + "\n" for name in schema_names()}


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    for name, text in texts().items():
        (OUT / name).write_text(text, encoding="utf-8")
    sys.stdout.write(f"wrote {len(texts())} schemas to {OUT}\n")
