"""
The browser side's routes: the pages (the lobby at ``/``, the table at ``/table``, the replay
viewer at ``/replay``) and the pictures they show.

A picture is the SVG that the game's renderer (:attr:`cardrules.GameSpec.picture`) draws from one
seat's observation, so it can only show what that seat may see: ``GET
/api/matches/{id}/picture`` (with the seat's token, as the match itself) and ``GET
/api/replays/{id}/picture?step=N&view=seat:K|full`` (the full view draws every seat's picture,
one under the other). The page's script adds the click and key handlers to the card elements
(``data-card``). The picture's version (the number of moves played) is in the
``X-Cardrules-Version`` header, so that the page can tell an old picture from a new one.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cardrules import i18n
from cardrules._kit import svg as _svg
from cardrules.web import _lang, _lobby, _watch
from cardrules.web._bodies import plain
from cardrules.web._errors import ApiError
from cardrules.web._http import check_id, query_int

__all__ = ["PICKER", "head", "page_html", "routes"]

_SVG: Final = "image/svg+xml"
_STATIC: Final = Path(__file__).resolve().parent / "static"
_PAGES: Final = {
    "index": ("the lobby", "lobby.js"),
    "table": ("the table", "table.js"),
    "replay": ("replay viewer", "replay.js"),
    "watch": ("press play", "watch.js"),
}
"""Each page's title and script; its body is ``static/<name>.html``, and :func:`page_html` adds the head."""
_HEAD: Final = """<!doctype html>
<html lang="{lang}" dir="{dir}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="stylesheet" href="/static/style.css">
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
  <script type="application/json" id="words">{words}</script>
  <script type="module" src="/static/lang.js"></script>
{script}</head>
"""
"""The head every page shares, written once: the page's words in its language are in ``#words``."""
PICKER: Final = "<!--picker-->"
"""Where a page's header bar takes the language picker."""


def head(lang: str, title: str, script: str | None = None, extra: dict[str, str] | None = None) -> str:
    """
    The head of a page in *lang* (``lang`` and ``dir`` of ``<html>``, its words and *extra* words,
    the picker's script).
    """
    tag = "" if script is None else f'  <script type="module" src="/static/{script}"></script>\n'
    words = _lang.words_json(lang, extra)
    return _HEAD.format(lang=lang, dir=i18n.direction(lang), title=html.escape(title), words=words, script=tag)


def page_html(static: Path, name: str, lang: str = i18n.DEFAULT) -> HTMLResponse:
    """The page *name* in *lang*: the shared head with its title and script, then its body from *static*."""
    path = static / f"{name}.html"
    if not path.is_file():
        raise ApiError(404, "not_found", "the pages are not installed")
    title, script = _PAGES[name]
    title = _lang.word("cardrules: {title}", lang).format(title=_lang.word(title, lang))
    body = _lang.fill(path.read_text(encoding="utf-8"), lang).replace(PICKER, _lang.picker(lang))
    extra = _lobby.option_words(lang) if name == "index" else None  # the lobby's options, values and presets
    return HTMLResponse(head(lang, title, script, extra) + body)


def _server(request: Request) -> Any:
    return request.app.state.server


def _draw(game: Any, state: Any, seat: int, width: int = _svg.WIDTH, lang: str = i18n.DEFAULT) -> str:
    """*seat*'s picture of *state*, *width* units wide, its words in *lang* (the cards stay as they are)."""
    picture = game.spec.picture
    if picture is None:
        raise ApiError(404, "no_picture", f"{game.spec.title} has no picture")
    with _svg.language(lang):
        if width >= _svg.WIDTH:
            svg: str = picture(game.observe(state, seat))
            return svg
        with _svg.narrow(width):  # a phone's picture: whole cards in rows, text it can read
            svg = picture(game.observe(state, seat))
    return svg


def _width(request: Request) -> int:
    """The picture's width: ``?width=N`` from 240 (a phone) to 560 (the default)."""
    return query_int(request, "width", _svg.WIDTH, 240, _svg.WIDTH)


def _stack(pictures: list[tuple[int, str]], lang: str = i18n.DEFAULT) -> str:
    """Several seats' pictures, one under the other, in one ``<svg>`` with each seat's heading."""
    parts, y, width = [], 0, 0
    sees = html.escape(_lang.word("What seat {seat} sees", lang))
    label = html.escape(_lang.word("every seat's view", lang), quote=True)
    sizes = []
    for _, svg in pictures:
        head = svg.split(">", 1)[0]
        w, h = (int(head.split(f'{name}="', 1)[1].split('"', 1)[0]) for name in ("width", "height"))
        sizes.append((w, h))
    # right to left (Arabic): each heading from the right edge, written right to left
    rtl = i18n.direction(lang) == "rtl"
    at = f'x="{max(w for w, _ in sizes) - 10}" direction="rtl" unicode-bidi="embed"' if rtl and sizes else 'x="10"'
    for (seat, svg), (w, h) in zip(pictures, sizes, strict=True):
        parts.append(
            f'<g class="seat-view" data-seat="{seat}" transform="translate(0 {y})">'
            f'<text {at} y="18" font-size="15" font-weight="bold" fill="#1b1b1b">{sees.format(seat=seat)}</text>'
            f'<g transform="translate(0 26)">{svg}</g></g>'
        )
        y += h + 34
        width = max(width, w)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {y}" width="{width}" height="{y}" '
        f'role="group" aria-label="{label}">' + "".join(parts) + "</svg>"
    )


def _svg_answer(text: str, version: int) -> Response:
    headers = {"Cache-Control": "no-store", "X-Cardrules-Version": str(version)}
    return Response(text, media_type=_SVG, headers=headers)


async def match_picture(request: Request) -> Response:
    """``GET /api/matches/{id}/picture``: the table as the token's seat sees it, as SVG."""
    server = _server(request)
    table, seat = await run_in_threadpool(server.authorised, request, request.path_params["id"])
    with table.snap:
        state, version = table.state, table.version
    lang = _lang.chosen(request)
    return _svg_answer(await run_in_threadpool(_draw, table.game, state, seat, _width(request), lang), version)


def _replay_picture(replay: Any, step: int, view: str, lang: str = i18n.DEFAULT) -> str:
    if not 0 <= step <= len(replay.steps):
        raise ApiError(422, "bad_step", f"step must be from 0 to {len(replay.steps)}, not {step}", field="step")
    state = replay.state(step)
    seats: list[int] = list(replay.seats)
    if view == "full":
        return _stack([(s, _draw(replay.game, state, s, lang=lang)) for s in seats], lang)
    head, _, number = view.partition(":")
    if head != "seat" or not (number.isascii() and number.isdigit() and len(number) < 4) or int(number) not in seats:
        wanted = f"view is 'full' or 'seat:K' with K from {seats[0]} to {seats[-1]}"
        raise ApiError(422, "bad_view", f"{wanted}, not {view[:40]!r}", field="view")
    return _draw(replay.game, state, int(number), lang=lang)


async def replay_picture(request: Request) -> Response:
    """``GET /api/replays/{id}/picture?step=N&view=seat:K|full``: a replay's step as SVG."""
    server = _server(request)
    replay_id = check_id(request.path_params["id"], "replay")
    replay = await run_in_threadpool(server.replays.get, replay_id, server.store.replay)
    step = query_int(request, "step", 0, 0, 10**7)
    view = request.query_params.get("view", "full")
    lang = _lang.chosen(request)
    return _svg_answer(await run_in_threadpool(_replay_picture, replay, step, view, lang), step)


async def demo_steps(request: Request) -> Response:
    """``GET /api/demos/{game}``: the game's demonstration, every step told."""
    body = await run_in_threadpool(_watch.demo, request.path_params["game"], _lang.chosen(request))
    headers = {"Cache-Control": "public, max-age=3600", "Vary": "Accept-Language, Cookie"}
    return JSONResponse(plain(body), headers=headers)


async def demo_picture(request: Request) -> Response:
    """``GET /api/demos/{game}/picture?step=N``: the demonstration's table at step *N*, as its seat sees it."""
    step = query_int(request, "step", 0, 0, 10_000)
    game, state = await run_in_threadpool(_watch.demo_state, request.path_params["game"], step)
    lang = _lang.chosen(request)
    return _svg_answer(await run_in_threadpool(_draw, game, state, _watch.SEAT, _width(request), lang), step)


def _page(name: str) -> Any:
    async def page(request: Request) -> Response:
        response = page_html(_STATIC, name, _lang.chosen(request))
        response.headers["Cache-Control"] = "no-cache"
        return _lang.remember(request, response)

    page.__doc__ = f"``GET /{name}``: the {name} page."
    return page


routes: list[BaseRoute] = [
    Route("/table", _page("table"), methods=["GET"]),
    Route("/replay", _page("replay"), methods=["GET"]),
    Route("/watch/{game}", _page("watch"), methods=["GET"]),
    Route("/api/demos/{game}", demo_steps, methods=["GET"]),
    Route("/api/demos/{game}/picture", demo_picture, methods=["GET"]),
    Route("/api/matches/{id}/picture", match_picture, methods=["GET"]),
    Route("/api/replays/{id}/picture", replay_picture, methods=["GET"]),
]
"""Routes the application includes before the API's."""
