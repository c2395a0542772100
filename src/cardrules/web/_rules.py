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

from cardrules._registry import games
from cardrules.web._errors import ApiError

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


def _options(name: str) -> list[str]:
    from cardrules.web._lobby import game_info

    info = game_info(name)
    lines = ["| option | default | values |", "|---|---|---|"]
    for option in info.options:
        values = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in option.choices or ()) or "-"
        default = str(option.default).lower() if isinstance(option.default, bool) else str(option.default)
        lines.append(f"| `{option.name}` | `{default}` | {values} |")
    return lines


def _markdown(game: str, text: str) -> str:
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
            out += _options(line.split("}", 1)[1].strip() or game)
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


def _page(game: str, title: str, body: str) -> str:
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n'
        '  <meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"  <title>cardrules: the rules of {html.escape(title)}</title>\n"
        '  <link rel="stylesheet" href="/static/style.css">\n'
        '  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">\n</head>\n<body class="rules-page">\n'
        f'  <header class="bar"><h1>The rules of {html.escape(title)}</h1><a href="/">Lobby</a>'
        f'<a href="/watch/{game}">Press play</a></header>\n'
        f'  <main class="rules">\n{body}  </main>\n</body>\n</html>\n'
    )


@functools.lru_cache(maxsize=16)
def _rendered(game: str, path: Path, mtime: float) -> str:
    text = path.read_text(encoding="utf-8")
    body: str = _renderer().render(_markdown(game, text))  # type: ignore[attr-defined]
    return _page(game, games()[game].title, body)


def _packaged(game: str) -> Path | None:
    """The ``rules.md`` that the game's package ships beside its modules, if it has one."""
    module = sys.modules.get(games()[game].state_type.__module__)
    source = getattr(module, "__file__", None)
    return None if source is None else Path(source).parent / "rules.md"


def rules_page(game: str, rules_dir: Path | None) -> str:
    """The rules page of *game* as HTML; :class:`ApiError` 404 for an unknown game or a missing page."""
    if game not in games():
        raise ApiError(
            404, "unknown_game", f"there is no game {game[:40]!r}; the games are: {', '.join(sorted(games()))}"
        )
    path = rules_dir / f"{game}.md" if rules_dir is not None else _packaged(game)
    if path is None or not path.is_file():
        raise ApiError(404, "no_rules", f"the game {game!r} ships no rules page here (no rules.md in its package)")
    return _rendered(game, path, path.stat().st_mtime)
