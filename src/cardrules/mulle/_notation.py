"""Mulle's move notation: the canonical text and the readable text in a position, written and read."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Final

from cardrules import _messages
from cardrules.cards import Card, Rank
from cardrules.errors import (
    AmbiguousMoveError,
    InvalidNotationError,
)
from cardrules.mulle._cards import _BHV, _ORDER, _TVAL, PACK, _hand_values, _sorted
from cardrules.mulle._families import _Captures
from cardrules.mulle._legal import _build_text, _format_build, check_move, legal_moves, to_move
from cardrules.mulle._rules import RULES
from cardrules.mulle._state import Build, Capture, Move, State, Trail, format_canonical
from cardrules.rules import Message, Violation

_TOKEN: Final = re.compile(r"\[[^\]]*\]|#[0-9]+|[^\s+\[\]]+|\+")


def _groups(cards: Sequence[Card], t: int) -> list[tuple[Card, ...]]:
    """A split of *cards* into groups each summing to *t* (they are known to split)."""
    items = sorted(cards, key=lambda c: (-_TVAL[c], _ORDER[c]))
    failed: set[tuple[int, ...]] = set()

    def solve(rest: list[Card]) -> list[tuple[Card, ...]] | None:
        if not rest:
            return []
        key = tuple(_TVAL[c] for c in rest)
        if key in failed:
            return None
        first, others = rest[0], rest[1:]

        def pick(i: int, need: int, chosen: list[int]) -> Iterator[list[int]]:
            if need == 0:
                yield chosen
                return
            prev = -1
            for j in range(i, len(others)):
                v = _TVAL[others[j]]
                if v <= need and v != prev:
                    prev = v
                    yield from pick(j + 1, need - v, [*chosen, j])

        for chosen in pick(0, t - _TVAL[first], []):
            group = (first, *(others[j] for j in chosen))
            left = [c for j, c in enumerate(others) if j not in chosen]
            sub = solve(left)
            if sub is not None:
                return [group, *sub]
        failed.add(key)
        return None

    return solve(items) or [tuple(cards)]


def format_move(state: State, move: Move) -> str:
    """
    The move's readable text in the context of *state*.

    ``9H x 9H 4S+5C`` (a capture, its groups joined by ``+``, builds taken
    in brackets: ``9H x [3C+6D]``), ``3C > 6D = 9`` (a build),
    ``2H > [3C+6D] = 11`` (raising a build), ``7S -`` (a trail). An ace's
    value follows ``=`` in the fishing game, as in ``AH=1 x AD``.
    :func:`parse_move` reads it back.

    Raises:
        WrongKindError: If *state* is not a Mulle state or *move* not a Mulle move.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    if isinstance(move, Capture) and _plain_capture(move):
        value = f"={move.value}" if (not state.rules.building and move.card.rank is Rank.ACE) else ""
        if state.rules.building and move.value != _BHV[move.card]:
            value = f"={move.value}"
        parts = ["+".join(map(str, _sorted(g))) for g in _groups(move.taken, move.value)] if move.taken else []
        if state.rules.building:
            parts.extend(_build_text(b) for b in state.builds if b.value == move.value)
        return f"{move.card}{value} x" + "".join(f" {p}" for p in parts)
    if isinstance(move, Build):
        return _format_build(state, move)
    return format_canonical(move)


def _plain_capture(move: Capture) -> bool:
    """Whether a capture's cards and value are of the game, so that its groups can be shown."""
    return move.card in _BHV and type(move.value) is int and all(c in _TVAL for c in move.taken)


def _card(text: str) -> Card:
    return PACK.parse(text)


def _syntax(text: str) -> InvalidNotationError:
    said = Message(
        "{text} is not a Mulle move; write a capture {capture}, a build {build}, a trail {trail}, or just the card",
        text=_messages.value(text),
        capture="'9H x 9H 4S+5C'",
        build="'3C > 6D = 9'",
        trail="'7S -'",
    )
    return _messages.said(InvalidNotationError, said)


def _number(digits: str, text: str) -> int:
    """A value or build index of *text* in ASCII digits (``int`` would also read "٤" or "1_0"), at most six."""
    if not (digits.isascii() and digits.isdigit()) or len(digits.lstrip("0")) > _DIGITS:
        raise _syntax(text)
    return int(digits)


_DIGITS: Final = 6


def _parse(text: str) -> tuple[str, Card, int | None, object, int | None]:
    """(kind, card, value, extra, build value): extra is the captured cards (and builds) or the build target."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"a move is written as text, not {_messages.kind_name(text)}")
    s = text.strip()
    if not s:
        raise _syntax(text)
    if ">" in s:
        left, _, right = s.partition(">")
        target, eq, val = right.partition("=")
        if not eq:
            raise _syntax(text)
        value = _number(val.strip(), text)
        card = _card(left.strip())
        tgt = target.strip()
        onto: object
        if re.fullmatch(r"#[0-9]+", tgt):
            onto = _number(tgt[1:], text)
        elif tgt.startswith("[") and tgt.endswith("]"):
            onto = tuple(_card(p) for p in re.split(r"[\s+,]+", tgt[1:-1].strip()) if p)
        else:
            onto = _card(tgt)
        return ("build", card, None, onto, value)
    m = re.fullmatch(r"(\S+?)\s*-", s)
    if m:
        return ("trail", _card(m.group(1)), None, None, None)
    m = re.fullmatch(r"(\S+?)(?:\s*=\s*([0-9]+))?\s*[xX](?:\s+(.*))?", s)
    if m:
        card = _card(m.group(1))
        cvalue = _number(m.group(2), text) if m.group(2) else None
        taken: list[Card] = []
        brackets: list[tuple[Card, ...]] = []
        for tok in _TOKEN.findall(m.group(3) or ""):
            if tok == "+":
                continue
            if tok.startswith("["):
                brackets.append(tuple(_card(p) for p in re.split(r"[\s+,]+", tok[1:-1].strip()) if p))
            elif tok.startswith("#"):
                raise _syntax(text)
            else:
                taken.append(_card(tok))
        return ("capture", card, cvalue, (tuple(taken), tuple(brackets)), None)
    m = re.fullmatch(r"(\S+?)(?:\s*=\s*([0-9]+))?", s)
    if m and (m.group(2) or re.fullmatch(r"(?i)(10|[2-9AJQK])[SHDC]", m.group(1))):
        return ("card", _card(m.group(1)), _number(m.group(2), text) if m.group(2) else None, None, None)
    if m:
        _card(m.group(1))  # raises InvalidCardError for a bad card
    raise _syntax(text)


def _builds_taken(state: State, move: Capture, named: Sequence[tuple[Card, ...]]) -> Message:
    """Why a capture cannot take the builds *named* (mulle.capture): it takes every build of its value, only those."""
    v = move.value
    takes = [b for b in state.builds if b.value == v]
    if takes:
        out = Message(
            "the {card} captures as {value}: it takes every build worth {value}, {builds}, and no other",
            card=move.card,
            value=v,
            builds=" ".join(map(_build_text, takes)),
        )
    else:
        out = Message(
            "the {card} captures as {value}, and no build on the table is worth {value}", card=move.card, value=v
        )
    for cards in named:
        key = _sorted(cards)
        build = next((b for b in state.builds if _sorted(b.cards) == key), None)
        if build is None:
            why = Message("there is no build {build} on the table", build="[" + "+".join(map(str, key)) + "]")
        elif build.value != v:
            why = Message("{build} is worth {value}, not {given}", build=_build_text(build), value=build.value, given=v)
        else:
            continue
        out = Message("{reason}; {more}", reason=out, more=why)
    return out


def parse_canonical(text: str) -> Move:
    """
    Read a move without a position, as :func:`format_canonical` writes it.

    A capture's value defaults to the card's pips (write ``AH=14 x ...`` for
    an ace worth 14). Group marks ``+`` and bracketed builds are accepted and
    ignored (the builds a capture takes are implied by its value).

    Raises:
        InvalidNotationError: For text that is not a move, or a build named
            by its cards (which needs a position: use :func:`parse_move`).
        InvalidCardError: For text that names no card.
    """
    kind, card, value, extra, bvalue = _parse(text)
    if kind == "trail":
        return Trail(card)
    if kind == "capture":
        assert isinstance(extra, tuple)
        return Capture(card, extra[0], value if value is not None else _TVAL[card])
    if kind == "build":
        assert bvalue is not None
        if isinstance(extra, tuple):
            raise InvalidNotationError(
                f"{text!r} names a build by its cards, which needs the position: use parse_move, or '#index'"
            )
        assert isinstance(extra, Card | int)
        return Build(card, extra, bvalue)
    said = Message(
        "{text} is only a card; a move without a position needs its kind ({kinds})",
        text=_messages.value(text),
        kinds="'x', '>', '-'",
    )
    raise _messages.said(InvalidNotationError, said)


def _ambiguous(state: State, text: str, cands: Sequence[Move], more: bool) -> AmbiguousMoveError:
    shown = ", ".join(repr(format_move(state, m)) for m in cands)
    etc = ", ..." if more else ""
    return AmbiguousMoveError(f"{_messages.value(text)} fits several legal moves: {shown}{etc}; write the whole move")


def parse_move(state: State, text: str) -> Move:
    """
    Read a move in the readable notation of :func:`format_move` (or the
    canonical one), in the context of *state*.

    A bare card such as ``9H`` means the only legal move playing it; a
    capture without an ace's value means the value that makes it legal; a
    raise may name the build by its cards (``[3C+6D]``) or its index (``#0``).

    Raises:
        InvalidNotationError: For text that is not a move.
        InvalidCardError: For text that names no card.
        AmbiguousMoveError: If the text fits several legal moves; the message
            lists them.
        IllegalMoveError: If the move it names breaks a rule: also a capture that names builds
            it would not take (``mulle.capture``) and a raise of a build that is not on the table
            (``mulle.build``).
        WrongKindError: If *state* is not a Mulle state.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    kind, card, value, extra, bvalue = _parse(text)
    seat = to_move(state)
    move: Move
    if kind == "card":
        moves = legal_moves(state)
        cands: list[Move] = []
        for fam in moves._families:
            if fam.card != card or (value is not None and not (isinstance(fam, _Captures) and fam.t == value)):
                continue
            if isinstance(fam, _Captures):
                for taken in fam.space:
                    cands.append(fam.move(taken))
                    if len(cands) > 8:
                        break
            else:
                cands.append(fam)
            if len(cands) > 8:
                break
        if len(cands) == 1:
            return cands[0]
        if not cands:
            base = Trail(card)
            violation = check_move(state, base)
            assert violation is not None
            raise _messages.illegal(
                violation,
                seat,
                base,
                format_canonical,
                Message("no legal move plays the {card}: {reason}", card=card, reason=violation.message),
            )
        raise _ambiguous(state, text, cands[:8], len(cands) > 8)
    if kind == "trail":
        move = Trail(card)
    elif kind == "capture":
        assert isinstance(extra, tuple)
        taken, brackets = extra
        values = [value] if value is not None else list(_hand_values(state.rules, card))
        options = [Capture(card, taken, v) for v in values]
        legal = [m for m in options if check_move(state, m) is None]
        if len(legal) > 1:
            raise _ambiguous(state, text, legal, False)
        move = legal[0] if legal else options[0]
        if brackets and state.rules.building:
            want = sorted(tuple(_ORDER[c] for c in _sorted(b)) for b in brackets)
            have = sorted(tuple(_ORDER[c] for c in _sorted(b.cards)) for b in state.builds if b.value == move.value)
            if want != have:
                why = Violation(RULES["mulle.capture"], _builds_taken(state, move, brackets))
                raise _messages.illegal(why, seat, move, format_canonical)
    else:
        assert bvalue is not None
        if isinstance(extra, tuple):
            want_cards = sorted(extra, key=_ORDER.__getitem__)
            idx = [i for i, b in enumerate(state.builds) if _sorted(b.cards) == tuple(want_cards)]
            if not idx:
                on = ", ".join(_build_text(b) for b in state.builds) or Message("none")
                raise _messages.illegal(
                    Violation(
                        RULES["mulle.build"],
                        Message(
                            "there is no build {build} on the table to raise (the builds: {builds})",
                            build="[" + "+".join(map(str, extra)) + "]",
                            builds=on,
                        ),
                    ),
                    seat,
                    Build(card, len(state.builds), bvalue),
                    format_canonical,
                )
            options_b = [Build(card, i, bvalue) for i in idx]
            legal_b = [m for m in options_b if check_move(state, m) is None]
            distinct = {(state.builds[m.onto].owner, state.builds[m.onto].locked) for m in legal_b}  # type: ignore[index]
            if len(distinct) > 1:
                raise _ambiguous(state, text, [Build(card, m.onto, bvalue) for m in legal_b], False)
            move = legal_b[0] if legal_b else options_b[0]
        else:
            assert isinstance(extra, Card | int)
            move = Build(card, extra, bvalue)
    violation = check_move(state, move)
    if violation is not None:
        raise _messages.illegal(violation, seat, move, format_canonical)
    return move
