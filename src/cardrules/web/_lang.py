"""
The words of the web pages, and the language of a request.

Every word the pages show a person is here, in English, marked for the ``cardrules`` catalogs
with the context ``web`` (``_C("web", ...)``). The English text is its own key: the pages' HTML
writes ``[[Your move]]`` where a word goes (:func:`fill` puts the translation there), and their
scripts call ``t("Your turn.")`` on the words each page is given as JSON (:func:`words_json`).
Placeholders (``{seat}``) are filled by the script, after translation.

A request's language (:func:`chosen`) is, in order: ``?lang=CODE`` (which the page also keeps in
the ``lang`` cookie), the ``lang`` cookie, the ``Accept-Language`` header, else English; an
unknown code is passed over.
"""

from __future__ import annotations

import html
import json
import re
from typing import Final

from starlette.requests import HTTPConnection
from starlette.responses import Response

from cardrules import i18n
from cardrules._words import _C
from cardrules.rules import Message, Sentence

__all__ = [
    "COOKIE",
    "NAMES",
    "WORDS",
    "asked",
    "chosen",
    "fill",
    "picker",
    "remember",
    "say",
    "word",
    "words",
    "words_json",
]

COOKIE: Final = "lang"
"""The cookie that keeps a person's language."""
NAMES: Final = {"en": "English", "sv": "Svenska", "es": "Español", "fr": "Français", "ar": "العربية"}
"""Each language by its own name, as the picker lists it."""
_YEAR: Final = 365 * 86400

WORDS: Final = (
    # The pages' titles and header bars.
    _C("web", "cardrules: {title}"),
    _C("web", "the lobby"),
    _C("web", "the table"),
    _C("web", "replay viewer"),
    _C("web", "press play"),
    _C("web", "Language"),
    _C("web", "Lobby"),
    _C("web", "Rules"),
    _C("web", "Press play"),
    _C("web", "Replay viewer"),
    _C("web", "The table"),
    _C("web", "Jump to"),
    _C("web", "Table"),
    _C("web", "Moves"),
    _C("web", "Log"),
    _C("web", "What happened"),
    _C("web", "What happens"),
    _C("web", "Step"),
    _C("web", "the server answered {status}"),
    _C("web", "this rule on the game's rules page"),
    # The lobby.
    _C("web", "Mulle, Mililla and Charlemagne against the computer"),
    _C("web", "A new match"),
    _C("web", "Game"),
    _C("web", "Preset"),
    _C("web", "Deal number (optional)"),
    _C("web", "The rules"),
    _C("web", "Press play: watch a short game"),
    _C("web", "Options"),
    _C("web", "Options of this preset"),
    _C("web", "Seats"),
    _C("web", "Your seat"),
    _C("web", "A friend's seat gets a link to send them; the computer plays the other seats."),
    _C("web", "Hand a friend's seat to the computer when idle for"),
    _C("web", "seconds"),
    _C("web", "Start the match"),
    _C("web", "Watch a replay"),
    _C("web", "A record file that cardrules verify accepts opens here:"),
    _C("web", "seat {seat}"),
    _C("web", "Seat {seat}"),
    _C("web", "Seat {seat} (your partner)"),
    _C("web", "seat {seat}: computer player"),
    _C("web", "seat {seat}: search strength (iterations)"),
    _C("web", "a friend (invite link)"),
    _C("web", "easy"),
    _C("web", "medium"),
    _C("web", "hard"),
    _C("web", "random"),
    _C("web", "greedy"),
    _C("web", "search"),
    _C("web", "The rules of {game}"),
    _C("web", "Dealing…"),
    # The table.
    _C("web", "Invite your friends"),
    _C(
        "web",
        "Send each friend their seat's link: the first browser that opens it plays that seat, and the link is "
        "then used up.",
    ),
    _C("web", "The computer is playing your seat."),
    _C("web", "Hand my seat to the computer"),
    _C("web", "{text} (the computer, for you)"),
    _C("web", "{text} (the computer plays this seat)"),
    _C("web", "Seat {seat} has a new link: the old one no longer works."),
    _C("web", "The link of seat {seat} is withdrawn: the computer plays that seat."),
    _C("web", "(waiting for your friend)"),
    _C("web", "Seat {seat}: taken, its link is used."),
    _C("web", "Seat {seat}: the computer plays it (no link)."),
    _C("web", "New link for seat {seat}"),
    _C("web", "Withdraw the link of seat {seat}"),
    _C("web", "This seat was given to someone else: its link was renewed or withdrawn."),
    _C("web", "This browser already has a seat at this match: the invite link is left for your friend."),
    _C("web", "This seat is taken: its invite link was already used. Ask for a new link."),
    _C("web", "Take my seat back"),
    _C("web", "Round over"),
    _C("web", "Score item"),
    _C("web", "Points"),
    _C("web", "Rule"),
    _C("web", "Continue to the next deal"),
    _C("web", "Your move"),
    _C(
        "web",
        "Click a card of your hand (or move to it with Tab and press Enter); where a card starts several "
        "moves, pick one below.",
    ),
    _C("web", "Select cards on the table too, to narrow the move to the ones that take them."),
    _C("web", "Hint: what would the hard bot play, and why?"),
    _C("web", "Moves with the selected cards"),
    _C("web", "Clear the selection"),
    _C("web", "Moves without a card"),
    _C("web", "The match is over"),
    _C("web", "Download the record"),
    _C("web", "Watch it as a replay"),
    _C("web", "{text} (you)"),
    _C("web", "seats {first} and {second}"),
    _C("web", "Round {number} is over"),
    _C("web", "{side}: {points} this round, {match} in the match"),
    _C("web", "Match score: {scores}."),
    _C("web", "{side} won the match."),
    _C("web", "Copy the link"),
    _C("web", "The link of seat {seat} is copied."),
    _C("web", "Seat {seat} (a person)"),
    _C("web", "Seat {seat} (a person, away: the computer plays)"),
    _C("web", "The match is over."),
    _C("web", "Your turn."),
    _C("web", "{who} to play."),
    _C("web", "It is seat {seat}'s turn."),
    _C("web", "No legal move uses all the selected cards: pick a card from your hand, or clear the selection."),
    _C("web", "Moves that use the selected cards: {count}. Pick one, or select more cards."),
    _C("web", "Thinking…"),
    _C("web", "Hint: {move}."),
    _C("web", "Why?"),
    _C("web", "Why may I play {move}?"),
    _C("web", "Why you may play {move}:"),
    _C("web", "You played {move}."),
    _C("web", "The record could not be read."),
    _C("web", "This page needs a match started from the lobby (its token is kept in this browser)."),
    # The replay viewer.
    _C("web", "Open a record"),
    _C("web", "Record file"),
    _C("web", "Choose a file…"),
    _C("web", "No file chosen"),
    _C("web", "Open"),
    _C("web", "The position"),
    _C("web", "Replay controls"),
    _C("web", "|◀ First"),
    _C("web", "◀ Back"),
    _C("web", "▶ Play"),
    _C("web", "❚❚ Pause"),
    _C("web", "Step ▶"),
    _C("web", "Last ▶|"),
    _C("web", "View"),
    _C("web", "The deal."),
    _C("web", "Seat {seat} is to move first."),
    _C("web", "Move {step} of {steps}"),
    _C("web", "seat {seat} plays {move}."),
    _C("web", "seat {seat} moves."),
    _C("web", "What the rules did not allow:"),
    _C("web", "Comment: {comment}"),
    _C("web", "Seat {seat} could play next: {moves}."),
    _C("web", "Replay: {title}"),
    _C("web", "full view (every seat)"),
    _C("web", "Choose a record file first."),
    _C("web", "Opened: {steps} moves."),
    _C("web", "What seat {seat} sees"),
    _C("web", "every seat's view"),
    # The replay viewer's analysis, with every card shown.
    _C("web", "Analysis with every card shown"),
    _C("web", "Judge each move"),
    _C(
        "web",
        "Each move is judged as if every player had seen every hand (and any stock, in its order), which no "
        "player did. A value is the round points of the mover's side minus the other side's, every seat then "
        "playing perfectly to the end of the round.",
    ),
    _C("web", "Step to a move to see it judged."),
    _C("web", "Analysing…"),
    _C("web", "The server is busy judging other moves; trying again…"),
    _C("web", "Seat {seat} played {move}, the only legal move."),
    _C(
        "web",
        "Seat {seat} played {move}. Not analysed: too early in the round to solve exactly within {nodes} positions.",
    ),
    _C("web", "Seat {seat} played {move} ({value}), a best move."),
    _C(
        "web",
        "Seat {seat} played {move} ({value}); the best was {best}: no points lost, {tally} less in the round's tally.",
    ),
    _C("web", "Seat {seat} played {move} ({value}); the best was {best} ({best_value}): it cost {cost} points."),
    # Press play.
    _C("web", "Playback"),
    _C("web", "Step back"),
    _C("web", "Step forward"),
    _C("web", "Forward ▶"),
    _C("web", "Speed"),
    _C("web", "slow"),
    _C("web", "normal"),
    _C("web", "fast"),
    _C("web", "very fast"),
    _C("web", "Rules that applied"),
    _C("web", "Play this game yourself"),
    _C("web", "The deal"),
    _C("web", "Move {step} of {steps}: seat {seat} plays {move}"),
    _C("web", "Step {step} of {steps}"),
    _C("web", "Press play: {title}"),
    _C("web", "A short deal of {title}, chosen to show {about}. The rules it shows:"),
    # The rules pages.
    _C("web", "option"),
    _C("web", "default"),
    _C("web", "values"),
)
"""Every word of the pages, in English (the key of its translation)."""

_SLOT: Final = re.compile(r"\[\[([^\[\]]+)\]\]")


def words(lang: str) -> dict[str, str]:
    """Every word of the pages in *lang*, by its English text."""
    tr = i18n.translation(lang)
    return {word: tr.pgettext("web", word) for word in WORDS}


def word(text: str, lang: str) -> str:
    """One word of the pages in *lang* (*text* must be one of :data:`WORDS`)."""
    return i18n.translation(lang).pgettext("web", text)


def words_json(lang: str, extra: dict[str, str] | None = None) -> str:
    """
    The words of *lang*, and a page's *extra* words (already in *lang*), as JSON that may stand
    inside a ``<script>`` element (no ``<``, no ``&``).
    """
    text = json.dumps({**words(lang), **(extra or {})}, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def fill(text: str, lang: str) -> str:
    """*text* (a page's HTML) with each ``[[English words]]`` replaced by their translation, escaped."""
    tr = i18n.translation(lang)
    return _SLOT.sub(lambda m: html.escape(tr.pgettext("web", m.group(1)), quote=True), text)


def _known(value: str | None) -> str | None:
    return value if value in i18n.LANGUAGES else None


def asked(conn: HTTPConnection) -> str | None:
    """The language ``?lang=CODE`` asks for, if it is one of cardrules' languages."""
    return _known(conn.query_params.get("lang"))


def chosen(conn: HTTPConnection) -> str:
    """The language of a request: ``?lang=``, the ``lang`` cookie, ``Accept-Language``, else English."""
    return asked(conn) or _known(conn.cookies.get(COOKIE)) or i18n.negotiate(conn.headers.get("accept-language"))


def remember(conn: HTTPConnection, response: Response) -> Response:
    """*response*, with the ``lang`` cookie set if the request chose a language by ``?lang=``."""
    lang = asked(conn)
    if lang is not None:
        response.set_cookie(COOKIE, lang, max_age=_YEAR, path="/", samesite="lax")
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


def picker(lang: str) -> str:
    """The language picker of a page's header bar: a ``<select>`` of the languages by their own names."""
    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == lang else ""}>{html.escape(name)}</option>'
        for code, name in NAMES.items()
    )
    label = html.escape(word("Language", lang), quote=True)
    return f'<select id="lang-picker" class="lang-picker" aria-label="{label}">{options}</select>'


def say(text: str | Message, lang: str) -> str:
    """
    A text of the engine for a page in *lang*: the one place where the web table writes the
    narration, the hints and the reasons it shows. A :class:`~cardrules.rules.Message` is written
    in *lang* (:func:`cardrules.i18n.render`); a plain text is shown as it is.
    """
    if isinstance(text, (Message, Sentence)):
        return i18n.render(text, lang)  # a message, or a sentence (a hint's reason) that keeps one
    return text
