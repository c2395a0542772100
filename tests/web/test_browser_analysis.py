"""
The replay viewer's analysis in a real browser (Playwright driving Debian's Chromium, as
``tests/web/test_browser.py``, whose server and browser it shares): a move that threw points away
is shown with the best move and its cost beside the narration, at a desktop's width and a phone's.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import records
from cardrules.bots import analyse_move
from tests.web.test_browser import base_url, browser, page, shot  # noqa: F401 (the fixtures; skips without the web extra)

pytest.importorskip("starlette")
from cardrules.web._told import shown_in  # the web extra, once it is known to be installed


def _record_with_a_costly_move() -> tuple[records.Record, int, Any]:
    """One round of Mililla played at random; the last step whose move cost points, and its analysis."""
    game = cardrules.get_game("mililla")
    first = game.new_game(seed=2)
    s, moves = first, []
    rng = random.Random(2)
    while not game.score(s).rounds:
        move = game.legal_moves(s).sample(rng)
        moves.append(move)
        s = game.apply(s, move)
    record = records.from_moves(first, moves)
    steps = list(records.steps(record))
    for number in range(len(steps), len(steps) - 14, -1):
        judged = analyse_move(steps[number - 1], max_nodes=100_000)
        if judged.cost:
            return record, number, judged
    pytest.fail("no move threw points away in the round's last moves")


@pytest.mark.parametrize(("width", "height", "lang"), [(1280, 800, "en"), (390, 844, "ar")])
def test_the_replay_viewer_judges_a_move_with_every_card_shown(
    page: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    tmp_path: Path,
    width: int,
    height: int,
    lang: str,
) -> None:
    record, number, judged = _record_with_a_costly_move()
    game = cardrules.get_game("mililla")
    before = list(records.steps(record))[number - 1].before
    path = tmp_path / "match.json"
    path.write_text(records.dumps(record), encoding="utf-8")
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base_url}/replay?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    page.set_input_files("#file", str(path))
    page.click("#open button[type=submit]")
    page.wait_for_selector("body[data-step='0']")
    page.check("#analyse")
    page.fill("#at", str(number))
    page.dispatch_event("#at", "change")
    page.wait_for_selector(f"body[data-step='{number}']")
    page.wait_for_selector("#analysis p.cost")
    text = page.inner_text("#analysis")
    shown = shown_in(game, lang)  # as the table writes a move in the page's language, never as codes
    assert shown(game.format_move(before, judged.move)) in text
    assert all(shown(game.format_move(before, b.move)) in text for b in judged.best)
    assert str(judged.cost) in text
    shot(page, f"replay-analysis-{width}-{lang}")
    if lang == "en":  # the round's first move: too early to solve exactly, and said so
        page.click("#first")
        page.wait_for_selector("body[data-step='0']")
        page.click("#step")
        page.wait_for_function("document.querySelector('#analysis').innerText.includes('Not analysed')")
        assert "too early in the round" in page.inner_text("#analysis")
    page.uncheck("#analyse")
    assert page.inner_text("#analysis").strip() == ""
