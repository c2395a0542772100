"""Sphinx directives that draw a game's tensor layout, action encoding and candidate features from the code."""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx

import cardrules


def _table(header: list[str], rows: list[list[str]], literal: tuple[int, ...]) -> nodes.table:
    table = nodes.table()
    group = nodes.tgroup(cols=len(header))
    table += group
    for _ in header:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    body = nodes.tbody()
    group += body
    for cells, part, lit in ((header, head, ()), *((r, body, literal) for r in rows)):
        row = nodes.row()
        for i, text in enumerate(cells):
            entry = nodes.entry()
            para = nodes.paragraph()
            para += nodes.literal(text=text) if i in lit else nodes.Text(text)
            entry += para
            row += entry
        part += row
    return table


class TensorTable(Directive):
    """``.. tensor-layout:: mililla`` renders the game's tensor fields: name, offsets, size, meaning."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        layout = cardrules.get_game(self.arguments[0]).spec.learning.tensor
        assert layout is not None
        at = layout.offsets()
        rows = [[f.name, f"{at[f.name][0]}-{at[f.name][1] - 1}", str(f.size), f.meaning] for f in layout.fields]
        rows.append(["(all)", f"0-{layout.size - 1}", str(layout.size), f"version {layout.version}"])
        return [_table(["field", "indices", "size", "meaning"], rows, (0,))]


class ActionTable(Directive):
    """``.. action-encoding:: charlemagne`` renders the game's actions, runs of alike actions as one row."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        enc = cardrules.get_game(self.arguments[0]).spec.learning.encoding
        assert enc is not None
        rows: list[list[str]] = []
        start = 0
        labels = enc.labels
        for i in range(1, len(labels) + 1):
            if i == len(labels) or labels[i].split()[0] != labels[start].split()[0] or labels[i] == "pass":
                span = str(start) if i - 1 == start else f"{start}-{i - 1}"
                text = labels[start] if i - 1 == start else f"{labels[start]} ... {labels[i - 1]}"
                rows.append([span, text])
                start = i
        rows.append(["(all)", f"{enc.size} actions, version {enc.version}"])
        return [_table(["actions", "meaning"], rows, (0,))]


class CandidateTable(Directive):
    """``.. candidate-features:: mulle`` renders one candidate's row of features: name, offsets, size, meaning."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        enc = cardrules.get_game(self.arguments[0]).spec.learning.candidates
        assert enc is not None
        at = enc.offsets()
        rows = [[f.name, f"{at[f.name][0]}-{at[f.name][1] - 1}", str(f.size), f.meaning] for f in enc.fields]
        rows.append(["(a row)", f"0-{enc.feature_size - 1}", str(enc.feature_size), f"version {enc.version}"])
        return [_table(["field", "indices", "size", "meaning"], rows, (0,))]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("tensor-layout", TensorTable)
    app.add_directive("action-encoding", ActionTable)
    app.add_directive("candidate-features", CandidateTable)
    return {"parallel_read_safe": True, "version": "1"}
