"""
The game registry: the built-in games and those of installed plugins, found through the
``cardrules.games`` entry-point group, read once and lazily.

The engine knows no particular game. This module sits above it and names the built-in games
by text, exactly as a plugin's entry point names its game (``"module:attribute"``), so the
built-in games go through the same interface as a plugin and nothing here imports a game at
import time. A plugin that fails to load is recorded with its error and refused by name; it
never breaks the other games.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import re
import threading
from typing import TYPE_CHECKING, Any, Final, Literal, overload

from cardrules import _messages
from cardrules._options import ruleset_from_text, split_ruleset
from cardrules._words import Items, Message
from cardrules.engine import Game, GameSpec
from cardrules.errors import PluginError, UnknownOptionError, WrongKindError

if TYPE_CHECKING:  # the games' types for get_game's overloads; at run time the games load by name
    from cardrules import charlemagne, mililla, mulle

__all__ = ["BUILTIN", "GROUP", "game_names", "get_game", "games", "spec_for_state"]

GROUP: Final = "cardrules.games"
"""The entry-point group a package adds its games to: ``name = "package.module:GAME"``."""

AnySpec = GameSpec[Any, Any, Any, Any]

_GAMES: dict[str, AnySpec] = {}
_BROKEN: dict[str, str] = {}
_LOCK: Final = threading.Lock()
_NAME: Final = re.compile(r"[a-z][a-z0-9_-]*")


def _load(name: str, target: str, origin: str) -> AnySpec:
    """The spec that *target* (``"module:attribute"``) names, checked; raises :class:`PluginError`."""
    module, _, attribute = target.partition(":")
    try:
        spec = getattr(importlib.import_module(module), attribute) if attribute else None
    except Exception as exc:  # any failure of a plugin's code is reported, never raised
        raise PluginError(
            f"the game {name!r} ({origin}: {target}) failed to load: {type(exc).__name__}: {exc}"
        ) from None
    if not isinstance(spec, GameSpec):
        raise PluginError(f"the game {_messages.value(name)} ({origin}: {target}) is not a cardrules GameSpec")
    if spec.name != name:
        raise PluginError(
            f"the game {_messages.value(name)} ({origin}: {target}) names itself {_messages.value(spec.name)}"
        )
    return spec


def _plugins() -> list[tuple[str, str, str]]:
    """``(name, target, origin)`` of every installed entry point of :data:`GROUP`."""
    out = []
    for ep in importlib.metadata.entry_points(group=GROUP):
        dist = getattr(ep, "dist", None)
        origin = f"entry point of {dist.name}" if dist is not None else "entry point"
        out.append((ep.name, ep.value, origin))
    return out


def _fill() -> None:
    found: dict[str, AnySpec] = {}
    broken: dict[str, str] = {}
    entries = [(n, t, "built in") for n, t in BUILTIN.items()]
    seen = set(BUILTIN.items())
    for name, target, origin in _plugins():
        if (name, target) not in seen:  # the same game found twice (e.g. an old install's entry points) counts once
            seen.add((name, target))
            entries.append((name, target, origin))
    for name, target, origin in entries:
        if name in found or name in broken:
            broken.setdefault(name, f"the game {name!r} ({origin}: {target}) is already provided; it was not loaded")
            continue
        if _NAME.fullmatch(name) is None:
            broken[name] = f"the game name {name!r} ({origin}: {target}) is not lower-case letters, digits, - or _"
            continue
        try:
            found[name] = _load(name, target, origin)
        except PluginError as exc:
            broken[name] = str(exc)
    _BROKEN.update(broken)
    _GAMES.update(sorted(found.items()))


def games() -> dict[str, AnySpec]:
    """Every game that loaded, by name, sorted (read once, on first use)."""
    if not _GAMES:
        with _LOCK:  # one thread reads the entry points; the others wait for it
            if not _GAMES:
                _fill()
    return _GAMES


def broken() -> dict[str, str]:
    """The games that did not load, by name, with why (for ``cardrules games`` and error messages)."""
    games()
    return dict(_BROKEN)


def reload() -> None:
    """Forget what was read, so that the next lookup reads the entry points again (for tests)."""
    with _LOCK:
        _GAMES.clear()
        _BROKEN.clear()


def game_names() -> tuple[str, ...]:
    """
    The names of the games, sorted: the built-in ones and those of installed plugins.

    Example:
        >>> import cardrules
        >>> "mililla" in cardrules.game_names()
        True
    """
    return tuple(games())


def spec_for_state(state: object) -> AnySpec:
    """The spec of the game whose state *state* is; :class:`~cardrules.WrongKindError` otherwise."""
    for spec in games().values():
        if type(state) is spec.state_type:
            return spec
    raise WrongKindError(f"expected the state of a cardrules game, got {type(state).__name__}")


# The built-in games, one entry each: its entry-point text in BUILTIN, and, just below, the overload
# of get_game that gives its own types for its name and presets. A fourth built-in game adds its
# package and one such entry (see docs/howto/add-a-game.md).

BUILTIN: Final = {
    "charlemagne": "cardrules.charlemagne:GAME",
    "mililla": "cardrules.mililla:GAME",
    "mulle": "cardrules.mulle:GAME",
}
"""The games that come with cardrules, as entry points would name them: the one list of them
(cardrules declares no entry points of its own; those are for plugins)."""


@overload
def get_game(
    text: Literal["charlemagne", "charlemagne/standard"], **options: object
) -> Game[charlemagne.State, charlemagne.Move, charlemagne.CharlemagneRuleset, charlemagne.Observation]: ...
@overload
def get_game(
    text: Literal["mililla", "mililla/standard"], **options: object
) -> Game[mililla.State, mililla.Play, mililla.MilillaRuleset, mililla.Observation]: ...
@overload
def get_game(
    text: Literal["mulle", "mulle/building", "mulle/fishing"], **options: object
) -> Game[mulle.State, mulle.Move, mulle.MulleRuleset, mulle.Observation]: ...
@overload
def get_game(text: str, **options: object) -> Game[Any, Any, Any, Any]: ...
def get_game(text: str, **options: object) -> Game[Any, Any, Any, Any]:
    """
    A game with a ruleset: a game name, optionally a preset and options.

    *text* is ``"name"``, ``"name/preset"``, or either followed by options in
    parentheses, ``"mulle/fishing(target=21, glimne=true)"``. Keyword
    arguments set options too and win over the text. Games of installed
    plugins (the ``cardrules.games`` entry points) are found by name too.

    Raises:
        UnknownOptionError: For an unknown game, preset or option; the
            message lists the valid ones (and says why a plugin's game did
            not load).
        InvalidOptionError: For an option value the game does not accept.

    Example:
        >>> import cardrules
        >>> game = cardrules.get_game("mililla", rank_order="malilla")
        >>> game.rules.rank_order
        'malilla'
        >>> game.text
        'mililla(rank_order=malilla)'

    For a built-in game's name or preset, written out (``"mulle/fishing"``), a type checker knows
    the game's own types: ``get_game("mulle")`` is a
    ``Game[mulle.State, mulle.Move, mulle.MulleRuleset, mulle.Observation]``. Any other text, with
    options in it or a plugin's name, gives a ``Game[Any, Any, Any, Any]``.
    """
    if not isinstance(text, str):
        said = Message(
            "a game is named by text, not {kind}; games: {games}",
            kind=type(text).__name__,
            games=Items(game_names(), "comma"),
        )
        raise _messages.said(UnknownOptionError, said)
    name, _, _ = split_ruleset(text)
    spec = games().get(name)
    if spec is None:
        why = _BROKEN.get(name)
        if why is not None:
            raise UnknownOptionError(why)
        said = Message(
            "unknown game {name}; the games are: {games}",
            name=_messages.value(name),
            games=Items(game_names(), "comma"),
        )
        raise _messages.said(UnknownOptionError, said)
    return Game(spec, ruleset_from_text(spec, text, options)[1])
