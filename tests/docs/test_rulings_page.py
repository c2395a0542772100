"""The rulings page covers every rule that rests on a ruling, and no product text cites the team's working brief."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import cardrules

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
DECISIONS_PAGE = DOCS / "rulings.md"
LABEL = re.compile(r"^\((ruling-[a-z0-9\-]+)\)=\s*$")
HEADING = re.compile(r"^#{1,6} \S")
RULE_ID = re.compile(r"`([a-z]+(?:\.[a-z0-9\-]+)+)`")

# The rules whose source cited a ruling before the sources were rewritten to cite the published
# texts: each must say "rulings page" in its source and have its label on the rulings page.
NEEDS_RULING = frozenset(
    {
        *(
            f"mulle.{r}"
            for r in (
                "players",
                "jokers",
                "deal",
                "deal.later",
                "deal.last",
                "deal.rotation",
                "turn",
                "values",
                "fishing.values",
                "capture",
                "capture.maximal",
                "capture.duty",
                "fishing.capture",
                "build",
                "build.keep",
                "build.scoring-card",
                "build.owner",
                "build.lock",
                "trail",
                "mulle.twin",
                "mulle.double",
                "mulle.value",
                "fishing.mulle",
                "tabbe",
                "round.leftovers",
                "points.cards",
                "fishing.points",
                "fishing.spades",
                "fishing.sistan",
                "fishing.most-cards",
                "match.target",
                "krypmulle",
            )
        ),
        *(
            f"mililla.{r}"
            for r in (
                "players",
                "deal",
                "deal.turn-up",
                "deal.rotation",
                "rank",
                "turn",
                "follow.suit",
                "seven",
                "follow.beat",
                "follow.trump",
                "points.cards",
                "points.tricks",
                "bonus.turn-up",
                "bonus.held",
                "round.score",
                "match.target",
                "match.single",
            )
        ),
        # Every Charlemagne rule rests on a ruling.
        *cardrules.get_game("charlemagne").spec.rulebook,
    }
)


def _label(rule_id: str) -> str:
    return "ruling-" + rule_id.replace(".", "-")


def _all_rules() -> dict[str, cardrules.Rule]:
    return {
        rid: rule for name in cardrules.game_names() for rid, rule in cardrules.get_game(name).spec.rulebook.items()
    }


def _sections() -> list[tuple[list[str], str, str]]:
    """The rulings page as (labels, heading, body) sections; each run of labels must end at a heading."""
    lines = DECISIONS_PAGE.read_text(encoding="utf-8").splitlines()
    sections: list[tuple[list[str], str, str]] = []
    labels: list[str] = []
    for n, line in enumerate(lines, 1):
        if m := LABEL.match(line):
            labels.append(m.group(1))
        elif HEADING.match(line):
            sections.append((labels, line, ""))
            labels = []
        else:
            assert not labels, f"docs/rulings.md:{n}: labels {labels} are not right before a heading"
            if sections:
                got, heading, body = sections[-1]
                sections[-1] = (got, heading, body + line + "\n")
    assert not labels, f"labels {labels} at the end of docs/rulings.md"
    return sections


def test_rules_that_rest_on_a_ruling_cite_the_rulings_page() -> None:
    """The rules whose source says "rulings page" are exactly the rules that rest on a ruling."""
    citing = {rid for rid, rule in _all_rules().items() if "rulings page" in rule.source}
    assert sorted(NEEDS_RULING - citing) == []
    assert sorted(citing - NEEDS_RULING) == []


def test_every_ruling_rule_has_one_label_on_the_rulings_page() -> None:
    """Each rule resting on a ruling has exactly one ``(ruling-...)=`` label; no label names a missing rule."""
    labels = [label for got, _, _ in _sections() for label in got]
    known = {_label(rid): rid for rid in _all_rules()}
    assert sorted(set(labels) - set(known)) == [], "labels that name no rule id"
    assert sorted(label for label in set(labels) if labels.count(label) > 1) == [], "labels given twice"
    assert sorted(_label(rid) for rid in NEEDS_RULING if _label(rid) not in labels) == [], "rules without a label"
    assert sorted(known[label] for label in labels if known[label] not in NEEDS_RULING) == []


def test_each_ruling_section_lists_the_rules_it_is_labelled_for() -> None:
    """A section's labels and the rule ids of its *Rules:* line agree, and every rule id it lists exists."""
    rules = _all_rules()
    for labels, heading, body in _sections():
        listed_line = next((p for p in body.split("\n\n") if p.strip().startswith("*Rules:*")), "")
        listed = RULE_ID.findall(listed_line)
        assert sorted(set(listed) - set(rules)) == [], heading
        if labels:
            assert sorted(_label(rid) for rid in listed) == sorted(labels), heading


# Product text that must not cite the team's working brief: the brief's file names and numbers
# (the word seed and a three-digit number), its name, and its ruling codes (B1-B17, F1-F8, M1-M8, K1-K10, C1-C4).
CITATION = re.compile(
    r"\bseeds?\s+`?0\d\d\b"
    r"|\bRUL"
    r"INGS\b"  # written in two pieces, so that this file does not cite it
    r"|\b(?:B(?:1[0-7]|[1-9])|F[1-8]|M[1-8]|K(?:10|[1-9])|C[1-4])\b"
)
PRODUCT_TEXT = sorted(
    p
    for p in [
        ROOT / "README.md",
        ROOT / "CONTRIBUTING.md",
        *DOCS.rglob("*.md"),
        *(ROOT / "src").rglob("rules.md"),
        *(ROOT / "src").rglob("*.py"),
        *(p for p in (ROOT / "tests").rglob("*.py") if p.name != "test_rulings_page.py"),
    ]
    if "_build" not in p.parts and p != DOCS / "changelog.md"
)


def test_the_citation_pattern_finds_brief_citations_only() -> None:
    """The pattern catches the brief's citation forms and leaves card texts and seeds alone."""
    brief, seed = "RUL" + "INGS", "seed"  # in pieces, so that this file does not cite the brief itself
    for cited in (f"{seed} 003", f"{seed}s 000, 001", f"the {seed} `004`", f"{brief} M5", "(B8)", "K1-K10", "C4"):
        assert CITATION.search(cited), cited
    for text in ("KC", "10D", "7B", "seed 0", "seed 42", "B18", "K11", "BJ", "rulings page", "M9"):
        assert not CITATION.search(text), text


@pytest.mark.parametrize("path", PRODUCT_TEXT, ids=lambda p: str(p.relative_to(ROOT)))
def test_product_text_cites_no_working_brief(path: Path) -> None:
    """Docs (except the changelog), the README, the sources and the tests cite rule ids, not the brief."""
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {m.group(0)!r}"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for m in CITATION.finditer(line)
    ]
    assert hits == []


def test_test_names_cite_no_working_brief() -> None:
    """No test function is named after a ruling code or a source file number."""
    bad = re.compile(r"(?:^|_)(?:[bfmkc]\d{1,2}|seed_?0\d\d)(?:_|$)", re.I)
    names = [
        f"{path.relative_to(ROOT)}::{node.name}"
        for path in sorted((ROOT / "tests").rglob("test_*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")
    ]
    assert names, "no test found"
    assert [n for n in names if bad.search(n.split("::")[1])] == []
