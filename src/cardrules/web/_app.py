"""
The Starlette application: the JSON API under ``/api``, the WebSocket of a match's events, the
pages (:mod:`cardrules.web._pages`) and the static files of the browser side.

Engine work (a move, the computer's answers, a page of legal moves) runs in Starlette's thread
pool, so that a slow computer player never stalls the other matches' requests.
"""

from __future__ import annotations

import collections
import contextlib
import secrets
import threading
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, Final

import anyio
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardrules import _common, records
from cardrules._registry import games
from cardrules.web import _lang, _pages
from cardrules.web._bodies import (
    ClaimRequest,
    Created,
    GamesBody,
    Invite,
    MoveRequest,
    NewMatchRequest,
    ReplayCreated,
    plain,
)
from cardrules.web._clients import Proxies
from cardrules.web._errors import ApiError
from cardrules.web._http import (
    body_bytes,
    check_id,
    given_token,
    hash_token,
    json_body,
    query_card,
    query_int,
    read_as,
)
from cardrules.web._limits import Limits
from cardrules.web._lobby import game_info, ruleset_info
from cardrules.web._replays import MAX_RECORD, Replay, Replays
from cardrules.web._rules import rules_page
from cardrules.web._schemas import schema, schema_names
from cardrules.web._sockets import first_token, stream
from cardrules.web._store import MatchRow
from cardrules.web._stores import open_store
from cardrules.web._table import HUMAN, MAX_LIMIT, Table, get_game_checked, parse_bots

__all__ = ["API_VERSION", "STATIC", "Server", "build_app"]

API_VERSION: Final = 2
"""The version of the API; a change that breaks a client raises it."""
STATIC: Final = Path(__file__).resolve().parent / "static"
"""The browser side's files, shipped in the package."""
_MAX_SEED: Final = 2**63 - 1
FINISHED_KEPT: Final = 256
"""At most this many finished matches stay loaded; older ones are read again from the database if asked for."""
STORE_SWEEP_SECONDS: float = 60.0
"""How often the old matches are looked for in the database (:meth:`Server.drop_old_matches`)."""
_QUOTA_WINDOW: Final = 3600.0
"""The window of :attr:`Limits.matches_per_client`: an hour."""


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(plain(data), status_code=status)


class Server:
    """The matches and replays of one database, and the route handlers over them."""

    def __init__(
        self,
        db_path: str | Path,
        limits: Limits | None = None,
        rules_dir: Path | None = None,
        forwarded_allow_ips: str | Sequence[str] = (),
    ) -> None:
        self.store = open_store(db_path)
        self.proxies = Proxies(forwarded_allow_ips)
        self.rules_dir = rules_dir
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.replays = Replays()
        self._lock = threading.Lock()
        self._finished: collections.OrderedDict[str, None] = collections.OrderedDict()  # oldest first
        self._swept = time.monotonic()
        self._store_swept = time.monotonic()
        self._created: dict[str, collections.deque[float]] = {}  # each client's match starts in the last hour
        self._resuming: set[str] = set()  # the matches whose computer moves a background thread is playing

    def sweep(self) -> list[str]:
        """
        Unload the matches no request used for :attr:`Limits.idle_match_seconds` (none with a
        WebSocket open, none in the middle of a move); they stay in the database and load again
        on their next request. At most once a second; the ids unloaded.
        """
        now = time.monotonic()
        limit = self.limits.idle_match_seconds
        if now - self._swept < min(1.0, limit):
            return []
        self._swept = now
        dropped = []
        with self._lock:
            for match_id, table in list(self.tables.items()):
                if now - table.used < limit or table.listeners or not table.lock.acquire(blocking=False):
                    continue
                try:
                    table.retired = True  # a request still holding it is told to read the match again
                    del self.tables[match_id]
                    self._finished.pop(match_id, None)
                    dropped.append(match_id)
                finally:
                    table.lock.release()
        return dropped

    def drop_old_matches(self) -> list[str]:
        """
        Delete from the database the matches finished :attr:`Limits.finished_match_days` ago and the
        unfinished ones without a move for :attr:`Limits.abandoned_match_days` (none with a
        WebSocket open), and unload them; the ids deleted.
        """
        self._store_swept = time.monotonic()
        limits = self.limits
        old = self.store.old_matches(limits.finished_match_days, limits.abandoned_match_days)
        dropped = []
        with self._lock:
            for match_id in old:
                loaded = self.tables.get(match_id)
                if loaded is not None and loaded.listeners:
                    continue  # someone is watching it: it goes once they leave
                if loaded is not None:
                    loaded.retired = True
                    del self.tables[match_id]
                    self._finished.pop(match_id, None)
                dropped.append(match_id)
        self.store.drop_matches(dropped)
        now = time.monotonic()
        with self._lock:  # the quota's clients with no start in the window are forgotten
            for client, times in list(self._created.items()):
                if not times or now - times[-1] >= _QUOTA_WINDOW:
                    del self._created[client]
        return dropped

    def _count_start(self, client: str) -> None:
        """Count a match started by *client*; 429 (with ``Retry-After``) past :attr:`Limits.matches_per_client`."""
        now = time.monotonic()
        limit = self.limits.matches_per_client
        with self._lock:
            times = self._created.setdefault(client, collections.deque())
            while times and now - times[0] >= _QUOTA_WINDOW:
                times.popleft()
            if len(times) >= limit:
                wait = max(1, int(times[0] + _QUOTA_WINDOW - now + 0.999))
                raise ApiError(429, "quota_exceeded", f"this address has started its {limit} matches for this "
                               f"hour; try again in {wait} s", retry_after=wait)  # fmt: skip
            times.append(now)

    def _keep(self, table: Table) -> None:
        """Note a finished match as just used, and unload the least recently used beyond :data:`FINISHED_KEPT`."""
        if not table.game.is_over(table.state):
            return
        with self._lock:
            self._finished[table.id] = None
            self._finished.move_to_end(table.id)
            while len(self._finished) > FINISHED_KEPT:
                old, _ = self._finished.popitem(last=False)
                loaded = self.tables.get(old)
                # A finished match takes no more moves, so a copy loaded again later is the same.
                if loaded is not None and not loaded.listeners:
                    del self.tables[old]

    # --- matches -------------------------------------------------------------------------

    def table(self, match_id: str) -> Table:
        """
        The match *match_id*, loaded from the database the first time (read again first if another
        worker changed it); 404 if there is none. A match loaded with the computer to move (the
        server stopped in the middle of its moves) goes on in the background: the read does not
        wait for the computer's thinking.
        """
        check_id(match_id, "match")
        self.sweep()
        found = self.tables.get(match_id)
        if found is not None:
            found.used = time.monotonic()
            found.sync()
            if self.store.shared and not found.lock.locked() and found.computer_to_move():
                self._resume(found)  # a worker that stopped amid the computer's moves, or lost the database then
            return found
        row = self.store.match(match_id)  # outside the server's lock: no other request waits for this one
        if row is None:
            raise ApiError(404, "no_such_match", "there is no such match")
        loaded = Table(row, self.store)
        with self._lock:
            table = self.tables.setdefault(match_id, loaded)
            table.used = time.monotonic()
        if table is loaded and table.computer_to_move():
            self._resume(table)
        self._keep(table)
        return table

    def _resume(self, table: Table) -> None:
        """The computer's moves of *table*, in the background (one such thread a match): no read waits for them."""
        with self._lock:
            if table.id in self._resuming:
                return
            self._resuming.add(table.id)

        def run() -> None:
            try:
                table.resume()
            finally:
                with self._lock:
                    self._resuming.discard(table.id)

        threading.Thread(target=run, name=f"cardrules-resume-{table.id}", daemon=True).start()

    def changed(self, match_id: str, rev: int) -> None:
        """Another worker changed *match_id* (``""``: perhaps any): a loaded copy watched by a socket reads it again."""
        tables = [self.tables.get(match_id)] if match_id else list(self.tables.values())
        for table in tables:
            if table is not None and table.listeners and (not match_id or rev > table.rev):
                with contextlib.suppress(Exception):
                    table.sync()

    def create(self, body: NewMatchRequest, client: str = "") -> Created:
        """Start a match for *client* (counted against its quota); the computer moves until it is the person's turn."""
        game = get_game_checked(body.game)
        if body.seed is not None and not 0 <= body.seed <= _MAX_SEED:
            raise ApiError(422, "bad_field", f"seed must be from 0 to {_MAX_SEED}", field="seed")
        opponents = parse_bots(game, body.seat, body.opponents)
        if body.hand_over is not None and not 1 <= body.hand_over <= 86_400:
            raise ApiError(422, "bad_field", "hand_over is from 1 to 86400 seconds", field="hand_over")
        self._count_start(client)
        if time.monotonic() - self._store_swept >= STORE_SWEEP_SECONDS:
            self.drop_old_matches()
        token = secrets.token_urlsafe(24)
        match_id = secrets.token_urlsafe(12)
        codes = {s: secrets.token_urlsafe(24) for s, text in enumerate(opponents) if text == HUMAN}
        row = MatchRow(
            match_id, game.text, body.seat, hash_token(token), tuple(opponents), _common.new_seed(body.seed), (),
            tuple((s, "") for s in codes), None if body.hand_over is None else float(body.hand_over),
            tuple((s, hash_token(c)) for s, c in codes.items()),
        )  # fmt: skip
        self.store.add_match(row)
        table = Table(row, self.store)
        with self._lock:
            self.tables[row.id] = table
        table.resume()
        return Created(row.id, body.seat, token, tuple(_invite(match_id, s, c) for s, c in codes.items()))

    def authorised(self, conn: HTTPConnection, match_id: str, token: str | None = None) -> tuple[Table, int]:
        """The match and the seat whose token the request shows (401 or 403 otherwise)."""
        return self._seat(conn, self.table(match_id), token)

    @staticmethod
    def _seat(conn: HTTPConnection, table: Table, token: str | None) -> tuple[Table, int]:
        token = token if token is not None else given_token(conn)
        if not token:
            raise ApiError(401, "token_required", "this needs the seat's token: 'Authorization: Bearer TOKEN'")
        seat = table.seat_of(hash_token(token))
        if seat is None:
            raise ApiError(403, "wrong_token", "that token is not a seat's of this match")
        table.heard(seat)
        return table, seat

    async def rules(self, request: Request) -> Response:
        """``GET /rules/{game}``: the game's rules page, an anchor per rule id."""
        lang = _lang.chosen(request)
        text = await run_in_threadpool(rules_page, request.path_params["game"], self.rules_dir, lang)
        return _lang.remember(request, HTMLResponse(text, headers={"Cache-Control": "no-cache"}))

    async def games(self, request: Request) -> Response:
        """``GET /api/games``."""
        return _json(GamesBody(tuple(game_info(g) for g in sorted(games())), API_VERSION))

    async def ruleset(self, request: Request) -> Response:
        """``GET /api/ruleset?game=TEXT``: one ruleset's seats and options, for the lobby."""
        text = request.query_params.get("game")
        if not text:
            raise ApiError(422, "bad_query", "give the ruleset as ?game=TEXT", field="game")
        return _json(await run_in_threadpool(ruleset_info, text))

    async def new_match(self, request: Request) -> Response:
        """``POST /api/matches``."""
        body = read_as(await json_body(request), NewMatchRequest)
        return _json(await run_in_threadpool(self.create, body, self.proxies.client(request)), 201)

    def _page(self, request: Request, table: Table) -> tuple[int, int, Any]:
        offset = query_int(request, "offset", 0, 0, 1_000_000)
        limit = query_int(request, "limit", 50, 1, MAX_LIMIT)
        return offset, limit, query_card(request, table.game.spec.pack)

    async def _authorised(self, conn: HTTPConnection, token: str | None = None) -> tuple[Table, int]:
        match_id = conn.path_params["id"]
        loaded = self.tables.get(match_id)
        if loaded is None or self.store.shared:  # loaded from the database (or checked against it), in the thread pool
            table, seat = await run_in_threadpool(self.authorised, conn, match_id, token)
        else:
            table, seat = self._seat(conn, loaded, token)
        if time.monotonic() - self._swept >= min(1.0, self.limits.idle_match_seconds):
            await run_in_threadpool(self.sweep)
        if table.row.hand_over is not None:  # a friend's seat idle past the limit goes to the computer
            await run_in_threadpool(table.hand_over_due)
        return table, seat

    async def get_match(self, request: Request) -> Response:
        """``GET /api/matches/{id}``."""
        table, seat = await self._authorised(request)
        offset, limit, card = self._page(request, table)
        return _json(await run_in_threadpool(table.view, offset, limit, card, seat, _lang.chosen(request)))

    async def take_back(self, request: Request) -> Response:
        """``POST /api/matches/{id}/seat``: take your seat back from the computer."""
        table, seat = await self._authorised(request)
        await run_in_threadpool(table.take_back, seat)  # it stores the seat as the person's again
        offset, limit, card = self._page(request, table)
        return _json(await run_in_threadpool(table.view, offset, limit, card, seat, _lang.chosen(request)))

    async def hand_over(self, request: Request) -> Response:
        """``POST /api/matches/{id}/computer``: hand your seat to the computer, on purpose."""
        table, seat = await self._authorised(request)
        await run_in_threadpool(table.hand_over, seat)
        offset, limit, card = self._page(request, table)
        return _json(await run_in_threadpool(table.view, offset, limit, card, seat, _lang.chosen(request)))

    async def claim(self, request: Request) -> Response:
        """``POST /api/matches/{id}/claim``: a friend's seat for its invite code, once."""
        body = read_as(await json_body(request), ClaimRequest)
        table = await run_in_threadpool(self.table, request.path_params["id"])
        own = given_token(request)
        seat, token = await run_in_threadpool(table.claim, body.code, None if own is None else hash_token(own))
        return _json(Created(table.id, seat, token), 201)

    async def _host(self, request: Request) -> tuple[Table, int]:
        """The match and the friend's seat of the URL, for its host (the seat that started the match) only."""
        table, seat = await self._authorised(request)
        if seat != table.seat:
            raise ApiError(403, "not_host", "only the seat that started the match manages its invites")
        text = request.path_params["seat"]
        if not (text.isascii() and text.isdigit() and len(text) < 4):
            raise ApiError(404, "not_found", "there is no such page")
        return table, int(text)

    async def renew_invite(self, request: Request) -> Response:
        """``POST /api/matches/{id}/invites/{seat}``: a new invite link for a friend's seat (the old one is dead)."""
        table, friend = await self._host(request)
        code = await run_in_threadpool(table.renew, friend)
        return _json(_invite(table.id, friend, code), 201)

    async def withdraw_invite(self, request: Request) -> Response:
        """``DELETE /api/matches/{id}/invites/{seat}``: withdraw a friend's seat's link; the computer plays it."""
        table, friend = await self._host(request)
        await run_in_threadpool(table.withdraw, friend)
        offset, limit, card = self._page(request, table)
        return _json(await run_in_threadpool(table.view, offset, limit, card, table.seat, _lang.chosen(request)))

    async def move(self, request: Request) -> Response:
        """``POST /api/matches/{id}/moves``."""
        table, seat = await self._authorised(request)
        body = read_as(await json_body(request), MoveRequest)
        offset, limit, card = self._page(request, table)
        if len(body.move) > 500:
            raise ApiError(422, "bad_notation", "a move is at most 500 characters", field="move")

        lang = _lang.chosen(request)
        seen = table.version  # a move without a version is played against the match as it was now

        def play() -> dict[str, Any]:
            table.play(body.move, body.version, seen, seat, lang)
            self._keep(table)
            return table.view(offset, limit, card, seat, lang)

        return _json(await run_in_threadpool(play))

    async def hint(self, request: Request) -> Response:
        """``GET /api/matches/{id}/hint``: the ``hard`` level's move for your seat, and why."""
        table, seat = await self._authorised(request)
        return _json(await run_in_threadpool(table.hint, seat, _lang.chosen(request)))

    async def why(self, request: Request) -> Response:
        """``GET /api/matches/{id}/why?move=TEXT``: whether that move is legal for your seat now, and why."""
        table, seat = await self._authorised(request)
        text = request.query_params.get("move", "")
        return _json(await run_in_threadpool(table.why, seat, text, _lang.chosen(request)))

    async def record(self, request: Request) -> Response:
        """``GET /api/matches/{id}/record``: the record, once the match is over."""
        table, _ = await self._authorised(request)
        if not table.game.is_over(table.state):
            raise ApiError(
                409, "match_not_over", "the record holds every hidden card: it is served once the match is over"
            )
        text = records.dumps(await run_in_threadpool(table.record))
        headers = {"Content-Disposition": f'attachment; filename="cardrules-{table.id}.json"'}
        return Response(text, media_type="application/json", headers=headers)

    async def match_replay(self, request: Request) -> Response:
        """``POST /api/matches/{id}/replay``: a finished match opened as a replay."""
        table, _ = await self._authorised(request)
        if not table.game.is_over(table.state):
            raise ApiError(409, "match_not_over", "a match can be replayed once it is over")
        text = records.dumps(await run_in_threadpool(table.record))
        return _json(await run_in_threadpool(self._new_replay, text, self.proxies.client(request), False), 201)

    # --- replays -------------------------------------------------------------------------

    def _new_replay(self, text: str, client: str, anonymous: bool = True) -> ReplayCreated:
        """
        Store a replay: the normalised record (as :func:`cardrules.records.dumps` writes it, not the
        text as sent), kept :attr:`Limits.replay_days`; an anonymous upload counts against its
        client's quota (429 once it is used up).
        """
        replay = Replay(secrets.token_urlsafe(12), text)
        normal = records.dumps(replay.record)
        limits = self.limits
        self.store.drop_expired()
        if anonymous:
            count, size = self.store.client_uploads(client)
            more = len(normal.encode("utf-8"))
            if count >= limits.replays_per_client or size + more > limits.replay_bytes_per_client:
                raise ApiError(429, "quota_exceeded", f"this address has stored its {limits.replays_per_client} "
                               f"replays (or {limits.replay_bytes_per_client} bytes) for today; try again "
                               "tomorrow")  # fmt: skip
        self.store.add_replay(replay.id, normal, client, limits.replay_days)
        replay.until = time.time() + limits.replay_days * 86400
        self.replays.put(replay)
        return ReplayCreated(replay.id, len(replay.steps))

    async def new_replay(self, request: Request) -> Response:
        """``POST /api/replays`` with a record file as the body."""
        raw = await body_bytes(request, MAX_RECORD)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ApiError(400, "bad_json", "the record is not UTF-8 text") from None
        return _json(await run_in_threadpool(self._new_replay, text, self.proxies.client(request)), 201)

    async def replay_step(self, request: Request) -> Response:
        """``GET /api/replays/{id}?step=N&view=full|seat:K``."""
        replay_id = check_id(request.path_params["id"], "replay")
        replay = await run_in_threadpool(self.replays.get, replay_id, self.store.replay)
        step = query_int(request, "step", 0, 0, 10**7)
        view = request.query_params.get("view", "full")
        offset = query_int(request, "offset", 0, 0, 1_000_000)
        limit = query_int(request, "limit", 50, 1, MAX_LIMIT)
        card = query_card(request, replay.game.spec.pack)
        lang = _lang.chosen(request)
        return _json(await run_in_threadpool(replay.view, step, view, offset, limit, card, lang))

    async def replay_analysis(self, request: Request) -> Response:
        """``GET /api/replays/{id}/analysis?step=N``: the N-th move judged with every card shown."""
        replay_id = check_id(request.path_params["id"], "replay")
        replay = await run_in_threadpool(self.replays.get, replay_id, self.store.replay)
        step = query_int(request, "step", 1, 0, 10**7)
        lang = _lang.chosen(request)
        if not self.replays.judging.acquire(blocking=False):  # never a thread held waiting its turn
            raise ApiError(503, "busy", "the server is judging other moves; try again in a moment", retry_after=2)
        try:
            return _json(await run_in_threadpool(replay.analysis, step, lang))
        finally:
            self.replays.judging.release()

    # --- events --------------------------------------------------------------------------

    async def events(self, websocket: WebSocket) -> None:
        """The WebSocket of a match's events: the token in a Bearer header or the first message (never the URL)."""
        await websocket.accept()
        try:
            token = given_token(websocket)
            if token is None:
                token = await first_token(websocket, self.limits.websocket_idle_seconds)
            table, seat = await self._authorised(websocket, token)
        except ApiError as exc:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                await websocket.send_json(exc.body())
                await websocket.close(code=4000 + exc.status)
            return
        except (WebSocketDisconnect, KeyError):
            return
        await stream(websocket, table, seat, self.limits.websocket_silent_seconds)

    async def watch_idle_seats(self) -> None:
        """
        Every second, hand to the computer the friends' seats idle past their match's limit, and
        unload the idle matches; every :data:`STORE_SWEEP_SECONDS`, delete the old matches.
        """
        while True:
            await anyio.sleep(1.0)
            with contextlib.suppress(Exception):
                await run_in_threadpool(self.sweep)
                if time.monotonic() - self._store_swept >= STORE_SWEEP_SECONDS:
                    await run_in_threadpool(self.drop_old_matches)
            for table in list(self.tables.values()):
                if table.row.hand_over is not None and not table.game.is_over(table.state):
                    with contextlib.suppress(Exception):
                        await run_in_threadpool(table.hand_over_due)


def _invite(match_id: str, seat: int, code: str) -> Invite:
    return Invite(seat, code, f"/table#{match_id}.{code}")


async def _api_error(request: HTTPConnection, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    headers = None if exc.retry_after is None else {"Retry-After": str(exc.retry_after)}
    return JSONResponse(exc.body(), status_code=exc.status, headers=headers)


async def _http_error(request: HTTPConnection, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    words = {
        404: ("not_found", "there is no such page"),
        405: ("method_not_allowed", "that method is not allowed here"),
    }
    code, message = words.get(exc.status_code, ("http_error", str(exc.detail)))
    return JSONResponse(ApiError(exc.status_code, code, message).body(), status_code=exc.status_code)


async def _crash(request: HTTPConnection, exc: Exception) -> Response:
    body = ApiError(500, "internal_error", "the server failed on this request; the match is as it was").body()
    return JSONResponse(body, status_code=500)


async def _index(request: Request) -> Response:
    return _lang.remember(request, _pages.page_html(STATIC, "index", _lang.chosen(request)))


async def _favicon(request: Request) -> Response:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


async def _schema(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in schema_names():
        raise ApiError(404, "no_such_schema", f"the schemas are: {', '.join(schema_names())}")
    return JSONResponse(schema(name), media_type="application/schema+json")


def build_app(
    db_path: str | Path,
    cors_origins: Sequence[str] = (),
    limits: Limits | None = None,
    rules_dir: Path | None = None,
    forwarded_allow_ips: str | Sequence[str] = (),
) -> Starlette:
    """
    The application over the database at *db_path*; *cors_origins* may call it from other origins;
    *forwarded_allow_ips* are the proxies whose ``X-Forwarded-For`` names the client.
    """
    server = Server(db_path, limits, rules_dir, forwarded_allow_ips)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.store.listen(server.changed)  # with PostgreSQL: the other workers' moves, for this one's sockets
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(server.watch_idle_seats)
            yield
            tasks.cancel_scope.cancel()
        server.store.close()

    routes: list[BaseRoute] = [
        *_pages.routes,  # first: the pages may serve "/" themselves
        Route("/", _index, methods=["GET"]),
        Route("/api/games", server.games, methods=["GET"]),
        Route("/api/ruleset", server.ruleset, methods=["GET"]),
        Route("/favicon.ico", _favicon, methods=["GET"]),
        Route("/rules/{game}", server.rules, methods=["GET"]),
        Route("/api/schemas/{name}", _schema, methods=["GET"]),
        Route("/api/matches", server.new_match, methods=["POST"]),
        Route("/api/matches/{id}", server.get_match, methods=["GET"]),
        Route("/api/matches/{id}/moves", server.move, methods=["POST"]),
        Route("/api/matches/{id}/seat", server.take_back, methods=["POST"]),
        Route("/api/matches/{id}/computer", server.hand_over, methods=["POST"]),
        Route("/api/matches/{id}/claim", server.claim, methods=["POST"]),
        Route("/api/matches/{id}/invites/{seat}", server.renew_invite, methods=["POST"]),
        Route("/api/matches/{id}/invites/{seat}", server.withdraw_invite, methods=["DELETE"]),
        Route("/api/matches/{id}/record", server.record, methods=["GET"]),
        Route("/api/matches/{id}/hint", server.hint, methods=["GET"]),
        Route("/api/matches/{id}/why", server.why, methods=["GET"]),
        Route("/api/matches/{id}/replay", server.match_replay, methods=["POST"]),
        WebSocketRoute("/api/matches/{id}/events", server.events),
        Route("/api/replays", server.new_replay, methods=["POST"]),
        Route("/api/replays/{id}", server.replay_step, methods=["GET"]),
        Route("/api/replays/{id}/analysis", server.replay_analysis, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    middleware = [
        Middleware(
            CORSMiddleware,
            allow_origins=list(cors_origins),
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Authorization", "Content-Type"],
        )
    ]
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={ApiError: _api_error, HTTPException: _http_error, Exception: _crash},
        lifespan=lifespan,
    )
    app.state.server = server
    return app
