"""
The server's logs without secrets: uvicorn's access log (and its WebSocket lines) with every query
string left out, so that nothing a client puts in a URL reaches a log file.

The seat tokens never travel in a URL (the API refuses ``?token=``), and this is the second fence:
a client that sends one anyway, or a future parameter that should not be kept, is not written down.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

__all__ = ["HideQueries", "log_config"]


def _cut(value: object) -> object:
    """A request's path with its query string left out (any other value as it is)."""
    if isinstance(value, str) and "?" in value and (value.startswith("/") or value.startswith("http")):
        return value.split("?", 1)[0]
    return value


class HideQueries(logging.Filter):
    """Leaves the query string out of each path a log record names (uvicorn's access and WebSocket lines)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(_cut(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _cut(v) for k, v in record.args.items()}
        if isinstance(record.msg, str) and "?" in record.msg and not record.args:
            record.msg = " ".join(str(_cut(word)) for word in record.msg.split(" "))
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration, with :class:`HideQueries` on its access and error loggers."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["hide_queries"] = {"()": HideQueries}
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = config["loggers"].setdefault(name, {})
        logger["filters"] = [*logger.get("filters", []), "hide_queries"]
    return config
