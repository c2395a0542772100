"""
What the table shows, checked through the API: the cards by name in each game's words, your own
moves marked, the first deal narrated, the summary of a round, the lobby's rulesets, the favicon,
and the pictures a phone can read.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("jsonschema")

from starlette.testclient import TestClient

import cardrules
from cardrules._kit import svg as _svg
from cardrules.web._table import legal_page
from tests.web.helpers import auth, check_match, client, start, valid

# A card code left in text shown to a person: 5C is copas in Mililla and clubs elsewhere.
CODE = re.compile(r"\b(?:10|[2-9AJQKHBL])[SHDCOEBJ]\b")


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(tmp_path)


def _view(c: TestClient, made: Any, query: str = "") -> Any:
    return check_match(c.get(f"/api/matches/{made['match']}{query}", headers=auth(made["token"])).json())


def _play(c: TestClient, made: Any, rng: random.Random, until: Any, limit: int = 400) -> Any:
    """Random listed moves until *until(view)* holds; the view then."""
    data = _view(c, made)
    for _ in range(limit):
        if until(data) or data["over"]:
            return data
        move = rng.choice(data["legal_moves"]["moves"])["text"]
        r = c.post(f"/api/matches/{made['match']}/moves", headers=auth(made["token"]),
                   json={"move": move, "version": data["version"]})  # fmt: skip
        assert r.status_code == 200, r.text
        data = check_match(r.json())
    return data


def test_mililla_names_cards_by_their_spanish_suits_in_events_and_moves(c: TestClient) -> None:
    made = start(c, "mililla", seed=3)
    data = _play(c, made, random.Random(3), lambda d: d["version"] > 12)
    shown = [e["display"] for e in data["events"]] + [m["label"] for m in data["legal_moves"]["moves"]]
    assert shown and all(not CODE.search(text) for text in shown), shown
    assert any(re.search(r" of (oros|copas|espadas|bastos)", text) for text in shown)
    plays = [e for e in data["events"] if e["kind"] == "play"]
    assert plays and all(e["text"] != e["display"] for e in plays)  # the notation is kept in text


def test_charlemagne_trump_buttons_and_cards_show_suit_symbols() -> None:
    game = cardrules.get_game("charlemagne")
    state, rng = game.new_game(seed=3), random.Random(1)
    for _ in range(2000):
        if any(game.format_move(state, m).startswith("trump ") for m in game.legal_moves(state)):
            break
        state = game.apply(state, game.legal_moves(state).sample(rng))
    page = legal_page(game, state, 0, 50, None)
    labels = {m.label for m in page.moves if m.text.startswith("trump ")}
    assert labels == {"trump ♠", "trump ♥", "trump ♦", "trump ♣"} or labels >= {"trump ♠", "trump ♥"}, labels
    assert not any(CODE.search(m.label) for m in page.moves)


def test_a_mulle_build_names_its_cards() -> None:
    game = cardrules.get_game("mulle")
    state, rng = game.new_game(seed=11), random.Random(2)
    for _ in range(500):
        builds = [m for m in game.legal_moves(state) if " > " in game.format_move(state, m)]
        if builds:
            move, events = builds[0], game.spec.events
            assert events is not None
            (event,) = [e for e in events(state, move, game.apply(state, move)) if e.kind == "build"]
            assert len(event.cards) >= 2 and all(str(card) in event.text for card in event.cards), event
            display = game.spec.display
            assert display is not None
            assert not CODE.search(display(event.text)) and any(s in display(event.text) for s in "♠♥♦♣")
            return
        state = game.apply(state, game.legal_moves(state).sample(rng))
    pytest.fail("no build came up")


def test_you_marks_only_your_own_moves(c: TestClient) -> None:
    made = start(c, "mililla", seed=5)
    data = _play(c, made, random.Random(5), lambda d: any(
        e["mover"] == 0 and not e["own"] for e in d["events"]))  # fmt: skip
    mine = [e for e in data["events"] if e["mover"] == 0]
    assert any(e["own"] for e in mine)
    caused = [e for e in mine if not e["own"]]  # a trick or a round that your card ended
    assert caused and all(e["kind"] != "play" for e in caused)
    for version in {e["version"] for e in data["events"] if e["mover"] is not None}:
        assert sum(e["own"] for e in data["events"] if e["version"] == version) <= 1


def test_the_first_deal_is_narrated_with_its_bonus(c: TestClient) -> None:
    """Mililla's first deal can score a turn-up bonus before any move: the log says so."""
    game = cardrules.get_game("mililla")
    seed = next(s for s in range(200) if game.new_game(seed=s).deal_bonus)
    made = start(c, "mililla", seed=seed)
    data = _view(c, made)
    deal = [e for e in data["events"] if e["version"] == 0]
    assert deal and deal[0]["kind"] == "deal" and deal[0]["mover"] is None
    assert any("turn-up scores" in e["display"] for e in deal), deal
    assert sum(data["score"]["match"]) > 0


def test_a_round_summary_lists_every_score_item_with_its_rule(c: TestClient) -> None:
    made = start(c, "mulle/fishing", seed=2, opponents="random")
    data = _play(c, made, random.Random(2), lambda d: d["summary"] is not None, limit=600)
    summary = data["summary"]
    assert summary["number"] == 1
    assert summary["items"] and all(i["rule"].startswith("mulle.") for i in summary["items"])
    assert summary["match"] == data["score"]["match"]
    for side, points in enumerate(summary["points"]):
        assert points == sum(i["points"] for i in summary["items"] if i["side"] == side) or points >= 0
    assert not any(CODE.search(i["label"]) for i in summary["items"])


def test_an_unknown_game_is_unknown_game_not_an_option(c: TestClient) -> None:
    r = c.post("/api/matches", json={"game": "poker"})
    assert r.status_code == 422
    assert valid("error", r.json())["error"]["code"] == "unknown_game"
    assert c.post("/api/matches", json={"game": "mulle(nonsense=1)"}).json()["error"]["code"] == "unknown_option"
    assert c.get("/api/ruleset", params={"game": "poker"}).json()["error"]["code"] == "unknown_game"


def test_the_ruleset_gives_the_seats_and_the_options_of_its_preset(c: TestClient) -> None:
    four = valid("ruleset", c.get("/api/ruleset", params={"game": "mulle(players=4)"}).json())
    assert four["seats"] == 4 and four["sides"] == [[0, 2], [1, 3]]
    assert valid("ruleset", c.get("/api/ruleset", params={"game": "mulle/building(players=3)"}).json())["seats"] == 3
    building = {o["name"]: o for o in c.get("/api/ruleset", params={"game": "mulle/building"}).json()["options"]}
    fishing = {o["name"]: o for o in c.get("/api/ruleset", params={"game": "mulle/fishing"}).json()["options"]}
    assert building["locking_builds"]["shown"] and not fishing["locking_builds"]["shown"]
    assert fishing["glimne"]["shown"] and not building["glimne"]["shown"]
    assert building["players"]["choices"] == [2, 3, 4]
    assert fishing["target"]["choices"] == [0, 16, 21] and fishing["target"]["value"] == 16  # 0: a single round
    # 3 seats: two computer players; 4 seats: three.
    made = c.post("/api/matches", json={"game": "mulle(players=4)", "opponents": ["greedy", "random", "greedy"]})
    assert made.status_code == 201, made.text
    assert c.get("/api/ruleset").status_code == 422


def test_the_favicon_and_every_page_link_it(c: TestClient) -> None:
    r = c.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    ET.fromstring(r.text)
    for page in ("/", "/table", "/replay"):
        assert 'rel="icon"' in c.get(page).text


def _texts(svg: str) -> list[tuple[float, int, str]]:
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    return [(float(t.get("x", 0)), int(t.get("font-size", 0)), t.text or "") for t in root.iter(f"{ns}text")]


def test_a_long_score_line_wraps_instead_of_being_cut_off() -> None:
    long = "seat 0 (you): 161 points; this round 27 cards, mulles " + " ".join(f"KS ({n})" for n in range(20))
    table = _svg.Table("t", ("Mulle",), (), (), (), "Your hand", (long, "seat 1: 156 points"), "over")
    for width in (_svg.WIDTH, _svg.NARROW):
        with _svg.narrow(width):
            svg = _svg.draw(table)
        room = float(ET.fromstring(svg).get("width", 0))
        for x, size, text in _texts(svg):
            assert x + 0.55 * size * len(text) <= room, (width, text)


def test_a_phone_picture_has_whole_cards_and_text_of_14_units(c: TestClient) -> None:
    for game in cardrules.game_names():
        made = start(c, game, seed=4)
        r = c.get(f"/api/matches/{made['match']}/picture?width=370", headers=auth(made["token"]))
        assert r.status_code == 200
        root = ET.fromstring(r.text)
        assert root.get("width") == "370"
        assert all(size >= 14 for _, size, _ in _texts(r.text))
        ns = "{http://www.w3.org/2000/svg}"
        for g in root.iter(f"{ns}g"):
            if g.get("class") == "card":
                x = float(g.get("transform", "translate(0 0)").split("(")[1].split()[0])
                assert x + _svg.CARD_W <= 370  # inside the picture, not cut off
        assert c.get(f"/api/matches/{made['match']}/picture?width=9", headers=auth(made["token"])).status_code == 422


def test_a_trick_count_of_one_is_one_trick() -> None:
    game = cardrules.get_game("mililla")
    state, rng = game.new_game(seed=1), random.Random(1)
    while not any(game.observe(state, 0).tricks):
        state = game.apply(state, game.legal_moves(state).sample(rng))
    svg = game.spec.picture(game.observe(state, 0))  # type: ignore[misc]
    assert "1 trick" in svg and "1 tricks" not in svg


@pytest.mark.parametrize("game", cardrules.game_names())
def test_each_rules_page_is_served_from_the_docs_with_an_anchor_per_rule(c: TestClient, game: str) -> None:
    r = c.get(f"/rules/{game}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    ids = set(re.findall(r'id="([^"]+)"', r.text))
    assert set(cardrules.get_game(game).spec.rulebook) <= ids
    # The same source as the documentation: the page's first rule's heading is the docs' own words.
    docs = (Path(__file__).resolve().parents[2] / "src" / "cardrules" / game / "rules.md").read_text(encoding="utf-8")
    first = re.search(r"^### `([^`]+)`: (.+)$", docs, re.M)
    assert first is not None and f'{first.group(2)} <a class="rule-id" href="#{first.group(1)}">' in r.text
    assert "{ref}" not in r.text and "{doc}" not in r.text and "{doctest}" not in r.text


def test_the_rules_pages_404_for_an_unknown_game_or_a_missing_dir(tmp_path: Path) -> None:
    from cardrules.web import create_app

    c = TestClient(create_app(tmp_path / "m.sqlite3", rules_dir=tmp_path))
    assert c.get("/rules/mulle").json()["error"]["code"] == "no_rules"
    assert c.get("/rules/poker").json()["error"]["code"] == "unknown_game"
    (tmp_path / "mulle.md").write_text("# Mulle\n\n(mulle.capture)=\n### `mulle.capture`: Capture\n\nTake.\n")
    page = c.get("/rules/mulle").text
    assert 'id="mulle.capture"' in page and "<h3>" in page


def _demo_deals() -> Any:
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "docs" / "demo_deals.py"
    spec = importlib.util.spec_from_file_location("demo_deals", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", cardrules.game_names())
def test_each_demo_is_the_kept_deal_and_shows_its_rules(c: TestClient, game: str) -> None:
    deal = cardrules.get_game(game).spec.demo
    assert deal is not None
    assert _demo_deals().search(deal, range(deal.seed, deal.seed + 1)) == (deal.seed, deal.moves)
    body = c.get(f"/api/demos/{game}").json()
    steps = body["steps"]
    assert len(steps) == len(deal.moves) + 1 and [s["step"] for s in steps] == list(range(len(steps)))
    seen = {r["id"] for s in steps for r in s["rules"]}
    assert set(deal.shows) <= seen, set(deal.shows) - seen
    anchors = set(re.findall(r'id="([^"]+)"', c.get(f"/rules/{game}").text))
    for s in steps:
        assert s["narration"] and isinstance(s["view"], dict)
        valid(f"observation-{game}", s["view"])
        for r in s["rules"]:
            assert r["url"] == f"/rules/{game}#{r['id']}" and r["id"] in anchors
        assert not CODE.search(s["narration"]), s["narration"]
    assert "Next: seat" in steps[0]["narration"]
    picture = c.get(f"/api/demos/{game}/picture?step={len(steps) - 1}")
    assert picture.status_code == 200 and picture.text.startswith("<svg")
    assert c.get(f"/api/demos/{game}/picture?step={len(steps)}").json()["error"]["code"] == "bad_step"
    assert c.get(f"/watch/{game}").status_code == 200


def test_charlemagne_demo_bids_6_then_mulot() -> None:
    deal = cardrules.get_game("charlemagne").spec.demo
    assert deal is not None
    bids = [m for m in deal.moves if m.startswith("bid")]
    assert bids == ["bid 6", "bid mulot"]


def test_an_unknown_demo_is_unknown_game(c: TestClient) -> None:
    assert c.get("/api/demos/poker").json()["error"]["code"] == "unknown_game"
