"""
The rules pages for players at ``/rules/GAME``: each game's ``rules.md`` (the one source that
``docs/rules/GAME.md`` includes for the documentation) without what is for developers, in the
page's language, rendered with markdown-it-py. :mod:`cardrules.i18n._pages` says what a player's
page leaves out (the Python examples and the regions marked ``% developers``) and how it is
translated; ``cardrules rules GAME`` prints the same page in the terminal.

Each rule has an anchor, its id (``/rules/mulle#mulle.capture``), so that every rule id the table
shows links to its rule, and its heading shows the id as a link to itself. Cards are written as
the table shows them (``10♠``, ``the 5 of copas``), never as codes. A table scrolls inside a
region of its own, which the keyboard can reach, so that the page is never wider than a phone.

The pages are found in the game's package (``rules.md`` beside its modules, installed with it), or
in the directory given to :func:`cardrules.web.create_app` (``rules_dir``) or ``cardrules serve
--rules-dir`` (``GAME.md`` there).
"""

from __future__ import annotations

import functools
import html
import re
import sys
from pathlib import Path
from typing import Final

from cardrules import i18n
from cardrules._kit.style import code_label
from cardrules._registry import games
from cardrules.i18n._pages import players_markdown
from cardrules.web._errors import ApiError
from cardrules.web._lang import picker, word
from cardrules.web._pages import head

__all__ = ["rules_page"]
_LABEL: Final = re.compile(r"^\(([A-Za-z0-9_.:-]+)\)=\s*$")
_HEADING: Final = re.compile(r"^(#{1,6}) (.+)$")
_TABLE: Final = re.compile(r"<table>.*?</table>", re.S)
_TITLE: Final = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.S)


def _anchored(text: str) -> str:
    """The label lines as anchors, and each rule's heading with its id, a link to itself."""
    out: list[str] = []
    rule: str | None = None
    for line in text.split("\n"):
        label = _LABEL.match(line)
        heading = _HEADING.match(line)
        if label:
            rule = label.group(1)
            out += [f'<div class="anchor" id="{html.escape(rule)}"></div>', ""]
            continue
        if heading and rule is not None:
            where = html.escape(rule)
            line = f'{heading.group(1)} {heading.group(2)} <a class="rule-id" href="#{where}">{where}</a>'
            rule = None
        out.append(line)
    return "\n".join(out)


def _scrolling(body: str) -> str:
    """Each table inside a region that scrolls, labelled by the heading above it, which the keyboard reaches."""
    out: list[str] = []
    end = 0
    for match in _TABLE.finditer(body):
        before = body[end : match.start()]
        titles = _TITLE.findall(body[: match.start()])
        label = re.sub(r"<[^>]+>", "", titles[-1]).strip() if titles else ""
        out += [
            before,
            f'<div class="scroll" role="region" tabindex="0" aria-label="{html.escape(label, quote=True)}">',
        ]
        out += [match.group(0), "</div>"]
        end = match.end()
    out.append(body[end:])
    return "".join(out)


@functools.cache
def _renderer() -> object:
    try:
        from markdown_it import MarkdownIt
    except ImportError as exc:  # the web extra installs it
        raise ApiError(
            404, "no_rules", f'the rules pages need markdown-it-py: pip install "cardrules[web]" ({exc})'
        ) from None
    return MarkdownIt("commonmark", {"html": True}).enable("table")


def _page(game: str, title: str, body: str, lang: str) -> str:
    heading = html.escape(word("The rules of {game}", lang).format(game=title))
    full = word("cardrules: {title}", lang).format(title=word("The rules of {game}", lang).format(game=title))
    return (
        head(lang, full) + '<body class="rules-page">\n'
        f'  <header class="bar"><h1>{heading}</h1><a href="/">{html.escape(word("Lobby", lang))}</a>'
        f'<a href="/watch/{game}">{html.escape(word("Press play", lang))}</a>{picker(lang)}</header>\n'
        f'  <main class="rules">\n{body}  </main>\n</body>\n</html>\n'
    )


def _players_text(game: str, path: Path, lang: str = i18n.DEFAULT) -> str:
    """The players' page of *game* from its rules page at *path*, as CommonMark, in *lang*."""
    text = path.read_text(encoding="utf-8")
    pack = games()[game].pack
    tr = i18n.translation(lang)
    gettext = None if lang == i18n.DEFAULT else (lambda block: tr.pgettext(game, block))
    return players_markdown(game, text, games(), gettext, lambda code: code_label(code, pack, lang))


@functools.lru_cache(maxsize=64)
def _rendered(game: str, path: Path, mtime: float, lang: str) -> str:
    body: str = _renderer().render(_anchored(_players_text(game, path, lang)))  # type: ignore[attr-defined]
    return _page(game, games()[game].title, _scrolling(body), lang)


def _packaged(game: str) -> Path | None:
    """The ``rules.md`` that the game's package ships beside its modules, if it has one."""
    module = sys.modules.get(games()[game].state_type.__module__)
    source = getattr(module, "__file__", None)
    return None if source is None else Path(source).parent / "rules.md"


def _source(game: str, rules_dir: Path | None) -> Path:
    """
    Where the rules page of *game* is: ``GAME.md`` in *rules_dir*, or the ``rules.md`` of its
    package. :class:`ApiError` 404 for an unknown game or a missing page.
    """
    if game not in games():
        raise ApiError(
            404, "unknown_game", f"there is no game {game[:40]!r}; the games are: {', '.join(sorted(games()))}"
        )
    path = rules_dir / f"{game}.md" if rules_dir is not None else _packaged(game)
    if path is None or not path.is_file():
        raise ApiError(404, "no_rules", f"the game {game!r} ships no rules page here (no rules.md in its package)")
    return path


def rules_page(game: str, rules_dir: Path | None, lang: str = i18n.DEFAULT) -> str:
    """
    The players' rules page of *game* as HTML, in *lang*: each block of the page as the ``pages``
    catalog translates it (in English where it has no translation), the page's header in *lang*
    too. :class:`ApiError` 404 for an unknown game or a missing page.
    """
    path = _source(game, rules_dir)
    return _rendered(game, path, path.stat().st_mtime, lang)
