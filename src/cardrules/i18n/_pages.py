"""
The rules pages for players, in every language: each game's ``rules.md`` without what is for
developers, cut into blocks that the ``pages`` catalogs translate one by one, as Sphinx's own
translations do.

One source serves two readers. The documentation (Sphinx) shows the whole ``rules.md``; the
players' page (the web table's ``/rules/GAME`` and ``cardrules rules GAME``) leaves out

- the Python examples: every ``pycon``, ``{doctest}`` and ``python`` code fence, and the
  ``{ruleset-options}`` tables (the ruleset's fields by their names in the code);
- every region between the MyST comment lines ``% developers`` and ``% end developers``, which
  Sphinx does not show as such (a comment), so the documentation shows what they enclose: the API
  names, the ruleset's fields, the notation, the deck orders, the captions of the examples.

A block is a paragraph, a list, a table or a heading: a run of lines with text, cut at blank lines
and headings. What is not prose stays as written, in every language: code fences, the label lines
``(mulle.capture)=`` that anchor each rule, and blank lines. The game's name is each block's
context, so the same sentence may read differently in two games. A block with no translation
(the English page changed since the catalog was written) is shown in English; the catalog tests
keep every block of the packaged pages translated.

:func:`players_markdown` then writes the players' page as CommonMark for the web table and the
terminal: MyST's roles as links or words, each rule's heading as its title, and each card code
as the front ends show cards (``10S`` as ``10♠``). It knows no game: what a card looks like, and
which names are games, it is given.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator
from typing import Final

__all__ = ["DEVELOPERS", "END_DEVELOPERS", "blocks", "for_players", "players_markdown", "sections", "translate"]

DEVELOPERS: Final = "% developers"
"""The MyST comment line that opens a region of a rules page that only the documentation shows."""
END_DEVELOPERS: Final = "% end developers"
"""The MyST comment line that closes it."""

_LABEL: Final = re.compile(r"^\(([A-Za-z0-9_.:-]+)\)=\s*$")
_FENCE: Final = "```"
_PYTHON: Final = ("pycon", "{doctest}", "python", "py", "{code-block} python")
_OPTIONS: Final = "{ruleset-options}"  # the ruleset's fields, by their names in the code
_ROLE: Final = re.compile(r"\{(ref|doc)\}`([^`]*)`")
_TARGET: Final = re.compile(r"^(.*?)\s*<([^>]+)>$", re.S)
_RULE_HEADING: Final = re.compile(r"^(#{1,6}) `([a-z0-9_.:-]+)`\s*[:：]\s*(.+)$")  # French writes " : "
_CODE: Final = r"(?:10|[2-9AJQKHBL])[SHDCOEBJ]"
_CARD: Final = re.compile(rf"`({_CODE})`|(?<![`\w])({_CODE})(?![`\w])")  # alone, or alone in a code span


def for_players(text: str) -> str:
    """*text* (a rules page) without its Python examples and its regions for developers."""
    out: list[str] = []
    python = developers = False
    for line in text.split("\n"):
        stripped = line.strip()
        if developers:
            developers = stripped != END_DEVELOPERS
            continue
        if python:
            python = not stripped.startswith(_FENCE)
            continue
        if stripped == DEVELOPERS:
            developers = True
        elif stripped.startswith(_FENCE) and (stripped[3:].strip() in _PYTHON or stripped[3:].startswith(_OPTIONS)):
            python = True
        else:
            out.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out))


def _pieces(text: str) -> Iterator[tuple[bool, str]]:
    """*text* as ``(translatable, piece)`` pairs, in order: joined back with ``"\\n"`` they are *text*."""
    lines = text.split("\n")
    run: list[str] = []
    fenced = False
    for line in lines:
        if fenced or line.startswith(_FENCE):
            if run:
                yield True, "\n".join(run)
                run = []
            if line.startswith(_FENCE):
                fenced = not fenced
            yield False, line
        elif not line.strip() or _LABEL.match(line) or line.startswith("% "):
            if run:
                yield True, "\n".join(run)
                run = []
            yield False, line
        elif line.startswith("#"):
            if run:
                yield True, "\n".join(run)
                run = []
            yield True, line
        else:
            run.append(line)
    if run:
        yield True, "\n".join(run)


def blocks(text: str) -> list[str]:
    """The blocks of a rules page that the players' page shows, in page order (a block seen twice, once)."""
    return list(dict.fromkeys(piece for translatable, piece in _pieces(for_players(text)) if translatable))


def translate(text: str, gettext: Callable[[str], str]) -> str:
    """*text* (a rules page) with each block replaced by ``gettext(block)``; the rest as written."""
    return "\n".join(gettext(piece) if translatable else piece for translatable, piece in _pieces(text))


def _role(game: str, games: Collection[str], match: re.Match[str]) -> str:
    """A MyST role as a link (a rule id, a rules page) or as its words (a page players cannot open)."""
    kind, body = match.group(1), match.group(2)
    found = _TARGET.match(body)
    text, target = (" ".join(found.group(1).split()), found.group(2)) if found else (None, body)
    name = target.split(".", 1)[0]
    if kind == "ref" and name in games and "." in target:  # a rule id: its anchor on its game's page
        where = f"#{target}" if name == game else f"/rules/{name}#{target}"
        return f"[{text or target}]({where})"
    if kind == "doc" and target.startswith("/rules/") and target.removeprefix("/rules/") in games:
        return f"[{text or target.removeprefix('/rules/').title()}]({target})"
    return text or target.rsplit("/", 1)[-1].replace("-", " ")


def players_markdown(
    game: str,
    text: str,
    games: Collection[str],
    gettext: Callable[[str], str] | None = None,
    card: Callable[[str], str | None] | None = None,
) -> str:
    """
    The players' page of *game* from its rules page *text*, as CommonMark: without what is for
    developers (:func:`for_players`), each block translated by *gettext* (none: in English), the
    label lines ``(mulle.capture)=`` kept (each front end makes them its anchors), each rule's
    heading ``### `mulle.capture`: Capturing`` as ``### Capturing``, ``{ref}`` roles to a rule id
    as links (``#mulle.capture`` on this page, ``/rules/GAME#ID`` on another of *games*), the
    other roles as their words, and each card code that *card* names (``card("10S")``, ``None``
    for no card) as it names it, backticks and all.
    """
    page = for_players(text)
    if gettext is not None:
        page = translate(page, gettext)
    page = "\n".join(_RULE_HEADING.sub(r"\1 \3", line) for line in page.split("\n"))
    page = _ROLE.sub(lambda m: _role(game, games, m), page)  # a role may run over two lines
    if card is not None:

        def named(match: re.Match[str]) -> str:
            return card(match.group(1) or match.group(2)) or match.group(0)

        page = _CARD.sub(named, page)
    return page


def sections(page: str) -> dict[str, str]:
    """
    Each rule's section of a players' page (:func:`players_markdown`), by rule id: from its label
    line to the next label line or the next heading above the rule's.
    """
    out: dict[str, str] = {}
    lines = page.split("\n")
    for i, line in enumerate(lines):
        label = _LABEL.match(line)
        if label is None:
            continue
        body: list[str] = []
        level = 7
        for following in lines[i + 1 :]:
            heading = re.match(r"^(#{1,6}) ", following)
            if _LABEL.match(following) or (heading and len(heading.group(1)) <= level and body):
                break
            if heading and level == 7:
                level = len(heading.group(1))
            body.append(following)
        out[label.group(1)] = "\n".join(body).strip("\n")
    return out
