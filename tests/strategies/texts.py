"""Hostile text: move notation, card names and ruleset text, mutated from what the library writes."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Collection
from typing import Any

from hypothesis import strategies as st

import cardrules
from tests.variants import VARIANTS

# Characters that have fooled lenient parsers: the long s (upper() gives S), Unicode digits and
# spaces, suit symbols, brackets and the notation's own signs, controls and a lone surrogate.
TRICKY = "ſﬅ٤４１\u2003\u00a0\u200b\t\n\r\x00♠♥♦♣+-x>=#[](),/ "

_tricky_chars = st.sampled_from(list(TRICKY))
_ascii = st.characters(min_codepoint=32, max_codepoint=126)
_any_char = st.characters(codec="utf-8")


def edited(text: str) -> st.SearchStrategy[str]:
    """*text* with a few characters inserted, deleted or replaced (tricky ones often)."""

    @st.composite
    def edit(draw: st.DrawFn) -> str:
        out = list(text)
        for _ in range(draw(st.integers(1, 3))):
            op = draw(st.sampled_from(["insert", "delete", "replace", "swapcase", "duplicate"]))
            i = draw(st.integers(0, len(out)))
            ch = draw(st.one_of(_tricky_chars, _ascii, _any_char))
            if op == "insert":
                out.insert(i, ch)
            elif out and i < len(out):
                if op == "delete":
                    del out[i]
                elif op == "replace":
                    out[i] = ch
                elif op == "swapcase":
                    out[i] = out[i].swapcase()
                else:
                    out.insert(i, out[i])
        return "".join(out)

    return edit()


def _pack_texts(game: cardrules.Game[Any, Any, Any, Any]) -> list[str]:
    return sorted({str(c) for c in game.spec.pack.cards})


def move_texts(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> st.SearchStrategy[str]:
    """Text to offer as a move: legal moves' notation (edited or not), card names, other games' notation, garbage."""
    legal = [game.format_move(state, m) for m in itertools.islice(game.legal_moves(state), 40)]
    cards = _pack_texts(game)
    words = ["pass", "bid 5", "bid 9", "x", "-", ">", "kitty", "partner", "trump S", "give", "discard", "#0", "[]"]
    known = legal + cards + words
    return st.one_of(
        st.sampled_from(known),
        st.sampled_from(known).flatmap(edited),
        st.lists(st.sampled_from(cards + ["x", "+", ">", "=", "-"]), max_size=8).map(" ".join),
        st.text(alphabet=st.one_of(_ascii, _tricky_chars), max_size=30),
        st.text(max_size=30),
    )


def ruleset_texts() -> st.SearchStrategy[str]:
    """Ruleset text: every variant's text, edited, with options and values shuffled between games."""
    texts = [cardrules.get_game(v).text for v in VARIANTS]
    options = ["players", "teams", "target", "rank_order", "seven_rule", "capture_duty", "glimne", "end_when_decided"]
    values = ["2", "4", "٤", "04", "-1", "1e3", "true", "True", "yes", "none", "malilla", "'x'", "", "0x10", "1_0"]
    built = st.builds(
        lambda name, opts: f"{name}({', '.join(opts)})",
        st.sampled_from(["mulle", "mulle/fishing", "mililla", "charlemagne", "Mulle", "poker", "mulle/"]),
        st.lists(st.builds(lambda k, v: f"{k}={v}", st.sampled_from(options), st.sampled_from(values)), max_size=3),
    )
    return st.one_of(st.sampled_from(texts), st.sampled_from(texts).flatmap(edited), built, st.text(max_size=40))


_POSITION_SIGNS = "0123456789?/,;:=-_+x>#@ "
"""The position notation's signs: with the letters of the text, what a careless hand types into a position."""
_TOKEN = re.compile(r"[^ /,;:=]+")


def mutated_positions(text: str, cards: Collection[str] = ()) -> st.SearchStrategy[str]:
    """
    *text*, a position, changed one to three times: a character replaced, inserted or deleted (a
    sign of the notation or a letter of the text), a field dropped, repeated or swapped with the
    next, two of its *cards* swapped, or one of its words (or ``?2``, ``-``) put in somewhere else.
    """
    alphabet = _POSITION_SIGNS + "".join(sorted(set(text) - set(_POSITION_SIGNS)))
    words = sorted({m.group() for m in _TOKEN.finditer(text)} | {"?2", "-"})

    def change(text: str, how: int, at: int, pick: int) -> str:
        fields = text.split(" ")
        i = at % (len(text) + 1)
        if how == 0:
            return text[:i] + alphabet[pick % len(alphabet)] + text[i + 1 :]
        if how == 1:
            return text[:i] + alphabet[pick % len(alphabet)] + text[i:]
        if how == 2:
            return text[:i] + text[i + 1 :]
        if how == 3 and len(fields) > 2:  # a field dropped or repeated (not the version or the ruleset)
            k = 2 + at % (len(fields) - 2)
            return " ".join(fields[:k] + fields[k + 1 :] if pick % 2 else fields[: k + 1] + fields[k:])
        if how == 4 and len(fields) > 3:  # a field swapped with the next
            k = 2 + at % (len(fields) - 3)
            fields[k], fields[k + 1] = fields[k + 1], fields[k]
            return " ".join(fields)
        if how == 5:  # two cards swapped, maybe between hands, piles or fields
            found = [m for m in _TOKEN.finditer(text) if m.group() in cards]
            if len(found) > 1 and at % len(found) != pick % len(found):
                a, b = sorted((found[at % len(found)], found[pick % len(found)]), key=lambda m: m.start())
                return text[: a.start()] + b.group() + text[a.end() : b.start()] + a.group() + text[b.end() :]
        return text[:i] + words[pick % len(words)] + text[i:]

    def _apply(text: str, edit: tuple[int, int, int]) -> str:
        return change(text, *edit)

    edits = st.tuples(st.integers(0, 6), st.integers(0, 10**4), st.integers(0, 10**4))
    return st.lists(edits, min_size=1, max_size=3).map(lambda done: functools.reduce(_apply, done, text))
