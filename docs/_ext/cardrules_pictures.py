"""Draw each worked example's position next to it, with the same SVG renderer as the web table.

A rules page's example is a ``pycon`` block that reads a position (``cardrules.from_position``
with the position text). This extension reads that text, makes the position's state, and draws
what one seat sees (:attr:`cardrules.GameSpec.picture`): the seat to move when the position
shows its hand, else the first seat whose hand it shows. A seat's hand given only by its size
(``?8``) is never drawn: the cards that stand in for it are made up, so a position that shows no
hand is drawn from the seat to move with its hand left out. A block whose position is refused
(an example of an error) gets no picture. The block and its picture go side by side in a
``cardrules-example`` box (one above the other on a narrow screen; see ``_static/cardrules.css``).
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING, Any

import attrs

import cardrules
from cardrules.errors import CardrulesError

if TYPE_CHECKING:  # the tests use picture_for() with no Sphinx installed
    from sphinx.application import Sphinx

_CALL = re.compile(r"from_position\(\s*((?:(?:\"[^\"\n]*\"|'[^'\n]*')\s*)+)\)")
_STRINGS = r"((?:(?:\"[^\"\n]*\"|'[^'\n]*')\s*)+)"
_NAMED = re.compile(r"(\w+) = \(?\s*" + _STRINGS + r"\)?")
_JOINED = re.compile(r"from_position\(\s*" + _STRINGS + r"\+\s*(\w+)\s*\)")
_PROMPT = re.compile(r"^(?:>>> |\.\.\. |>>>$|\.\.\.$)", re.MULTILINE)


def _literal(strings: str) -> str | None:
    try:
        value = ast.literal_eval(f"({strings})")
    except (SyntaxError, ValueError):
        return None
    return value if isinstance(value, str) else None


def positions_in(code: str) -> list[str]:
    """
    The position texts that *code* (a ``pycon`` block) reads, in order: a text written in the
    call, or a text written in the call joined to a name given a text earlier in the block.
    """
    source = _PROMPT.sub("", code)
    named = {m.group(1): _literal(m.group(2)) for m in _NAMED.finditer(source)}
    found = [text for m in _CALL.finditer(source) if (text := _literal(m.group(1))) is not None]
    for m in _JOINED.finditer(source):
        head, tail = _literal(m.group(1)), named.get(m.group(2))
        if head is not None and tail is not None:
            found.append(head + tail)
    return found


def _hands(text: str) -> list[str]:
    field = next((w for w in text.split() if w.startswith("hands=")), "hands=")
    return field.removeprefix("hands=").split("/")


def picture_for(text: str) -> str | None:
    """The SVG picture of the position *text*, or ``None`` when it is refused or its game draws none."""
    try:
        state = cardrules.from_position(text)
    except CardrulesError:
        return None
    game: Any = cardrules.get_game(text.split()[1])
    if game.spec.picture is None:
        return None
    hands = _hands(text)
    shown = [i for i, hand in enumerate(hands) if not hand.startswith("?")]
    mover = game.to_move(state)
    seat = mover if mover in shown else (shown[0] if shown else (mover if mover is not None else 0))
    obs = game.observe(state, seat)
    if seat not in shown:
        obs = attrs.evolve(obs, hand=())
    svg: str = game.spec.picture(obs)
    return svg


def _add_pictures(app: Sphinx, doctree: Any) -> None:
    from docutils import nodes

    docname = app.env.docname
    if not docname.startswith("rules/"):
        return
    for block in list(doctree.findall(nodes.literal_block)):
        svg = next(filter(None, map(picture_for, positions_in(block.astext()))), None)
        if svg is None:
            continue
        box = nodes.container(classes=["cardrules-example"])
        block.replace_self(box)
        box += block
        box += nodes.raw("", f'<div class="cardrules-picture">{svg}</div>', format="html")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-read", _add_pictures)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
