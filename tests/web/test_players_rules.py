"""The players' rules pages at /rules/GAME: no Python, cards with their suits, an anchor per rule id, every language."""

from __future__ import annotations

import html as _html
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("markdown_it")

from starlette.testclient import TestClient

import cardrules
from cardrules import i18n
from cardrules.errors import CardrulesError
from cardrules.i18n._pages import DEVELOPERS, END_DEVELOPERS
from cardrules.web import create_app

LANGS = i18n.LANGUAGES
GAMES = cardrules.game_names()
PYTHON = ("get_game(", "Error", ">>>", "import ", "from_position", "```")
CODE = re.compile(r"(?<![\w`])(?:10|[2-9AJQKHBL])[SHDCOEBJ](?![\w`])")


@pytest.fixture(scope="module")
def c(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("rules") / "matches.sqlite3"))


def _visible(page: str) -> str:
    """The words a reader sees in the page's main part: no tags, no attributes, entities read."""
    main = page[page.index('<main class="rules">') : page.index("</main>")]
    return _html.unescape(re.sub(r"<[^>]+>", " ", main))


def _codes(game: str, text: str) -> list[str]:
    """The card codes of *game*'s pack in *text*."""
    pack = cardrules.get_game(game).spec.pack
    found = []
    for token in CODE.findall(text):
        try:
            pack.parse(token)
        except CardrulesError:
            continue
        found.append(token)
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_players_page_has_no_python_no_card_codes_and_every_rule_anchored(
    c: TestClient, game: str, lang: str
) -> None:
    r = c.get(f"/rules/{game}?lang={lang}")
    assert r.status_code == 200
    page, seen = r.text, _visible(r.text)
    assert [w for w in PYTHON if w in seen] == []
    assert _codes(game, seen) == []
    for rule in cardrules.get_game(game).spec.rulebook:
        assert f'id="{rule}"' in page and f'<a class="rule-id" href="#{rule}">{rule}</a>' in page, rule
    assert DEVELOPERS not in page and END_DEVELOPERS not in page and "{ref}" not in page


@pytest.mark.parametrize("lang", LANGS)
def test_cards_are_written_with_their_suit_symbols(c: TestClient, lang: str) -> None:
    """The trump order of Charlemagne and the scoring cards of Mulle, written as codes in rules.md, read 10♥ and 2♠."""
    charlemagne = _visible(c.get(f"/rules/charlemagne?lang={lang}").text)
    assert all(card in charlemagne for card in ("J♥", "J♦", "10♥", "7♥")), lang
    assert "2♠" in _visible(c.get(f"/rules/mulle?lang={lang}").text)


def test_the_developer_parts_stay_in_the_documentation(c: TestClient) -> None:
    source = (Path(cardrules.__file__).parent / "mulle" / "rules.md").read_text(encoding="utf-8")
    assert "IllegalMoveError.rule" in source and "## Ruleset fields" in source and "```pycon" in source
    page = c.get("/rules/mulle?lang=en").text
    assert "IllegalMoveError" not in page and "Ruleset fields" not in page and "MulleRuleset" not in page
    assert "Seats are numbered in turn order" in page  # a paragraph between two developer regions stays


def test_the_source_line_is_in_the_language(c: TestClient) -> None:
    """The Arabic page names the source's sections in Arabic too, beside the title they have in English."""
    page = _visible(c.get("/rules/mililla?lang=ar").text)
    assert "«Gameplay» (طريقة اللعب)" in page and "المصدر" in page
    assert "rulings page" not in page


def test_a_table_scrolls_in_a_region_the_keyboard_reaches(tmp_path: Path) -> None:
    (tmp_path / "mulle.md").write_text(
        "# Mulle\n\n## Points\n\n(mulle.capture)=\n### `mulle.capture`: Capture\n\n"
        "| card | points |\n|---|---|\n| `10D` | 2 |\n\n% developers\n\nSecret `get_game`.\n\n% end developers\n"
    )
    page = TestClient(create_app(tmp_path / "m.sqlite3", rules_dir=tmp_path)).get("/rules/mulle").text
    region = re.search(r'<div class="scroll" role="region" tabindex="0" aria-label="([^"]*)">\s*<table>', page)
    assert region is not None and region.group(1).startswith("Capture")
    assert "<td>10♦</td>" in page and "Secret" not in page
