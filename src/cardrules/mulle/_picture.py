"""Mulle drawn as SVG for one seat: the loose table cards, the builds, the hands' sizes, your hand, the scores."""

from __future__ import annotations

from cardrules._kit import svg as _svg
from cardrules._kit.style import card_label
from cardrules.mulle._cards import PACK
from cardrules.mulle._state import Observation

__all__ = ["picture"]


def _table(obs: Observation) -> _svg.Table:
    tr = _svg.words()  # the words in the picture's language (see cardrules._kit.svg.language)
    rules = obs.rules
    per_deal = rules.players * rules.hand_size
    deals = -(-(len(PACK) - rules.table_size) // per_deal)
    game = tr.gettext("building game") if rules.building else tr.gettext("fishing game")
    builds = []
    for i, b in enumerate(obs.builds):
        if b.owner == obs.seat:
            owner = tr.pgettext("build owner", "yours")
        else:
            owner = tr.gettext("seat {seat}'s").format(seat=b.owner)
        if b.locked:
            caption = tr.gettext("#{number} = {value}, {owner}, locked")
        else:
            caption = tr.gettext("#{number} = {value}, {owner}")
        builds.append(_svg.Group(b.cards, caption.format(number=i, value=b.value, owner=owner)))
    scores = []
    for side, seats in enumerate(obs.sides):
        count = obs.captured_counts[side]
        text = tr.ngettext(
            "{side}: {points} points; this round {count} card",
            "{side}: {points} points; this round {count} cards",
            count,
        ).format(side=_svg.side_text(seats, obs.seat), points=obs.match[side], count=count)
        if obs.mulles[side]:
            mulles = " ".join(f"{card_label(m.card)} ({m.points})" for m in obs.mulles[side])
            text += tr.gettext(", mulles {mulles}").format(mulles=mulles)
        if obs.tabbes[side]:
            text += tr.gettext(", tabbes {count}").format(count=obs.tabbes[side])
        scores.append(text)
    if obs.winner is not None:
        status = tr.gettext("The match is over: {side} won.").format(
            side=_svg.side_text(obs.sides[obs.winner], obs.seat)
        )
    elif obs.to_move == obs.seat:
        status = tr.gettext("Your turn: {todo}").format(todo=tr.gettext("capture, build or trail."))
    else:
        status = tr.gettext("Seat {seat} to play.").format(seat=obs.to_move)
    dealt = tr.ngettext(
        "dealt by seat {dealer}; deal {deal} of {deals}, {count} card in the stock",
        "dealt by seat {dealer}; deal {deal} of {deals}, {count} cards in the stock",
        obs.stock_count,
    ).format(dealer=obs.dealer, deal=obs.deal_no + 1, deals=deals, count=obs.stock_count)
    if obs.last_capture is not None:
        dealt += tr.gettext("; last capture by seat {seat}").format(seat=obs.last_capture)
    one = tr.pgettext("web", "seat {seat}")
    return _svg.Table(
        title=tr.gettext("{game} table seen by seat {seat}").format(game="Mulle", seat=obs.seat),
        heading=(tr.gettext("Mulle, {game}, round {round}").format(game=game, round=obs.round_no + 1), dealt),
        seats=tuple(
            _svg.Seat(one.format(seat=s), n, to_move=s == obs.to_move, you=s == obs.seat)
            for s, n in enumerate(obs.hand_counts)
        ),
        zones=(
            _svg.Zone(
                "table",
                tr.pgettext("zone", "Table"),
                (_svg.Group(obs.table),),
                button=True,
                spread=True,
                empty=tr.gettext("no loose cards"),
            ),
            _svg.Zone("build", tr.pgettext("zone", "Builds"), tuple(builds), empty=tr.gettext("no builds")),
        ),
        hand=obs.hand,
        hand_label=_svg.hand_label(len(obs.hand) == obs.hand_counts[obs.seat]),
        scores=tuple(scores),
        status=status,
    )


def picture(obs: Observation) -> str:
    """*obs* drawn as an SVG table (text): only what that seat may see, in :func:`cardrules._kit.svg.language`."""
    return _svg.draw(_table(obs))
