"""
The catalogs' upkeep, with Babel (a development tool, never needed at run time): extract the
templates, update the translations, compile them.

Run ``python -m cardrules.i18n._catalogs COMMAND`` (``nox -s catalogs`` runs ``extract``,
``update`` and ``compile``):

* ``extract``: ``locale/cardrules.pot`` from the code (the :class:`~cardrules.rules.Message`
  templates, the card names, the words marked for translation) and ``locale/rules.pot`` from the
  built-in games' rule books; ``locale/pages.pot`` from their rules pages (``rules.md``, cut into
  blocks by :mod:`cardrules.i18n._pages`, the game as context);
* ``update``: merge the templates into each language's ``.po`` files (new messages untranslated,
  dropped ones marked obsolete);
* ``compile``: the ``.mo`` beside each ``.po`` (the package ships both).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

LOCALE: Final = Path(__file__).resolve().parent / "locale"
PACKAGE: Final = Path(__file__).resolve().parents[1]
GAMES: Final = ("mulle", "mililla", "charlemagne")
LANGUAGES: Final = ("sv", "es", "fr", "ar")
PLURAL_FORMS: Final = {
    "sv": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "ar": "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
}
# The Babel keywords of the markers: Message(template, ...), Message.counted(singular, plural, n, ...),
# _C(context, message), and the gettext calls with literal text.
KEYWORDS: Final[dict[str, Any]] = {
    "Message": None,
    "counted": (1, 2),
    "_C": ((1, "c"), 2),
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
}
# Modules that build no message for players (the catalogs' own tools).
_SKIP: Final = ("i18n/_catalogs.py",)


def code_catalog() -> Catalog:
    """The ``cardrules`` domain: every template marked in the package's code."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalog = Catalog(project="cardrules", domain="cardrules", fuzzy=False)
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in _SKIP:
            continue
        for lineno, message, comments, context in extract_from_file("python", str(path), keywords=KEYWORDS):
            catalog.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    return catalog


def rules_catalog() -> Catalog:
    """The ``rules`` domain: each rule's title and text of the built-in games, the rule id as context."""
    from babel.messages.catalog import Catalog

    from cardrules._registry import get_game

    catalog = Catalog(project="cardrules", domain="rules", fuzzy=False)
    for name in GAMES:
        for rule in get_game(name).spec.rulebook.values():
            catalog.add(rule.title, None, context=rule.id)
            catalog.add(rule.text, None, context=rule.id)
    return catalog


def pages_catalog() -> Catalog:
    """The ``pages`` domain: each block of the built-in games' rules pages, the game as context."""
    from babel.messages.catalog import Catalog

    from cardrules.i18n._pages import blocks

    catalog = Catalog(project="cardrules", domain="pages", fuzzy=False)
    for name in GAMES:
        rel = f"{name}/rules.md"
        for block in blocks((PACKAGE / rel).read_text(encoding="utf-8")):
            catalog.add(block, None, [(rel, 0)], context=name)
    return catalog


def set_plural_forms(catalog: Catalog, lang: str) -> None:
    """Give *catalog* the project's ``Plural-Forms`` of *lang* (Babel's own, from CLDR, may differ)."""
    nplurals, plural = PLURAL_FORMS[lang].rstrip(";").split("; ")
    catalog._num_plurals = int(nplurals.removeprefix("nplurals="))  # type: ignore[assignment]
    catalog._plural_expr = plural.removeprefix("plural=")  # type: ignore[assignment]


def _write_po(path: Path, catalog: Catalog) -> None:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def read_po(path: Path) -> Catalog:
    """The catalog of the ``.po`` file at *path*."""
    from babel.messages.pofile import read_po as _read

    with path.open("rb") as f:
        return _read(f)


def mo_bytes(catalog: Catalog) -> bytes:
    """*catalog* compiled (``.mo``; untranslated and fuzzy messages left out)."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def templates() -> dict[str, Catalog]:
    """The template of each domain, by domain."""
    return {"cardrules": code_catalog(), "rules": rules_catalog(), "pages": pages_catalog()}


def extract() -> None:
    """Write ``locale/<domain>.pot``."""
    for domain, catalog in templates().items():
        _write_po(LOCALE / f"{domain}.pot", catalog)


def update() -> None:
    """Merge the templates into every language's ``.po`` (created for ``cardrules`` and ``pages`` if missing)."""
    from babel.messages.catalog import Catalog

    for domain, template in templates().items():
        for lang in LANGUAGES:
            path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            if path.exists():
                catalog = read_po(path)
            elif domain in ("cardrules", "pages"):
                catalog = Catalog(locale=lang, domain=domain, fuzzy=False)
                set_plural_forms(catalog, lang)
            else:
                continue  # the rule books' translations are written whole, by their translators
            catalog.update(template, no_fuzzy_matching=True)
            _write_po(path, catalog)


def compile_all() -> list[Path]:
    """Write the ``.mo`` beside every ``.po``; returns the ``.mo`` paths."""
    written = []
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        mo.write_bytes(mo_bytes(read_po(po)))
        written.append(mo)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``extract``, ``update``, ``compile`` (any of them, in that order)."""
    args = list(sys.argv[1:] if argv is None else argv) or ["extract", "update", "compile"]
    for arg in args:
        if arg == "extract":
            extract()
        elif arg == "update":
            update()
        elif arg == "compile":
            for path in compile_all():
                print(path.relative_to(PACKAGE.parent))
        else:
            print(f"unknown command {arg!r}: extract, update or compile", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
