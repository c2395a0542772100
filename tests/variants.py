"""Every game, preset and option value that the conformance suite plays, as ruleset text."""

MILILLA = [
    "mililla",
    "mililla(rank_order=malilla)",
    "mililla(seven_rule=earlier)",
    "mililla(seven_rule=off)",
    "mililla(held_bonus=always)",
    "mililla(single_round=true)",
]

MULLE = [
    "mulle",
    "mulle(players=3)",
    "mulle(players=4)",
    "mulle(players=4, teams=false)",
    "mulle(target=200)",
    "mulle(target=0)",
    "mulle(capture_duty=hand)",
    "mulle(locking_builds=true)",
    "mulle(mulle_value=hand)",
    "mulle(mulle_value=fixed)",
    "mulle(krypmulle=true)",
    "mulle/fishing",
    "mulle/fishing(players=3)",
    "mulle/fishing(players=4)",
    "mulle/fishing(players=4, teams=true)",
    "mulle/fishing(target=21)",
    "mulle/fishing(target=0)",
    "mulle/fishing(glimne=true)",
    "mulle/fishing(most_cards=true)",
]

CHARLEMAGNE = [
    "charlemagne",
    "charlemagne(end_when_decided=true)",
    "charlemagne(single_round=true)",
]

VARIANTS = MILILLA + MULLE + CHARLEMAGNE

PRESETS = sorted({text.partition("(")[0] for text in VARIANTS})
"""Each game's presets as ruleset text (``"mulle/fishing"``): the one list of them the tests use."""

GAMES = tuple(sorted({text.partition("/")[0] for text in PRESETS}))
"""The built-in games by name: the one list of them the tests use."""
