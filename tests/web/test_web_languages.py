"""The web pages in every language: choosing it, the words of each page, right to left, the rules pages."""

from __future__ import annotations

import gettext
import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("jsonschema")
pytest.importorskip("markdown_it")
pytest.importorskip("babel")

from starlette.testclient import TestClient

import cardrules
from cardrules import i18n, records
from cardrules._kit import svg as _svg
from cardrules.i18n import _catalogs
from cardrules.rules import Message, card_words
from cardrules.web import _lang, _lobby, _rules
from cardrules.web._app import STATIC
from tests.web.helpers import auth, client, hidden_cards, start, tokens

OTHERS = ("sv", "es", "fr", "ar")
PAGES = ("/", "/table", "/replay", "/watch/mulle", "/rules/mulle", "/rules/mililla", "/rules/charlemagne")


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(tmp_path)


def _html_lang(html: str) -> tuple[str, str]:
    found = re.search(r'<html lang="([a-z]+)" dir="(ltr|rtl)">', html)
    assert found, html[:200]
    return found.group(1), found.group(2)


def _words_of(html: str) -> dict[str, str]:
    found = re.search(r'<script type="application/json" id="words">(.*?)</script>', html, re.S)
    assert found
    data: dict[str, str] = json.loads(found.group(1))
    return data


def test_the_language_is_the_query_then_the_cookie_then_accept_language_then_english(c: TestClient) -> None:
    assert _html_lang(c.get("/").text) == ("en", "ltr")
    assert _html_lang(c.get("/", headers={"Accept-Language": "de, es;q=0.8"}).text)[0] == "es"
    c.cookies.set("lang", "fr")
    assert _html_lang(c.get("/", headers={"Accept-Language": "es"}).text)[0] == "fr"  # the cookie beats the header
    assert _html_lang(c.get("/?lang=sv", headers={"Accept-Language": "es"}).text)[0] == "sv"  # the query beats both
    c.cookies.clear()


def test_lang_in_the_query_sets_the_cookie_and_the_next_page_keeps_it(c: TestClient) -> None:
    r = c.get("/table?lang=ar")
    assert r.status_code == 200
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("lang=ar;") and "Path=/" in cookie and "Max-Age=" in cookie
    assert "Accept-Language" in r.headers["vary"]
    assert _html_lang(c.get("/replay").text) == ("ar", "rtl")  # the client sends the cookie back
    assert "set-cookie" not in c.get("/replay").headers  # only a choice sets it


def test_an_unknown_language_is_passed_over_never_an_error(c: TestClient) -> None:
    r = c.get("/?lang=de", headers={"Accept-Language": "es"})
    assert r.status_code == 200 and _html_lang(r.text)[0] == "es" and "set-cookie" not in r.headers
    c.cookies.set("lang", "xx")
    assert _html_lang(c.get("/?lang=", headers={"Accept-Language": "klingon"}).text)[0] == "en"
    assert c.get("/rules/mulle?lang=%3Cscript%3E").status_code == 200
    c.cookies.clear()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_its_language_direction_and_a_picker(c: TestClient, path: str, lang: str) -> None:
    html = c.get(f"{path}?lang={lang}").text
    assert _html_lang(html) == (lang, i18n.direction(lang))
    picker = re.search(r'<select id="lang-picker".*?</select>', html, re.S)
    assert picker, path
    for code, name in _lang.NAMES.items():
        assert f'value="{code}"' in picker.group(0) and name in picker.group(0)
    assert f'<option value="{lang}" lang="{lang}" selected>' in picker.group(0)
    if not path.startswith("/rules/"):  # (the rules pages' examples have Python lists in them)
        assert "[[" not in html and "]]" not in html  # every word of the page was filled in
    assert '<script type="module" src="/static/lang.js">' in html


def _catalog(lang: str) -> dict[str, str]:
    catalog = _catalogs.read_po(_catalogs.LOCALE / lang / "LC_MESSAGES" / "cardrules.po")
    return {str(m.id): str(m.string) for m in catalog if m.context == "web"}


@pytest.mark.parametrize("lang", OTHERS)
def test_every_word_of_every_page_is_translated(c: TestClient, lang: str) -> None:
    """The words a page gives its script are the catalog's translations, none of them missing."""
    catalog = _catalog(lang)
    assert set(catalog) == set(_lang.WORDS)
    assert all(catalog.values()), [w for w, t in catalog.items() if not t]
    for path in PAGES:
        html = c.get(f"{path}?lang={lang}").text
        given = _words_of(html)
        # The lobby gets the games' options, values and presets besides ("option:capture_duty").
        assert given == {**catalog, **(_lobby.option_words(lang) if path == "/" else {})}
        if path.startswith("/rules/"):
            continue
        body = html.split("</head>", 1)[1]
        # The English of a word translated differently is nowhere in the page's body.
        for english, said in catalog.items():
            if english != said and len(english) > 12 and "{" not in english:
                assert english not in body, (path, english)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_lobbys_options_values_and_presets_are_translated(lang: str) -> None:
    """Each option's name, each value that is a word and each preset has its translation in the catalog."""
    words = _lobby.option_words(lang)
    assert {"option:capture_duty", "option:single_round", "value:hand", "preset:fishing"} <= set(words)
    known = i18n.translation(lang)._catalog  # type: ignore[attr-defined]
    contexts = {"option": "option", "value": "option value", "preset": "preset"}
    for key in words:
        kind, name = key.split(":", 1)
        msgid = name.replace("_", " ") if kind == "option" else name
        assert known.get(f"{contexts[kind]}\x04{msgid}"), f"{key} has no translation in {lang}"
    assert words["option:capture_duty"] != "capture duty"


def test_every_word_the_pages_and_scripts_use_is_marked_for_the_catalogs() -> None:
    used: set[str] = set()
    for page in STATIC.glob("*.html"):
        used |= set(re.findall(r"\[\[([^\[\]]+)\]\]", page.read_text(encoding="utf-8")))
    for script in STATIC.glob("*.js"):
        used |= set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', script.read_text(encoding="utf-8")))
    assert len(used) > 100
    assert used <= set(_lang.WORDS), used - set(_lang.WORDS)


def test_the_placeholders_of_each_word_are_kept_in_every_language() -> None:
    for lang in OTHERS:
        for english, said in _lang.words(lang).items():
            assert set(re.findall(r"\{\w+\}", english)) == set(re.findall(r"\{\w+\}", said)), (lang, english)


class _Marked(gettext.NullTranslations):
    """A translation that changes one block of the Mulle rules page, and translates the words as Swedish does."""

    def __init__(self, swedish: gettext.NullTranslations) -> None:
        super().__init__()
        self.swedish = swedish

    def pgettext(self, context: str, message: str) -> str:
        if context == "mulle" and message == "## Capturing":
            return "## MARKED BLOCK"
        return self.swedish.pgettext(context, message)


def test_the_rules_page_takes_each_block_from_the_pages_catalog(c: TestClient, monkeypatch: Any) -> None:
    real = i18n.translation
    marked = _Marked(real("sv"))
    monkeypatch.setattr(i18n, "translation", lambda lang: marked if lang == "sv" else real(lang))
    _rules._rendered.cache_clear()
    try:
        html = c.get("/rules/mulle?lang=sv").text
    finally:
        _rules._rendered.cache_clear()
    assert "MARKED BLOCK</h2>" in html and "Fångst</h2>" not in html
    assert 'id="mulle.capture"' in html  # the anchors of the rule ids are kept
    assert "<h1>Reglerna för Mulle</h1>" in html and ">Lobbyn</a>" in html
    english = c.get("/rules/mulle?lang=en").text
    assert "Capturing</h2>" in english and "MARKED" not in english


@pytest.mark.parametrize("lang", OTHERS)
def test_the_rules_page_in_each_language(c: TestClient, lang: str) -> None:
    html = c.get(f"/rules/mulle?lang={lang}").text
    title = _lang.word("The rules of {game}", lang).format(game="Mulle")
    assert f"<h1>{title}</h1>" in html
    assert _html_lang(html) == (lang, i18n.direction(lang))
    assert html.count('class="anchor" id="mulle.') == c.get("/rules/mulle?lang=en").text.count(
        'class="anchor" id="mulle.'
    )


def _wrong_card(c: TestClient, lang: str) -> tuple[Any, str, dict[str, str]]:
    for number in range(40):
        created = start(c, "mililla", 0, "greedy", number)
        h = auth(created["token"])
        data = c.get(f"/api/matches/{created['match']}", headers=h).json()
        legal = {m["text"] for m in data["legal_moves"]["moves"]}
        wrong = [card for card in data["observation"]["hand"] if card not in legal]
        if wrong:
            return created, wrong[0], h
    pytest.fail("no seed gave a hand with a card that may not be played")


@pytest.mark.parametrize("lang", OTHERS)
def test_an_illegal_move_is_explained_in_the_language_asked(c: TestClient, lang: str) -> None:
    created, card, h = _wrong_card(c, lang)
    url = f"/api/matches/{created['match']}/moves"
    english = c.post(url, headers=h, json={"move": card}).json()["error"]
    said = c.post(f"{url}?lang={lang}", headers=h, json={"move": card}).json()["error"]
    by_header = c.post(url, headers={**h, "Accept-Language": lang}, json={"move": card}).json()["error"]
    assert said == by_header
    assert said["rule"] == english["rule"] and said["code"] == "illegal_move"
    assert said["message"] != english["message"]
    table = c.app.state.server.tables[created["match"]]  # type: ignore[attr-defined]
    game = table.game
    violation = game.check_move(table.state, game.spec.parse_canonical(card))
    assert violation is not None and said["message"] == i18n.render(violation.message, lang)


def _names(game: Any, cards: set[str], lang: str) -> set[str]:
    """The names in *lang* of the *cards* (texts), as the messages write them."""
    tr = i18n.translation(lang)
    return {card_words(game.spec.pack.parse(text), tr) for text in cards}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game", ["mulle", "mililla", "charlemagne"])
def test_no_answer_in_any_language_shows_a_hidden_card(c: TestClient, game: str, lang: str) -> None:
    """The match, its page, a refused move and the hint, in each language: no hidden card, by notation or name."""
    created = start(c, game, seat=0, opponents="greedy", seed=3)
    h = {**auth(created["token"]), "Accept-Language": lang}
    url = f"/api/matches/{created['match']}"
    g = cardrules.get_game(c.get(url, headers=h).json()["game"])
    table = c.app.state.server.tables[created["match"]]  # type: ignore[attr-defined]
    page = c.get(f"/table?lang={lang}").text
    for turn in range(6):
        data = c.get(f"{url}?lang={lang}", headers=h).json()
        if data["over"]:
            break
        hidden = hidden_cards(g, table.state, 0)
        names = _names(g, hidden, lang)
        rest = {k: v for k, v in data.items() if k != "events"}
        text = json.dumps(rest, ensure_ascii=False)
        assert not tokens(rest) & hidden and not any(n in text for n in names)
        assert not tokens(page) & hidden - tokens(c.get("/table").text)
        refused = c.post(f"{url}/moves?lang={lang}", headers=h, json={"move": "ZZ"})
        assert refused.status_code == 422
        assert not tokens(refused.json()) & hidden
        if turn == 0 and data["to_move"] == 0:
            hint = c.get(f"{url}/hint?lang={lang}", headers=h)
            assert hint.status_code == 200 and not tokens(hint.json()) & hidden
        if data["to_move"] != 0:
            break
        move = data["legal_moves"]["moves"][0]["text"]
        r = c.post(f"{url}/moves?lang={lang}", headers=h, json={"move": move, "version": data["version"]})
        assert r.status_code == 200, r.text


def test_a_replay_says_whose_view_is_drawn_in_the_language(c: TestClient) -> None:
    created = start(c, "mililla", seat=0, opponents="greedy", seed=2)
    url = f"/api/matches/{created['match']}"
    h = auth(created["token"])
    data = c.get(url, headers=h).json()
    while not data["over"]:
        move = data["legal_moves"]["moves"][0]["text"]
        data = c.post(f"{url}/moves", headers=h, json={"move": move}).json()
    replay = c.post(f"{url}/replay", headers=h).json()["replay"]
    svg = c.get(f"/api/replays/{replay}/picture?step=1&view=full&lang=ar").text
    assert "ما يراه المقعد 0" in svg and "What seat" not in svg
    assert "What seat 0 sees" in c.get(f"/api/replays/{replay}/picture?step=1&view=full").text
    step = c.get(f"/api/replays/{replay}?step=1&view=full&lang=es")
    assert step.status_code == 200


def test_an_event_told_as_a_message_is_shown_in_the_page_language(c: TestClient) -> None:
    """The narration goes through one place: an event whose text is a message is written in the page's language."""
    created = start(c, "mililla", seat=0, opponents="greedy", seed=4)
    table = c.app.state.server.tables[created["match"]]  # type: ignore[attr-defined]
    said = Message("the match is over; no more moves are made")
    table.said[0][-1] = said
    url = f"/api/matches/{created['match']}"
    h = auth(created["token"])
    english = c.get(url, headers=h).json()["events"][-1]
    swedish = c.get(f"{url}?lang=sv", headers=h).json()["events"][-1]
    assert swedish["display"] == i18n.render(said, "sv") != english["display"]
    assert {k: v for k, v in swedish.items() if k != "display"} == {k: v for k, v in english.items() if k != "display"}


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game", ["mulle", "mililla", "charlemagne"])
def test_press_play_tells_every_step_in_the_language(c: TestClient, game: str, lang: str) -> None:
    english = c.get(f"/api/demos/{game}?lang=en").json()
    body = c.get(f"/api/demos/{game}?lang={lang}").json()
    assert len(body["steps"]) == len(english["steps"])
    tr = i18n.translation(lang)
    for step, theirs in zip(body["steps"], english["steps"], strict=True):
        assert step["narration"] != theirs["narration"]
        assert step["view"] == theirs["view"]  # the same table, only the words differ
        for words in ("Next: seat", "What held seat", "The deal is over", "The demonstration stops here"):
            assert words not in step["narration"]
    last = body["steps"][-1]["narration"]
    over = tr.gettext("The deal is over.")
    stops = tr.gettext("The demonstration stops here; the game goes on.")
    assert last.endswith(over) or last.endswith(stops)


def test_press_play_in_english_names_the_cards_as_the_table_does(c: TestClient) -> None:
    step = c.get("/api/demos/mililla?lang=en").json()["steps"][0]["narration"]
    assert "Next: seat" in step and " of " in step  # "3 of oros": the table's words for a card


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game", ["mulle", "mililla", "charlemagne"])
def test_the_whole_log_is_in_the_page_language_the_first_deal_too(c: TestClient, game: str, lang: str) -> None:
    """Every line of the log (the first deal, the computer's moves) is written in the page's language, not English."""
    created = start(c, game, seat=3 if game != "mulle" else 1, opponents="greedy", seed=4)
    url = f"/api/matches/{created['match']}"
    h = auth(created["token"])
    english = c.get(url, headers=h).json()["events"]
    theirs = c.get(f"{url}?lang={lang}", headers=h).json()["events"]
    assert english and english[0]["kind"] == "deal"
    assert len(theirs) == len(english) > 1
    for mine, en in zip(theirs, english, strict=True):
        assert mine["display"] != en["display"], (mine, en)
        assert {k: v for k, v in mine.items() if k != "display"} == {k: v for k, v in en.items() if k != "display"}


_ENGLISH_WORDS = ("Your hand", "seat ", "dealt by", "round ", "to play", "Your turn")
"""Words of an English picture that no other language's picture has."""


def _picture_words(svg: str) -> str:
    """The words of a picture: its texts without the cards' corners (ranks), and its labels."""
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    words = [t for t in texts if not re.fullmatch(r"10|[2-9AJQKH]|BIG|LITTLE", t)]
    return " ".join(words + re.findall(r'class="(?:cardrules-table|seat[^"]*)"[^>]*aria-label="([^"]*)"', svg))


def _in_language(svg: str, lang: str) -> None:
    words = _picture_words(svg)
    assert i18n.translation(lang).gettext("Your hand") in words, words
    assert not [w for w in _ENGLISH_WORDS if w in words], words
    if lang == "ar":
        assert 'direction="rtl"' in svg and ' lang="ar"' in svg


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game", ["mulle", "mililla", "charlemagne"])
def test_every_picture_is_in_the_language_and_shows_no_hidden_card(c: TestClient, game: str, lang: str) -> None:
    """The table's, the replay's and the demo's pictures in each language: its words, no English, no hidden card."""
    created = start(c, game, seat=0, opponents="greedy", seed=3)
    h = auth(created["token"])
    url = f"/api/matches/{created['match']}"
    g = cardrules.get_game(c.get(url, headers=h).json()["game"])
    table = c.app.state.server.tables[created["match"]]  # type: ignore[attr-defined]
    english = c.get(f"{url}/picture", headers=h).text
    assert "Your hand" in _picture_words(english)
    for _ in range(4):
        data = c.get(url, headers=h).json()
        hidden = hidden_cards(g, table.state, 0)
        names = _names(g, hidden, lang) | {_svg.card_name(g.spec.pack.parse(t)) for t in hidden}
        for ask in ({"lang": lang}, {"width": "360", "lang": lang}):
            svg = c.get(f"{url}/picture", headers=h, params=ask).text
            _in_language(svg, lang)
            assert not set(re.findall(r'data-card="([^"]+)"', svg)) & hidden
            assert not tokens(_picture_words(svg)) & hidden and not any(n in svg for n in names)
        # the cookie and Accept-Language choose the language as for the pages
        _in_language(c.get(f"{url}/picture", headers={**h, "Accept-Language": lang}).text, lang)
        if data["over"] or data["to_move"] != 0:
            break
        move = data["legal_moves"]["moves"][0]["text"]
        assert c.post(f"{url}/moves", headers=h, json={"move": move, "version": data["version"]}).status_code == 200
    _in_language(c.get(f"/api/demos/{game}/picture?step=0&lang={lang}").text, lang)
    _in_language(c.get(f"/api/demos/{game}/picture?step=3", headers={"Accept-Language": lang}).text, lang)
    played, state = [], g.new_game(seed=3)
    for _ in range(8):
        move = next(iter(g.legal_moves(state)))
        played.append(move)
        state = g.apply(state, move)
    made = c.post("/api/replays", content=records.dumps(records.from_moves(g.new_game(seed=3), played)).encode())
    assert made.status_code == 201, made.text
    replay = made.json()["replay"]
    for view in ("seat:0", "full"):
        svg = c.get(f"/api/replays/{replay}/picture?step=1&view={view}&lang={lang}").text
        _in_language(svg, lang)


def test_the_pictures_in_english_are_as_before(c: TestClient) -> None:
    """No language, or English, draws the picture the kit draws by default (the docs show those)."""
    created = start(c, "mulle", seat=0, opponents="greedy", seed=3)
    h = auth(created["token"])
    url = f"/api/matches/{created['match']}"
    table = c.app.state.server.tables[created["match"]]  # type: ignore[attr-defined]
    picture = table.game.spec.picture
    drawn = picture(table.game.observe(table.state, 0))
    assert c.get(f"{url}/picture", headers=h).text == drawn
    assert c.get(f"{url}/picture?lang=en", headers={**h, "Accept-Language": "ar"}).text == drawn
    assert "direction" not in drawn and "lang=" not in drawn
