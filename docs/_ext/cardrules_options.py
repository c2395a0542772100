"""A Sphinx directive that lists a game's ruleset options with their defaults, from the code itself."""

from __future__ import annotations

import typing
from typing import Any

import attrs
from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx

import cardrules


def _values(hint: Any) -> str:
    if typing.get_origin(hint) is typing.Literal:
        return ", ".join(str(v) for v in typing.get_args(hint))
    if hint is bool:
        return "true, false"
    if hint is int:
        return "a whole number"
    return str(getattr(hint, "__name__", hint))


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class RulesetOptions(Directive):
    """``.. ruleset-options:: mulle`` renders a table of options x presets."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        spec = cardrules.get_game(self.arguments[0]).spec
        hints = typing.get_type_hints(spec.ruleset_type)
        presets = list(spec.presets.items())
        header = ["option", "values", *(f"preset {name}" for name, _ in presets)]
        rows = [
            [f.name, _values(hints[f.name]), *(_text(getattr(p, f.name)) for _, p in presets)]
            for f in attrs.fields(typing.cast(Any, spec.ruleset_type))
        ]
        table = nodes.table()
        group = nodes.tgroup(cols=len(header))
        table += group
        for _ in header:
            group += nodes.colspec(colwidth=1)
        head = nodes.thead()
        group += head
        head += self._row(header, literal=False)
        body = nodes.tbody()
        group += body
        for r in rows:
            body += self._row(r, literal=True)
        return [table]

    @staticmethod
    def _row(cells: list[str], literal: bool) -> nodes.row:
        row = nodes.row()
        for i, text in enumerate(cells):
            entry = nodes.entry()
            para = nodes.paragraph()
            if literal and i != 1:
                para += nodes.literal(text=text)
            else:
                para += nodes.Text(text)
            entry += para
            row += entry
        return row


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("ruleset-options", RulesetOptions)
    return {"parallel_read_safe": True, "version": "1"}
