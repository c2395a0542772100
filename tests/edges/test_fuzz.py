"""
Fuzz tests over every game and variant: hostile move text, objects of the wrong kind, ruleset
text, mutated records and command lines. Each asserts what the library promises at its edges: a
library exception (a :class:`cardrules.CardrulesError`) or a correct answer; no other exception;
no input changed; no call over 2 s of CPU. CI runs them with the bounded "ci" profile; ``nox -s
fuzz`` runs them with thousands of examples.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import time
from collections.abc import Iterator
from typing import Any
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import cli, records
from tests.strategies import json_values, live_positions, move_texts, mutated, ruleset_texts, states_of
from tests.variants import PRESETS, VARIANTS

CPU_LIMIT = 2.0
"""Seconds of CPU time that one call may take (CPU time, so that a busy machine does not count)."""


@contextlib.contextmanager
def bounded(what: str) -> Iterator[None]:
    """Fail if the block takes more than :data:`CPU_LIMIT` seconds of this process's CPU time."""
    start = time.process_time()
    yield
    spent = time.process_time() - start
    assert spent < CPU_LIMIT, f"{what} took {spent:.2f} s of CPU"


@given(data=st.data())
def test_fuzz_move_text(data: st.DataObject) -> None:
    """parse_move on any text: a legal move, or a library error; the state is unchanged."""
    game, state = data.draw(live_positions())
    text = data.draw(move_texts(game, state))
    before = cardrules.dumps(state)
    with bounded(f"parse_move({text!r})"):
        try:
            move = game.parse_move(state, text)
        except cardrules.CardrulesError as exc:
            assert str(exc)
        else:
            assert game.check_move(state, move) is None
            assert game.apply(state, move) is not state
    assert cardrules.dumps(state) == before


_other_moves = st.sampled_from(
    [m for v in PRESETS for m in list(cardrules.get_game(v).legal_moves(states_of(v, 0)[0]))[:3]]
)


@given(data=st.data(), junk=st.one_of(json_values(), _other_moves))
def test_fuzz_wrong_kind_of_move(data: st.DataObject, junk: Any) -> None:
    """check_move, apply and format_move given anything that is not this game's move: a library error or a verdict."""
    game, state = data.draw(live_positions())
    before = cardrules.dumps(state)
    with bounded("check_move"):
        try:
            verdict = game.check_move(state, junk)
        except cardrules.CardrulesError:
            verdict = None
        else:
            if verdict is None:  # another game's move is never legal here, unless it is this game's
                assert junk in game.legal_moves(state)
    with bounded("apply"):
        try:
            game.apply(state, junk)
        except cardrules.CardrulesError as exc:
            assert str(exc)
        else:
            assert verdict is None
    assert cardrules.dumps(state) == before


@given(text=ruleset_texts())
def test_fuzz_ruleset_text(text: str) -> None:
    """get_game on any text: a game whose text reads back the same, or UnknownOptionError/InvalidOptionError."""
    with bounded(f"get_game({text!r})"):
        try:
            game = cardrules.get_game(text)
        except (cardrules.UnknownOptionError, cardrules.InvalidOptionError) as exc:
            assert str(exc)
            return
    assert cardrules.get_game(game.text).rules == game.rules
    assert text.isascii()


def _record_doc(text: str, seed: int, moves: int) -> Any:
    game = cardrules.get_game(text)
    start = game.new_game(seed=seed)
    played = []
    state = start
    for _ in range(moves):
        if game.is_over(state):
            break
        move = game.legal_moves(state)[0]
        played.append(move)
        state = game.apply(state, move)
    return json.loads(records.dumps(records.from_moves(start, played)))


_RECORDS = {text: _record_doc(text, 1, 30) for text in VARIANTS}


@given(data=st.data())
def test_fuzz_record_documents(data: st.DataObject) -> None:
    """records.loads of a mutated record: InvalidRecordError, or a record that verify judges and dumps round-trips."""
    text = data.draw(st.sampled_from(VARIANTS))
    doc = data.draw(mutated(_RECORDS[text]))
    with bounded("records.loads + verify"):
        try:
            rec = records.loads(doc)
        except cardrules.InvalidRecordError as exc:
            assert exc.path.startswith("$")
            return
        report = records.verify(rec)
    assert isinstance(report.ok, bool)
    assert all(p.where.startswith("$") for p in report.problems)
    assert records.loads(records.dumps(rec)) == rec


# --- the command line -------------------------------------------------------------------------

_COMMANDS = st.sampled_from(["play", "demo", "verify", "replay", "games", "simulate", "nonsense", "--help", ""])
_ARGS = st.sampled_from(
    ["mililla", "mulle", "mulle/fishing", "charlemagne", "poker", "mulle(players=٤)", "--seed", "1", "-1", "x",
     "--bots", "greedy", "random,greedy", "--matches", "2", "0", "--seat", "3", "9", "--json", "--no-pause", "-",
     "--rules", "mililla(rank_order=malilla)", "--ascii", "--workers", "--opponents", "ſ"]
)  # fmt: skip


@st.composite
def _stdin(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["record", "lines", "text"]))
    if kind == "record":
        return draw(mutated(_RECORDS[draw(st.sampled_from(VARIANTS))]))
    if kind == "lines":
        lines = st.sampled_from(["1", "2", "99", "٣", "help", "?", "quit", "hint", "7O", "AS -", "pass", "bid 5", ""])
        return "\n".join(draw(st.lists(lines, max_size=8))) + "\n"
    return draw(st.text(max_size=200))


@given(command=_COMMANDS, args=st.lists(_ARGS, max_size=6), stdin=_stdin())
def test_fuzz_command_line(command: str, args: list[str], stdin: str) -> None:
    """Any command line and standard input: a documented exit status and no internal error."""
    if command == "simulate" and "--matches" not in args:
        args = [*args, "--matches", "2"]
    argv = [a for a in [command, *args] if a]
    out, err = io.StringIO(), io.StringIO()
    with (
        bounded(f"cardrules {' '.join(argv)}"),
        mock.patch.object(sys, "stdin", io.StringIO(stdin)),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        try:
            status = cli.main(argv)
        except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
            status = exc.code if isinstance(exc.code, int) else 2
    assert status in (0, 1, 2, 3), err.getvalue()
    assert "internal error" not in err.getvalue()
