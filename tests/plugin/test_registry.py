"""The registry at its edges: a broken plugin is named and refused, and never breaks the built-in games."""

from __future__ import annotations

import importlib
import re
import sys
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules
from cardrules import _registry
from tests.plugin.conftest import install


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Path]:
    """A site directory on sys.path whose distributions the registry reads."""
    sys.path.insert(0, str(tmp_path))
    _registry.reload()
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        _registry.reload()


def _plugin(site: Path, name: str, entry: str, code: str = "") -> None:
    install(site / name, name, entry)
    sys.path.insert(0, str(site / name))
    if code:
        (site / name / f"{name.replace('-', '_')}.py").write_text(code, encoding="utf-8")
    sys.modules.pop(name.replace("-", "_"), None)  # a module of the same name from an earlier case
    importlib.invalidate_caches()
    _registry.reload()


@pytest.mark.parametrize(
    ("entry", "code", "words"),
    [
        ("broken = broken_game:GAME", "raise RuntimeError('boom')", "failed to load: RuntimeError: boom"),
        ("broken = no_such_module:GAME", "", "failed to load: ModuleNotFoundError"),
        ("broken = broken_game:GAME", "GAME = 42", "is not a cardrules GameSpec"),
        ("broken = broken_game:GAME", "import cardrules.mililla as m\nGAME = m.GAME", "names itself 'mililla'"),
    ],
)
def test_a_broken_plugin_is_named_and_refused(site: Path, entry: str, code: str, words: str) -> None:
    """get_game("broken") says which entry point failed and why; every built-in game still works."""
    _plugin(site, "broken-game", entry, code)
    with pytest.raises(cardrules.UnknownOptionError) as info:
        cardrules.get_game("broken")
    assert words in str(info.value)
    assert "broken-game" in str(info.value) and "broken" in _registry.broken()
    assert set(_registry.BUILTIN) <= set(cardrules.game_names())
    assert "broken" not in cardrules.game_names()
    cardrules.get_game("mulle").new_game(seed=1)


def test_a_plugin_cannot_replace_a_built_in_game(site: Path) -> None:
    """An entry point named "mulle" that points elsewhere is refused; the built-in Mulle stays."""
    _plugin(site, "fake-mulle", "mulle = cardrules.mililla:GAME")
    assert cardrules.get_game("mulle").spec.title == "Mulle"
    assert "already provided" in _registry.broken()["mulle"]


def test_a_bad_game_name_is_refused(site: Path) -> None:
    """Game names are lower-case words, as ruleset text writes them."""
    _plugin(site, "odd-name", "Odd.Name = cardrules.mililla:GAME")
    assert "Odd.Name" in _registry.broken()


def _overloads() -> dict[str, tuple[set[str], list[str]]]:
    """Each typed overload of get_game but the last, by game: the texts it takes and its ``Game[...]`` arguments."""
    out: dict[str, tuple[set[str], list[str]]] = {}
    for function in typing.get_overloads(_registry.get_game)[:-1]:
        texts = set(re.findall(r"'([^']+)'", function.__annotations__["text"]))
        games = {text.partition("/")[0] for text in texts}
        assert len(games) == 1, texts
        returned = re.fullmatch(r"Game\[(.*)\]", function.__annotations__["return"])
        assert returned is not None, function.__annotations__["return"]
        out[games.pop()] = (texts, [a.strip() for a in returned.group(1).split(",")])
    return out


def test_get_game_has_one_typed_overload_for_each_built_in_game() -> None:
    """Each built-in game has its overload of get_game, for its name and each preset, with its own types."""
    overloads = _overloads()
    assert set(overloads) == set(_registry.BUILTIN)
    for name, (texts, arguments) in overloads.items():
        spec = cardrules.get_game(name).spec
        assert texts == {name, *(f"{name}/{preset}" for preset in spec.presets)}
        package = importlib.import_module(f"cardrules.{name}")
        found = []
        for argument in arguments:
            module, _, attribute = argument.partition(".")
            assert module == name, argument
            found.append(getattr(package, attribute))
        state, move, ruleset, observation = found
        assert (state, ruleset, observation) == (spec.state_type, spec.ruleset_type, spec.observation_type)
        assert set(typing.get_args(move) or (move,)) == set(spec.move_types)
    last = typing.get_overloads(_registry.get_game)[-1]
    assert last.__annotations__["text"] == "str"
    assert last.__annotations__["return"] == "Game[Any, Any, Any, Any]"
