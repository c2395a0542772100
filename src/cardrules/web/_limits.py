"""The server's limits under real use: what it keeps, for how long, and what one client may store."""

from __future__ import annotations

import attrs

__all__ = ["Limits"]


@attrs.frozen(kw_only=True)
class Limits:
    """
    The web table's limits (:func:`cardrules.web.create_app` takes them; ``cardrules serve`` has an
    option for each).

    Attributes:
        idle_match_seconds: An unfinished match that no request used for this long leaves memory;
            it stays in the database and comes back on its next request, so nothing is lost.
        replay_days: A replay uploaded anonymously (``POST /api/replays``) is kept this many days.
        replays_per_client: The replays one client (one address) may upload in a day.
        replay_bytes_per_client: The bytes of normalised records one client may store in a day.
        websocket_idle_seconds: A match's WebSocket that has not shown its token this long after
            it opened is closed.
        websocket_silent_seconds: A match's WebSocket that has shown its token, then sent nothing
            this long, is closed (the table page sends a keep-alive every 25 seconds).
        matches_per_client: The matches one client (one address) may start in an hour; more get
            429 with ``Retry-After``. Counted in memory: a restart starts the count again.
        finished_match_days: A finished match is deleted from the database this many days after
            its last move.
        abandoned_match_days: An unfinished match without a move for this many days is deleted
            from the database.
    """

    idle_match_seconds: float = attrs.field(default=900.0, validator=attrs.validators.gt(0.0))
    replay_days: float = attrs.field(default=30.0, validator=attrs.validators.gt(0.0))
    replays_per_client: int = attrs.field(default=50, validator=attrs.validators.gt(0))
    replay_bytes_per_client: int = attrs.field(default=20_000_000, validator=attrs.validators.gt(0))
    websocket_idle_seconds: float = attrs.field(default=20.0, validator=attrs.validators.gt(0.0))
    websocket_silent_seconds: float = attrs.field(default=120.0, validator=attrs.validators.gt(0.0))
    matches_per_client: int = attrs.field(default=100, validator=attrs.validators.gt(0))
    finished_match_days: float = attrs.field(default=7.0, validator=attrs.validators.gt(0.0))
    abandoned_match_days: float = attrs.field(default=30.0, validator=attrs.validators.gt(0.0))
