"""
The players' rules pages in a real browser (Debian's Chromium, driven by Playwright): no wider than
a phone, a rule reached by its anchor, and no serious or critical accessibility violation as
axe-core (axe-playwright-python) finds them, left to right and right to left. Screenshots go to
``$ARTIFACTS/browser`` (else ``artifacts/browser``); they are kept, not compared.
"""

from __future__ import annotations

import collections.abc
import importlib
import os
from typing import Any

import pytest

if os.environ.get("CARDRULES_BROWSER_REQUIRED"):  # nox -s web_browser: a missing piece is a failure
    sync_api = importlib.import_module("playwright.sync_api")
    axe_sync = importlib.import_module("axe_playwright_python.sync_playwright")
else:
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    sync_api = pytest.importorskip("playwright.sync_api")
    axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

from tests.web.test_browser import SHOTS, base_url, browser  # noqa: F401  (the fixtures: one server, one browser)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def context(browser: Any) -> collections.abc.Iterator[Any]:  # noqa: F811
    made: list[Any] = []

    def make(viewport: dict[str, int]) -> Any:
        made.append(browser.new_context(viewport=viewport))
        return made[-1].new_page()

    yield make
    for c in made:
        c.close()


@pytest.mark.parametrize("lang", ["en", "sv", "ar"])
@pytest.mark.parametrize("game", ["mulle", "mililla", "charlemagne"])
def test_the_rules_page_fits_a_phone(context: Any, base_url: str, game: str, lang: str) -> None:  # noqa: F811
    page = context(PHONE)
    page.goto(f"{base_url}/rules/{game}?lang={lang}")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], (game, lang, width)
    assert page.evaluate("document.dir || document.documentElement.dir") == ("rtl" if lang == "ar" else "ltr")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_no_serious_accessibility_violation_on_a_rules_page(context: Any, base_url: str, lang: str) -> None:  # noqa: F811
    for viewport in (PHONE, DESKTOP):
        page = context(viewport)
        page.goto(f"{base_url}/rules/mulle?lang={lang}")
        results = axe_sync.Axe().run(page)
        bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        assert bad == [], results.generate_report()


@pytest.mark.parametrize("lang", ["sv", "ar"])
def test_a_rule_opens_at_its_anchor_with_symbols_for_cards(context: Any, base_url: str, lang: str) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = context(viewport)
        page.goto(f"{base_url}/rules/mulle?lang={lang}#mulle.capture.duty")
        heading = page.locator("#mulle\\.capture\\.duty + h3")
        assert heading.is_visible() and heading.locator("a.rule-id").inner_text() == "mulle.capture.duty"
        box = heading.bounding_box()
        assert box is not None and 0 <= box["y"] < viewport["height"] / 2  # scrolled to the rule
        page.screenshot(path=str(SHOTS / f"rules-mulle-{lang}-{name}.png"))
        page.goto(f"{base_url}/rules/mulle?lang={lang}")
        page.screenshot(path=str(SHOTS / f"rules-mulle-{lang}-{name}-top.png"))
    text = page.locator("main").inner_text()
    assert "2♠" in text and ">>>" not in text
