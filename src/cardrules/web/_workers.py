"""
The application of each worker process of ``cardrules serve --workers N``: uvicorn starts the
workers from an import string, so the configuration travels in an environment variable,
:data:`CONFIG_VARIABLE`, as JSON (set by ``serve``; never holding a token).
"""

from __future__ import annotations

import json
import os
from typing import Any, Final

from starlette.applications import Starlette

from cardrules.web._app import build_app
from cardrules.web._limits import Limits

__all__ = ["CONFIG_VARIABLE", "FACTORY", "app_from_env", "config_json"]

CONFIG_VARIABLE: Final = "CARDRULES_SERVE_CONFIG"
"""The environment variable that carries the workers' configuration."""
FACTORY: Final = "cardrules.web._workers:app_from_env"
"""The import string of :func:`app_from_env`, for uvicorn's ``factory=True``."""


def config_json(
    db: str, cors_origins: list[str], limits: Limits, rules_dir: str | None, forwarded_allow_ips: str
) -> str:
    """The workers' configuration as :func:`app_from_env` reads it."""
    import attrs

    return json.dumps(
        {"db": db, "cors_origins": cors_origins, "limits": attrs.asdict(limits), "rules_dir": rules_dir,
         "forwarded_allow_ips": forwarded_allow_ips}
    )  # fmt: skip


def app_from_env() -> Starlette:
    """The web table as :data:`CONFIG_VARIABLE` describes it (one per worker process)."""
    from pathlib import Path

    config: dict[str, Any] = json.loads(os.environ[CONFIG_VARIABLE])
    rules = config.get("rules_dir")
    return build_app(
        config["db"], config.get("cors_origins", ()), Limits(**config.get("limits", {})),
        None if rules is None else Path(rules), config.get("forwarded_allow_ips", ""),
    )  # fmt: skip
