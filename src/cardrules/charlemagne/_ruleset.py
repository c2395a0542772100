"""Charlemagne's ruleset: its options and the standard preset."""

from __future__ import annotations

from typing import Final

import attrs

from cardrules._options import option_check
from cardrules._words import _C


@attrs.frozen(kw_only=True)
class CharlemagneRuleset:
    """
    The options of Charlemagne (Canadian rules, to 32), each a rule of :doc:`/rules/charlemagne`.

    Attributes:
        end_when_decided: ``False`` (default): all eight tricks of a hand are
            played (see :doc:`/rulings`). ``True``: the hand ends as soon as its
            result is certain: a number bid made or out of reach, a trick won
            by a Mulot bidder, a trick lost by a Charlemagne bidder
            (``charlemagne.hand.end``). The score is the same either way.
        single_round: ``False`` (default): hands are played until a team
            reaches 32. ``True``: the match is one hand; the team that scores
            in it wins (``charlemagne.match.single``, see :doc:`/rulings`).
            Made for learning programs, which want one deal a match.
    """

    end_when_decided: bool = attrs.field(default=False, validator=option_check("end_when_decided", (False, True)))
    single_round: bool = attrs.field(default=False, validator=option_check("single_round", (False, True)))


STANDARD: Final = CharlemagneRuleset()
"""The default ruleset: the rules text as :doc:`/rulings` settles it."""


# The words a page shows for the options (their names with spaces), their values and the presets,
# marked for the catalogs: the web lobby asks for them as pgettext("option", "capture duty").
OPTION_WORDS: Final = (
    _C("option", "end when decided"),
    _C("option", "single round"),
    _C("preset", "standard"),
)
