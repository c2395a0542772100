"""Charlemagne's move notation: reading and writing moves."""

from __future__ import annotations

from typing import Final

from cardrules import _messages
from cardrules.charlemagne._cards import _FRENCH, _PLURAL, PACK
from cardrules.charlemagne._legal import _BIDS, _DISCARDS, _GIVES, _PLAYS, _SOURCES, check_move, legal_moves, to_move
from cardrules.charlemagne._state import (
    _LADDER,
    MOVE_TYPES,
    PASS,
    Contract,
    Discard,
    Give,
    Move,
    NameTrump,
    Play,
    State,
)
from cardrules.errors import AmbiguousMoveError, InvalidNotationError
from cardrules.rules import Message

_CONTRACT_TEXT: Final = {c.value: c for c in _LADDER} | {"gm": Contract.GROS_MULOT, "gc": Contract.GROS_CHARLEMAGNE}
_SUIT_TEXT: Final = (
    {s.letter.lower(): s for s in _FRENCH} | {_PLURAL[s]: s for s in _FRENCH} | {_PLURAL[s][:-1]: s for s in _FRENCH}
)
_CARD_MOVE_WORDS: Final = {"play": Play, "give": Give, "discard": Discard}


_ALL_FORMS: Final = Message(
    "'pass', 'bid 5' to 'bid 8', 'bid mulot', 'bid charlemagne', 'bid gros mulot', 'bid gros charlemagne', "
    "'source kitty', 'source partner', 'give 9C', 'discard 7S', 'trump H', '7S' or 'play 7S'"
)
# What a seat may write in each phase: a message refusing a move lists only these.
_PHASE_FORMS: Final = {
    "bid": Message(
        "'pass', 'bid 5' to 'bid 8', 'bid mulot', 'bid charlemagne', 'bid gros mulot' or 'bid gros charlemagne'"
    ),
    "source": Message("'source kitty' or 'source partner'"),
    "give": Message("'give 9C' or '9C'"),
    "discard": Message("'discard 7S' or '7S'"),
    "trump": Message("'trump H' (or S, D, C)"),
    "play": Message("'7S' or 'play 7S'"),
}


def _bad(text: str, why: Message, forms: Message = _ALL_FORMS) -> InvalidNotationError:
    said = Message(
        "{text} is not a Charlemagne move: {why}; write {forms}",
        text=_messages.value(text),
        why=why,
        forms=forms,
    )
    return _messages.said(InvalidNotationError, said)


def _candidates(text: str, forms: Message = _ALL_FORMS) -> tuple[tuple[Move, ...], bool]:
    """
    The moves *text* may mean, read without a position, and whether it was a bare card (a text that
    is no move is refused with *forms*, the moves one may write).

    Contract and source names may be shortened to any prefix (``bid gros``
    means Gros Mulot or Gros Charlemagne); a bare card is a play.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"a move is written as text, not {_messages.kind_name(text)}")
    words = text.replace("-", " ").replace("_", " ").lower().split()
    if not words:
        raise _bad(text, Message("it is empty"), forms)
    head, rest = words[0], words[1:]
    if head == "pass":
        if rest:
            raise _bad(text, Message("{word} takes nothing after it", word="'pass'"), forms)
        return (PASS,), False
    if head == "bid":
        if not rest:
            raise _bad(text, Message("say what you bid"), forms)
        what = " ".join(rest)
        exact = _CONTRACT_TEXT.get(what)
        if exact is not None:
            return (_BIDS[exact],), False
        bids = tuple(_BIDS[c] for c in _LADDER if c.value.startswith(what) and not c.is_number)
        if not bids:
            raise _bad(text, Message("there is no bid {bid}", bid=repr(what)), forms)
        return bids, False
    if head == "source":
        if len(rest) != 1:
            raise _bad(
                text, Message("write {kitty} or {partner}", kitty="'source kitty'", partner="'source partner'"), forms
            )
        sources = tuple(m for m in _SOURCES if m.source.startswith(rest[0]))
        if not sources:
            raise _bad(
                text, Message("the source is the kitty or the partner, not {source}", source=repr(rest[0])), forms
            )
        return sources, False
    if head == "trump":
        if len(rest) != 1 or rest[0] not in _SUIT_TEXT:
            raise _bad(text, Message("name one suit: S, H, D or C"), forms)
        return (NameTrump(_SUIT_TEXT[rest[0]]),), False
    if head in _CARD_MOVE_WORDS:
        if len(rest) != 1:
            raise _bad(
                text,
                Message("{word} takes one card, such as {example}", word=repr(head), example=f"'{head} 7S'"),
                forms,
            )
        card = PACK.parse(rest[0])
        cls = _CARD_MOVE_WORDS[head]
        table = _PLAYS if cls is Play else _GIVES if cls is Give else _DISCARDS
        return (table[card],), False
    if rest:
        raise _bad(text, Message("too many words"), forms)
    return (_PLAYS[PACK.parse(head)],), True


def parse_canonical(text: str) -> Move:
    """
    Read a move without a position: ``pass``, ``bid 6``, ``bid gros mulot``,
    ``source kitty``, ``give 9C``, ``discard 7S``, ``trump H``, ``7S`` or
    ``play 7S`` (case and extra spaces do not matter).

    Raises:
        InvalidNotationError: If *text* is not a move.
        InvalidCardError: If a card in it is not a card of the pack.
        AmbiguousMoveError: If a shortened name fits several moves (``bid gros``).

    Example:
        >>> charlemagne.parse_canonical("bid Gros-Mulot")
        Bid(contract=Contract.GROS_MULOT)
    """
    found, _ = _candidates(text)
    if len(found) > 1:
        raise AmbiguousMoveError(f"{_messages.value(text)} could be {' or '.join(repr(str(m)) for m in found)}")
    return found[0]


def parse_move(state: State, text: str) -> Move:
    """
    Read a move in the context of *state* and check that it is legal.

    Besides the forms of :func:`parse_canonical`, a bare card means the move
    the phase calls for (``7S`` is ``discard 7S`` while the bidder discards,
    ``give 7S`` while the partner passes a card), and a shortened contract or
    source name is resolved among the legal moves.

    Raises:
        InvalidNotationError: If *text* is not a move (``InvalidCardError``
            for an unknown card).
        AmbiguousMoveError: If it fits more than one legal move.
        IllegalMoveError: If the move it means is not legal now.
        WrongKindError: If *state* is not a Charlemagne state.

    Example:
        >>> s = charlemagne.new_game(seed=1)
        >>> charlemagne.parse_move(s, "PASS")
        Pass()
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    found, bare = _candidates(text, _PHASE_FORMS[state.phase])
    if bare:
        card = found[0]
        assert isinstance(card, Play)
        if state.phase == "discard":
            found = (_DISCARDS[card.card],)
        elif state.phase == "give":
            found = (_GIVES[card.card],)
    moves = legal_moves(state)  # they stay with the state: apply does not check the move again
    legal = [m for m in found if m in moves]
    if len(legal) == 1:
        return next(m for m in moves if m == legal[0])  # the very object listed, which apply trusts
    if len(legal) > 1:
        raise AmbiguousMoveError(f"{_messages.value(text)} could be {' or '.join(repr(str(m)) for m in legal)}")
    violation = check_move(state, found[0])
    assert violation is not None
    raise _messages.illegal(violation, to_move(state), found[0], format_canonical)


def format_move(state: State, move: Move) -> str:
    """
    The move's notation (the same as :func:`format_canonical`'s; it needs no context).

    Raises:
        WrongKindError: If *state* is not a Charlemagne state or *move* not a Charlemagne move.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    return format_canonical(move)


def format_canonical(move: Move) -> str:
    """
    The move's context-free notation, which :func:`parse_canonical` reads back.

    Example:
        >>> charlemagne.format_canonical(charlemagne.Bid(charlemagne.Contract.GROS_CHARLEMAGNE))
        'bid gros charlemagne'
        >>> charlemagne.format_canonical(charlemagne.NameTrump(cardrules.Suit.HEARTS))
        'trump H'

    Raises:
        WrongKindError: If *move* is not a Charlemagne move.
    """
    if not isinstance(move, MOVE_TYPES):
        raise _messages.wrong_move("Charlemagne", move)
    return str(move)
