"""The web API driven as a client would: games, matches, moves, errors, records and replays; every answer validates."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("jsonschema")

from starlette.testclient import TestClient

import cardrules
from cardrules import records
from cardrules.web import schema_names
from cardrules.web._errors import ApiError
from cardrules.web._table import move_cards
from tests.variants import PRESETS
from tests.web.helpers import auth, check_match, client, hidden_cards, start, tokens, valid

GAMES = PRESETS


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(tmp_path)


def _play_out(c: TestClient, created: Any, rng: random.Random, limit: int = 3000) -> list[Any]:
    """Play random legal moves from the listed page until the match is over; every answer, checked."""
    h = auth(created["token"])
    url = f"/api/matches/{created['match']}"
    answers = [check_match(c.get(url, headers=h).json())]
    for _ in range(limit):
        data = answers[-1]
        if data["over"]:
            break
        assert data["to_move"] == created["seat"]
        moves = data["legal_moves"]["moves"]
        assert moves, data["legal_moves"]
        move = rng.choice(moves)["text"]
        r = c.post(f"{url}/moves", headers=h, json={"move": move, "version": data["version"]})
        assert 200 == r.status_code, r.text
        answers.append(check_match(r.json()))
        assert answers[-1]["version"] > data["version"]
    assert answers[-1]["over"]
    return answers


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_against_the_computer_and_its_record(c: TestClient, game: str) -> None:
    """A seat plays a whole match; the record downloads, verifies, and matches the moves the seat saw."""
    created = start(c, game, seat=1, opponents="greedy", seed=11)
    answers = _play_out(c, created, random.Random(3))
    last = answers[-1]
    assert last["score"]["winner"] is not None
    r = c.get(f"/api/matches/{created['match']}/record", headers=auth(created["token"]))
    assert 200 == r.status_code
    rec = records.loads(r.text)
    valid("record", r.json())
    report = records.verify(rec)
    assert report.ok, str(report)
    assert report.moves_total == last["version"]
    assert list(rec.result.match) == last["score"]["match"] if rec.result else False


@pytest.mark.parametrize("game", GAMES)
def test_no_answer_shows_a_card_hidden_from_the_seat(c: TestClient, game: str) -> None:
    """
    Nothing but the events ever names a card the seat cannot see now; an event names only cards the
    seat saw before or after its move, or the cards of the move when the move is shown.
    """
    created = start(c, game, seat=0, opponents="random", seed=4)
    answers = _play_out(c, created, random.Random(8))
    rec = records.loads(c.get(f"/api/matches/{created['match']}/record", headers=auth(created["token"])).text)
    g = cardrules.get_game(rec.game)
    steps = list(records.steps(rec))
    states = [steps[0].before, *(s.after for s in steps)]
    for data in answers:
        state = states[data["version"]]
        rest = {k: v for k, v in data.items() if k != "events"}
        assert not tokens(rest) & hidden_cards(g, state, 0)
        for e in data["events"]:
            s = steps[e["version"] - 1]
            allowed = tokens(g.observe(s.before, 0).to_dict()) | tokens(g.observe(s.after, 0).to_dict())
            if e["move"] is not None:
                allowed |= {str(card) for card in move_cards(s.move)}
            assert not tokens(e) & hidden_cards(g, s.before, 0) - allowed, e
            if e["kind"] in ("give", "discard") and e["mover"] != 0:
                assert e["move"] is None and e["cards"] == []


def test_games_lists_every_game_with_presets_options_seats_and_bots(c: TestClient) -> None:
    """The lobby's data: every game, its presets, options with defaults, seats, sides and bot names."""
    data = valid("games", c.get("/api/games").json())
    by_name = {g["name"]: g for g in data["games"]}
    assert set(by_name) == set(cardrules.game_names())
    assert "fishing" in by_name["mulle"]["presets"]
    assert by_name["mililla"]["seats"] == 4 and by_name["mililla"]["sides"] == [[0, 2], [1, 3]]
    rank = next(o for o in by_name["mililla"]["options"] if o["name"] == "rank_order")
    assert rank["default"] == "seed" and "malilla" in rank["choices"]
    assert "search(iterations=200)" in by_name["charlemagne"]["bots"]


def test_an_illegal_move_is_refused_with_the_rule_and_the_state_is_unchanged(c: TestClient) -> None:
    """A card that does not follow suit gets 422 with the rule id the engine gives, and nothing moves."""
    g = cardrules.get_game("mililla")
    for seed in range(40):
        created = start(c, "mililla", seat=0, seed=seed)
        h = auth(created["token"])
        url = f"/api/matches/{created['match']}"
        data = c.get(url, headers=h).json()
        legal = {m["text"] for m in data["legal_moves"]["moves"]}
        wrong = [card for card in data["observation"]["hand"] if card not in legal]
        if not wrong:
            continue
        r = c.post(f"{url}/moves", headers=h, json={"move": wrong[0]})
        assert 422 == r.status_code
        err = valid("error", r.json())["error"]
        assert err["code"] == "illegal_move"
        assert err["rule"] and err["rule"] in set(g.spec.rulebook)
        assert "Error" not in err["message"] and "(" not in err["message"][:1]
        assert c.get(url, headers=h).json() == data
        return
    pytest.fail("no seed gave a hand with a card that may not be played")


def test_tokens_guard_every_seat(c: TestClient) -> None:
    """No token: 401; another match's token or a made-up one: 403; no answer holds the seat's hand."""
    a = start(c, seed=1)
    b = start(c, seed=2)
    url = f"/api/matches/{a['match']}"
    hand = c.get(url, headers=auth(a["token"])).json()["observation"]["hand"]
    for headers, status in [
        ({}, 401),
        ({"Authorization": "Basic abc"}, 401),
        ({"Authorization": "Bearer "}, 401),
        (auth(b["token"]), 403),
        (auth("x" * 40), 403),
    ]:
        for r in (
            c.get(url, headers=headers),
            c.post(f"{url}/moves", headers=headers, json={"move": hand[0]}),
            c.get(f"{url}/record", headers=headers),
        ):
            assert status == r.status_code, (headers, r.text)
            valid("error", r.json())
            assert not set(hand) & tokens(r.json())


def test_moves_out_of_turn_or_against_an_old_version_are_refused(c: TestClient) -> None:
    """A stale version is 409; after the match is over a move is 409 too."""
    created = start(c, seed=9)
    h = auth(created["token"])
    url = f"/api/matches/{created['match']}"
    data = c.get(url, headers=h).json()
    move = data["legal_moves"]["moves"][0]["text"]
    r = c.post(f"{url}/moves", headers=h, json={"move": move, "version": data["version"] + 7})
    assert 409 == r.status_code and valid("error", r.json())["error"]["code"] == "stale_version"
    assert c.get(url, headers=h).json()["version"] == data["version"]


def test_legal_moves_are_paged_and_filtered_by_card(c: TestClient) -> None:
    """Pages follow each other without a gap; a card filter lists only the moves that use that card."""
    created = start(c, "mulle", seed=21)
    h = auth(created["token"])
    url = f"/api/matches/{created['match']}"
    whole = c.get(url, headers=h, params={"limit": 200}).json()["legal_moves"]
    pages: list[Any] = []
    offset: int | None = 0
    while offset is not None:
        page = valid("legal-moves", c.get(url, headers=h, params={"offset": offset, "limit": 3}).json()["legal_moves"])
        pages.extend(page["moves"])
        offset = page["next"]
    assert [m["text"] for m in pages] == [m["text"] for m in whole["moves"]]
    card = whole["moves"][-1]["cards"][0]
    only = c.get(url, headers=h, params={"card": card, "limit": 200}).json()["legal_moves"]
    assert only["moves"] and all(card in m["cards"] for m in only["moves"])
    assert {m["text"] for m in only["moves"]} == {m["text"] for m in whole["moves"] if card in m["cards"]}
    for params in ({"limit": 0}, {"limit": 201}, {"offset": -1}, {"card": "ZZ"}, {"limit": "ten"}):
        r = c.get(url, headers=h, params=params)
        assert 422 == r.status_code, params
        valid("error", r.json())


def test_search_bots_are_bounded_in_iterations_and_time() -> None:
    """Both search bots, ``search`` and ``ismcts``, are held to 2,000 iterations and one second a move."""
    from cardrules.web._table import MAX_BOT_SECONDS, MAX_SEARCH_ITERATIONS, _bounded, parse_bots

    game = cardrules.get_game("mililla")
    for name in ("search", "ismcts"):
        with pytest.raises(ApiError, match="at most 2000 iterations"):
            parse_bots(game, 0, f"{name}(iterations={MAX_SEARCH_ITERATIONS + 1})")
        assert parse_bots(game, 0, f"{name}(iterations={MAX_SEARCH_ITERATIONS})")[1] == f"{name}(iterations=2000)"
        for given in (f"{name}(seconds=100000)", f"{name}(iterations=20)", f"{name}(seconds=0.5)"):
            bot = _bounded(given)
            assert bot.seconds is not None and bot.seconds <= MAX_BOT_SECONDS, given  # type: ignore[attr-defined]
        assert _bounded(f"{name}(seconds=0.5)").seconds == 0.5  # type: ignore[attr-defined]


def test_a_body_with_a_number_python_will_not_read(c: TestClient) -> None:
    """A seat of 5,000 digits: 400, saying so in words, not with Python's advice to raise its limit."""
    r = c.post("/api/matches", content=b'{"game": "mililla", "seat": ' + b"9" * 5000 + b"}")
    assert 400 == r.status_code
    message = valid("error", r.json())["error"]["message"]
    assert "more than 4,300 digits" in message and "set_int_max_str_digits" not in message


def test_opponents_one_per_seat_and_bad_setups(c: TestClient) -> None:
    """A list of bots, one per other seat; a wrong count, an unknown bot, a bad seat or game: 422 naming the field."""
    created = start(c, "mililla", seat=2, opponents=["random", "greedy", "search(iterations=20)"], seed=3)
    data = c.get(f"/api/matches/{created['match']}", headers=auth(created["token"])).json()
    assert data["opponents"] == ["random", "greedy", None, "search(iterations=20)"]
    for body, field in [
        ({"game": "mililla", "opponents": ["greedy"]}, "opponents"),
        ({"game": "mililla", "opponents": "chess-master"}, "opponents"),
        ({"game": "mililla", "opponents": "search(iterations=999999)"}, "opponents"),
        ({"game": "mililla", "opponents": "ismcts(iterations=999999)"}, "opponents"),
        ({"game": "mililla", "seat": 4}, "seat"),
        ({"game": "mililla", "seat": True}, "seat"),
        ({"game": "poker"}, "game"),
        ({"game": "mililla(rank_order=backwards)"}, "game"),
        ({"game": "mililla", "seed": -1}, "seed"),
        ({"game": "mililla", "colour": "red"}, None),
        ({}, None),
    ]:
        r = c.post("/api/matches", json=body)
        assert 422 == r.status_code, (body, r.text)
        err = valid("error", r.json())["error"]
        if field is not None:
            assert err["field"] == field, (body, err)


@pytest.mark.parametrize(
    ("content", "status"),
    [
        (b"{", 400),
        (b"[1, 2]", 400),
        (b"\xff\xfe", 400),
        (b"[" * 5000 + b"]" * 5000, 400),
        (b'{"a": ' * 100 + b"1" + b"}" * 100, 400),
        (b'{"game": "' + b"m" * 70_000 + b'"}', 413),
    ],
)
def test_hostile_bodies_get_json_errors(c: TestClient, content: bytes, status: int) -> None:
    """Malformed, deep, foreign or huge bodies: a 4xx JSON error each, and the server goes on."""
    r = c.post("/api/matches", content=content, headers={"Content-Type": "application/json"})
    assert status == r.status_code
    valid("error", r.json())
    assert 200 == c.get("/api/games").status_code


def test_a_huge_body_without_a_length_is_cut_off(c: TestClient) -> None:
    """A chunked body with no Content-Length is read no further than the limit: 413, and a record's too."""

    def chunks() -> Any:
        yield b'{"game": "'
        for _ in range(3000):
            yield b"m" * 1000

    r = c.post("/api/matches", content=chunks())
    assert 413 == r.status_code and valid("error", r.json())["error"]["code"] == "too_large"
    r = c.post("/api/replays", content=chunks())
    assert 413 == r.status_code


def test_unknown_pages_methods_and_ids_are_json_errors(c: TestClient) -> None:
    """404 and 405 answers are JSON errors too, and an id that cannot exist is a 404."""
    for r, status in [
        (c.get("/api/nothing"), 404),
        (c.delete("/api/games"), 405),
        (c.get("/api/matches/no-such-match", headers=auth("t")), 404),
        (c.get("/api/matches/" + "%2e%2e", headers=auth("t")), 404),
        (c.get("/api/replays/nope"), 404),
        (c.get("/api/schemas/nope"), 404),
    ]:
        assert status == r.status_code, r.text
        valid("error", r.json())


def test_the_record_waits_for_the_end_of_the_match(c: TestClient) -> None:
    """A record holds every hidden card, so it is served only once the match is over (409 before)."""
    created = start(c)
    r = c.get(f"/api/matches/{created['match']}/record", headers=auth(created["token"]))
    assert 409 == r.status_code and valid("error", r.json())["error"]["code"] == "match_not_over"
    r = c.post(f"/api/matches/{created['match']}/replay", headers=auth(created["token"]))
    assert 409 == r.status_code


def test_a_finished_match_opens_as_a_replay_in_both_views(c: TestClient) -> None:
    """Each step narrates its move with rule ids; a seat view hides the other hands; the full view shows them."""
    created = start(c, "mililla", seed=13)
    _play_out(c, created, random.Random(1))
    r = c.post(f"/api/matches/{created['match']}/replay", headers=auth(created["token"]))
    assert 201 == r.status_code
    made = valid("replay-created", r.json())
    steps = made["steps"]
    rules = set(cardrules.get_game("mililla").spec.rulebook)
    refused = 0
    for step in range(0, steps + 1, 7):
        full = valid("replay-step", c.get(f"/api/replays/{made['replay']}", params={"step": step}).json())
        seat = valid(
            "replay-step", c.get(f"/api/replays/{made['replay']}", params={"step": step, "view": "seat:0"}).json()
        )
        assert full["step"] == step and full["steps"] == steps
        valid("observation-mililla", seat["observation"])
        assert set(full["observation"]["zones"]) >= {"hand 0", "hand 1"}
        other = set(full["observation"]["zones"]["hand 1"])
        if len(other) > 1:  # (the dealer's turn-up card is public)
            assert other - tokens(seat["observation"]), "seat 0's view shows seat 1's hand"
        if step:
            assert full["events"] and all(e["rule"] in rules for e in full["events"])
            assert full["move"] is not None
        refused += len(full["refused"])
        for item in full["refused"]:
            assert item["rule"] in rules and item["reason"]
        if seat["mover"] != 0:
            assert seat["refused"] == []
    assert refused, "no step of a whole Mililla match constrained a choice"
    for params in ({"step": steps + 1}, {"view": "seat:9"}, {"view": "god"}, {"step": "x"}):
        r = c.get(f"/api/replays/{made['replay']}", params=params)
        assert 422 == r.status_code, params
        valid("error", r.json())


def test_a_record_file_opens_as_a_replay_and_a_bad_one_is_refused(c: TestClient) -> None:
    """POST /api/replays takes a record file; one with an illegal move is 422 with where and the rule."""
    g = cardrules.get_game("mililla")
    s = g.new_game(seed=2)
    rng = random.Random(2)
    moves = []
    for _ in range(10):
        m = g.legal_moves(s).sample(rng)
        moves.append(m)
        s = g.apply(s, m)
    text = records.dumps(records.from_moves(g.new_game(seed=2), moves))
    r = c.post("/api/replays", content=text.encode())
    assert 201 == r.status_code
    made = valid("replay-created", r.json())
    assert made["steps"] == 10
    step = c.get(f"/api/replays/{made['replay']}", params={"step": 10, "view": "seat:1"}).json()
    assert step["to_move"] == g.to_move(s)
    broken = text.replace(f'"move": "{g.spec.format_canonical(moves[3])}"', '"move": "KC"', 1)
    r = c.post("/api/replays", content=broken.encode())
    assert 422 == r.status_code
    err = valid("error", r.json())["error"]
    assert err["code"] == "invalid_record" and "$.rounds[0].moves[3]" in err["field"]
    for body in (b"", b"{}", b"not json", b"\xff"):
        r = c.post("/api/replays", content=body)
        assert r.status_code in (400, 422)
        valid("error", r.json())


def test_every_schema_is_served_and_is_a_valid_schema(c: TestClient) -> None:
    """Each schema is a valid draft 2020-12 schema, served at /api/schemas/{name}."""
    import jsonschema

    for name in schema_names():
        r = c.get(f"/api/schemas/{name}")
        assert 200 == r.status_code
        jsonschema.Draft202012Validator.check_schema(r.json())
    assert {"observation-mililla", "record", "error", "event", "move", "legal-moves", "score"} <= set(schema_names())


def test_the_schemas_refuse_what_the_api_never_writes() -> None:
    """The generated schemas are strict: an unknown field, a wrong type or a card of another pack fails."""
    import jsonschema

    g = cardrules.get_game("mililla")
    obs = g.observe(g.new_game(seed=1), 0).to_dict()
    valid("observation-mililla", obs)
    for bad in ({**obs, "extra": 1}, {**obs, "seat": "0"}, {**obs, "hand": ["10H"]}):
        with pytest.raises(jsonschema.ValidationError):
            valid("observation-mililla", bad)


def test_cors_is_off_unless_an_origin_is_allowed(tmp_path: Path) -> None:
    """Only an allowed origin gets the cross-origin header (a preflight included)."""
    from cardrules.web import create_app

    plain = TestClient(create_app(tmp_path / "a.sqlite3"))
    assert "access-control-allow-origin" not in plain.get("/api/games", headers={"Origin": "http://x.test"}).headers
    app = TestClient(create_app(tmp_path / "b.sqlite3", cors_origins=["http://x.test"]))
    r = app.options(
        "/api/matches",
        headers={"Origin": "http://x.test", "Access-Control-Request-Method": "POST",
                 "Access-Control-Request-Headers": "authorization"},
    )  # fmt: skip
    assert r.headers["access-control-allow-origin"] == "http://x.test"
    r = app.get("/api/games", headers={"Origin": "http://evil.test"})
    assert "access-control-allow-origin" not in r.headers


def test_the_index_page_and_static_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """GET / serves static/index.html and /static/... the files beside it."""
    from cardrules.web import _app, create_app

    (tmp_path / "index.html").write_text("<!doctype html><title>cardrules</title>", encoding="utf-8")
    (tmp_path / "app.js").write_text("console.log(1)", encoding="utf-8")
    monkeypatch.setattr(_app, "STATIC", tmp_path)
    app = TestClient(create_app(tmp_path / "db.sqlite3"))
    r = app.get("/")
    assert 200 == r.status_code and r.headers["content-type"].startswith("text/html") and "cardrules" in r.text
    assert app.get("/static/app.js").text == "console.log(1)"
    assert 404 == app.get("/static/nothing.js").status_code


def test_finished_matches_are_unloaded_beyond_the_bound_and_load_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long-running server keeps only the latest finished matches in memory; the others still answer."""
    from cardrules.web import _app

    monkeypatch.setattr(_app, "FINISHED_KEPT", 1)
    c = client(tmp_path)
    server = next(r.endpoint.__self__ for r in c.app.routes if getattr(r, "path", "") == "/api/games")  # type: ignore[attr-defined]
    first = start(c, "mililla", seat=0, opponents="greedy", seed=21)
    ended = _play_out(c, first, random.Random(4))[-1]
    assert first["match"] in server.tables
    second = start(c, "mililla", seat=0, opponents="greedy", seed=22)
    _play_out(c, second, random.Random(5))
    assert first["match"] not in server.tables and second["match"] in server.tables
    again = check_match(c.get(f"/api/matches/{first['match']}", headers=auth(first["token"])).json())
    assert (again["version"], again["score"]) == (ended["version"], ended["score"])
    r = c.get(f"/api/matches/{first['match']}/record", headers=auth(first["token"]))
    assert records.verify(records.loads(r.text)).ok
    assert first["match"] in server.tables and second["match"] not in server.tables


@pytest.mark.parametrize(
    ("url", "title", "script"),
    [
        ("/", "the lobby", "lobby.js"),
        ("/table", "the table", "table.js"),
        ("/replay", "replay viewer", "replay.js"),
        ("/watch/mililla", "press play", "watch.js"),
    ],
)
def test_each_page_is_its_body_under_the_one_shared_head(tmp_path: Path, url: str, title: str, script: str) -> None:
    """The pages' files hold their bodies only; the server writes the head they share, with each page's title."""
    page = client(tmp_path).get(url)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    text = page.text
    assert text.startswith("<!doctype html>") and text.count("<head>") == text.count("</head>") == 1
    assert f"<title>cardrules: {title}</title>" in text and f'src="/static/{script}"' in text
    assert '<link rel="stylesheet" href="/static/style.css">' in text and text.index("</head>") < text.index("<body>")
    assert text.rstrip().endswith("</html>")


@pytest.mark.parametrize("game", ["mililla", "mulle"])
def test_a_hint_is_a_legal_move_with_reasons_from_what_the_seat_sees(c: TestClient, game: str) -> None:
    """``GET /api/matches/{id}/hint``: the hard level's move, in notation, and why; no card the seat cannot see."""
    created = start(c, game, seat=0, opponents="greedy", seed=4)
    h = auth(created["token"])
    url = f"/api/matches/{created['match']}"
    view = check_match(c.get(f"{url}?limit=200", headers=h).json())
    assert view["to_move"] == 0
    r = c.get(f"{url}/hint", headers=h)
    assert 200 == r.status_code, r.text
    hint = valid("hint", r.json())
    listed = {m["text"] for m in view["legal_moves"]["moves"]}
    assert hint["move"] in listed and hint["reasons"] and hint["margin"] >= 0
    assert hint["runner_up"] is None or (hint["runner_up"] in listed and hint["runner_up"] != hint["move"])
    cards = {str(card) for card in cardrules.get_game(game).spec.pack.cards}
    assert tokens(hint) & cards <= tokens(view["observation"]) | tokens(view["legal_moves"])
    assert 401 == c.get(f"{url}/hint").status_code


def test_a_hint_is_for_your_seat_on_its_turn(c: TestClient) -> None:
    """A friend's turn: the hint is refused (409), not given for the friend's hand."""
    created = start(c, "mililla", seat=0, opponents=["human", "greedy", "greedy"], seed=4)
    h = auth(created["token"])
    url = f"/api/matches/{created['match']}"
    view = check_match(c.get(url, headers=h).json())
    while view["to_move"] == 0:
        move = view["legal_moves"]["moves"][0]["text"]
        view = check_match(c.post(f"{url}/moves", headers=h, json={"move": move, "version": view["version"]}).json())
    assert view["to_move"] == 1
    r = c.get(f"{url}/hint", headers=h)
    assert 409 == r.status_code and valid("error", r.json())["error"]["code"] == "not_your_turn"


@pytest.mark.parametrize("game", ["mililla", "charlemagne", "mulle"])
def test_why_gives_the_reasons_of_a_legal_move_and_the_rule_of_an_illegal_one(c: TestClient, game: str) -> None:
    """``GET /api/matches/{id}/why?move=...``: each rule that could refuse a legal move, and why it does not."""
    created = start(c, game, seat=0, opponents="greedy", seed=4)
    h = auth(created["token"])
    url = f"/api/matches/{created['match']}"
    view = check_match(c.get(f"{url}?limit=200", headers=h).json())
    assert view["to_move"] == 0
    move = view["legal_moves"]["moves"][0]["text"]
    r = c.get(f"{url}/why", params={"move": move}, headers=h)
    assert 200 == r.status_code, r.text
    answer = r.json()
    rulebook = cardrules.get_game(game).spec.rulebook
    assert answer["legal"] is True and answer["reasons"]
    assert all(reason["rule"] in rulebook and reason["reason"] and reason["title"] for reason in answer["reasons"])
    cards = {str(card) for card in cardrules.get_game(game).spec.pack.cards}
    assert tokens(answer) & cards <= tokens(view["observation"]) | tokens(view["legal_moves"])
    sv = c.get(f"{url}/why", params={"move": move, "lang": "sv"}, headers=h).json()
    assert [x["rule"] for x in sv["reasons"]] == [x["rule"] for x in answer["reasons"]]
    assert [x["reason"] for x in sv["reasons"]] != [x["reason"] for x in answer["reasons"]]  # written in Swedish
    assert 401 == c.get(f"{url}/why", params={"move": move}).status_code
    assert 400 <= c.get(f"{url}/why", params={"move": "not a move"}, headers=h).status_code < 500


def test_why_names_the_rule_that_refuses_a_move(c: TestClient) -> None:
    """A card of the hand the rules refuse here (follow suit, beat, trump): not legal, and the rule that says so."""
    created = start(c, "mililla", seat=0, opponents="greedy", seed=4)
    h = auth(created["token"])
    url = f"/api/matches/{created['match']}"
    for _ in range(10):  # a trick where seat 0 follows comes within a few tricks
        view = check_match(c.get(f"{url}?limit=200", headers=h).json())
        legal = [m["text"] for m in view["legal_moves"]["moves"]]
        refused = [card for card in view["observation"]["hand"] if card not in legal]
        if refused:
            break
        view = check_match(
            c.post(f"{url}/moves", headers=h, json={"move": legal[0], "version": view["version"]}).json()
        )
    assert refused, "seat 0 met no card it may not play"
    answer = c.get(f"{url}/why", params={"move": refused[0]}, headers=h).json()
    assert answer["legal"] is False and answer["rule"].startswith("mililla.") and answer["reason"]
