"""
The web table for every person: in every language, on a phone, by keyboard alone, with a screen
reader. Playwright drives Debian's Chromium as ``tests/web/test_browser.py`` does (its server and
browser fixtures); axe-core (``axe-playwright-python``) checks the pages. Screenshots of the lobby,
a table, press play and the replay viewer in Swedish and Arabic, at desktop and phone width, go to
``$ARTIFACTS/browser`` (else ``artifacts/browser``).
"""

# ruff: noqa: F811 - the server, browser and page fixtures are test_browser.py's, imported by name

from __future__ import annotations

import importlib
import json
import os
import random
import re
import urllib.request
from typing import Any

import pytest

if os.environ.get("CARDRULES_WEB_STORE") == "postgres":  # the pages are the same on any store: run once, on SQLite
    pytest.skip("the pages do not depend on the store", allow_module_level=True)
if os.environ.get("CARDRULES_BROWSER_REQUIRED"):  # nox -s web_browser: a missing piece is a failure
    axe_sync = importlib.import_module("axe_playwright_python.sync_playwright")
else:
    axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

import cardrules
from cardrules import i18n, records
from cardrules.bots import GreedyBot
from cardrules.cards import card_words
from tests.web.test_browser import base_url, browser, page, settle, shot, start, state, version  # noqa: F401

GAMES = cardrules.game_names()
LANGS = ("sv", "es", "fr", "ar")
# English words a translated page must not show: the lobby's options, values and presets, the demos'
# titles, the table's and the narration's words.
ENGLISH = re.compile(
    r"\b(capture duty|locking builds|single round|end when decided|rank order|seven rule|held bonus|"
    r"mulle value|most cards|players|target|building|fishing|a capture|a build|a tabbe|"
    r"following|trumping|Your turn|to play|plays|moves|seat|Seat|Next|Round|Points|the deal|"
    r"spades|hearts|diamonds|clubs|of copas|of oros|of espadas|of bastos)\b"
)
# A card's code (10S, QD, 5C), which a page in words never shows: a card is its rank and suit symbol, or its name.
CARD_CODE = re.compile(r"(?<![A-Za-z0-9.#])(?:10|[2-9AJQKH])[SHDCOEB](?![A-Za-z0-9])")
# What a person sees and hears: the visible text, and every accessible name and title of the page.
SEEN = """(() => {
    const names = Array.from(document.querySelectorAll("[aria-label], [title], title, option"),
        (el) => el.getAttribute("aria-label") || el.getAttribute("title") || el.textContent);
    return document.body.innerText + "\\n" + names.join("\\n");
})()"""


def ready(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")


def post_json(base: str, path: str, body: bytes) -> Any:
    req = urllib.request.Request(base + path, data=body, headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


@pytest.fixture(scope="module")
def replay_id(base_url: str) -> str:
    """A stored replay of 30 moves of Mililla (greedy at every seat)."""
    game = cardrules.get_game("mililla")
    first = game.new_game(seed=4)
    s, moves, bot, rng = first, [], GreedyBot(), random.Random(4)
    for _ in range(30):
        seat = game.to_move(s)
        assert seat is not None
        move = bot.choose(game.observe(s, seat), game.legal_moves(s), rng)
        moves.append(move)
        s = game.apply(s, move)
    made = post_json(base_url, "/api/replays", records.dumps(records.from_moves(first, moves)).encode())
    return str(made["replay"])


def open_replay(page: Any, base: str, replay: str, lang: str, steps: int = 3) -> None:
    ready(page, f"{base}/replay?lang={lang}#{replay}")
    page.wait_for_selector("body[data-step='0']")
    for n in range(1, steps + 1):
        page.click("#step")
        page.wait_for_selector(f"body[data-step='{n}']")


def open_watch(page: Any, base: str, game: str, lang: str, steps: int = 5) -> None:
    ready(page, f"{base}/watch/{game}?lang={lang}")
    for n in range(1, steps + 1):
        page.click("#forward")
        page.wait_for_selector(f"body[data-step='{n}']")


def open_table(page: Any, base: str, game: str, lang: str, seed: int = 8) -> None:
    page.goto(f"{base}/?lang={lang}")  # the language is kept in a cookie for the table
    start(page, base, game, seed=seed)


def words_of(page: Any) -> str:
    settle(page)
    text: str = page.evaluate(SEEN)
    # The language picker names each language in its own words ("English"), and the rules' ids are ids.
    return re.sub(r"\b[a-z]+(\.[a-z0-9-]+)+\b", "", text.replace("English", ""))


def faults(text: str) -> list[str]:
    return sorted({m.group(0) for m in ENGLISH.finditer(text)} | {m.group(0) for m in CARD_CODE.finditer(text)})


def too_wide(page: Any, width: int) -> list[str]:
    """A fault if the page is wider than the screen (a phone would scroll it sideways)."""
    scroll: int = page.evaluate("document.documentElement.scrollWidth")
    return [f"{scroll} px wide on a {width} px screen"] if scroll > width else []


# ---------------------------------------------------------------------------------------------
# Every language: no English words, no card codes; screenshots in Swedish and Arabic.


@pytest.mark.parametrize(
    ("lang", "width", "height"),
    [("sv", 1280, 800), ("sv", 390, 844), ("ar", 1280, 800), ("ar", 390, 844), ("es", 1280, 800), ("fr", 1280, 800)],
)
def test_every_page_in_the_language_without_english_or_card_codes(
    browser: Any,
    base_url: str,
    replay_id: str,
    lang: str,
    width: int,
    height: int,
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(30_000)
    found: dict[str, list[str]] = {}
    keep = lang in ("sv", "ar")
    size = "phone" if width < 500 else "desktop"
    try:
        ready(page, f"{base_url}/?lang={lang}")
        for game in GAMES:
            page.select_option("#game", game)
            page.wait_for_selector("body[data-ready=true]")
            for preset in page.locator("#preset option").evaluate_all("(os) => os.map((o) => o.value)"):
                page.select_option("#preset", preset)
                page.wait_for_selector("body[data-ready=true]")
                found[f"lobby {game}/{preset}"] = faults(words_of(page)) + too_wide(page, width)
        if keep:
            shot(page, f"lobby-{lang}-{size}")
        for game in GAMES:
            open_watch(page, base_url, game, lang)
            found[f"watch {game}"] = faults(words_of(page)) + too_wide(page, width)
            if keep and game == "mulle":
                shot(page, f"watch-{lang}-{size}")
        open_replay(page, base_url, replay_id, lang)
        found["replay"] = faults(words_of(page)) + too_wide(page, width)
        if keep:
            shot(page, f"replay-{lang}-{size}")
        for game in GAMES:
            open_table(page, base_url, game, lang)
            found[f"table {game}"] = faults(words_of(page)) + too_wide(page, width)
            if keep and game == "mulle":
                shot(page, f"table-{lang}-{size}")
    finally:
        context.close()
    bad = {where: words for where, words in found.items() if words}
    assert not bad, f"English words, card codes or a page wider than the screen in {lang}: {bad}"


def test_the_word_lists_catch_what_they_look_for() -> None:
    assert faults("Svensk text: capture duty, 10S och QD x QD 10D+2C") == ["10D", "10S", "2C", "QD", "capture duty"]
    assert faults("لكل لاعب و3S على الطاولة") == ["3S"]
    assert faults("Q♠ -, 10♥ x 10♣, mulle.capture, 5D6, spader tio") == []


# ---------------------------------------------------------------------------------------------
# A phone: a tapped card's moves, and a refusal, are on the screen.

SERIOUS = ("serious", "critical")
IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }"""


def test_on_a_phone_a_tapped_card_shows_its_moves_and_a_refusal_on_the_screen(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        for seed in range(8, 40):  # a deal where a card of the hand starts several moves (a capture or a build)
            open_table(page, base_url, "mulle", "sv", seed=seed)
            page.wait_for_selector("body[data-turn='mine']")
            moves = state(page)["legal_moves"]["moves"]
            starts: dict[str, int] = {}
            for m in moves:
                starts[m["cards"][0]] = starts.get(m["cards"][0], 0) + 1
            several = [c for c, n in starts.items() if n > 1]
            if several:
                break
        else:
            pytest.fail("no deal with a card that starts several moves")
        page.evaluate("window.scrollTo(0, 0)")
        page.locator(f'#board .card[data-zone="hand"][data-card="{several[0]}"]').first.tap()
        page.wait_for_selector("#picked-moves button")
        page.wait_for_function("document.getElementById('message').textContent.length > 0")
        assert page.evaluate(IN_VIEW, "#picked-moves button"), "the moves are below the screen"
        assert page.evaluate(IN_VIEW, "#message"), "the message is below the screen"
        shot(page, "phone-moves-sv")
        # The moves to choose from, with their "Why?" buttons, pass axe too; each move says its cards' names.
        serious = [v["id"] for v in axe_sync.Axe().run(page).response["violations"] if v["impact"] in SERIOUS]
        assert not serious, serious
        spoken = page.locator("#picked-moves button[data-move]").first.evaluate(
            "(b) => b.querySelector('.visually-hidden').textContent"
        )
        assert "spader" in spoken or "hjärter" in spoken or "ruter" in spoken or "klöver" in spoken, spoken
        # A refusal: a table card that no move of this hand card takes, then the hand card.
        page.click("#clear")
        table = page.locator('#board .card[role="button"]:not([data-zone="hand"])')
        hand = page.locator('#board .card[data-zone="hand"][role="button"]')
        refused = None
        for i in range(hand.count()):
            card = hand.nth(i).get_attribute("data-card")
            takes = {c for m in moves if m["cards"][0] == card for c in m["cards"][1:]}
            for j in range(table.count()):
                if table.nth(j).get_attribute("data-card") not in takes:
                    refused = (j, i)
                    break
            if refused:
                break
        assert refused is not None
        page.evaluate("window.scrollTo(0, 0)")
        table.nth(refused[0]).tap()
        hand.nth(refused[1]).tap()
        page.wait_for_selector("#message.error")
        page.wait_for_function(IN_VIEW, arg="#message")
        assert not faults(page.inner_text("#message")), page.inner_text("#message")  # the refusal names cards too
        shot(page, "phone-refusal-sv")
    finally:
        context.close()


# ---------------------------------------------------------------------------------------------
# Arabic: a move's notation reads left to right inside the right-to-left page.

LEFT_TO_RIGHT = """(el) => {
    // The first and the last letter of the label (past the isolate marks), where they are drawn.
    const text = el.firstChild && el.firstChild.nodeType === 3 ? el.firstChild : el.querySelector("*").firstChild;
    const s = text.textContent;
    const first = s.search(/[^\\u2066-\\u2069\\s]/);
    let last = s.length - 1;
    while (last > first && /[\\u2066-\\u2069\\s]/.test(s[last])) last -= 1;
    const at = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
        return r.getBoundingClientRect().left; };
    return [s, at(first) < at(last)];
}"""


def test_arabic_move_labels_read_left_to_right(page: Any, base_url: str) -> None:
    open_table(page, base_url, "mulle", "ar", seed=8)
    page.wait_for_selector("body[data-turn='mine']")
    assert page.get_attribute("html", "dir") == "rtl"
    moves = state(page)["legal_moves"]["moves"]
    card = max({m["cards"][0] for m in moves}, key=lambda c: sum(m["cards"][0] == c for m in moves))
    page.locator(f'#board .card[data-zone="hand"][data-card="{card}"]').first.click()
    buttons = page.locator("#picked-moves button[data-move], #plain-moves button[data-move]")
    buttons.first.wait_for()
    for i in range(buttons.count()):
        label, ordered = buttons.nth(i).evaluate(LEFT_TO_RIGHT)
        assert ordered, f"the move {label!r} is drawn right to left"
    # The move inside a sentence of the page: isolated, so that it keeps its order.
    label = buttons.first.evaluate("(b) => b.firstChild.textContent")
    before = version(page)
    buttons.first.click()
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    said = page.inner_text("#played")
    assert f"\u2066{label}\u2069" in said, said
    # One's own move is read out once, by the log (a live region), not again by the alert.
    assert page.inner_text("#message") == "", page.inner_text("#message")
    assert page.get_attribute("#played", "aria-live") is None and page.get_attribute("#played", "role") is None
    text, ordered = page.locator("#played").evaluate(
        LEFT_TO_RIGHT.replace(
            "s.search(", "s.indexOf('\\u2066') + 1 + s.slice(s.indexOf('\\u2066') + 1).search("
        ).replace("let last = s.length - 1;", "let last = s.indexOf('\\u2069') - 1;")
    )
    assert ordered, f"the move in {text!r} is drawn right to left"


# ---------------------------------------------------------------------------------------------
# Press play: what a move takes is marked before it leaves; hidden hands stay hidden in words; a
# phone shows the narration above the board.


# Every card of the board that is ever marked as leaving, by its zone and card.
MARKED = """() => { window.leaving = [];
    new MutationObserver((changes) => { for (const c of changes) {
        const el = c.target;
        if (el.classList && el.classList.contains("leaving")) {
            window.leaving.push(`${el.dataset.zone} ${el.dataset.card}`);
        }
    } }).observe(document.getElementById("board"), { attributes: true, subtree: true, attributeFilter: ["class"] });
}"""


def test_press_play_marks_what_a_move_takes_and_tells_no_hidden_hand(page: Any, base_url: str) -> None:
    ready(page, f"{base_url}/watch/mulle")
    page.evaluate(MARKED)
    steps = int(page.get_attribute("body", "data-steps"))
    for n in range(1, steps + 1):
        page.click("#forward")
        page.wait_for_selector(f"body[data-step='{n}']")
    leaving: list[str] = page.evaluate("window.leaving")
    assert any(z.startswith("table ") for z in leaving), f"no captured card was marked: {leaving}"


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("game", GAMES)
def test_the_demos_words_name_no_card_of_a_hidden_hand(game: str, lang: str) -> None:
    pytest.importorskip("starlette")
    from cardrules._kit.style import card_label
    from cardrules.web import _watch
    from cardrules.web._encode import jsonable

    body = _watch.demo(game, lang)
    played, states, _ = _watch._states(game)
    tr = i18n.translation(lang)
    for data, after in zip(body.steps, states, strict=True):
        if data.to_move is not None and data.to_move != _watch.SEAT:
            assert data.next == (), f"step {data.step} lists the moves of seat {data.to_move}"
        seen = json.dumps(jsonable(played.observe(after, _watch.SEAT)))
        hidden = {c for s, hand in enumerate(after.hands) if s != _watch.SEAT for c in hand if f'"{c}"' not in seen}
        for card in hidden:
            for name in {card_label(card), card_words(card, tr), str(card)}:
                assert not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", data.narration), (
                    f"step {data.step} names {name}, a card of a hand the board shows face down: {data.narration}"
                )


def test_on_a_phone_press_play_tells_the_move_above_the_board(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        open_watch(page, base_url, "mulle", "en", steps=3)
        narration = page.locator("#narration").bounding_box()
        board = page.locator("#board").bounding_box()
        assert narration is not None and board is not None
        assert narration["y"] < board["y"], "the narration is below the board"
        assert narration["y"] + narration["height"] <= 844, "the narration is below the screen"
    finally:
        context.close()


# ---------------------------------------------------------------------------------------------
# Screen readers: the log is a live region in the page's language; cards have their names.


def test_the_log_is_a_live_region_in_the_pages_language(page: Any, base_url: str) -> None:
    open_table(page, base_url, "mililla", "sv", seed=11)
    assert page.get_attribute("#log", "aria-live") == "polite"
    assert page.get_attribute("#latest", "aria-live") is None  # said once, by the log
    page.wait_for_function("document.querySelectorAll('#log li').length >= 2")
    said = "\n".join(page.locator("#log li").all_inner_texts())
    assert "plats" in said and not re.search(r"\b(seat|plays|deals)\b", said), said
    names = page.locator('#board .card[data-zone="hand"]').evaluate_all(
        "(cs) => cs.map((c) => c.getAttribute('aria-label'))"
    )
    tr = i18n.translation("sv")
    game = cardrules.get_game("mililla")
    assert names == [
        card_words(game.spec.pack.parse(c), tr)
        for c in page.locator('#board .card[data-zone="hand"]').evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
    ]


# ---------------------------------------------------------------------------------------------
# axe-core: no violation of serious or critical impact, in English and in Arabic.

AXE_PAGES = ["lobby", *(f"table-{g}" for g in GAMES), "watch", "replay", "rules"]
RULES_FAULT = "scrollable-region-focusable"
"""The rules page's own fault (its examples' <pre> blocks scroll but take no focus), fixed with the
rules pages: until then that one violation, alone, makes the rules page's case an expected failure."""


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("where", AXE_PAGES)
def test_axe_finds_no_serious_violation(page: Any, base_url: str, replay_id: str, where: str, lang: str) -> None:
    if where == "lobby":
        ready(page, f"{base_url}/?lang={lang}")
    elif where.startswith("table-"):
        open_table(page, base_url, where.split("-", 1)[1], lang)
    elif where == "watch":
        open_watch(page, base_url, "mulle", lang, steps=3)
    elif where == "replay":
        open_replay(page, base_url, replay_id, lang)
    else:
        page.goto(f"{base_url}/rules/mulle?lang={lang}")
    settle(page)
    results = axe_sync.Axe().run(page)
    serious = [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}"
        for v in results.response["violations"]
        if v["impact"] in SERIOUS
    ]
    if where == "rules" and serious and all(v.startswith(f"{RULES_FAULT} ") for v in serious):
        pytest.xfail(f"the rules page's <pre> blocks: {RULES_FAULT}")
    assert not serious, f"axe on the {where} page in {lang}: {serious}"


# ---------------------------------------------------------------------------------------------
# The keyboard alone: a whole Mililla match, from the lobby to its end.


# What the focused element is: its id, tag, class, zone, value, option or seat, and move.
FOCUSED = """() => { const el = document.activeElement; const d = el.dataset || {};
    return { id: el.id, tag: el.tagName.toLowerCase(), cls: el.getAttribute("class") || "", zone: d.zone || "",
             value: "value" in el ? String(el.value) : "", option: d.option || d.seat || "", move: d.move || "" };
}"""


def focused(page: Any) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(FOCUSED)
    return got


def tab_to(page: Any, wanted: Any, most: int = 120) -> dict[str, Any]:
    """Press Tab until the focused element is the one *wanted* (a test of its description)."""
    for _ in range(most):
        page.keyboard.press("Tab")
        now = focused(page)
        if wanted(now):
            return now
    raise AssertionError(f"Tab never reached the element: the focus is on {focused(page)}")


def choose(page: Any, value: str) -> None:
    """Choose *value* in the focused <select> with the arrow keys."""
    for key in ("ArrowDown", "ArrowUp"):
        for _ in range(12):
            if focused(page)["value"] == value:
                return
            page.keyboard.press(key)
    assert focused(page)["value"] == value


def test_a_whole_mililla_match_by_keyboard_alone(page: Any, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    tab_to(page, lambda f: f["id"] == "game")
    choose(page, "mililla")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_function("document.querySelector('[data-option=single_round]') !== null")
    tab_to(page, lambda f: f["option"] == "single_round")
    page.keyboard.press("Space")
    page.wait_for_selector("body[data-ready=true]")
    assert page.is_checked("[data-option=single_round]")
    for seat in ("1", "2", "3"):
        tab_to(page, lambda f, s=seat: f["tag"] == "select" and f["option"] == s)
        choose(page, "greedy")
    tab_to(page, lambda f: f["id"] == "start")
    page.keyboard.press("Enter")
    page.wait_for_url("**/table#*")
    page.wait_for_selector("body[data-ready=true]")
    shown = False
    for _ in range(120):
        page.wait_for_function(
            "document.body.dataset.busy !== 'true' && ['mine', 'over'].includes(document.body.dataset.turn)"
        )
        if page.get_attribute("body", "data-turn") == "over":
            break
        if page.get_attribute("body", "data-summary") == "open":
            tab_to(page, lambda f: f["id"] == "summary-continue")
            page.keyboard.press("Enter")
            continue
        now = focused(page)
        if not (now["cls"].startswith("card") and now["zone"] == "hand"):
            now = tab_to(page, lambda f: f["cls"].startswith("card") and f["zone"] == "hand")
        for _ in range(12):  # the arrow keys move along the hand to a card some move plays
            if "usable" in focused(page)["cls"]:
                break
            page.keyboard.press("ArrowRight")
        if not shown:  # the focused card, as a person sees it
            shot(page, "keyboard-mililla-focus")
            shown = True
        before = version(page)
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"Number(document.body.dataset.version) > {before} || document.querySelector('#picked-moves button')"
        )
        if focused(page)["move"]:  # several moves start with this card: the focus is on the first
            page.keyboard.press("Enter")
            page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    else:
        pytest.fail("the match did not end")
    assert page.get_attribute("body", "data-turn") == "over"
    page.wait_for_selector("#summary:not([hidden])")
    tab_to(page, lambda f: f["id"] == "to-replay")
    page.keyboard.press("Enter")
    page.wait_for_url("**/replay#*")
    shot(page, "keyboard-mililla-replay")


@pytest.mark.parametrize(("lang", "said"), [("en", "0.63"), ("sv", "0,63"), ("fr", "0,63")])
def test_the_scripts_write_numbers_as_the_language_does(page: Any, base_url: str, lang: str, said: str) -> None:
    ready(page, f"{base_url}/?lang={lang}")
    written = page.evaluate("import('/static/api.js').then((api) => [api.number(0.63), api.t('{n}', { n: 0.63 })])")
    assert written == [said, said]


def test_arabic_press_play_keeps_each_move_and_card_left_to_right(page: Any, base_url: str) -> None:
    open_watch(page, base_url, "mulle", "ar", steps=5)
    # Each outermost isolated run (a move) is drawn left to right: its first letter left of its last.
    runs = (
        page.locator("#narration p")
        .nth(1)
        .evaluate("""(p) => {
        const text = p.firstChild, s = text.textContent, out = [];
        const at = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
            return r.getBoundingClientRect().left; };
        const marks = /[\u2066-\u2069]/;
        let depth = 0, start = -1;
        for (let i = 0; i < s.length; i++) {
            if (s[i] === "\u2066") { if (depth === 0) start = i; depth += 1; }
            if (s[i] === "\u2069") {
                depth -= 1;
                if (depth === 0) {
                    let a = start + 1, b = i - 1;
                    while (marks.test(s[a])) a += 1;
                    while (marks.test(s[b])) b -= 1;
                    out.push([s.slice(start + 1, i).replace(/[\u2066-\u2069]/g, ""), at(a) < at(b)]);
                }
            }
        }
        return out;
    }""")
    )
    assert any(" " in run for run, _ in runs), f"no move is isolated: {runs}"
    assert all(ordered for _, ordered in runs), runs
