"""
The test vectors: every game, preset and option value; every rule id decides in some vector (or is a
definition another rule applies, with why); refused positions refused by their rule; the same bytes again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules
from cardrules._reference import _vectors
from cardrules._reference._common import dumps, form_of
from cardrules.errors import InvalidPositionError
from tests.reference.helpers import VECTORS, manifest


def _all() -> list[dict[str, Any]]:
    out = []
    for name in manifest()["files"]:
        out += [json.loads(line) for line in (VECTORS / name).read_text(encoding="ascii").splitlines()]
    return out


def _positions() -> list[dict[str, Any]]:
    return [v for v in _all() if v["kind"] == "position"]


def _refused() -> list[dict[str, Any]]:
    return [v for v in _all() if v["kind"] == "refused"]


def test_the_manifest_names_a_file_for_every_game_and_preset() -> None:
    files = manifest()["files"]
    want = {f"{g}-{p}.jsonl" for g in cardrules.game_names() for p in cardrules.get_game(g).spec.presets}
    assert set(files) == want
    assert manifest()["version"] == _vectors.VERSION
    assert manifest()["format"] == "cardrules-vectors"
    assert {v["kind"] for v in _all()} == set(_vectors.KINDS)
    mulle = [v for v in _positions() if v["game"].startswith("mulle")]
    assert mulle and all(" deal=" in v["position"] and " table=" in v["position"] for v in mulle), "the table form"


def test_every_option_value_has_vectors() -> None:
    """Each value an option takes, in some ruleset of the vectors (those of the other preset too)."""
    rulesets = {v["game"] for v in _all()}
    games = [cardrules.get_game(text) for text in rulesets]
    missing = []
    for name in cardrules.game_names():
        spec = cardrules.get_game(name).spec
        for field in attrs.fields(spec.ruleset_type):
            for value in getattr(field.validator, "allowed", ()):
                if not any(g.name == name and getattr(g.rules, field.name) == value for g in games):
                    missing.append(f"{name}.{field.name}={value}")
    assert not missing


def test_each_vector_says_what_the_rules_say() -> None:
    """A vector of each file, checked against the library itself: legal moves, events, refusals, views, score."""
    seen: set[str] = set()
    for vector in _positions():
        file = vector["id"].split("/")[0]
        if file in seen or not vector["illegal"] or not vector["after"]:
            continue
        seen.add(file)
        game = cardrules.get_game(vector["game"])
        state = game.from_position(vector["position"])
        legal = game.legal_moves(state)
        assert vector["legal"]["count"] == len(legal)
        assert vector["legal"]["moves"] == [game.spec.format_canonical(m) for m in list(legal)[:200]]
        for step in vector["after"]:
            move = game.spec.parse_canonical(step["move"])
            after = game.apply(state, move)
            assert step["position"] == game.position(after, form=form_of(game))
            assert step["reasons"] == list(dict.fromkeys(r.rule.id for r in game.reasons(state, move)))
        for item in vector["illegal"]:
            violation = game.check_move(state, game.spec.parse_canonical(item["move"]))
            assert violation is not None and violation.rule.id == item["rule"]
        assert {v["seat"] for v in vector["observe"]} == {s for side in game.score(state).sides for s in side}
    assert len(seen) == len(manifest()["files"])


def test_each_refused_position_is_refused_by_its_rule() -> None:
    """Each refused position: cardrules refuses it, naming the vector's field and rule; every game's setup rules."""
    refused = _refused()
    for vector in refused:
        with pytest.raises(InvalidPositionError) as caught:
            cardrules.from_position(vector["position"])
        assert caught.value.rule is not None and caught.value.rule.id == vector["rule"] == vector["decides"][0]
        assert caught.value.field == vector["field"]
        assert vector["position"].split(" ")[1] == vector["game"], "the ruleset it is read under"
    rules = {v["rule"] for v in refused}
    for name in cardrules.game_names():
        assert {f"{name}.players", f"{name}.deal"} <= rules or {f"{name}.players", f"{name}.pack"} <= rules, name


def test_long_move_lists_are_cut_and_say_so() -> None:
    """A position of more than 200 legal moves lists the first 200 and says the list is not complete."""
    long = [v for v in _positions() if v["legal"]["count"] > _vectors.LISTED]
    assert long, "no vector with more than 200 legal moves"
    assert all(len(v["legal"]["moves"]) == _vectors.LISTED and not v["legal"]["complete"] for v in long)
    short = [v for v in _positions() if v["legal"]["count"] <= _vectors.LISTED]
    assert all(len(v["legal"]["moves"]) == v["legal"]["count"] and v["legal"]["complete"] for v in short)


def test_the_coverage_file_counts_the_rule_ids_that_decide() -> None:
    covered = json.loads((VECTORS / "coverage.json").read_text(encoding="ascii"))
    vectors = _all()
    for name in cardrules.game_names():
        rules = covered[name]["rules"]
        assert set(rules) == set(cardrules.get_game(name).spec.rulebook)
        for rule, n in rules.items():
            assert n == sum(rule in v["decides"] for v in vectors if v["id"].startswith(name + "-"))
        silent = sorted(r for r, n in rules.items() if n == 0)
        assert sorted([*covered[name]["uncovered"], *covered[name]["definitions"]]) == silent
        assert covered[name]["definitions"] == {r: _vectors.definitions()[r] for r in covered[name]["definitions"]}


def test_every_rule_id_decides_in_some_vector_or_is_a_definition() -> None:
    """
    No rule id of any game is left out: each decides in some vector, or is in the reasoned list of
    definitions that another rule applies (``definitions.json``), which names only real rule ids, each with why.
    """
    covered = json.loads((VECTORS / "coverage.json").read_text(encoding="ascii"))
    assert {name: covered[name]["uncovered"] for name in cardrules.game_names()} == {
        name: [] for name in cardrules.game_names()
    }
    known = _vectors.definitions()
    every = {rule for name in cardrules.game_names() for rule in cardrules.get_game(name).spec.rulebook}
    assert set(known) <= every and all(len(why) > 40 for why in known.values())
    for rule in known:
        game = rule.split(".")[0]
        assert covered[game]["rules"][rule] == 0, f"{rule} decides in some vector: it is no longer only a definition"
    silent = sum(len(covered[name]["definitions"]) for name in cardrules.game_names())
    assert silent == len(known) <= 1, "a definition is the exception: make the rule decide in a vector instead"


def test_a_regeneration_of_the_trick_games_is_the_shipped_bytes() -> None:
    """The same version writes the same bytes (the whole corpus is regenerated in the long run)."""
    files = _vectors.vectors(("mililla", "charlemagne"))
    for file, vectors in files.items():
        shipped = (VECTORS / f"{file}.jsonl").read_text(encoding="ascii")
        again = "".join(dumps(v) + "\n" for v in vectors)
        assert again == shipped, f"{file}: run python -m cardrules._reference vectors"


def test_the_vectors_match_their_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(_vectors.__file__).parent / "schemas" / "vector.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    for vector in _all():
        validator.validate(vector)


def test_each_position_built_by_hand_is_a_vector_in_which_its_rule_decides() -> None:
    """Each position of ``positions.txt`` (a locked Mulle build): a vector of its ruleset's file, its rule deciding."""
    built = _vectors.built()
    assert built
    by_position = {v["position"]: v for v in _positions()}
    for rule, position, moves in built:
        game = cardrules.get_game(position.split(" ")[1])
        written = game.position(game.from_position(position), form=form_of(game))
        vector = by_position[written]
        assert rule in vector["decides"] and rule in game.spec.rulebook
        assert vector["game"] == game.text
        tried = {item["move"] for item in vector["illegal"]} | {step["move"] for step in vector["after"]}
        assert set(moves) <= tried, "each move given is tried: refused as illegal, or followed"
