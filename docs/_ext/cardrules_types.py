"""Show a generic type whose parameters are all ``Any`` by its bare name in the API reference.

``get_game`` returns a ``Game[Any, Any, Any, Any]``: a :class:`~cardrules.Game` of whichever game the
text names. The reference shows it as ``Game``, and ``LegalMoves[Any]`` as ``LegalMoves``: the
parameters say nothing there, and the class's page says what they are for each game.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the tests use bare() with no Sphinx installed
    from docutils import nodes
    from sphinx.application import Sphinx

# Autodoc writes the hints as ``~cardrules.engine.Game[~typing.Any, ~typing.Any, ...]``.
_ANY = r"(?:~?typing\.)?Any"
_ALL_ANY = re.compile(rf"(?<=\w)\[{_ANY}(?:, {_ANY})*\]")


def bare(annotation: str) -> str:
    """*annotation* with each ``Name[Any, ...]`` written ``Name``."""
    return _ALL_ANY.sub("", annotation)


def _simplify(app: Sphinx, domain: str, objtype: str, content: nodes.Element) -> None:
    from docutils import nodes

    for field in content.findall(nodes.field):
        name = field[0].astext()
        if not (name == "rtype" or name.startswith("type ")):
            continue
        for text in list(field[1].findall(nodes.Text)):
            if _ALL_ANY.search(text):
                text.parent.replace(text, nodes.Text(bare(str(text))))


def setup(app: Sphinx) -> dict[str, Any]:
    # After autodoc (priority 500) has written the type hints into the field lists as text, and
    # before the fields are turned into cross-references.
    app.connect("object-description-transform", _simplify, priority=600)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
