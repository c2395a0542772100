"""Mililla's options and presets, and the constants of the game."""

from __future__ import annotations

from typing import Final, Literal

import attrs

from cardrules._options import option_check
from cardrules._words import _C

SEATS: Final = 4
TARGET: Final = 35
ROUND_POINTS: Final = 70
SIDES: Final = ((0, 2), (1, 3))

RankOrder = Literal["seed", "malilla"]
SevenRule = Literal["round", "earlier", "off"]
HeldBonus = Literal["tie", "always"]


@attrs.frozen(kw_only=True)
class MilillaRuleset:
    """
    The options of Mililla, each a rule of :doc:`/rules/mililla`.

    Attributes:
        rank_order: ``"seed"`` (default): K, horse, jack, 7, 6, 5, 4, 3, 2, A
            from high to low, as the source text says. ``"malilla"``: 7, A,
            K, horse, jack, 6, 5, 4, 3, 2, as in pagat's Malilla
            (``mililla.rank``, see :doc:`/rulings`).
        seven_rule: When a 7 may be played other than by leading it:
            ``"round"`` (default) once its suit has been led to a trick this
            round, the current trick included; ``"earlier"``, only earlier
            tricks count; ``"off"``, always (``mililla.seven``).
        held_bonus: A turn-up bonus held back because it would have brought
            the dealer's team to 35: ``"tie"`` (default), scored only if the
            round ends 35-35; ``"always"``, added after the round's scoring
            (``mililla.bonus.held``).
        single_round: ``False`` (default): rounds are played until a team
            reaches 35. ``True``: the match is one round; the team with
            more game points after it wins, and an exact tie plays another
            round (``mililla.match.single``, see :doc:`/rulings`). The
            turn-up bonus still counts towards 35 as usual. Made for
            learning programs, which want one deal a match.
    """

    rank_order: RankOrder = attrs.field(default="seed", validator=option_check("rank_order", ("seed", "malilla")))
    seven_rule: SevenRule = attrs.field(
        default="round", validator=option_check("seven_rule", ("round", "earlier", "off"))
    )
    held_bonus: HeldBonus = attrs.field(default="tie", validator=option_check("held_bonus", ("tie", "always")))
    single_round: bool = attrs.field(default=False, validator=option_check("single_round", (False, True)))


STANDARD: Final = MilillaRuleset()
"""The default ruleset: the rules text as :doc:`/rulings` settles it."""


# The words a page shows for the options (their names with spaces), their values and the presets,
# marked for the catalogs: the web lobby asks for them as pgettext("option", "capture duty").
OPTION_WORDS: Final = (
    _C("option", "rank order"),
    _C("option", "seven rule"),
    _C("option", "held bonus"),
    _C("option", "single round"),
    _C("option value", "seed"),
    _C("option value", "malilla"),
    _C("option value", "round"),
    _C("option value", "earlier"),
    _C("option value", "off"),
    _C("option value", "tie"),
    _C("option value", "always"),
    _C("preset", "standard"),
)
