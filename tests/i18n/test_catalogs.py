"""
The catalogs: complete in every language, the placeholders of each translation those of its message,
valid plural forms, and the compiled ``.mo`` files in step with the ``.po`` sources.
"""

from __future__ import annotations

import gettext
import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

import cardrules
from cardrules import i18n
from cardrules.i18n import _catalogs

TRANSLATED = tuple(lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT)
FORMS = {
    "sv": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "ar": "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
}


def _po(lang: str, domain: str) -> Path:
    return _catalogs.LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


@pytest.fixture(scope="module")
def templates() -> dict[str, Catalog]:
    """The template of each domain, extracted now from the code and the rule books."""
    return _catalogs.templates()


def _strings(value: object) -> tuple[str, ...]:
    """A message's id or string as its forms: one for a plain message, each form for a plural one."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    assert isinstance(value, tuple | list)
    return tuple(str(v) for v in value)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _key(message: object) -> tuple[str | None, str]:
    msgid = message.id  # type: ignore[attr-defined]
    return message.context, msgid[0] if isinstance(msgid, tuple) else msgid  # type: ignore[attr-defined]


def test_the_templates_are_extracted_from_the_code(templates: dict[str, Catalog]) -> None:
    """The messages of the code are there: a reason of each game, a card's name, a word of 'check'."""
    ids = {_key(m) for m in templates["cardrules"] if m.id}
    assert (None, "you do not hold the {card}") in ids
    assert (None, "you must follow {suit}") in ids
    assert (None, "there is no {card} on the table") in ids  # a message with plural forms
    assert ("card", "the king of {suit}") in ids
    assert (None, "illegal: {move}: {reason} ({rule})") in ids
    assert len(ids) > 120
    rules = {_key(m) for m in templates["rules"] if m.id}
    assert ("mulle.turn", i18n.rule_text(_rule("mulle", "mulle.turn"), "en")[0]) in rules


def _rule(game: str, rule_id: str) -> cardrules.Rule:
    return cardrules.get_game(game).spec.rulebook[rule_id]


def test_the_committed_templates_are_up_to_date(templates: dict[str, Catalog]) -> None:
    """locale/<domain>.pot holds exactly what extraction finds now (run ``nox -s catalogs`` after a change)."""
    for domain, template in templates.items():
        committed = _catalogs.read_po(_catalogs.LOCALE / f"{domain}.pot")
        assert {_key(m) for m in committed if m.id} == {_key(m) for m in template if m.id}, domain


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_every_message_is_translated(templates: dict[str, Catalog], domain: str, lang: str) -> None:
    """Every message of the template has a translation, not empty and not fuzzy, in every form it has."""
    path = _po(lang, domain)
    assert path.is_file(), f"no catalog {path.relative_to(_catalogs.PACKAGE)}"
    catalog = _catalogs.read_po(path)
    missing = []
    for message in templates[domain]:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        strings = () if found is None else _strings(found.string)
        if found is None or found.fuzzy or not strings or not all(s.strip() for s in strings):
            missing.append(_key(message))
    assert not missing, f"{len(missing)} messages without a {lang} translation, such as {missing[:3]}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_translations_keep_the_placeholders(domain: str, lang: str) -> None:
    """A translation names the placeholders of its message, no other (a plural form may leave out {count})."""
    path = _po(lang, domain)
    if not path.is_file():
        pytest.fail(f"no catalog {path.name} for {lang}")
    for message in _catalogs.read_po(path):
        if not message.id or not message.string:
            continue
        if isinstance(message.id, tuple):
            singular, plural = map(_fields, _strings(message.id))
            allowed, required = singular | plural | {"count"}, (singular & plural) - {"count"}
            for form in _strings(message.string):
                assert required <= _fields(form) <= allowed, (message.id, form)
        else:
            (text,) = _strings(message.string)
            assert _fields(text) == _fields(str(message.id)), (message.id, text)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_plural_forms_are_valid(domain: str, lang: str) -> None:
    """The header gives the project's Plural-Forms; each plural message has that many forms; every count maps."""
    path = _po(lang, domain)
    if not path.is_file():
        pytest.fail(f"no catalog {path.name} for {lang}")
    text = path.read_text(encoding="utf-8")
    header = re.search(r'"Plural-Forms: ((?:[^"\\]|"\n")*)\\n"', text)
    assert header is not None
    assert header.group(1).replace('"\n"', "") == FORMS[lang]
    assert f'"Language: {lang}\\n"' in text
    catalog = _catalogs.read_po(path)
    n = catalog.num_plurals
    plural = gettext.c2py(FORMS[lang].split("plural=")[1].rstrip(";"))
    assert {plural(k) for k in range(0, 1000)} == set(range(n))
    for message in catalog:
        if message.id and isinstance(message.id, tuple):
            assert len(_strings(message.string)) == n, message.id


@pytest.mark.parametrize("po", sorted(_catalogs.LOCALE.glob("*/LC_MESSAGES/*.po")), ids=lambda p: str(p.parts[-3:]))
def test_the_compiled_catalogs_are_in_step(po: Path) -> None:
    """Each committed .mo holds what compiling its .po gives now, and ships beside it."""
    mo = po.with_suffix(".mo")
    assert mo.is_file(), f"{mo.name} missing: run nox -s catalogs"
    with mo.open("rb") as f:
        committed = gettext.GNUTranslations(f)
    fresh = gettext.GNUTranslations(io.BytesIO(_catalogs.mo_bytes(_catalogs.read_po(po))))
    assert committed._catalog == fresh._catalog  # type: ignore[attr-defined]
    assert len(fresh._catalog) > 1  # type: ignore[attr-defined]
