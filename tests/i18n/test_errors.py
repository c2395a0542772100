"""
The errors of a bad option, deck, record or position field, written in every language from their
messages: none of them is left as English text in the code (WrongKindError, for programmers, aside).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import i18n
from cardrules.errors import (
    CardrulesError,
    InvalidDeckError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    UnknownOptionError,
)
from cardrules.rules import Message

TRANSLATED = tuple(lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT)

SRC = Path(cardrules.__file__).resolve().parent

_TABLE = "p1 mulle dealer=1 deal=2 table=7S,9C builds=- hands=?6/?6 stock=?64 taken=?26/?10 mulles=-/- tabbes=0/0"


def _state_doc(game: str, **changes: object) -> str:
    doc = json.loads(cardrules.dumps(cardrules.get_game(game).new_game(seed=1)))
    doc["state"].update(changes)
    return json.dumps(doc)


CASES: list[tuple[str, type[CardrulesError], Callable[[], object]]] = [
    ("unknown game", UnknownOptionError, lambda: cardrules.get_game("whist")),
    ("unknown preset", UnknownOptionError, lambda: cardrules.get_game("mulle/quick")),
    ("unknown option", UnknownOptionError, lambda: cardrules.get_game("mililla(speed=3)")),
    ("unreadable option", UnknownOptionError, lambda: cardrules.get_game("mulle(target)")),
    ("option not a bool", InvalidOptionError, lambda: cardrules.get_game("mulle(krypmulle=maybe)")),
    ("option not a number", InvalidOptionError, lambda: cardrules.get_game("mulle(target=many)")),
    ("option value refused", InvalidOptionError, lambda: cardrules.get_game("mililla(rank_order=upside)")),
    ("building game target", InvalidOptionError, lambda: cardrules.get_game("mulle(target=21)")),
    ("fishing game option", InvalidOptionError, lambda: cardrules.get_game("mulle/fishing(krypmulle=true)")),
    ("bad seed", InvalidOptionError, lambda: cardrules.get_game("mulle").new_game(seed="x")),  # type: ignore[arg-type]
    ("bad dealer", InvalidOptionError, lambda: cardrules.get_game("mililla").new_game(dealer=7)),
    ("short deck", InvalidDeckError, lambda: cardrules.get_game("mililla").new_game(deck=["7O", "7O"])),
    ("deck as one string", InvalidDeckError, lambda: cardrules.get_game("charlemagne").new_game(deck="7S 8S")),
    (
        "cards taken that do not add up",
        InvalidPositionError,
        lambda: cardrules.from_position(_TABLE + " last=- rounds=-"),
    ),
    (
        "locked build without locking",
        InvalidPositionError,
        lambda: cardrules.from_position(_TABLE.replace("builds=-", "builds=5H+7C+QS=12@1!") + " last=1 rounds=-"),
    ),
    ("position not text", InvalidPositionError, lambda: cardrules.from_position(7)),  # type: ignore[arg-type]
    (
        "position of another game",
        InvalidPositionError,
        lambda: cardrules.get_game("mulle").from_position(_TABLE.replace("mulle", "mililla")),
    ),
    ("record format", InvalidRecordError, lambda: cardrules.loads('{"format": "x"}')),
    ("state round number", InvalidRecordError, lambda: cardrules.loads(_state_doc("mulle", round_no=5))),
    ("state dealer", InvalidRecordError, lambda: cardrules.loads(_state_doc("mililla", dealer=9))),
    ("state calls", InvalidRecordError, lambda: cardrules.loads(_state_doc("charlemagne", calls=[None] * 5))),
]

_KEPT = {
    # names in the notation, proper names and JSON keys, which every language writes as English does
    "mulle", "mulles", "mililla", "charlemagne", "fishing", "building", "true", "false", "none", "null",
    "round_no", "dealer", "calls", "krypmulle", "target", "rank_order", "locking_builds", "format",
    "position", "option", "options", "table", "builds", "last", "rounds", "ruleset", "text",
}  # fmt: skip


def _english_words(message: Message) -> set[str]:
    """The words of *message*'s English template (not its placeholders) that a translation should not keep."""
    template = re.sub(r"\{[^}]*\}", " ", message.template)
    return {w for w in re.findall(r"[a-z]{4,}", template.lower())} - _KEPT


@pytest.mark.parametrize(("name", "kind", "call"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_option_deck_record_or_position_is_told_in_every_language(
    name: str, kind: type[CardrulesError], call: Callable[[], object]
) -> None:
    with pytest.raises(CardrulesError) as info:
        call()
    err = info.value
    assert type(err) is kind, (name, type(err), str(err))
    assert err.message is not None, (name, str(err))
    assert i18n.render(err, "en") == str(err)
    english = _english_words(err.message)
    for lang in TRANSLATED:
        text = i18n.render(err, lang)
        assert text != str(err) and "{" not in text.replace('{"', ""), (lang, text)
        kept = english & set(re.findall(r"[a-z_]+", text.lower()))
        assert not kept, (name, lang, kept, text)


def test_the_english_of_an_error_is_unchanged_by_its_message() -> None:
    """The texts tests elsewhere compare: ``str(error)`` is exactly what the f-strings wrote before."""
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: cardrules.get_game("mulle(target=21)"), "option target of the building game takes 100, 200 or 0 "
         "(a single round), not 21"),
        (lambda: cardrules.get_game("mulle/quick"),
         "unknown preset 'quick' of mulle; the presets are: building, fishing"),
        (lambda: cardrules.loads('{"format": "x"}'), "$.format: expected format 'cardrules-state', got 'x'"),
    ]  # fmt: skip
    for call, text in cases:
        with pytest.raises(CardrulesError) as info:
            call()
        assert str(info.value) == text


# --- no error a player can see is written as English text in the code ------------------------------

_PLAYER_ERRORS = frozenset(
    {
        "InvalidPositionError",
        "InvalidRecordError",
        "InvalidOptionError",
        "UnknownOptionError",
        "InvalidDeckError",
        "UnsupportedError",
        "fail",  # cardrules._kit.consistency.fail(field, message): a bad field of a state document
    }
)

_WATCHED = ("mulle", "mililla", "charlemagne", "_kit", "records", "engine")
_WATCHED_FILES = ("_serial.py", "_options.py", "_common.py", "_state_text.py", "_worlds.py", "_registry.py")
_UNWATCHED = ("engine/_learning.py",)  # the learning encodings, whose errors are for programs, as all of rl's


def _english_raises(source: str, kinds: frozenset[str] = _PLAYER_ERRORS) -> list[int]:
    """The lines of *source* that build a player's error from text (a string, an f-string, a sum of them)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name not in kinds:
            continue
        index = 1 if name == "fail" else 0
        if len(node.args) <= index:
            continue
        arg: Any = node.args[index]
        while isinstance(arg, ast.BinOp):
            arg = arg.left
        if isinstance(arg, ast.JoinedStr) or (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            found.append(node.lineno)
    return found


def test_the_watch_finds_an_error_written_as_text() -> None:
    source = (
        'raise InvalidDeckError(f"the kitty has {n} cards")\n'
        'raise fail("hands", "a plain sentence")\n'
        'raise errors.InvalidPositionError("a " + "sum", "hands")\n'
        'raise InvalidPositionError(Message("kept as data"), "hands")\n'
        'raise fail("hands", Message("kept as data"))\n'
    )
    assert _english_raises(source) == [1, 2, 3]


def test_no_error_a_player_can_see_is_written_as_english_text() -> None:
    paths = [p for d in _WATCHED for p in sorted((SRC / d).rglob("*.py"))] + [SRC / f for f in _WATCHED_FILES]
    paths = [p for p in paths if str(p.relative_to(SRC)) not in _UNWATCHED]
    assert len(paths) > 30
    left = [f"{p.relative_to(SRC)}:{line}" for p in paths for line in _english_raises(p.read_text(encoding="utf-8"))]
    assert not left, "give these errors a Message (cardrules.rules.Message): " + ", ".join(left)


# --- no string a screen shows is written as English text in the code -------------------------------

_SHOWN = frozenset({"print", "say", "say_all", "append", "extend", "write"})
"""The calls that put a line on a screen: the terminal's (print, say) and a screen's lines (append)."""

_SCREENS = ("cli", "mulle/_view.py", "mililla/_view.py", "charlemagne/_view.py", "_kit/style.py")
# the test vectors and the conformance report, for engine authors
_NOT_SCREENS = ("cli/_reference.py",)
_WORDS = re.compile(r"[A-Za-z]{2,} [a-z]{2,}")  # two words of English: not notation, not a number


def _text_of(node: Any) -> str | None:
    while isinstance(node, ast.BinOp):
        node = node.left
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _english_shown(source: str) -> list[int]:
    """The lines of *source* that put English text (a string, an f-string, a sum of them) on a screen."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name not in _SHOWN:
            continue
        text = _text_of(node.args[0])
        if text is not None and _WORDS.search(text):
            found.append(node.lineno)
    return found


def test_the_watch_finds_a_screen_line_written_as_text() -> None:
    source = (
        'self.say("the round is over")\n'
        'print(f"cardrules: error: cannot read {path}", file=sys.stderr)\n'
        'lines.append("card points " + str(n))\n'
        'self.say(st.gettext("the round is over"))\n'
        'lines.append(f"  {label}: {value}")\n'
        'print(f"{move} x 9H")\n'
    )
    assert _english_shown(source) == [1, 2, 3]


def test_no_string_a_screen_shows_is_english_text() -> None:
    paths: list[Path] = []
    for part in _SCREENS:
        path = SRC / part
        paths += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    paths = [p for p in paths if str(p.relative_to(SRC)) not in _NOT_SCREENS]
    assert len(paths) > 12
    left = [f"{p.relative_to(SRC)}:{line}" for p in paths for line in _english_shown(p.read_text(encoding="utf-8"))]
    left += [
        f"{p.relative_to(SRC)}:{line}"
        for p in paths
        for line in _english_raises(p.read_text(encoding="utf-8"), _PLAYER_ERRORS | {"CardrulesError"})
    ]
    assert not left, "write these through gettext (a Style's gettext, or a Message): " + ", ".join(left)
