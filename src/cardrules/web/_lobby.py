"""
What the lobby builds its form from: ``GET /api/games`` (every game, its presets and options) and
``GET /api/ruleset?game=TEXT`` (one ruleset: its seats, and the values each option may take
there). Both are read from the games' specs and ruleset classes: nothing here knows a game.
"""

from __future__ import annotations

import typing
from typing import Any

import attrs

from cardrules import i18n
from cardrules._registry import games
from cardrules.engine import Game
from cardrules.errors import CardrulesError
from cardrules.web._bodies import BotChoice, GameInfo, OptionInfo, RulesetInfo, RulesetOption
from cardrules.web._table import get_game_checked, seats_of

__all__ = ["game_info", "option_words", "ruleset_info"]


def _choices(cls: type, field: Any) -> tuple[bool | int | str, ...] | None:
    """The values an option may take, when they are a short list: its validator's, else its type's."""
    allowed = getattr(field.validator, "allowed", None)
    if allowed is not None:
        return tuple(allowed)
    hint = typing.get_type_hints(cls).get(field.name)
    if hint is bool:
        return (False, True)
    if typing.get_origin(hint) is typing.Literal:
        return tuple(typing.get_args(hint))
    return None


def _plain(value: object) -> bool | int | str:
    return value if isinstance(value, bool | int | str) else str(value)


def game_info(name: str) -> GameInfo:
    """The lobby's facts about game *name*."""
    spec = games()[name]
    game = Game(spec, spec.presets[spec.default_preset])
    options = [
        OptionInfo(f.name, _plain(getattr(game.rules, f.name)), _choices(spec.ruleset_type, f))
        for f in attrs.fields(spec.ruleset_type)
    ]
    presets = (spec.default_preset, *[p for p in spec.presets if p != spec.default_preset])
    sides = game.score(game.new_game(seed=0)).sides
    return GameInfo(name, spec.title, presets, tuple(options), len(seats_of(game)), sides,
                    tuple(b.value for b in BotChoice))  # fmt: skip


def ruleset_info(text: str) -> RulesetInfo:
    """
    Ruleset *text* for the lobby: its seats and sides, and each option with its value and the values
    this ruleset accepts for it (an option of another preset, such as a fishing-only option in the
    building game, accepts one value only: the lobby does not show it).
    """
    game = get_game_checked(text)
    spec = game.spec
    options = []
    for f in attrs.fields(spec.ruleset_type):
        value = getattr(game.rules, f.name)
        choices = _choices(spec.ruleset_type, f)
        accepted: tuple[bool | int | str, ...] | None = None
        if choices is not None:
            ok = []
            for choice in choices:
                try:
                    attrs.evolve(game.rules, **{f.name: choice})
                except (CardrulesError, TypeError, ValueError):
                    continue
                ok.append(choice)
            accepted = tuple(ok)
        options.append(RulesetOption(f.name, _plain(value), accepted, accepted is None or len(accepted) > 1))
    sides = game.score(game.new_game(seed=0)).sides
    return RulesetInfo(game.text, spec.name, spec.title, len(seats_of(game)), sides, tuple(options))


def option_words(lang: str) -> dict[str, str]:
    """
    The lobby's words for every game's options in *lang*, read from the games' specs: ``option:NAME``
    (``capture_duty`` is asked for as ``pgettext("option", "capture duty")``), ``value:VALUE`` for
    each value that is a word, and ``preset:NAME``. Each game's ruleset module marks them for the catalogs.
    """
    tr = i18n.translation(lang)
    out: dict[str, str] = {}
    for name in games():
        spec = games()[name]
        for preset in spec.presets:
            out[f"preset:{preset}"] = tr.pgettext("preset", preset)
        for f in attrs.fields(spec.ruleset_type):
            out[f"option:{f.name}"] = tr.pgettext("option", f.name.replace("_", " "))
            for choice in _choices(spec.ruleset_type, f) or ():
                if isinstance(choice, str):
                    out[f"value:{choice}"] = tr.pgettext("option value", choice)
    return out
