"""Every game, preset and option value that the conformance suite plays, as ruleset text."""

MILILLA = [
    "mililla",
    "mililla(rank_order=malilla)",
    "mililla(seven_rule=earlier)",
    "mililla(seven_rule=off)",
    "mililla(held_bonus=always)",
]

MULLE: list[str] = []

CHARLEMAGNE = [
    "charlemagne",
    "charlemagne(end_when_decided=true)",
]

VARIANTS = MILILLA + MULLE + CHARLEMAGNE
