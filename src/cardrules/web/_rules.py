"""
The rules pages at ``/rules/GAME``: the documentation's own rules pages (one source, no copy: each
game package ships its ``rules.md``, which ``docs/rules/GAME.md`` includes), rendered with
markdown-it-py, with an anchor per rule id (``/rules/mulle#mulle.capture``) so that every rule id
the table shows links to its rule.

The documentation is MyST Markdown; the few MyST forms it uses are read here: a label line
``(mulle.capture)=`` becomes the anchor, ``{ref}`` and ``{doc}`` roles become links or text, a
``{doctest}`` block is shown as the example it is, and ``{ruleset-options}`` lists the options.

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
from cardrules._registry import games
from cardrules.i18n._pages import translate
from cardrules.web._errors import ApiError
from cardrules.web._lang import picker, word
from cardrules.web._pages import head

__all__ = ["rules_page"]
_LABEL: Final = re.compile(r"^\(([A-Za-z0-9_.:-]+)\)=\s*$")
_ROLE: Final = re.compile(r"\{(ref|doc)\}`([^`]*)`")
_TARGET: Final = re.compile(r"^(.*?)\s*<([^>]+)>$", re.S)


def _role(game: str, match: re.Match[str]) -> str:
    kind, body = match.group(1), match.group(2)
    found = _TARGET.match(body)
    text, target = (" ".join(found.group(1).split()), found.group(2)) if found else (None, body)
    name = target.split(".", 1)[0]
    if kind == "ref" and name in games() and "." in target:  # a rule id: its anchor on its game's page
        where = f"#{target}" if name == game else f"/rules/{name}#{target}"
        return f"[{text or target}]({where})"
    if kind == "doc" and target.startswith("/rules/") and target.removeprefix("/rules/") in games():
        return f"[{text or target.removeprefix('/rules/').title()}]({target})"
    return text or target.rsplit("/", 1)[-1].replace("-", " ")


def _options(name: str, lang: str) -> list[str]:
    from cardrules.web._lobby import game_info

    info = game_info(name)
    head = " | ".join(word(w, lang) for w in ("option", "default", "values"))
    lines = [f"| {head} |", "|---|---|---|"]
    for option in info.options:
        values = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in option.choices or ()) or "-"
        default = str(option.default).lower() if isinstance(option.default, bool) else str(option.default)
        lines.append(f"| `{option.name}` | `{default}` | {values} |")
    return lines


def _markdown(game: str, text: str, lang: str = i18n.DEFAULT) -> str:
    """The MyST forms of the rules pages turned into CommonMark (with tables and raw HTML anchors)."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        label = _LABEL.match(line)
        if label:
            out += [f'<div class="anchor" id="{html.escape(label.group(1))}"></div>', ""]
        elif line.startswith("```{doctest}"):
            out.append("```pycon")
        elif line.startswith("```{ruleset-options}"):
            while i + 1 < len(lines) and not lines[i + 1].startswith("```"):
                i += 1
            i += 1
            out += _options(line.split("}", 1)[1].strip() or game, lang)
        else:
            out.append(line)
        i += 1
    return _ROLE.sub(lambda m: _role(game, m), "\n".join(out)) + "\n"  # a role may run over two lines


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


@functools.lru_cache(maxsize=64)
def _rendered(game: str, path: Path, mtime: float, lang: str) -> str:
    text = path.read_text(encoding="utf-8")
    if lang != i18n.DEFAULT:
        tr = i18n.translation(lang)
        text = translate(text, lambda block: tr.pgettext(game, block))
    body: str = _renderer().render(_markdown(game, text, lang))  # type: ignore[attr-defined]
    return _page(game, games()[game].title, body, lang)


def _packaged(game: str) -> Path | None:
    """The ``rules.md`` that the game's package ships beside its modules, if it has one."""
    module = sys.modules.get(games()[game].state_type.__module__)
    source = getattr(module, "__file__", None)
    return None if source is None else Path(source).parent / "rules.md"


def rules_page(game: str, rules_dir: Path | None, lang: str = i18n.DEFAULT) -> str:
    """
    The rules page of *game* as HTML, in *lang*: each block of the page as the ``pages`` catalog
    translates it (in English where it has no translation), the page's header in *lang* too.
    :class:`ApiError` 404 for an unknown game or a missing page.
    """
    if game not in games():
        raise ApiError(
            404, "unknown_game", f"there is no game {game[:40]!r}; the games are: {', '.join(sorted(games()))}"
        )
    path = rules_dir / f"{game}.md" if rules_dir is not None else _packaged(game)
    if path is None or not path.is_file():
        raise ApiError(404, "no_rules", f"the game {game!r} ships no rules page here (no rules.md in its package)")
    return _rendered(game, path, path.stat().st_mtime, lang)
