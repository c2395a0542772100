"""The conformance checker: clean against cardrules' own engine; it catches each kind of wrong engine."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import cardrules
from cardrules._reference import _conformance
from cardrules.cli import main
from tests.reference.helpers import ENGINE, WRONG, small_corpus


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return small_corpus(tmp_path_factory.mktemp("vectors"))


def _check(command: list[str], corpus: Path) -> _conformance.Report:
    return _conformance.check(command, _conformance.read_vectors(corpus), timeout=60)


def test_cardrules_engine_agrees_with_the_vectors(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--vectors", str(corpus), "--", *ENGINE]) == 0
    out = capsys.readouterr().out
    assert out.endswith(" 0 disagreements\n") and out.startswith("12 vectors, ")  # 2 positions and a refused one a file


@pytest.mark.parametrize(
    ("kind", "op", "rule"),
    [
        ("drop", "legal", True),  # drops a legal move: and says which rule it thinks refuses it
        ("extra", "legal", True),  # lists a move that is not legal: and the rule that refuses it
        ("accept", "is_legal", True),  # accepts an illegal move: the rule it breaks
        ("score", "score", False),
        ("leak", "observe", False),  # shows a hidden card
        ("lenient", "read", True),  # takes a position that a rule refuses: the rule
        ("why", "is_legal", True),  # a legal move for other reasons: the rule it leaves out
    ],
)
def test_a_wrong_engine_is_caught(corpus: Path, kind: str, op: str, rule: bool) -> None:
    report = _check([*WRONG, kind], corpus)
    assert report.disagreements
    assert {d.question["op"] for d in report.disagreements} == {op}
    first = report.disagreements[0]
    assert first.vector.count("/") == 1 and first.expected != first.got
    if kind == "accept":
        assert first.rule is not None and first.words, "the rule it breaks, with its words"
        assert first.expected["rule"] == first.rule
    if kind == "drop":
        assert first.expected["missing"], "the move it dropped"
    if kind == "extra":
        assert first.expected["not_legal"] and first.rule is not None and first.words
    if kind == "lenient":
        assert first.rule == first.expected["error"]["rule"] and first.words, "the rule that refuses the position"
        assert len(report.disagreements) == 4, "each file's refused position"
    if kind == "why":
        assert first.rule is not None and first.rule in first.expected["reasons"]


def test_the_report_prints_each_disagreement_and_exits_1(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--vectors", str(corpus), "--", *WRONG, "accept"]) == 1
    out = capsys.readouterr().out
    assert "is_legal" in out and "expected: " in out and "got:      " in out and "rule:     " in out
    assert not out.endswith(" 0 disagreements\n")


def test_an_engine_that_does_not_answer_the_handshake(corpus: Path) -> None:
    report = _check(["cat"], corpus)  # echoes each request: no protocol, no version
    assert [d.vector for d in report.disagreements] == ["handshake"]


def test_no_command_or_no_engine_is_bad_input(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--vectors", str(corpus)]) == 2
    assert main(["conformance", "--vectors", str(corpus), "--", "/nonexistent/engine"]) == 2
    assert main(["conformance", "--vectors", str(corpus / "nowhere"), "--", *ENGINE]) == 2
    assert "cardrules: error:" in capsys.readouterr().err


def test_lines_name_the_vector_the_question_and_both_answers() -> None:
    found = _conformance.Disagreement("f/0001", {"id": 3, "op": "score"}, {"a": 1}, {"a": 2}, "g.r", "R. words")
    out = io.StringIO()
    _conformance.print_report(_conformance.Report(1, 1, (found,)), out)
    assert out.getvalue().splitlines() == [
        "f/0001: score",
        '  question: {"op":"score"}',
        '  expected: {"a":1}',
        '  got:      {"a":2}',
        "  rule:     g.r: R. words",
        "1 vector, 1 question, 1 disagreement",
    ]


@pytest.mark.parametrize("lang", ["sv", "es", "fr", "ar"])
def test_the_report_speaks_the_language(lang: str) -> None:
    """The labels, the count and the rule's words in the language; questions and answers as the protocol has them."""
    from cardrules.i18n import rule_text, translation

    found = _conformance.Disagreement(
        "f/0001", {"id": 3, "op": "score"}, {"a": 1}, {"a": 2}, "mililla.turn", "English words", "mililla"
    )
    out = io.StringIO()
    _conformance.print_report(_conformance.Report(2, 5, (found,)), out, lang)
    lines = out.getvalue().splitlines()
    tr = translation(lang)
    title, text = rule_text(cardrules.get_game("mililla").spec.rulebook["mililla.turn"], lang)
    assert lines[1].strip().startswith(tr.pgettext("conformance", "question:")) and '{"op":"score"}' in lines[1]
    assert f"mililla.turn: {title}. {text}" in lines[4] and "English words" not in lines[4]
    assert lines[-1] == tr.pgettext("list", ", ").join(
        [
            tr.ngettext("{count} vector", "{count} vectors", 2).format(count=2),
            tr.ngettext("{count} question", "{count} questions", 5).format(count=5),
            tr.ngettext("{count} disagreement", "{count} disagreements", 1).format(count=1),
        ]
    )
    assert "vectors" not in lines[-1] and "question:" not in lines[1]
