"""
The bodies the web API reads and writes, as attrs classes: the JSON Schemas of the API are
generated from these (see :mod:`cardrules.web._schema`), and every response is written from them.
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules.cards import Card

__all__ = [
    "BotChoice",
    "ClaimRequest",
    "Created",
    "ErrorBody",
    "ErrorDetail",
    "EventItem",
    "GameInfo",
    "Invite",
    "GamesBody",
    "Hint",
    "LegalMovesPage",
    "MatchView",
    "MoveItem",
    "MoveRequest",
    "NewMatchRequest",
    "OptionInfo",
    "ReplayAnalysis",
    "ReplayCreated",
    "ReplayStep",
    "ScoreLine",
    "Refusal",
    "RoundSummary",
    "RulesetInfo",
    "RulesetOption",
    "plain",
]


@attrs.frozen
class NewMatchRequest:
    """
    The body of ``POST /api/matches``.

    Attributes:
        game: Ruleset text: a game name, a preset (``mulle/fishing``) and options (``mililla(rank_order=malilla)``).
        seat: Your seat, from 0.
        opponents: One bot for every other seat (the levels ``easy``, ``medium``, ``hard``, or ``random``,
            ``greedy``, ``search(iterations=200)``), or a list
            of bots, one per other seat in seat order; ``human`` for a friend's seat (see ``invites``).
        seed: The match seed, for the same deals and the same computer play again; random if left out.
        hand_over: Seconds (1 to 86400) after which a person's seat idle on its turn may be handed
            to the computer, until its player takes it back; never if left out.
    """

    game: str
    seat: int = 0
    opponents: str | tuple[str, ...] = "greedy"
    seed: int | None = None
    hand_over: int | None = None


@attrs.frozen
class Invite:
    """
    A friend's seat: its one-time invite code and the link that opens the table at it.

    Attributes:
        seat: The friend's seat.
        code: The invite's secret code: the first browser to claim it (``POST
            /api/matches/{id}/claim``) gets the seat's token; the code then is used up.
        link: The table's address for that seat (``/table#MATCH.CODE``; the part after ``#`` is
            never sent to the server).
    """

    seat: int
    code: str
    link: str


@attrs.frozen
class Created:
    """
    The answer to ``POST /api/matches``: the match and the seat's secret token.

    Attributes:
        match: The match id.
        seat: Your seat.
        token: Send it as ``Authorization: Bearer TOKEN`` on every request for this match.
        invites: One for each ``human`` among the opponents: a friend's seat, its invite code and link.
    """

    match: str
    seat: int
    token: str
    invites: tuple[Invite, ...] = ()


@attrs.frozen
class ClaimRequest:
    """
    The body of ``POST /api/matches/{id}/claim``.

    Attributes:
        code: The invite code of a friend's seat (the part of the invite link after the ``.``).
    """

    code: str


@attrs.frozen
class MoveRequest:
    """
    The body of ``POST /api/matches/{id}/moves``.

    Attributes:
        move: The move in the game's notation, as a legal move's ``text`` gives it.
        version: The version the move was chosen at; a move sent against another version is refused (409).
    """

    move: str
    version: int | None = None


@attrs.frozen
class MoveItem:
    """
    One legal move.

    Attributes:
        index: Its place in the game's full list of legal moves, from 0.
        text: The move in notation: send it back to play it.
        cards: The texts of the cards the move uses (played, taken, built with); the first is the
            card played from the hand, for a move that plays one.
        label: The move as the table shows it: cards by name with suit symbols (``10♠ x 4♠+6♠``),
            or with the Spanish suits' names (``5 of copas``).
    """

    index: int
    text: str
    cards: tuple[str, ...]
    label: str = ""


@attrs.frozen
class LegalMovesPage:
    """
    A page of the legal moves of the seat to move (empty when it is not your turn).

    Attributes:
        moves: The moves of this page.
        offset: The place of the page's first move among the moves that pass the filter.
        limit: The page size asked for.
        total: How many moves pass the filter, or null when counting them is not cheap.
        next: The offset of the next page, or null when this is the last.
        complete: False when the page stopped at the server's bound on moves looked at (a large
            Mulle table): play a move in notation, or filter by a card.
    """

    moves: tuple[MoveItem, ...]
    offset: int
    limit: int
    total: int | None
    next: int | None
    complete: bool = True


@attrs.frozen
class EventItem:
    """
    Something that happened, as the seat may be told it.

    Attributes:
        version: The match's move count once the move that caused it was played.
        seat: The seat it concerns, if any.
        text: One sentence in player words.
        rule: The id of the rule behind it.
        kind: What happened: ``play``, ``capture``, ``trick``, ``bid``, ``round``, and so on.
        cards: The cards it shows (all public).
        points: Points it scores, if any.
        move: The move in notation, when the seat may see it (never a card passed face down).
        mover: The seat that made the move (null for the first deal, which no move made).
        display: The sentence as the table shows it: cards by name with suit symbols, or with the
            Spanish suits' names.
        own: Whether this event is the move itself (the first event of its move), not what followed from it.
        stand_in: Whether the computer made the move for a person's seat handed over to it.
    """

    version: int
    seat: int | None
    text: str
    rule: str
    kind: str
    cards: tuple[Card, ...]
    points: int
    move: str | None
    mover: int | None
    display: str = ""
    own: bool = False
    stand_in: bool = False


@attrs.frozen
class ScoreLine:
    """
    One item of a round's score, as the summary shows it.

    Attributes:
        side: The side that scores it.
        rule: The rule id behind it.
        label: What it is, as the table writes it (cards by name).
        points: Its points.
    """

    side: int
    rule: str
    label: str
    points: int


@attrs.frozen
class RoundSummary:
    """
    The last round scored: what the table's summary panel shows before the next deal.

    Attributes:
        number: Which round it was, from 1.
        items: Every score item, with its rule.
        points: Each side's points of the round.
        match: Each side's match score after it.
        sides: The seats of each side.
        winner: The side that won the match, once it is over.
    """

    number: int
    items: tuple[ScoreLine, ...]
    points: tuple[int, ...]
    match: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    winner: int | None


@attrs.frozen
class Hint:
    """
    The body of ``GET /api/matches/{id}/hint``: the ``hard`` level's move for your seat, and why.

    Attributes:
        move: The move, in the game's notation (as ``POST /api/matches/{id}/moves`` takes it).
        reasons: Why, one sentence each, in a player's words, from what your seat sees only.
        value: How the move scored in the search, from 0 (lost) to 1 (won).
        runner_up: The next choice, in notation; null when there was one move only.
        margin: How much more the move scored than the next choice (0 or more).
    """

    move: str
    reasons: tuple[str, ...]
    value: float
    runner_up: str | None
    margin: float


@attrs.frozen
class MatchView:
    """
    ``GET /api/matches/{id}``: the match as your seat sees it.

    Attributes:
        match: The match id.
        game: The ruleset text.
        title: The game's title.
        seat: Your seat.
        to_move: The seat to move, or null once the match is over.
        over: Whether the match is over.
        observation: What your seat may see (the game's observation, see its schema).
        legal_moves: Your legal moves, paged.
        score: The score.
        events: The latest events, oldest first.
        version: How many moves have been played: a larger version is a later state.
        opponents: The computer players, by seat (null for yours).
        summary: The last round scored, for the summary panel; null before the first round ends.
        humans: The seats people play (yours, and friends' invited by a link).
        handed: The people's seats the computer plays for now (handed over, or idle past the match's limit).
        waiting: The friends' seats whose invite nobody has claimed yet.
    """

    match: str
    game: str
    title: str
    seat: int
    to_move: int | None
    over: bool
    observation: Mapping[str, Any]
    legal_moves: LegalMovesPage
    score: Mapping[str, Any]
    events: tuple[EventItem, ...]
    version: int
    opponents: tuple[str | None, ...]
    summary: RoundSummary | None = None
    humans: tuple[int, ...] = ()
    handed: tuple[int, ...] = ()
    waiting: tuple[int, ...] = ()


class BotChoice(enum.Enum):
    """The computer players the lobby offers (any text ``get_bot`` reads is accepted)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    RANDOM = "random"
    GREEDY = "greedy"
    SEARCH = "search(iterations=200)"


@attrs.frozen
class OptionInfo:
    """
    One ruleset option of a game.

    Attributes:
        name: The option's name, as ruleset text writes it.
        default: Its value in the default preset.
        choices: The values it takes, when they are a short list; null otherwise.
    """

    name: str
    default: bool | int | str | None
    choices: tuple[bool | int | str, ...] | None


@attrs.frozen
class GameInfo:
    """
    A game the server plays.

    Attributes:
        name: The game's name.
        title: Its title.
        presets: The presets, default first.
        options: The ruleset options.
        seats: How many seats.
        sides: The seats of each side.
        bots: Bot texts the lobby may offer.
    """

    name: str
    title: str
    presets: tuple[str, ...]
    options: tuple[OptionInfo, ...]
    seats: int
    sides: tuple[tuple[int, ...], ...]
    bots: tuple[str, ...]


@attrs.frozen
class RulesetOption:
    """
    One option of a ruleset, as the lobby's form offers it.

    Attributes:
        name: The option's name, as ruleset text writes it.
        value: Its value in this ruleset.
        choices: The values this ruleset accepts for it, when they are a short list; null otherwise.
        shown: Whether a form offers it: false for an option of another preset (one value only here).
    """

    name: str
    value: bool | int | str
    choices: tuple[bool | int | str, ...] | None
    shown: bool


@attrs.frozen
class RulesetInfo:
    """
    ``GET /api/ruleset?game=TEXT``: one ruleset, for the lobby's form.

    Attributes:
        game: The ruleset text, as the server writes it.
        name: The game's name.
        title: The game's title.
        seats: How many seats this ruleset has (Mulle's ``players`` changes it).
        sides: The seats of each side.
        options: Every option, with its value and choices here.
    """

    game: str
    name: str
    title: str
    seats: int
    sides: tuple[tuple[int, ...], ...]
    options: tuple[RulesetOption, ...]


@attrs.frozen
class GamesBody:
    """
    ``GET /api/games``.

    Attributes:
        games: Every game.
        api_version: The API's version.
    """

    games: tuple[GameInfo, ...]
    api_version: int


@attrs.frozen
class Refusal:
    """
    A rule that constrained a choice: why the mover could not do otherwise.

    Attributes:
        rule: The rule id.
        reason: Why, in player words.
    """

    rule: str
    reason: str


@attrs.frozen
class ReplayCreated:
    """
    The answer to ``POST /api/replays`` and ``POST /api/matches/{id}/replay``.

    Attributes:
        replay: The replay id (anyone holding it may view the replay).
        steps: How many moves the replay holds.
    """

    replay: str
    steps: int


@attrs.frozen
class ReplayStep:
    """
    ``GET /api/replays/{id}?step=N``: the match after *step* moves.

    Attributes:
        replay: The replay id.
        game: The ruleset text.
        title: The game's title.
        step: The step shown: 0 is the deal, N the position after the N-th move.
        steps: How many moves the replay holds.
        view: ``full`` or ``seat:K``.
        seat: The seat of a seat view, null for the full view.
        to_move: The seat to move there, or null at the end.
        observation: A seat view: that seat's observation. The full view: every zone's cards by name.
        move: The move of this step in notation (null at step 0, or when the view may not see it).
        mover: The seat that made it.
        events: What the move did.
        refused: The rules that constrained the mover's choice (the full view, or the mover's own seat).
        comment: The record's comment on the move.
        legal_moves: The legal moves there, when the view may see them.
        score: The score there.
    """

    replay: str
    game: str
    title: str
    step: int
    steps: int
    view: str
    seat: int | None
    to_move: int | None
    observation: Mapping[str, Any]
    move: str | None
    mover: int | None
    events: tuple[EventItem, ...]
    refused: tuple[Refusal, ...]
    comment: str | None
    legal_moves: LegalMovesPage
    score: Mapping[str, Any]


@attrs.frozen
class ReplayAnalysis:
    """
    ``GET /api/replays/{id}/analysis?step=N``: the N-th move judged with every card shown.

    Attributes:
        replay: The replay id.
        step: The move judged: the one that led to step N (from 1).
        round: Its round, from 1.
        move_number: Its number in the round, from 1.
        seat: The seat that moved.
        side: Its side (an index into the score's sides): a partner's cost is the side's.
        move: The move played, in notation.
        move_display: The move played as the table writes it in the request's language (suit
            symbols, or a card's name where the pack has no symbols).
        status: ``solved``; ``forced`` (the only legal move); or ``too deep``: too early in the
            round to solve exactly within the server's budget (*max_nodes*, *seconds*).
        value: The move's value: its side's round points minus the other side's, every seat then
            playing perfectly with every card shown (null unless solved).
        tally_margin: The same for the round's tally, the tie-break.
        best: The best moves, in notation (empty unless solved).
        best_display: The same as the table writes them in the request's language.
        best_value: Their value.
        cost: The round points the move gave away to the best (0 for a best or forced move).
        tally_cost: The same for the tally.
        max_nodes: The most positions the server searches for one move.
        seconds: The most seconds the server searches for one move.
    """

    replay: str
    step: int
    round: int
    move_number: int
    seat: int
    side: int
    move: str
    move_display: str
    status: str
    value: int | None
    tally_margin: int | None
    best: tuple[str, ...]
    best_display: tuple[str, ...]
    best_value: int | None
    cost: int | None
    tally_cost: int | None
    max_nodes: int
    seconds: float


@attrs.frozen
class ErrorDetail:
    """
    What went wrong.

    Attributes:
        code: A stable code, such as ``illegal_move`` or ``bad_token``.
        message: In player words.
        rule: The rule id, for a move the rules forbid.
        field: The request field at fault, if any.
    """

    code: str
    message: str
    rule: str | None = None
    field: str | None = None


@attrs.frozen
class ErrorBody:
    """
    Every error answer of the API.

    Attributes:
        error: What went wrong.
    """

    error: ErrorDetail


def plain(value: object) -> Any:
    """
    Plain JSON data for a body (attrs classes as objects, cards as text, tuples as lists); a mapping
    field holds JSON data already (an observation's ``to_dict()``) and is given as it is.
    """
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if attrs.has(type(value)):
        return {f.name: plain(getattr(value, f.name)) for f in attrs.fields(typing.cast(Any, type(value)))}
    if isinstance(value, Mapping):  # the observation and the score: JSON data already
        return value
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    raise TypeError(f"cannot write {type(value).__name__} as JSON")
