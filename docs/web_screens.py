"""
Take the screenshots of the web table's docs page (``docs/_static/web-table-*.png``): the table,
an illegal click, a round's summary, the press-play demonstration, a phone, the replay viewer.
``python docs/web_screens.py`` serves the web table in this process on a free loopback port and
drives Chromium (``/usr/bin/chromium``, else ``$CARDRULES_CHROMIUM``) with Playwright; needs the
``web-browser`` extra. The deals are seeded, so the pictures come out the same again.
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "_static"
CHROMIUM = os.environ.get("CARDRULES_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
DESKTOP: Any = {"width": 1100, "height": 760}
PHONE: Any = {"width": 390, "height": 844}


def _serve(db: Path) -> tuple[str, Any]:
    import uvicorn

    from cardrules.web import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(db), log_level="warning"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{sock.getsockname()[1]}", server


def _start(page: Any, base: str, game: str, seed: int) -> None:
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.select_option("#game", game)
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_url("**/table#*")
    page.wait_for_selector("body[data-ready=true]")


def _idle(page: Any) -> None:
    page.wait_for_function("document.body.dataset.busy !== 'true'")
    time.sleep(0.6)  # the cards' fade-in


def _play_usable(page: Any, times: int) -> None:
    for _ in range(times):
        _idle(page)
        if page.get_attribute("body", "data-summary") == "open":
            return
        before = page.get_attribute("body", "data-version")
        page.locator('#board .card.usable[data-zone="hand"]').first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{before}'")


def _shot(page: Any, name: str, full: bool = False) -> None:
    path = OUT / f"web-table-{name}.png"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=full)
    sys.stdout.write(f"wrote {path.name} ({path.stat().st_size // 1024} KB)\n")


def _record() -> str:
    """A Mililla record of 30 moves of the greedy bot (seed 4), for the replay viewer."""
    import random

    import cardrules
    from cardrules import records
    from cardrules.bots import GreedyBot

    game = cardrules.get_game("mililla")
    first = state = game.new_game(seed=4)
    moves, rng = [], random.Random(4)
    for _ in range(30):
        seat = game.to_move(state)
        assert seat is not None
        move = GreedyBot().choose(game.observe(state, seat), game.legal_moves(state), rng)
        moves.append(move)
        state = game.apply(state, move)
    return records.dumps(records.from_moves(first, moves))


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        base, server = _serve(Path(tmp) / "matches.sqlite3")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport=DESKTOP)
            _start(page, base, "mililla", seed=11)  # the table, a few tricks in
            _play_usable(page, 5)
            _idle(page)
            _shot(page, "mililla")
            for _ in range(10):  # an illegal click: a card that may not be played now
                unusable = page.locator('#board .card[data-zone="hand"]:not(.usable)')
                if unusable.count():
                    unusable.first.click()
                    page.wait_for_selector("#message.error")
                    _shot(page, "illegal")
                    break
                _play_usable(page, 1)
            _play_usable(page, 12)  # on to the end of the round: its summary
            page.wait_for_selector("#summary:not([hidden])")
            _shot(page, "summary")
            page.goto(f"{base}/watch/charlemagne")  # press play: a bid of 6, then a Mulot
            page.wait_for_selector("body[data-ready=true]")
            for step in (1, 2):
                page.click("#forward")
                page.wait_for_selector(f"body[data-step='{step}']")
            _shot(page, "demo")
            page.goto(base + "/")  # a friend at seat 2: the starter's table after a few tricks
            page.wait_for_selector("body[data-ready=true]")
            page.select_option("#game", "mililla")
            page.wait_for_selector("body[data-ready=true]")
            page.select_option('select[data-seat="2"]', "human")
            page.fill("#seed", "21")
            page.click("#start")
            page.wait_for_url("**/table#*")
            page.wait_for_selector("body[data-ready=true]")
            friend = browser.new_page(viewport=DESKTOP)
            friend.goto(page.locator('#invite-list a[data-seat="2"]').get_attribute("href") or base)
            friend.wait_for_selector("body[data-ready=true]")
            for _ in range(6):
                for seat_page in (page, friend):
                    _idle(seat_page)
                    if seat_page.get_attribute("body", "data-turn") == "mine":
                        _play_usable(seat_page, 1)
            _idle(page)
            _shot(page, "friends")
            friend.close()
            page.close()
            replay = browser.new_page(viewport=DESKTOP)  # the replay viewer, a record file opened
            record = Path(tmp) / "match.json"
            record.write_text(_record(), encoding="utf-8")
            replay.goto(base + "/replay")
            replay.wait_for_selector("body[data-ready=true]")
            replay.set_input_files("#file", str(record))
            replay.click("#open button[type=submit]")
            replay.wait_for_selector("body[data-step='0']")
            for step in (1, 2, 3, 4, 5, 6):
                replay.click("#step")
                replay.wait_for_selector(f"body[data-step='{step}']")
            replay.select_option("#view", "seat:1")
            replay.wait_for_function("document.querySelectorAll('#board svg.cardrules-table').length === 1")
            _idle(replay)
            _shot(replay, "replay")
            replay.close()
            phone = browser.new_page(viewport=PHONE)
            _start(phone, base, "mulle", seed=8)
            _idle(phone)
            _shot(phone, "phone")
            browser.close()
        server.should_exit = True


if __name__ == "__main__":
    main()
