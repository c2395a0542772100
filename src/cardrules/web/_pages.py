"""The routes of the pages (the lobby, the table, the replay viewer); the browser side adds them here."""

from __future__ import annotations

from starlette.routing import BaseRoute

routes: list[BaseRoute] = []
"""Routes the application includes before the API's."""
