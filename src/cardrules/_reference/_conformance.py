"""
Conformance: ask another engine that speaks the engine protocol every question of the test vectors,
and report each answer that differs from the vector's (``cardrules conformance``): of a position,
its legal moves, its illegal moves, the moves followed (legal, why, and where they lead), its score
and every seat's view; of a refused position, that the engine refuses it by the same rule.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Final

import attrs

from cardrules._reference import _protocol, _vectors
from cardrules._reference._common import dumps
from cardrules._registry import get_game
from cardrules.errors import CardrulesError, InvalidRecordError, UnsupportedError
from cardrules.i18n import DEFAULT, rule_text, translation

__all__ = ["Disagreement", "EngineProcess", "Report", "check", "read_vectors"]

TIMEOUT: Final = 30.0
"""Seconds to wait for one answer before the engine is taken to hang."""


@attrs.frozen
class Disagreement:
    """One answer that differs from the vector's: the vector, the question, both answers, the rule at stake."""

    vector: str
    question: dict[str, Any]
    expected: Any
    got: Any
    rule: str | None = None
    words: str | None = None
    game: str | None = None

    def lines(self, lang: str = DEFAULT) -> list[str]:
        """The disagreement as the report prints it, its labels and the rule's words in *lang*."""
        tr = translation(lang)
        question = {k: v for k, v in self.question.items() if k != "id"}
        labels = [
            tr.pgettext("conformance", "question:"),
            tr.pgettext("conformance", "expected:"),
            tr.pgettext("conformance", "got:"),
            tr.pgettext("conformance", "rule:"),
        ]
        width = max(map(len, labels)) + 1
        question_, expected, got, rule = (label.ljust(width) for label in labels)
        out = [
            f"{self.vector}: {self.question.get('op')}",
            f"  {question_}{dumps(question)}",
            f"  {expected}{dumps(self.expected)}",
            f"  {got}{dumps(self.got)}",
        ]
        if self.rule is not None:
            words = _words(self.game, self.rule, lang) if self.game and lang != DEFAULT else self.words
            out.append(f"  {rule}{self.rule}" + (f": {words}" if words else ""))
        return out


@attrs.frozen
class Report:
    """What a conformance run found: the vectors and questions asked, and every disagreement."""

    vectors: int
    questions: int
    disagreements: tuple[Disagreement, ...]


class EngineProcess:
    """Another engine, run as a process: one request line out, one answer line back (with a time limit)."""

    def __init__(self, command: Sequence[str], timeout: float = TIMEOUT) -> None:
        try:
            self._process = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise UnsupportedError(f"cannot run the engine {' '.join(command)}: {exc}", "conformance") from None
        self._timeout = timeout
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._next = 0
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        stdout = self._process.stdout
        assert stdout is not None
        for line in stdout:
            self._lines.put(line)
        self._lines.put(None)

    def ask(self, request: dict[str, Any]) -> Any:
        """The engine's answer to *request* (given the next ``id``), or an ``error`` of this checker's own."""
        self._next += 1
        request["id"] = self._next
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(request) + "\n")
            stdin.flush()
            line = self._lines.get(timeout=self._timeout)
        except (OSError, ValueError):
            line = None
        except queue.Empty:
            return {"error": {"code": "timeout", "message": f"no answer in {self._timeout:g} s"}}
        if line is None:
            return {"error": {"code": "exited", "message": "the engine has exited"}}
        try:
            answer = json.loads(line)
        except ValueError:
            return {"error": {"code": "not-json", "message": f"not JSON: {line[:200]!r}"}}
        if not isinstance(answer, dict) or answer.get("id") != self._next:
            return {"error": {"code": "wrong-id", "message": f"not the answer to request {self._next}: {line[:200]!r}"}}
        return answer

    def close(self) -> None:
        """Ask the engine to quit, then end it and close its pipes."""
        process = self._process
        try:
            if process.poll() is None:
                self.ask({"op": "quit"})
            process.wait(timeout=5)
        except (subprocess.TimeoutExpired, OSError, ValueError):
            process.kill()
            process.wait()
        self._reader.join(timeout=5)
        for pipe in (process.stdin, process.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:  # the engine went away before reading all we wrote
                    pass


def read_vectors(directory: Path) -> Iterator[dict[str, Any]]:
    """The vectors of a corpus directory, file by file as its manifest lists them."""
    try:
        manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InvalidRecordError(f"cannot read {directory / 'manifest.json'}: {exc}") from None
    if manifest.get("format") != _vectors.FORMAT or manifest.get("version") != _vectors.VERSION:
        raise InvalidRecordError(
            f"{directory} holds {manifest.get('format')} version {manifest.get('version')}; "
            f"this cardrules reads {_vectors.FORMAT} version {_vectors.VERSION}",
            "$.version",
        )
    for name in manifest["files"]:
        with (directory / name).open(encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    yield json.loads(line)


def _words(game_text: str, rule: str | None, lang: str = DEFAULT) -> str | None:
    """The rule's title and words (in *lang*), or ``None`` for a rule id the game does not have."""
    if rule is None:
        return None
    try:
        found = get_game(game_text).spec.rulebook.get(rule)
    except CardrulesError:
        return None
    if found is None:
        return None
    title, text = (found.title, found.text) if lang == DEFAULT else rule_text(found, lang)
    return f"{title}. {text}"


def _refusal(vector: dict[str, Any], text: object) -> str | None:
    """The rule id that refuses the move *text* in the vector's position, by cardrules' rules."""
    try:
        game = get_game(vector["game"])
        state = game.from_position(vector["position"])
        violation = game.check_move(state, game.spec.parse_canonical(str(text)))
    except CardrulesError:
        return None
    return None if violation is None else violation.rule.id


def _strip(answer: Any) -> Any:
    return {k: v for k, v in answer.items() if k != "id"} if isinstance(answer, dict) else answer


class _Asker:
    def __init__(self, engine: EngineProcess) -> None:
        self.engine = engine
        self.questions = 0
        self.found: list[Disagreement] = []

    def ask(self, request: dict[str, Any]) -> Any:
        self.questions += 1
        return _strip(self.engine.ask(request))

    def differ(
        self, vector: dict[str, Any], question: dict[str, Any], expected: Any, got: Any, rule: str | None
    ) -> None:
        words = _words(vector["game"], rule)
        self.found.append(Disagreement(vector["id"], question, expected, got, rule, words, vector["game"]))


def _legal(asker: _Asker, vector: dict[str, Any]) -> None:
    question = {"op": "legal", "position": vector["position"], "limit": _vectors.LISTED}
    got = asker.ask(question)
    legal = vector["legal"]
    expected = {"to_move": vector["to_move"], "count": legal["count"], "moves": legal["moves"]}
    if not isinstance(got, dict) or {k: got.get(k) for k in expected} != expected:
        rule = None
        moves = got.get("moves") if isinstance(got, dict) else None
        missing = [m for m in legal["moves"] if not isinstance(moves, list) or m not in moves]
        if missing:  # why does it refuse a legal move? its own rule
            said = asker.ask({"op": "is_legal", "position": vector["position"], "move": missing[0]})
            rule = said.get("rule") if isinstance(said, dict) and isinstance(said.get("rule"), str) else None
            expected = {**expected, "missing": missing}
        extra = [m for m in moves if m not in legal["moves"]] if isinstance(moves, list) and legal["complete"] else []
        if extra:  # a move it allows that cardrules refuses: the rule that refuses it
            expected = {**expected, "not_legal": extra}
            rule = rule or _refusal(vector, extra[0])
        asker.differ(vector, question, expected, got, rule)


def _illegal(asker: _Asker, vector: dict[str, Any]) -> None:
    for item in vector["illegal"]:
        question = {"op": "is_legal", "position": vector["position"], "move": item["move"]}
        got = asker.ask(question)
        expected = {"legal": False, "rule": item["rule"]}
        if not isinstance(got, dict) or {k: got.get(k) for k in expected} != expected:
            asker.differ(vector, question, expected, got, item["rule"])
    for step in vector["after"]:
        question = {"op": "is_legal", "position": vector["position"], "move": step["move"]}
        got = asker.ask(question)
        if not isinstance(got, dict) or got.get("legal") is not True:
            rule = got.get("rule") if isinstance(got, dict) and isinstance(got.get("rule"), str) else None
            asker.differ(vector, question, {"legal": True}, got, rule)
        elif "reasons" in got and got["reasons"] != step["reasons"]:  # an engine that says why: the same rules
            theirs = got["reasons"] if isinstance(got["reasons"], list) else []
            wrong = [r for r in step["reasons"] if r not in theirs] + [r for r in theirs if r not in step["reasons"]]
            rule = next((r for r in wrong if isinstance(r, str)), None)
            asker.differ(vector, question, {"legal": True, "reasons": step["reasons"]}, got, rule)


def _after(asker: _Asker, vector: dict[str, Any]) -> None:
    for step in vector["after"]:
        question = {"op": "apply", "position": vector["position"], "move": step["move"]}
        got = asker.ask(question)
        expected = {"position": step["position"], "events": step["events"]}
        if not isinstance(got, dict) or {k: got.get(k) for k in expected} != expected:
            theirs = got.get("events") if isinstance(got, dict) else None
            events: list[Any] = theirs if isinstance(theirs, list) else []
            wrong = [r for r in step["events"] if r not in events] + [r for r in events if r not in step["events"]]
            rule = next((r for r in wrong if isinstance(r, str)), None)
            asker.differ(vector, question, expected, got, rule)


def _score(asker: _Asker, vector: dict[str, Any]) -> None:
    question = {"op": "score", "position": vector["position"]}
    got = asker.ask(question)
    if not isinstance(got, dict) or {k: got.get(k) for k in vector["score"]} != vector["score"]:
        last = vector["score"]["last_round"]
        items = last["items"] if last else []
        theirs = got.get("last_round") if isinstance(got, dict) else None
        mine = theirs.get("items") if isinstance(theirs, dict) else None
        wrong = [i["rule"] for i in items if not (isinstance(mine, list) and i in mine)]
        asker.differ(vector, question, vector["score"], got, wrong[0] if wrong else None)


def _observe(asker: _Asker, vector: dict[str, Any]) -> None:
    for view in vector["observe"]:
        question = {"op": "observe", "position": vector["position"], "seat": view["seat"]}
        got = asker.ask(question)
        if not isinstance(got, dict) or got.get("position") != view["position"]:
            asker.differ(vector, question, {"seat": view["seat"], "position": view["position"]}, got, None)


def _refused(asker: _Asker, vector: dict[str, Any]) -> None:
    question = {"op": "read", "position": vector["position"]}
    got = asker.ask(question)
    expected = {"code": "invalid-position", "rule": vector["rule"]}
    error = got.get("error") if isinstance(got, dict) else None
    if not isinstance(error, dict) or {k: error.get(k) for k in expected} != expected:
        asker.differ(vector, question, {"error": expected}, got, vector["rule"])


def check(command: Sequence[str], vectors: Iterator[dict[str, Any]], timeout: float = TIMEOUT) -> Report:
    """Run *command* as an engine and ask it every question of *vectors*."""
    engine = EngineProcess(command, timeout)
    asker = _Asker(engine)
    try:
        hello = asker.ask({"op": "hello"})
        want = {"protocol": _protocol.PROTOCOL, "version": _protocol.VERSION}
        if not isinstance(hello, dict) or {k: hello.get(k) for k in want} != want:
            bad = Disagreement("handshake", {"op": "hello"}, want, hello)
            return Report(0, asker.questions, (bad,))
        count = 0
        for vector in vectors:
            count += 1
            parts = (_refused,) if vector.get("kind") == "refused" else (_legal, _illegal, _after, _score, _observe)
            for part in parts:
                part(asker, vector)
    finally:
        engine.close()
    return Report(count, asker.questions, tuple(asker.found))


def print_report(report: Report, out: IO[str], lang: str = DEFAULT) -> None:
    """Every disagreement, then the count, in *lang* (the questions and answers as the protocol has them)."""
    tr = translation(lang)
    for found in report.disagreements:
        for line in found.lines(lang):
            print(line, file=out)
    n = len(report.disagreements)
    parts = (
        tr.ngettext("{count} vector", "{count} vectors", report.vectors).format(count=report.vectors),
        tr.ngettext("{count} question", "{count} questions", report.questions).format(count=report.questions),
        tr.ngettext("{count} disagreement", "{count} disagreements", n).format(count=n),
    )
    print(tr.pgettext("list", ", ").join(parts), file=out)
