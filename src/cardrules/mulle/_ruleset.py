"""Mulle's options: the ruleset class, its validation, the option types and the two presets."""

from __future__ import annotations

from typing import Final, Literal

import attrs

from cardrules import _messages
from cardrules._options import option_check
from cardrules._words import _C, Items, Message
from cardrules.errors import (
    InvalidOptionError,
)

Style = Literal["building", "fishing"]


CaptureDuty = Literal["card", "hand", "none"]


MulleValue = Literal["rank", "hand", "fixed"]


_BOOLS: Final = (False, True)


@attrs.frozen(kw_only=True)
class MulleRuleset:
    """
    The options of Mulle, each a rule of :doc:`/rules/mulle`. Presets, :data:`~cardrules.mulle.BUILDING`
    (``get_game("mulle")``) and :data:`~cardrules.mulle.FISHING` (``get_game("mulle/fishing")``).

    Options that belong to one game only are refused in the other with
    :class:`~cardrules.InvalidOptionError`, so a ruleset never silently ignores one.

    Attributes:
        style: ``"building"`` (default): the building game of "Mulle –
            Rules" (cardgames.zone), 8 + 8 cards, builds, maximal compulsory
            captures, card points to 100. ``"fishing"``: the fishing game of
            "Mulle – kortspelet med dubbel kortlek", 5 + 5 cards, no builds,
            free capture, to 16. See :doc:`/sources` and :doc:`/rulings`.
        players: 2 (default), 3 or 4 (``mulle.players``).
        teams: With 4 players, whether partners opposite (seats 0 and 2
            against 1 and 3) pool captures and points. ``True`` in the
            building preset, ``False`` in the fishing preset; either works in
            both. Without 4 players it has no effect (``mulle.players``).
        target: Match points that end the match (``mulle.match.target``):
            building 100 (default), 200, or 0 for a single round; fishing 16
            (default), 21, or 0 for a single round.
        capture_duty: Building only. ``"card"`` (default): a card that can
            capture may not be trailed; ``"hand"``: no trail while any hand
            card can capture or build (``mulle.capture.duty``).
            The fishing game has no duty: its value is ``"none"``.
        locking_builds: Building only. Whether a build may be locked by
            adding a card of its value (``mulle.build.lock``).
            Default ``False``.
        mulle_value: What a mulle scores (``mulle.mulle.value``):
            ``"rank"`` (building default; ace 14, others their rank
            value), ``"hand"`` (the 2 of spades 15, the 10 of diamonds 16) or
            ``"fixed"`` (5; the fishing game's only value, ``mulle.fishing.mulle``).
        krypmulle: Building only. Points are bad: the side with the fewest
            points at the target wins (``mulle.krypmulle``; an
            interpretation, see :doc:`/rulings`). Default ``False``.
        glimne: Fishing only. Dan Glimne's variant: a mulle may take other
            cards with the twin (``mulle.fishing.mulle``).
            Default ``False``.
        most_cards: Fishing only. House rule: 1 point for the most cards,
            none on a tie (``mulle.fishing.most-cards``).
            Default ``False``.
    """

    style: Style = attrs.field(default="building", validator=option_check("style", ("building", "fishing")))
    players: int = attrs.field(default=2, validator=option_check("players", (2, 3, 4)))
    teams: bool = attrs.field(default=True, validator=option_check("teams", _BOOLS))
    target: int = attrs.field(default=100, validator=option_check("target", (0, 16, 21, 100, 200)))
    capture_duty: CaptureDuty = attrs.field(
        default="card", validator=option_check("capture_duty", ("card", "hand", "none"))
    )
    locking_builds: bool = attrs.field(default=False, validator=option_check("locking_builds", _BOOLS))
    mulle_value: MulleValue = attrs.field(
        default="rank", validator=option_check("mulle_value", ("rank", "hand", "fixed"))
    )
    krypmulle: bool = attrs.field(default=False, validator=option_check("krypmulle", _BOOLS))
    glimne: bool = attrs.field(default=False, validator=option_check("glimne", _BOOLS))
    most_cards: bool = attrs.field(default=False, validator=option_check("most_cards", _BOOLS))

    def __attrs_post_init__(self) -> None:
        if self.style == "building":
            if self.target not in (0, 100, 200):
                said = Message(
                    "option {name} of the building game takes 100, 200 or 0 (a single round), not {got}",
                    name="target",
                    got=self.target,
                )
                raise _messages.said(InvalidOptionError, said)
            if self.capture_duty == "none":
                said = Message(
                    "option {name} of the building game takes {allowed}, not {got}",
                    name="capture_duty",
                    allowed=Items(("card", "hand")),
                    got="none",
                )
                raise _messages.said(InvalidOptionError, said)
            for name in ("glimne", "most_cards"):
                if getattr(self, name):
                    said = Message(
                        "option {name} belongs to the fishing game ({preset})", name=name, preset="mulle/fishing"
                    )
                    raise _messages.said(InvalidOptionError, said)
        else:
            if self.target not in (0, 16, 21):
                said = Message(
                    "option {name} of the fishing game takes 16, 21 or 0 (a single round), not {got}",
                    name="target",
                    got=self.target,
                )
                raise _messages.said(InvalidOptionError, said)
            if self.capture_duty != "none":
                said = Message(
                    "the fishing game has no capture duty: {option} must be {value}",
                    option="capture_duty",
                    value="none",
                )
                raise _messages.said(InvalidOptionError, said)
            if self.mulle_value != "fixed":
                said = Message(
                    "a mulle of the fishing game scores a fixed 5: {option} must be {value}",
                    option="mulle_value",
                    value="fixed",
                )
                raise _messages.said(InvalidOptionError, said)
            for name in ("locking_builds", "krypmulle"):
                if getattr(self, name):
                    said = Message("option {name} belongs to the building game ({preset})", name=name, preset="mulle")
                    raise _messages.said(InvalidOptionError, said)

    @property
    def single_round(self) -> bool:
        """Whether a match is one round (``target=0``; an exact tie plays another, ``mulle.match.target``)."""
        return self.target == 0

    @property
    def building(self) -> bool:
        """Whether these are the building rules (``style == "building"``)."""
        return self.style == "building"

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player per deal: 8 building, 5 fishing."""
        return 8 if self.style == "building" else 5

    @property
    def table_size(self) -> int:
        """Cards dealt face up to the table at the start of a round: 8 building, 5 fishing."""
        return 8 if self.style == "building" else 5

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: ``((0, 2), (1, 3))`` for teams, else one seat per side."""
        if self.players == 4 and self.teams:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def side_of(self, seat: int) -> int:
        """The side index of *seat*."""
        return seat % 2 if self.players == 4 and self.teams else seat


BUILDING: Final = MulleRuleset()
"""The building game, as its rules text and :doc:`/rulings` settle it: ``get_game("mulle")``."""


FISHING: Final = MulleRuleset(style="fishing", teams=False, target=16, capture_duty="none", mulle_value="fixed")
"""The fishing game, as its rules text and :doc:`/rulings` settle it: ``get_game("mulle/fishing")``."""


# The words a page shows for the options (their names with spaces), their values and the presets,
# marked for the catalogs: the web lobby asks for them as pgettext("option", "capture duty").
OPTION_WORDS: Final = (
    _C("option", "style"),
    _C("option", "players"),
    _C("option", "teams"),
    _C("option", "target"),
    _C("option", "capture duty"),
    _C("option", "locking builds"),
    _C("option", "mulle value"),
    _C("option", "krypmulle"),
    _C("option", "glimne"),
    _C("option", "most cards"),
    _C("option value", "building"),
    _C("option value", "fishing"),
    _C("option value", "card"),
    _C("option value", "hand"),
    _C("option value", "none"),
    _C("option value", "rank"),
    _C("option value", "fixed"),
    _C("preset", "building"),
    _C("preset", "fishing"),
)
