"""
``cardrules rules GAME [--rule ID]``: the players' rules page of a game in the terminal.

It is the page the web table serves at ``/rules/GAME`` (see :mod:`cardrules.i18n._pages`): the
game's ``rules.md`` without what is for developers, in the language asked for, each card as the
table shows it (``10♠``), printed as plain text wrapped to 80 columns. ``--rule ID`` prints the
section of one rule. This is where ``check``, ``show``, the terminal table's ``help`` and the demo
send a player to read a rule: the page an installed cardrules can always open.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
import textwrap
from pathlib import Path
from typing import Any, Final, TextIO

from cardrules._kit.style import code_label
from cardrules._registry import games
from cardrules.errors import CardrulesError
from cardrules.i18n import DEFAULT, render, translation
from cardrules.i18n._pages import players_markdown, sections
from cardrules.rules import Message

__all__ = ["WIDTH", "cited_lines", "has_page", "page_lines", "players_page", "rules_command", "where"]

WIDTH: Final = 80
_LABEL: Final = re.compile(r"^\(([A-Za-z0-9_.:-]+)\)=\s*$")
_HEADING: Final = re.compile(r"^(#{1,6}) (.+)$")
_LINK: Final = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_STRONG: Final = re.compile(r"\*\*(.+?)\*\*", re.S)
_EMPHASIS: Final = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", re.S)
_CODE: Final = re.compile(r"`([^`]*)`")
_ITEM: Final = re.compile(r"^(\s*)(?:[-*+]|\d+\.) ")
_GLUED: Final = re.compile(r" ([:;?!»])")


def where(game: str, rule: str | None = None) -> str:
    """The command that prints the rules of *game*, or the section of *rule*: ``cardrules rules mulle --rule ID``."""
    return f"cardrules rules {game}" + ("" if rule is None else f" --rule {rule}")


def _inline(text: str) -> str:
    """A block's Markdown as plain words: links as their text, no emphasis marks or backticks."""
    text = _LINK.sub(r"\1", text)
    text = _STRONG.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\1", text)
    return _CODE.sub(r"\1", text)


def _wrap(text: str, first: str = "", rest: str = "") -> list[str]:
    words = " ".join(_inline(text).split())
    words = _GLUED.sub("\u00a0\\1", words).replace("« ", "«\u00a0")  # French ' :' and '« x »' never break apart
    return textwrap.wrap(words, WIDTH, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False) or [""]


def _block(lines: list[str], rule: str | None) -> list[str]:
    """One block of the page (a heading, a paragraph, a list, a table) as wrapped text."""
    heading = _HEADING.match(lines[0])
    if heading:
        level, title = len(heading.group(1)), _inline(heading.group(2))
        if rule is not None:
            title = f"{title}  [{rule}]"
        if level <= 2:
            return ["", *_wrap(title), ("=" if level == 1 else "-") * min(WIDTH, len(title))]
        return ["", *_wrap(title)]
    if lines[0].startswith("|"):
        rows = [[_inline(c.strip()) for c in line.strip().strip("|").split("|")] for line in lines]
        rows = [r for r in rows if not all(set(c) <= set("-: ") for c in r)]  # the line under the heads
        return [line for row in rows for line in _wrap(" | ".join(row), "  ", "    ")]
    if _ITEM.match(lines[0]):
        items: list[str] = []
        for line in lines:
            if _ITEM.match(line):
                items.append(_ITEM.sub("", line, count=1))
            else:
                items[-1] += " " + line.strip()
        return [line for item in items for line in _wrap(item, "  - ", "    ")]
    return _wrap(" ".join(lines))


def page_lines(markdown: str) -> list[str]:
    """A players' page (:func:`cardrules.i18n._pages.players_markdown`) as lines of plain text, 80 columns."""
    out: list[str] = []
    block: list[str] = []
    rule: str | None = None
    fenced = False

    def flush() -> None:
        nonlocal rule
        if block:
            out.extend(_block(block, rule))
            if _HEADING.match(block[0]):
                rule = None
            else:
                out.append("")
            block.clear()

    for line in markdown.split("\n"):
        if line.startswith("```"):
            flush()
            fenced = not fenced
            continue
        if fenced:
            out.append("    " + line)
            continue
        label = _LABEL.match(line)
        if label:
            flush()
            rule = label.group(1)
        elif not line.strip() or line.startswith("% "):
            flush()
        elif _HEADING.match(line):
            flush()
            block.append(line)
            flush()
        else:
            block.append(line)
    flush()
    while out and not out[0]:
        out.pop(0)
    while out and not out[-1]:
        out.pop()
    return [line for i, line in enumerate(out) if line or (i and out[i - 1])]  # one blank line at most


def _refused(message: Message) -> CardrulesError:
    """An error whose text is *message*, which the command line writes in ``--lang``."""
    return CardrulesError(render(message, DEFAULT), message=message)


def _source(name: str) -> Path:
    spec = games()[name]
    module = sys.modules.get(spec.state_type.__module__)
    source = getattr(module, "__file__", None)
    path = None if source is None else Path(source).parent / "rules.md"
    if path is None or not path.is_file():
        raise _refused(Message("the game {name} ships no rules page (no rules.md in its package)", name=name))
    return path


def has_page(name: str) -> bool:
    """Whether the game *name* ships a rules page (``rules.md`` in its package), which ``cardrules rules`` prints."""
    try:
        _source(name)
    except CardrulesError:
        return False
    return True


def _near(wanted: str, names: list[str]) -> str:
    near = [n for n in names if wanted.lower() in n] or difflib.get_close_matches(
        wanted.lower(), names, n=5, cutoff=0.5
    )
    return ", ".join(near[:8])


def _game_name(wanted: str) -> str:
    """The game *wanted* names: a game's name, or ruleset text such as ``mulle/fishing(target=21)``."""
    known = sorted(games())
    name = re.split(r"[/(]", wanted.strip(), maxsplit=1)[0].lower()
    if name in known:
        return name
    near = _near(name, known)
    if near:
        raise _refused(
            Message("there is no game {wanted}; did you mean: {near}? The games are: {games}",
                    wanted=repr(wanted[:40]), near=near, games=", ".join(known))
        )  # fmt: skip
    raise _refused(
        Message("there is no game {wanted}. The games are: {games}", wanted=repr(wanted[:40]), games=", ".join(known))
    )


def players_page(name: str, lang: str = DEFAULT, ascii_only: bool = False) -> str:
    """The players' rules page of the game *name* as Markdown, in *lang*; cards by name with *ascii_only*."""
    spec = games()[name]
    tr = translation(lang)
    gettext = None if lang == DEFAULT else (lambda block: tr.pgettext(name, block))

    def card(code: str) -> str | None:
        label = code_label(code, spec.pack, lang)
        if label is not None and ascii_only:
            from cardrules.rules import card_words

            return card_words(spec.pack.parse(code), tr)
        return label

    return players_markdown(name, _source(name).read_text(encoding="utf-8"), games(), gettext, card)


def cited_lines(name: str, rule: str, lang: str = DEFAULT) -> list[str] | None:
    """
    What the players' page says of *rule* after its words: its source and its option, in *lang*,
    as lines of text; ``None`` when the game *name* ships no rules page or the page lacks the rule.
    """
    try:
        found = sections(players_page(name, lang))
    except CardrulesError:
        return None
    if rule not in found:
        return None
    paragraphs = [p for p in found[rule].split("\n\n") if p.strip() and not _HEADING.match(p)]
    return [line for p in paragraphs[1:] for line in _wrap(p)]


def _encodes(out: TextIO, text: str) -> bool:
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def rules_command(args: argparse.Namespace, out: TextIO) -> int:
    """``cardrules rules GAME [--rule ID]``: print the players' page, or one rule's section; 2 for a bad name."""
    lang: str = getattr(args, "lang", None) or DEFAULT
    name = _game_name(args.game)
    ascii_only = not _encodes(out, "♠♥♦♣")
    page = players_page(name, lang, ascii_only)
    rule: Any = getattr(args, "rule", None)
    if rule is not None:
        found = sections(page)
        key = rule.strip().lower()
        if key not in found and f"{name}.{key}" in found:  # 'capture' for 'mulle.capture'
            key = f"{name}.{key}"
        if key not in found:
            near = _near(key, list(found))
            if near:
                raise _refused(
                    Message("the rules of {game} have no rule {rule}; did you mean: {near}? "
                            "(cardrules rules {name} shows every rule with its id)",
                            game=games()[name].title, rule=repr(rule[:60]), near=near, name=name)
                )  # fmt: skip
            raise _refused(
                Message("the rules of {game} have no rule {rule} (cardrules rules {name} shows every rule with its id)",
                        game=games()[name].title, rule=repr(rule[:60]), name=name)
            )  # fmt: skip
        page = f"({key})=\n{found[key]}"
    text = "\n".join(page_lines(page)) + "\n"
    if not _encodes(out, text):
        encoding = getattr(out, "encoding", None) or "utf-8"
        text = text.encode(encoding, "replace").decode(encoding)
    out.write(text)
    return 0
