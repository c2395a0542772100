"""Game records: the corpus of hand-checked records, round trips, and bad input."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import records
from tests.playout import playout
from tests.variants import VARIANTS

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "records"

# file -> (valid?, kind of the first problem, rule id of the first problem)
EXPECTED: dict[str, tuple[bool, str | None, str | None]] = {
    "mililla/ok-one-round.json": (True, None, None),
    "mililla/ok-whole-match.json": (True, None, None),
    "mililla/ok-explicit-deal-mid-round.json": (True, None, None),
    "mililla/bad-follow-suit.json": (False, "illegal", "mililla.follow.suit"),
    "mililla/bad-seven-rule.json": (False, "illegal", "mililla.seven"),
    "mililla/bad-wrong-seat.json": (False, "turn", None),
    "mililla/bad-deck-duplicate.json": (False, "deal", None),
    "mililla/bad-claimed-result.json": (False, "result", None),
    "mililla/bad-notation.json": (False, "notation", None),
    "mililla/bad-round-cut-short.json": (False, "round", None),
    "mulle/ok-seed-9h-mulle.json": (True, None, None),
    "mulle/ok-fishing-round.json": (True, None, None),
    "mulle/bad-capture-not-maximal.json": (False, "illegal", "mulle.capture.maximal"),
    "mulle/bad-trail-can-capture.json": (False, "illegal", "mulle.capture.duty"),
    "mulle/bad-build-without-card.json": (False, "illegal", "mulle.build.keep"),
    "charlemagne/ok-bid-6.json": (True, None, None),
    "charlemagne/ok-mulot.json": (True, None, None),
    "charlemagne/bad-dealer-passes.json": (False, "illegal", "charlemagne.bid.dealer"),
    "charlemagne/bad-not-following.json": (False, "illegal", "charlemagne.follow.suit"),
}


def test_corpus_seed_examples() -> None:
    """The seeds' own examples: the 9H mulle scores 9; the bid of 6 and the Mulot are scored as such."""
    rec = records.loads((CORPUS / "mulle/ok-seed-9h-mulle.json").read_text(encoding="utf-8"))
    first = next(records.steps(rec))
    assert [("mulle", "mulle.mulle.twin", 9)] == [(e.kind, e.rule, e.points) for e in first.events if e.kind == "mulle"]
    for name, rule in [("ok-bid-6", "charlemagne.score.number"), ("ok-mulot", "charlemagne.score.mulot")]:
        rec = records.loads((CORPUS / f"charlemagne/{name}.json").read_text(encoding="utf-8"))
        rules = {e.rule for step in records.steps(rec) for e in step.events if e.kind == "round"}
        assert {rule} == rules


def test_corpus_is_complete() -> None:
    """Every corpus file has an expected verdict, and every verdict a file."""
    files = sorted(str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*.json"))
    assert sorted(EXPECTED) == files


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_verdicts(name: str) -> None:
    """Each hand-checked record gets its expected verdict, problem kind and rule id."""
    ok, kind, rule = EXPECTED[name]
    report = records.verify(records.loads((CORPUS / name).read_text(encoding="utf-8")))
    assert ok == report.ok, str(report)
    if not ok:
        assert kind == report.problems[0].kind
        assert rule == report.problems[0].rule


def test_illegal_move_report_lists_legal_moves() -> None:
    """An illegal move's problem gives round, move number, seat, rule, reason and the legal moves."""
    report = records.verify(records.loads((CORPUS / "mililla/bad-follow-suit.json").read_text(encoding="utf-8")))
    p = report.problems[0]
    assert 0 == p.round
    assert p.move_number is not None and p.seat is not None
    assert p.legal
    assert "must follow suit" in p.message
    assert p.where.startswith("$.rounds[0].moves[")


def test_verify_lists_every_bad_deal() -> None:
    """verify reports every bad deal, not only the first."""
    rec = records.loads((CORPUS / "mililla/ok-whole-match.json").read_text(encoding="utf-8"))
    doc = json.loads(records.dumps(rec))
    for i in (1, 3):
        doc["rounds"][i]["deck"][0] = doc["rounds"][i]["deck"][1]
    report = records.verify(records.loads(json.dumps(doc)))
    assert ["$.rounds[1].deck", "$.rounds[3].deck"] == [p.where for p in report.problems if p.kind == "deal"]


def test_steps_raise_at_the_first_problem() -> None:
    """steps() and replay() raise InvalidRecordError at the problem, naming the rule."""
    rec = records.loads((CORPUS / "mililla/bad-seven-rule.json").read_text(encoding="utf-8"))
    with pytest.raises(cardrules.InvalidRecordError, match=r"\[mililla.seven\]") as info:
        list(records.replay(rec))
    assert info.value.path.endswith(".move")


@pytest.mark.parametrize("text", sorted({v for v in VARIANTS if cardrules.get_game(v).spec.round_deck is not None}))
@given(seed=st.integers(0, 2**32))
def test_match_record_replay_round_trip(text: str, seed: int) -> None:
    """A random match -> record -> JSON -> replay reaches the same final state and score."""
    game = cardrules.get_game(text)
    start = game.new_game(seed=seed)
    moves = [move for _, move, _ in playout(game, seed)]
    rec = records.from_moves(start, moves)
    again = records.loads(records.dumps(rec))
    assert rec == again
    states = list(records.replay(again))
    final = states[-1]
    assert len(moves) + 1 == len(states)
    seats = {s for side in game.score(start).sides for s in side}
    assert [game.observe(start, s) for s in seats] == [game.observe(states[0], s) for s in seats]
    last = start
    for m in moves:
        last = game.apply(last, m)
    assert last == final
    assert game.score(last) == game.score(final)
    assert records.verify(again).ok


@given(seed=st.integers(0, 2**32), cut=st.integers(0, 300))
def test_partial_record_verifies(seed: int, cut: int) -> None:
    """A record may stop at any move, mid-round, and still verify."""
    game = cardrules.get_game("mililla")
    start = game.new_game(seed=seed)
    moves = [move for _, move, _ in playout(game, seed)][:cut]
    report = records.verify(records.loads(records.dumps(records.from_moves(start, moves))))
    assert report.ok, str(report)
    assert len(moves) == report.moves_checked


VALID = (CORPUS / "mililla/ok-one-round.json").read_text(encoding="utf-8")

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.text(max_size=8)
    | st.sampled_from(["7O", "KB", "XX"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:6]):
            out += _paths(v, (*prefix, i))
    return out


DOC = json.loads(VALID)
PATHS = _paths(DOC)[1:]


@given(path=st.sampled_from(PATHS), value=json_values, action=st.sampled_from(["set", "delete"]))
def test_mutated_records_never_crash(path: tuple[Any, ...], value: Any, action: str) -> None:
    """Any mutation of a valid record: loads either raises InvalidRecordError or gives a record verify can judge."""
    doc = json.loads(VALID)
    node = doc
    for key in path[:-1]:
        node = node[key]
    if action == "delete":
        del node[path[-1]]
    else:
        node[path[-1]] = value
    text = json.dumps(doc)
    try:
        rec = records.loads(text)
    except cardrules.InvalidRecordError as exc:
        assert exc.path.startswith("$")
        return
    report = records.verify(rec)
    assert isinstance(report.ok, bool)


@given(cut=st.integers(0, len(VALID) - 1))
def test_truncated_records(cut: int) -> None:
    """Truncated JSON raises InvalidRecordError."""
    with pytest.raises(cardrules.InvalidRecordError):
        records.loads(VALID[:cut])


def test_absurd_sizes() -> None:
    """Huge documents, rounds or moves are refused quickly with InvalidRecordError."""
    doc = json.loads(VALID)
    doc["rounds"] = [{"deal": {}, "moves": []}] * 20_000
    with pytest.raises(cardrules.InvalidRecordError, match="rounds"):
        records.loads(json.dumps(doc))
    doc = json.loads(VALID)
    doc["rounds"][0]["moves"] = [{"seat": 0, "move": "7O"}] * 100_001
    with pytest.raises(cardrules.InvalidRecordError, match="moves"):
        records.loads(json.dumps(doc))
    with pytest.raises(cardrules.InvalidRecordError, match="too large"):
        records.loads(" " * 6_000_000)
    doc = json.loads(VALID)
    doc["dealer"] = 10**30
    with pytest.raises(cardrules.InvalidRecordError, match=r"\$\.dealer"):
        records.loads(json.dumps(doc))


def test_moves_for_the_wrong_seat_number() -> None:
    """A seat that does not exist is refused at loading, with its location."""
    doc = json.loads(VALID)
    doc["rounds"][0]["moves"][0]["seat"] = 7
    with pytest.raises(cardrules.InvalidRecordError) as info:
        records.loads(json.dumps(doc))
    assert "$.rounds[0].moves[0].seat" == info.value.path


def test_unknown_card_in_deck() -> None:
    """An unknown card is refused at loading, with its location."""
    doc = json.loads(VALID)
    doc["rounds"][0]["deck"][3] = "9O"
    with pytest.raises(cardrules.InvalidRecordError) as info:
        records.loads(json.dumps(doc))
    assert "$.rounds[0].deck[3]" == info.value.path


def test_events_name_their_rules() -> None:
    """Replaying yields events, each naming a rule of the game's rule book."""
    rec = records.loads((CORPUS / "mililla/ok-whole-match.json").read_text(encoding="utf-8"))
    game = cardrules.get_game(rec.game)
    kinds = set()
    for step in records.steps(rec):
        for event in step.events:
            assert event.rule in game.spec.rulebook
            kinds.add(event.kind)
    assert {"play", "trick", "round", "deal", "match"} <= kinds


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_cli_verify_exit_status(name: str) -> None:
    """``cardrules verify`` exits 0 for a valid record and 1 for one that breaks a rule."""
    ok = EXPECTED[name][0]
    result = _cli("verify", str(CORPUS / name))
    assert (0 if ok else 1) == result.returncode, result.stdout + result.stderr


def test_cli_verify_unreadable_and_json() -> None:
    """Exit 2 for an unreadable record; --json gives machine-readable output."""
    result = _cli("verify", "-", stdin="{not json")
    assert 2 == result.returncode
    assert 1 == len(result.stderr.strip().splitlines())
    result = _cli("verify", "--json", str(CORPUS / "mililla/bad-follow-suit.json"))
    assert 1 == result.returncode
    data = json.loads(result.stdout)
    assert "mililla.follow.suit" == data["problems"][0]["rule"]


def test_cli_replay_narrates() -> None:
    """``cardrules replay`` narrates moves, rules and alternatives, and reports the problem at the end."""
    result = _cli("replay", "--full", str(CORPUS / "mililla/bad-seven-rule.json"))
    assert 1 == result.returncode
    assert "round 1, move 1:" in result.stdout
    assert "[mililla.trick.winner]" in result.stdout
    assert "could have played instead" in result.stdout
    assert "mililla.seven" in result.stdout.splitlines()[-1]
    public = _cli("replay", str(CORPUS / "mililla/bad-seven-rule.json"))
    assert "could have played instead" not in public.stdout  # what everyone saw: no hand is shown
    assert "[mililla.trick.winner]" in public.stdout
    seat0 = _cli("replay", "--seat", "0", str(CORPUS / "mililla/bad-seven-rule.json"))
    moves = [ln for ln in seat0.stdout.splitlines() if ln.startswith("round ")]
    shown = [ln for ln in seat0.stdout.splitlines() if "could have played instead" in ln or "only legal" in ln]
    assert 0 < len(shown) <= len([m for m in moves if "seat 0 plays" in m])
    result = _cli("replay", str(CORPUS / "mililla/ok-whole-match.json"))
    assert 0 == result.returncode
    assert "win the match" in result.stdout


def test_from_moves_in_a_started_round_records_the_position() -> None:
    """A record made from the middle of a round starts from its position, not a deal."""
    game = cardrules.get_game("mililla")
    s = game.new_game(seed=3)
    s = game.apply(s, game.legal_moves(s)[0])
    rec = records.from_moves(s, [])
    assert rec.rounds[0].deck is None and rec.rounds[0].position == game.position(s)
    assert records.verify(records.loads(records.dumps(rec))).ok


def test_record_random_moves_for_every_game() -> None:
    """Every game on main can be recorded and verified."""
    for name in cardrules.game_names():
        game = cardrules.get_game(name)
        start = game.new_game(seed=1)
        rng = random.Random(1)
        state, moves = start, []
        for _ in range(30):
            if game.is_over(state):
                break
            move = game.legal_moves(state).sample(rng)
            moves.append(move)
            state = game.apply(state, move)
        assert records.verify(records.from_moves(start, moves)).ok
