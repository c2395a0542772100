"""
The web table in a real browser: Playwright drives Debian's Chromium against the server, run in a
thread on a free loopback port. Every move is made by clicking, as a person would: a card, then
(where a card starts several moves) more cards or the move's button. The test reads the API only
to decide which move to click. Screenshots go to ``$ARTIFACTS/browser`` (else ``artifacts/browser``);
they are kept, not compared.
"""

from __future__ import annotations

import collections.abc
import importlib
import json
import os
import random
import re
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest

if os.environ.get("CARDRULES_BROWSER_REQUIRED"):  # nox -s web_browser: a missing piece is a failure
    uvicorn = importlib.import_module("uvicorn")
    sync_api = importlib.import_module("playwright.sync_api")
else:
    pytest.importorskip("starlette")
    uvicorn = pytest.importorskip("uvicorn")
    sync_api = pytest.importorskip("playwright.sync_api")

import cardrules
from cardrules import records
from cardrules.bots import GreedyBot
from cardrules.web import create_app

CHROMIUM = os.environ.get("CARDRULES_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SHOTS = Path(os.environ.get("ARTIFACTS") or "artifacts") / "browser"
MAX_TURNS = 400


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> collections.abc.Iterator[str]:
    app = create_app(tmp_path_factory.mktemp("web") / "matches.sqlite3")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(15)
    sock.close()


@pytest.fixture(scope="module")
def browser() -> collections.abc.Iterator[Any]:
    if not Path(CHROMIUM).is_file():
        if os.environ.get("CARDRULES_BROWSER_REQUIRED"):
            pytest.fail(f"no browser at {CHROMIUM}")
        pytest.skip(f"no browser at {CHROMIUM} (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> collections.abc.Iterator[Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"the page's script failed: {errors}"


def settle(page: Any) -> None:
    """Let the cards' arrival animations end, so that a screenshot shows where the cards lie."""
    page.evaluate("Promise.allSettled(document.getAnimations().map(a => a.finished)).then(() => null)")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    settle(page)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, timeout=30_000)


def start(page: Any, base: str, game: str, seed: int, preset: str | None = None) -> None:
    """Start a match from the lobby, by its form; greedy computer players at the other seats."""
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.select_option("#game", game)
    page.wait_for_selector("body[data-ready=true]")
    if preset is not None:
        page.select_option("#preset", preset)
        page.wait_for_selector("body[data-ready=true]")
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_url("**/table#*")
    page.wait_for_selector("body[data-ready=true]")


def state(page: Any, query: str = "limit=200") -> dict[str, Any]:
    """The match as the API gives it to the page's seat (to choose what to click)."""
    script = """async (query) => {
        const id = decodeURIComponent(location.hash.slice(1));
        const token = localStorage.getItem("cardrules.token." + id);
        const r = await fetch(`/api/matches/${id}?${query}`, {headers: {Authorization: `Bearer ${token}`}});
        return await r.json();
    }"""
    data: dict[str, Any] = page.evaluate(script, query)
    return data


def version(page: Any) -> int:
    return int(page.get_attribute("body", "data-version"))


def turn(page: Any) -> str:
    """Whose turn it is, once the page is idle (a round's summary, once read, is closed)."""
    page.wait_for_function("document.body.dataset.busy !== 'true'")
    if page.get_attribute("body", "data-summary") == "open" and page.locator("#summary-continue").is_visible():
        page.click("#summary-continue")
        page.wait_for_selector("body[data-summary='closed']")
    return str(page.get_attribute("body", "data-turn"))


def wait_moved(page: Any, before: int) -> None:
    page.wait_for_function(
        f"document.body.dataset.busy !== 'true' && (Number(document.body.dataset.version) > {before}"
        " || document.body.dataset.turn === 'over')"
    )


def click_card(page: Any, zone: str, card: str) -> None:
    page.locator(f'#board .card[data-zone="{zone}"][data-card="{card}"]:not(.selected)').first.click()


def logged(page: Any, selector: str = "") -> list[str]:
    texts: list[str] = page.locator(f"#log li{selector}").all_inner_texts()
    return texts


def test_a_whole_mililla_match_by_clicking(page: Any, base_url: str) -> None:
    start(page, base_url, "mililla", seed=11)
    shot(page, "mililla-start")
    assert page.locator('#board .card[data-zone="hand"]').count() == 10
    turns = 0
    while turn(page) == "mine":
        turns += 1
        assert turns < MAX_TURNS
        before = version(page)
        page.locator('#board .card.usable[data-zone="hand"]').first.click()
        wait_moved(page, before)
        if turns == 5:
            shot(page, "mililla-play")
    assert turn(page) == "over"
    final = state(page)
    assert final["over"] and final["observation"]["winner"] is not None
    assert page.locator("#over").is_visible()
    # The computer's moves are narrated: the log holds the other seats' plays and the match's end.
    assert logged(page, '[data-mover="1"]') and logged(page, '[data-mover="0"]')
    assert logged(page, '[data-kind="match"]') or final["over"]
    shot(page, "mililla-over")
    # The finished match opens as a replay, which steps forward and back.
    page.click("#to-replay")
    page.wait_for_url("**/replay#*")
    page.wait_for_selector("body[data-ready=true]")
    page.click("#step")
    page.wait_for_selector("body[data-step='1']")
    assert "Move 1 of" in page.inner_text("#narration")
    page.click("#back")
    page.wait_for_selector("body[data-step='0']")


def test_an_illegal_click_shows_the_rule(page: Any, base_url: str) -> None:
    start(page, base_url, "mililla", seed=12)
    for _ in range(40):
        assert turn(page) == "mine"
        hand = page.locator('#board .card[data-zone="hand"]')
        unusable = page.locator('#board .card[data-zone="hand"]:not(.usable)')
        if unusable.count():
            before = version(page)
            unusable.first.click()
            message = page.locator("#message.error")
            message.wait_for()
            rule = message.locator(".rule").inner_text()
            assert rule.startswith("mililla."), rule
            assert len(message.inner_text()) > len(rule) + 10  # the reason, in words
            assert version(page) == before  # nothing was played
            shot(page, "illegal-click")
            return
        before = version(page)
        hand.and_(page.locator(".usable")).first.click()
        wait_moved(page, before)
    pytest.fail("no turn with a card that may not be played")


def _mulle_choice(moves: list[dict[str, Any]], done: set[str]) -> dict[str, Any]:
    """The move to click: a mulle, a build, a capture (each until one happened), then any capture or trail."""

    def mulle(m: dict[str, Any]) -> bool:
        return " x " in m["text"] and len(set(m["cards"])) < len(m["cards"])

    def build(m: dict[str, Any]) -> bool:
        return " > " in m["text"]

    def capture(m: dict[str, Any]) -> bool:
        return " x " in m["text"]

    for kind, test in (("mulle", mulle), ("build", build), ("capture", capture)):
        if kind not in done:
            found = [m for m in moves if test(m)]
            if found:
                return found[0]
    return next((m for m in moves if capture(m) or m["text"].endswith(" -")), moves[0])


def test_a_mulle_round_with_a_capture_a_build_and_a_mulle(page: Any, base_url: str) -> None:
    start(page, base_url, "mulle", seed=5)
    shot(page, "mulle-start")
    done: set[str] = set()
    round_no = state(page)["observation"]["round_no"]
    turns = 0
    while turn(page) == "mine":
        turns += 1
        assert turns < MAX_TURNS
        now = state(page)
        if now["observation"]["round_no"] != round_no:
            break
        move = _mulle_choice(now["legal_moves"]["moves"], done)
        before = version(page)
        click_card(page, "hand", move["cards"][0])
        for card in move["cards"][1:]:
            page.wait_for_function("document.body.dataset.busy !== 'true'")
            if version(page) != before:
                break
            button = page.locator(f'#picked-moves button[data-move="{move["text"]}"]')
            if button.count() and page.locator("#picked-moves button[data-move]").count() == 1:
                break
            click_card(page, "table", card)
        page.wait_for_function("document.body.dataset.busy !== 'true'")
        if version(page) == before:
            page.locator(f'#picked-moves button[data-move="{move["text"]}"]').click()
        wait_moved(page, before)
        mine = logged(page, f'[data-mover="{now["seat"]}"]')
        for kind in ("capture", "build", "mulle"):
            if logged(page, f'[data-mover="{now["seat"]}"][data-kind="{kind}"]'):
                done.add(kind)
        assert mine
        if turns == 3:
            shot(page, "mulle-play")
    shot(page, "mulle-round-over")
    assert done == {"capture", "build", "mulle"}, done


def test_a_charlemagne_hand_with_its_bidding(page: Any, base_url: str) -> None:
    start(page, base_url, "charlemagne", seed=3)
    shot(page, "charlemagne-bidding")
    turns = 0
    bid = False
    while turn(page) == "mine" and not logged(page, '[data-kind="round"]'):
        turns += 1
        assert turns < MAX_TURNS
        before = version(page)
        buttons = page.locator("#plain-moves button[data-move]")
        if buttons.count():
            bids = page.locator('#plain-moves button[data-move^="bid"]')
            if bids.count() and not bid:
                bids.first.click()
                bid = True
            else:
                buttons.first.click()
        else:
            page.locator('#board .card.usable[data-zone="hand"]').first.click()
        wait_moved(page, before)
        if turns == 2:
            shot(page, "charlemagne-after-bidding")
    assert bid
    assert logged(page, '[data-kind="bid"]')
    assert logged(page, '[data-kind="round"]'), "the hand was not played out"
    shot(page, "charlemagne-hand-over")


def test_a_replay_opened_from_a_record_file_steps_forward_and_back(page: Any, base_url: str, tmp_path: Path) -> None:
    import cardrules

    game = cardrules.get_game("mililla")
    first = game.new_game(seed=4)
    s, moves = first, []
    bot, rng = GreedyBot(), random.Random(4)
    for _ in range(30):
        seat = game.to_move(s)
        assert seat is not None
        move = bot.choose(game.observe(s, seat), game.legal_moves(s), rng)
        moves.append(move)
        s = game.apply(s, move)
    record = records.from_moves(first, moves)
    path = tmp_path / "match.json"
    path.write_text(records.dumps(record), encoding="utf-8")
    page.goto(base_url + "/replay")
    page.wait_for_selector("body[data-ready=true]")
    page.set_input_files("#file", str(path))
    page.click("#open button[type=submit]")
    page.wait_for_selector("#viewer:not([hidden])")
    page.wait_for_selector("body[data-step='0']")
    assert "The deal" in page.inner_text("#narration")
    for step in (1, 2, 3):
        page.click("#step")
        page.wait_for_selector(f"body[data-step='{step}']")
        narration = page.inner_text("#narration")
        assert f"Move {step} of 30" in narration
        assert page.locator("#narration .rule").count() >= 1  # each move with its rule
    page.click("#back")
    page.wait_for_selector("body[data-step='2']")
    page.select_option("#view", "seat:1")
    page.wait_for_function("document.querySelectorAll('#board svg.cardrules-table').length === 1")
    page.select_option("#view", "full")
    page.wait_for_function("document.querySelectorAll('#board svg.cardrules-table').length === 4")
    page.click("#play")
    page.wait_for_selector("body[data-step='4']", timeout=15_000)
    page.click("#play")  # pause
    paused = int(page.get_attribute("body", "data-step"))
    time.sleep(2)
    assert int(page.get_attribute("body", "data-step")) == paused
    shot(page, "replay")


def test_twin_cards_a_click_never_plays_a_card_not_chosen(page: Any, base_url: str) -> None:
    """Mulle has two packs: the 10♠ in the hand is not the 10♠ on the table, and the A♥ stays put."""
    start(page, base_url, "mulle", seed=11)
    hand = state(page)["observation"]["hand"]
    assert "10S" in hand and "AH" in hand
    table = state(page)["observation"]["table"]
    assert "10S" in table and "JH" in table
    before = version(page)
    click_card(page, "table", "JH")
    page.wait_for_function("document.body.dataset.busy !== 'true'")
    click_card(page, "hand", "10S")
    page.wait_for_function(
        f"document.body.dataset.busy !== 'true' && (Number(document.body.dataset.version) > {before}"
        " || document.getElementById('message').className === 'error')"
    )
    after = state(page)
    mine = [e for e in after["events"] if e["mover"] == after["seat"] and e["own"]]
    if after["version"] > before:  # a move was played: it played the chosen 10♠ from the hand
        assert mine and mine[-1]["move"].startswith("10S"), mine
    else:
        assert page.locator("#message.error .rule").count() == 1  # refused, with the rule
    assert "AH" in after["observation"]["hand"]
    assert page.locator('#board .card[data-zone="hand"][data-card="AH"]').count() == 1
    shot(page, "twin-cards")


def test_a_selected_hand_card_looks_selected_even_when_usable(page: Any, base_url: str) -> None:
    start(page, base_url, "mulle", seed=11)
    moves = state(page)["legal_moves"]["moves"]
    firsts = collections.Counter(m["cards"][0] for m in moves if m["cards"])
    card = next(c for c, n in firsts.items() if n > 1)  # a card that starts several moves stays selected
    click_card(page, "hand", card)
    page.wait_for_selector("#picked:not([hidden])")
    face = page.locator(f'#board .card.selected.usable[data-zone="hand"][data-card="{card}"] .face')
    stroke = face.evaluate("el => getComputedStyle(el).stroke")
    assert stroke == "rgb(224, 168, 0)", stroke  # the selection's colour, not the usable outline's
    shot(page, "selected-card")


def test_four_player_mulle_from_the_lobby(page: Any, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.select_option("#game", "mulle")
    page.wait_for_selector("body[data-ready=true]")
    assert page.locator("#opponents select[data-seat]").count() == 1
    assert page.locator('[data-option="glimne"]').count() == 0  # a fishing option: not in the building game
    page.select_option('[data-option="players"]', "4")
    page.wait_for_selector("body[data-ready=true][data-seats='4']")
    assert page.locator("#opponents select[data-seat]").count() == 3
    assert "your partner" in page.inner_text("#opponents")
    page.select_option("#preset", "fishing")
    page.wait_for_selector("body[data-ready=true][data-seats='2']")
    assert page.locator('[data-option="glimne"]').count() == 1
    page.select_option("#preset", "building")
    page.wait_for_selector("body[data-ready=true][data-seats='2']")
    page.select_option('[data-option="players"]', "4")
    page.wait_for_selector("body[data-ready=true][data-seats='4']")
    shot(page, "lobby-four-players")
    page.fill("#seed", "3")
    page.click("#start")
    page.wait_for_url("**/table#*")
    page.wait_for_selector("body[data-ready=true]")
    data = state(page)
    assert len(data["observation"]["hand_counts"]) == 4
    assert page.locator("#board .seat").count() == 4
    shot(page, "mulle-four-players")


def test_you_is_on_your_own_moves_only_and_cards_have_names(page: Any, base_url: str) -> None:
    start(page, base_url, "mililla", seed=5)
    assert not page.locator("#table-hint").is_visible()  # no capture hint in a trick game
    assert page.locator('#log li[data-kind="deal"]').count() >= 1  # the first deal is told
    for _ in range(8):  # fewer than a round's ten tricks: no summary in the way
        if turn(page) != "mine":
            break
        before = version(page)
        page.locator('#board .card.usable[data-zone="hand"]').first.click()
        wait_moved(page, before)
    marked = page.locator("#log li", has_text="(you)")
    assert marked.count() >= 1
    for i in range(marked.count()):
        assert marked.nth(i).get_attribute("data-own") == "true"
        assert marked.nth(i).get_attribute("data-kind") == "play"
    texts = logged(page)
    assert not any(re.search(r"\b(?:10|[2-9AJQKHBL])[OCEB]\b", t) for t in texts), texts
    assert any(re.search(r" of (oros|copas|espadas|bastos)", t) for t in texts)
    link = page.locator("#log a.rule").first
    assert link.get_attribute("href").startswith("/rules/mililla#mililla.")


def test_a_round_ends_on_a_summary_that_waits(page: Any, base_url: str) -> None:
    start(page, base_url, "mililla", seed=7)
    turns = 0
    while page.get_attribute("body", "data-summary") != "open":
        turns += 1
        page.wait_for_function("document.body.dataset.busy !== 'true'")
        assert turns < 30 and page.get_attribute("body", "data-turn") == "mine"
        before = version(page)
        page.locator('#board .card.usable[data-zone="hand"]').first.click()
        wait_moved(page, before)
    summary = page.locator("#summary")
    assert summary.is_visible()
    assert summary.locator("a.rule").count() >= 2  # every score item with its rule
    assert "Match score" in summary.inner_text()
    shot(page, "round-summary")
    before = version(page)
    page.locator('#board .card[data-zone="hand"]').first.dispatch_event("click")  # the panel waits: no move
    time.sleep(0.5)
    assert version(page) == before
    page.click("#summary-continue")
    page.wait_for_selector("#summary", state="hidden")


def test_the_table_reads_on_a_phone(browser: Any, base_url: str) -> None:
    """390x844: cards at least 44 px wide, every text at least 14 px, moves and log a tap away."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page = context.new_page()
    try:
        start(page, base_url, "mulle", seed=8)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide on a 390 px screen"
        cards = page.locator('#board .card[data-zone="hand"]')
        assert cards.count() > 0
        for i in range(cards.count()):
            box = cards.nth(i).bounding_box()
            assert box is not None and box["width"] >= 44, box
        smallest = page.evaluate(SMALLEST_TEXT)
        assert smallest >= 14, f"text of {smallest} px"
        for link, target in (("Log", "#log-title"), ("Moves", "#moves-title")):
            page.locator("nav.jump a", has_text=link).click()
            page.wait_for_function(
                f"(() => {{ const r = document.querySelector('{target}').getBoundingClientRect();"
                " return r.top >= 0 && r.bottom <= window.innerHeight; })()"
            )
        cards.first.focus()
        before = version(page)
        page.keyboard.press("Enter")  # playable by keyboard
        page.wait_for_function(
            f"Number(document.body.dataset.version) > {before} || "
            "document.querySelectorAll('#picked-moves button').length > 0 || "
            "document.getElementById('message').className === 'error'"
        )
        shot(page, "phone-table")
        json.dumps(state(page))  # the API answers the page's token
    finally:
        context.close()


# The smallest text on the page as shown, in CSS pixels: HTML text by its computed size, SVG text
# by its font size times the picture's scale.
SMALLEST_TEXT = """(() => {
    let least = 1000;
    for (const el of document.querySelectorAll("body *")) {
        if (el.closest("svg") || el.closest("[hidden]") || !el.getClientRects().length) continue;
        const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
        if (own) least = Math.min(least, parseFloat(getComputedStyle(el).fontSize));
    }
    for (const svg of document.querySelectorAll("#board svg")) {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        for (const t of svg.querySelectorAll("text")) {
            least = Math.min(least, Number(t.getAttribute("font-size")) * scale);
        }
    }
    return least;
})()"""


@pytest.mark.parametrize("game", cardrules.game_names())
def test_press_play_runs_each_demo_from_start_to_end(page: Any, base_url: str, game: str) -> None:
    page.goto(f"{base_url}/watch/{game}")
    page.wait_for_selector("body[data-ready=true][data-step='0']")
    steps = int(page.get_attribute("body", "data-steps"))
    assert steps >= 10
    assert "Next: seat" in page.inner_text("#narration")
    page.select_option("#speed", "4")
    page.click("#play")
    page.wait_for_selector("body[data-step='2']", timeout=15_000)
    page.click("#play")  # pause
    paused = int(page.get_attribute("body", "data-step"))
    time.sleep(1.5)
    assert int(page.get_attribute("body", "data-step")) == paused
    page.click("#back")
    page.wait_for_selector(f"body[data-step='{paused - 1}']")
    seen: set[str] = set()
    highlighted = 0
    for n in range(paused, steps + 1):
        page.click("#forward")
        page.wait_for_selector(f"body[data-step='{n}']")
        seen.update(page.locator("#step-rules a.rule").all_inner_texts())
        highlighted += page.locator("#board .card.moved").count() > 0
        if n == 6:
            shot(page, f"demo-{game}")
    assert page.locator("#forward").is_disabled()
    assert highlighted >= steps // 4  # the card just played is marked on the table
    shows = [a.get_attribute("href") for a in page.locator("#about a.rule").all()]
    assert shows and all(h.startswith(f"/rules/{game}#") for h in shows)
    wanted = {h.split("#", 1)[1] for h in shows}
    assert wanted <= seen, f"the demo never showed {wanted - seen}"


def test_two_browsers_take_two_seats_of_one_mililla_match(browser: Any, base_url: str) -> None:
    """The starter invites a friend to seat 2 (the partner); the friend opens the link; both play by clicks."""
    one = browser.new_context(viewport={"width": 1100, "height": 900})
    two = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        a = one.new_page()
        a.set_default_timeout(30_000)
        a.goto(base_url + "/")
        a.wait_for_selector("body[data-ready=true]")
        a.select_option("#game", "mililla")
        a.wait_for_selector("body[data-ready=true]")
        a.select_option('select[data-seat="2"]', "human")
        assert a.locator("#friends").is_visible()
        a.fill("#seed", "21")
        a.click("#start")
        a.wait_for_url("**/table#*")
        a.wait_for_selector("body[data-ready=true]")
        link = a.locator('#invite-list a[data-seat="2"]')
        assert link.count() == 1
        assert a.locator('#invite-list li[data-seat="2"] button', has_text="New link").count() == 1
        shot(a, "invite")
        a.set_viewport_size({"width": 390, "height": 844})  # the invites' buttons on a phone
        shot(a, "invite-phone")
        a.set_viewport_size({"width": 1100, "height": 900})
        href = link.get_attribute("href")
        # The host opening their own invite link keeps their seat, and the link stays the friend's.
        own = one.new_page()
        own.set_default_timeout(30_000)
        own.goto(href)
        own.wait_for_selector("body[data-ready=true]")
        assert state(own)["seat"] == 0 and state(own)["waiting"] == [2]
        assert "already has a seat" in own.inner_text("#message")
        own.close()
        b = two.new_page()
        b.set_default_timeout(30_000)
        b.goto(href)
        b.wait_for_selector("body[data-ready=true]")
        assert "." not in b.evaluate("location.hash")  # the invite code left the address bar
        # The link is used up: a third browser is told the seat is taken.
        three = browser.new_context(viewport={"width": 1100, "height": 900})
        c = three.new_page()
        c.goto(href)
        c.wait_for_function("document.getElementById('message').textContent.includes('taken')")
        assert c.get_attribute("body", "data-ready") is None
        three.close()
        seats = {state(a)["seat"], state(b)["seat"]}
        assert seats == {0, 2}
        hands = set(state(a)["observation"]["hand"]), set(state(b)["observation"]["hand"])
        assert hands[0].isdisjoint(hands[1])
        played = {0: 0, 2: 0}
        for _ in range(40):  # both seats play by clicking, each page told of the other's moves by the WebSocket
            if played[0] >= 3 and played[2] >= 3:
                break
            for page, seat in ((a, 0), (b, 2)):
                page.wait_for_function("document.body.dataset.busy !== 'true'")
                if page.get_attribute("body", "data-turn") == "mine":
                    before = version(page)
                    page.locator('#board .card.usable[data-zone="hand"]').first.click()
                    wait_moved(page, before)
                    played[seat] += 1
            time.sleep(0.2)
        assert played[0] >= 3 and played[2] >= 3, played
        # Each page's log shows the other's moves, pushed: the friend's plays are in the starter's log.
        a.wait_for_function('document.querySelectorAll(\'#log li[data-mover="2"][data-kind="play"]\').length >= 3')
        assert not [t for t in logged(a, '[data-mover="2"]') if "(you)" in t]
        assert [t for t in logged(b, '[data-mover="2"]') if "(you)" in t]
        a.wait_for_function("document.querySelector('#invite-list li[data-seat=\"2\"]').textContent.includes('taken')")
        shot(a, "two-seats-starter")
        shot(b, "two-seats-friend")
        # The friend hands the seat to the computer: its moves are the computer's, not "(you)".
        b.click("#hand-over")
        b.wait_for_selector("#handed:not([hidden])")
        for _ in range(10):  # the computer plays seat 2 on its turn; the host plays seat 0's
            if b.locator('#log li[data-mover="2"][data-stand-in="true"]').count():
                break
            a.wait_for_function("document.body.dataset.busy !== 'true'")
            if a.get_attribute("body", "data-turn") == "mine":
                before = version(a)
                a.locator('#board .card.usable[data-zone="hand"]').first.click()
                wait_moved(a, before)
            time.sleep(0.3)
        b.wait_for_selector('#log li[data-mover="2"][data-stand-in="true"]')
        a.wait_for_selector('#log li[data-mover="2"][data-stand-in="true"]')
        computer = logged(b, '[data-stand-in="true"][data-mover="2"]')
        assert computer and all("(you)" not in t and "computer" in t for t in computer), computer
        shot(b, "handed-friend")
        b.set_viewport_size({"width": 390, "height": 844})
        shot(b, "handed-friend-phone")
        b.set_viewport_size({"width": 1100, "height": 900})
        b.click("#take-back")
        b.wait_for_selector("#handed", state="hidden")
        assert b.locator("#hand-over").is_visible()
    finally:
        one.close()
        two.close()


# Where the header bar's first item (the title) and last item (the language picker) are, and the
# table's two columns: in a right-to-left page the first is on the right.
LAYOUT = """(() => {
    const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.left, r.right]; };
    return {
        dir: getComputedStyle(document.documentElement).direction,
        title: box("header.bar h1"), picker: box("#lang-picker"), board: box("#board-side"),
        moves: box("#moves-title"), width: document.documentElement.clientWidth,
        scroll: document.documentElement.scrollWidth,
    };
})()"""


# The picture's words as drawn: each text's box in the picture's units, and its direction.
PICTURE_TEXTS = """(() => {
    const svg = document.querySelector("#board svg");
    const width = svg.viewBox.baseVal.width;
    return Array.from(svg.querySelectorAll("text")).filter((t) => !t.closest(".card")).map((t) => {
        const box = t.getBBox();
        return { text: t.textContent, left: box.x, right: box.x + box.width, width,
                 direction: getComputedStyle(t).direction };
    });
})()"""


def picture_in_language(page: Any, lang: str, where: str, size: str) -> None:
    """The picture on the page has its words in *lang*, inside the picture; right to left in Arabic."""
    from cardrules import i18n

    page.wait_for_selector("#board svg text")
    texts = page.evaluate(PICTURE_TEXTS)
    words = " | ".join(t["text"] for t in texts)
    assert i18n.translation(lang).gettext("Your hand") in words and "Your hand" not in words, words
    assert "seat " not in words and "dealt by" not in words, words
    for t in texts:
        assert -1 <= t["left"] and t["right"] <= t["width"] + 1, t  # no word runs out of the picture
        assert t["direction"] == ("rtl" if lang == "ar" else "ltr"), t
    SHOTS.mkdir(parents=True, exist_ok=True)
    settle(page)
    page.locator("#board svg").screenshot(path=str(SHOTS / f"picture-{where}-{lang}-{size}.png"), timeout=30_000)


@pytest.mark.parametrize("lang", ["ar", "sv"])
def test_the_table_in_another_language_and_arabic_right_to_left(browser: Any, base_url: str, lang: str) -> None:
    """The lobby, the table and the rules page in *lang*, at a desktop's and a phone's width; Arabic mirrored."""
    from cardrules.web._lang import word

    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    rtl = lang == "ar"
    try:
        page.goto(base_url + f"/?lang={lang}")
        page.wait_for_selector("body[data-ready=true]")
        assert page.inner_text("#start") == word("Start the match", lang)
        shot(page, f"lobby-{lang}-desktop")
        start(page, base_url, "mililla", 11)  # the cookie keeps the language
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.inner_text("#moves-title") == word("Your move", lang)
        status = page.inner_text("#status")
        assert status and status not in ("Your turn.", "The match is over.") and "to play" not in status
        layout = page.evaluate(LAYOUT)
        assert layout["dir"] == ("rtl" if rtl else "ltr")
        # The header bar and the two columns are mirrored in Arabic: the first item on the right.
        assert (layout["title"][0] > layout["picker"][0]) == rtl, layout
        assert (layout["board"][0] > layout["moves"][0]) == rtl, layout
        assert page.evaluate("getComputedStyle(document.getElementById('board')).direction") == "ltr"
        shot(page, f"table-{lang}-desktop")
        picture_in_language(page, lang, "table", "desktop")
        # A refused card is explained in the language.
        unusable = page.locator('#board .card[data-zone="hand"]:not(.usable)')
        if unusable.count():
            unusable.first.click()
            page.locator("#message.error").wait_for()
        page.set_viewport_size({"width": 390, "height": 844})
        page.reload()
        page.wait_for_selector("body[data-ready=true]")
        layout = page.evaluate(LAYOUT)
        assert layout["dir"] == ("rtl" if rtl else "ltr") and layout["scroll"] <= 390, layout
        # On a phone the title starts at the right edge in Arabic, at the left edge otherwise.
        assert (layout["title"][1] > 390 - 40) if rtl else (layout["title"][0] < 40), layout
        shot(page, f"table-{lang}-phone")
        picture_in_language(page, lang, "table", "phone")
        page.goto(base_url + "/watch/mililla")
        page.wait_for_selector("#board svg text")
        picture_in_language(page, lang, "watch", "phone")
        page.goto(base_url + "/rules/mililla")
        assert page.evaluate("getComputedStyle(document.documentElement).direction") == ("rtl" if rtl else "ltr")
        assert page.inner_text("h1") == word("The rules of {game}", lang).format(game="Mililla")
        shot(page, f"rules-{lang}-phone")
        # The picker switches the language, and the choice is remembered.
        page.select_option("#lang-picker", "en")
        page.wait_for_function("document.documentElement.lang === 'en'")
        page.goto(base_url + "/")
        assert page.evaluate("document.documentElement.lang") == "en"
    finally:
        context.close()
    assert not errors, f"the page's script failed: {errors}"


@pytest.mark.parametrize(("width", "height", "lang"), [(1280, 900, "en"), (390, 844, "sv"), (390, 844, "ar")])
def test_why_beside_a_move_shows_the_rules_that_allow_it(
    browser: Any, base_url: str, width: int, height: int, lang: str
) -> None:
    """A move's "Why?" lists each rule that could have refused it, a link to the rule, and why it does not bind here."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = context.new_page()
    try:
        page.goto(base_url + f"/?lang={lang}")
        start(page, base_url, "charlemagne", seed=3)
        assert turn(page) == "mine"
        why = page.locator("#plain-moves button.why").first
        why.wait_for()
        assert why.get_attribute("aria-label")
        why.click()
        reasons = page.locator("#hint-reasons li")
        reasons.first.wait_for()
        rules = reasons.locator("a.rule").all_inner_texts()
        assert rules and all(r.startswith("charlemagne.") for r in rules), rules
        assert "charlemagne.bid.turn" in rules
        box = page.locator("#hint-reasons").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
        shot(page, f"why-{lang}-{width}")
    finally:
        context.close()
