"""
The table form of Mulle's position notation (see :doc:`/positions/mulle`): the round as it lies on
the table, with no play history, as a referee can write it down at a real table.

The body is ``dealer=D deal=N table=CARDS builds=BUILDS hands=HANDS stock=STOCK taken=PILES
mulles=MULLES tabbes=COUNTS last=SEAT rounds=ROUNDS``. The seat to move, the number of plays so far
and the deal's sizes follow from the dealer, the deal number and the hand sizes. The state read
keeps what lay on the table then as its :class:`~cardrules.mulle.TableStart`, so that the plays
after it are checked, observed and recorded from there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from cardrules import _messages
from cardrules._kit import position as _pos
from cardrules.cards import Card
from cardrules.engine import RoundScore
from cardrules.errors import CardrulesError, InvalidPositionError, InvalidRecordError
from cardrules.mulle._cards import _BHV, _ORDER, _SCORING, _TVAL, PACK, _mulle_points, _sorted
from cardrules.mulle._check import check_state
from cardrules.mulle._deal import schedule
from cardrules.mulle._rules import RULES
from cardrules.mulle._ruleset import MulleRuleset
from cardrules.mulle._score import _MULLE_LABELS, _shown_pile, _winner
from cardrules.mulle._state import Mulle, State, TableBuild, TableStart
from cardrules.rules import Items, Message

__all__ = ["FIELDS", "from_table_position", "table_position"]

FIELDS: Final = ("dealer", "deal", "table", "builds", "hands", "stock", "taken", "mulles", "tabbes", "last", "rounds")
"""The fields of a Mulle position's body in the table form, in their order."""

_MULLE_RULES: Final = frozenset({"mulle.mulle.twin", "mulle.mulle.double"})
_MULLE_OF: Final = {str(label): card for (card, _), label in _MULLE_LABELS.items()}
"""The card of each mulle's score label (``mulle KS``, ``double mulle 10D``)."""

_FIELD_OF: Final = {
    "dealer": "dealer",
    "deal_no": "deal",
    "table": "table",
    "builds": "builds",
    "hands": "hands",
    "to_play": "hands",
    "stock": "stock",
    "captured": "taken",
    "mulles": "mulles",
    "tabbes": "tabbes",
    "last_capture": "last",
    "round_no": "rounds",
    "rounds": "rounds",
    "match": "rounds",
    "winner": "rounds",
}
"""The position field to blame for a :func:`check_state` error on a state field (else ``position``)."""

Pile = tuple[tuple[Card, ...], int]
"""A side's captured pile as written: the cards shown, and how many more are not shown."""


# --- writing -------------------------------------------------------------------------------


def build_text(build: TableBuild) -> str:
    """A build: its cards with ``+`` (the table card first), ``=`` its value, ``@`` its owner, ``!`` if locked."""
    return "+".join(map(str, build.cards)) + f"={build.value}@{build.owner}" + ("!" if build.locked else "")


def _pile_text(state: State, side: int) -> str:
    start = state.start
    hidden = start.hidden[side] if start is not None else 0
    shown = _sorted(_shown_pile(state, side))
    parts = [*map(str, shown), *([f"?{hidden}"] if hidden else [])]
    return ",".join(parts) or "-"


def _mulles_text(found: Sequence[Mulle]) -> str:
    return ",".join(f"{m.card}{'*' if m.double else ''}" for m in found) or "-"


def table_position(state: State, seat: int | None) -> str:
    """The body of *state*'s position in the table form; with *seat*, the other hands and the stock by size only."""
    sides = range(len(state.rules.sides))
    stock = _pos.cards_text(state.stock) if seat is None else f"?{len(state.stock)}"
    last = "-" if state.last_capture is None else str(state.last_capture)
    return (
        f"dealer={state.dealer} deal={state.deal_no + 1} table={_pos.cards_text(state.table)} "
        f"builds={','.join(map(build_text, state.builds)) or '-'} hands={_pos.hands_text(state.hands, seat)} "
        f"stock={stock} taken={'/'.join(_pile_text(state, s) for s in sides)} "
        f"mulles={'/'.join(_mulles_text(state.mulles[s]) for s in sides)} tabbes={_pos.ints_text(state.tabbes)} "
        f"last={last} rounds={_pos.rounds_text(state.rounds)}"
    )


# --- reading -------------------------------------------------------------------------------


def _card(text: str, field: str) -> Card:
    try:
        return PACK.parse(text)
    except CardrulesError as exc:
        raise InvalidPositionError(_messages.carried(exc, str(exc)), field) from None


def _parse_build(text: str, rules: MulleRuleset) -> TableBuild:
    """One build, ``5H+7C=12@1`` (``!`` after the owner when it is locked), checked against the rules."""
    head, at, owner_text = text.partition("@")
    cards_text_, eq, value_text = head.partition("=")
    if not at or not eq or "+" not in cards_text_:
        said = Message(
            "a build is its cards with '+', '=' its value, '@' its owner and '!' if locked, such as 5H+7C=12@1, "
            "not {text}",
            text=repr(text[:40]),
        )
        raise InvalidPositionError(said, "builds")
    locked = owner_text.endswith("!")
    owner = _pos.parse_int(owner_text.removesuffix("!"), "builds", 0, rules.players - 1)
    value = _pos.parse_int(value_text, "builds", 0, 99)
    cards = tuple(_card(c, "builds") for c in cards_text_.split("+"))
    if not 2 <= value <= 16:
        said = Message("the build {build} is worth {value}, but a build is worth 2 to 16", build=text, value=value)
        raise InvalidPositionError(said, "builds")
    added = [c for c in cards[1:] if c in _SCORING]
    if added:
        said = Message(
            "the build {build} holds the {card}, a scoring card (an ace, the 2 of spades or the 10 of "
            "diamonds), which is never built from the hand (mulle.build.scoring-card); a build's first card "
            "is the table card it was made on, then each card added in turn",
            build=text,
            card=added[0],
        )
        raise InvalidPositionError(said, "builds")
    total = sum(_TVAL[c] for c in cards)
    if locked:
        if not rules.locking_builds:
            said = Message(
                "the build {build} is locked, but this ruleset has no locking (option {option})",
                build=text,
                option="locking_builds",
            )
            raise InvalidPositionError(said, "builds")
        if len(cards) < 3 or _TVAL[cards[-1]] != value or total != 2 * value:
            said = Message(
                "the locked build {build} is not a build of {value} locked by a last card of {value} "
                "(mulle.build.lock)",
                build=text,
                value=value,
            )
            raise InvalidPositionError(said, "builds")
    elif total != value:
        said = Message(
            "the cards of the build {build} add up to {total}, not {value}", build=text, total=total, value=value
        )
        raise InvalidPositionError(said, "builds")
    return TableBuild(cards, value, owner, locked)


def _parse_pile(text: str, field: str) -> Pile:
    """A side's captured pile: cards, ``?N`` for N cards not shown, or the cards shown then ``?N``; ``-`` for none."""
    if text == "-":
        return (), 0
    parts = text.split(",")
    hidden = 0
    if parts[-1].startswith("?"):
        hidden = _pos.parse_int(parts.pop()[1:], field, 0, len(PACK))
    if any(p.startswith("?") for p in parts):
        said = Message("a pile is its cards, then '?N' for N more not shown, not {text}", text=repr(text[:40]))
        raise InvalidPositionError(said, field)
    return tuple(_card(p, field) for p in parts), hidden


def _parse_mulles(text: str, rules: MulleRuleset) -> tuple[Mulle, ...]:
    """A side's mulles: each mulled card, ``*`` after it for a double mulle; ``-`` for none."""
    if text == "-":
        return ()
    out = []
    for part in text.split(","):
        double = part.endswith("*")
        card = _card(part.removesuffix("*"), "mulles")
        if double and not rules.building:
            raise InvalidPositionError(Message("{mulle}: the fishing game has no double mulle", mulle=part), "mulles")
        out.append(Mulle(card, double, _mulle_points(rules, card)))
    return tuple(out)


def _per_side(text: str, count: int, field: str) -> list[str]:
    parts = text.split("/")
    if len(parts) != count:
        said = Message(
            "expected {count} entries (one per side) separated by '/', got {got}", count=count, got=len(parts)
        )
        raise InvalidPositionError(said, field)
    return parts


def _deals(rules: MulleRuleset, dealer: int) -> list[tuple[list[int], int, int]]:
    """Each deal of a round: the hand sizes as dealt, the stock left, and the plays of the round before it."""
    n, h = rules.players, rules.hand_size
    stock = len(PACK) - n * h - rules.table_size
    out = [([h] * n, stock, 0)]
    played = n * h
    while stock:
        dealt = min(stock, n * h)
        stock -= dealt
        out.append(([len(range((s - dealer - 1) % n, dealt, n)) for s in range(n)], stock, played))
        played += dealt
    return out


def from_table_position(rules: MulleRuleset, body: str) -> State:
    """
    The state of a position's body in the table form. Hands, captured cards and a stock given by
    their size are filled with the cards nobody may see, in pack order: first a card of each
    owned build's value for its owner, then the hands seat by seat, then the captured piles side
    by side, the rest to the stock.
    """
    f = _pos.fields(body, FIELDS)
    n, nsides = rules.players, len(rules.sides)
    dealer = _pos.parse_int(f["dealer"], "dealer", 0, n - 1)
    deals = _deals(rules, dealer)
    deal = _pos.parse_int(f["deal"], "deal", 1, len(deals))
    dealt, stock_size, before = deals[deal - 1]
    table = _sorted(_pos.parse_cards(f["table"], PACK, "table"))
    builds = tuple(_parse_build(t, rules) for t in f["builds"].split(",")) if f["builds"] != "-" else ()
    if builds and not rules.building:
        raise InvalidPositionError(Message("the fishing game has no builds: write builds=-"), "builds")
    hands = _pos.parse_hands(f["hands"], PACK, n, players=RULES["mulle.players"], pack_rule=RULES["mulle.jokers"])
    stock = parse_stock(f["stock"], stock_size, Message("in deal {deal} of {deals}", deal=deal, deals=len(deals)))
    piles = [_parse_pile(t, "taken") for t in _per_side(f["taken"], nsides, "taken")]
    mulles = [_parse_mulles(t, rules) for t in _per_side(f["mulles"], nsides, "mulles")]
    tabbes = _pos.parse_ints(f["tabbes"], nsides, "tabbes", 0, 99)
    last = None if f["last"] == "-" else _pos.parse_int(f["last"], "last", 0, n - 1)
    rounds = parse_rounds(rules, f["rounds"])
    sizes = [h if isinstance(h, int) else len(h) for h in hands]
    plays = _plays(rules, dealer, deal, dealt, before, sizes)
    over = plays == len(PACK) - rules.table_size
    if over and (not rounds or _winner(rules, tuple(map(sum, zip(*(r.points for r in rounds), strict=True)))) is None):
        said = Message(
            "every card has been played, so the round is over: it is scored, and only a round that ends the "
            "match is left as it lies (rounds ends with its score, which reaches the target)"
        )
        raise InvalidPositionError(said, "rounds")
    piles = _mulled(rules, piles, mulles)
    _check_public(rules, plays, table, builds, piles, tabbes, last, over)
    _check_owners(builds, hands, sizes, dealt)
    _check_table_copies(table, builds, hands, stock, piles)
    full, captured, stock_cards = _fill(hands, stock, piles, builds, table)
    plan = schedule(rules, dealer, plays)
    assert plan is not None  # _plays found these plays in the round
    start = None
    if plays:
        start = TableStart(
            plays,
            table,
            builds,
            tuple(_sorted(p[0]) for p in piles),
            tuple(p[1] for p in piles),
            tuple(mulles),
            tabbes,
            last,
        )
    state = position_state(
        rules,
        dealer,
        rounds,
        over,
        deal_no=deal - 1,
        stock=stock_cards,
        hands=full,
        table=table,
        builds=builds,
        to_play=plan[5],
        captured=captured,
        tabbes=tabbes,
        mulles=tuple(mulles),
        last_capture=last,
        history=(),
        start=start,
    )
    try:
        check_state(state)
    except InvalidRecordError as exc:
        name = exc.key("$.state")
        if name == "start":
            name = exc.key("$.state.start")
            name = {"taken": "captured", "hidden": "captured"}.get(name, name)
        field = _FIELD_OF.get(name, "position")
        raise InvalidPositionError(_messages.carried(exc, exc.detail), field, rule=exc.rule) from None
    return state


def position_state(rules: MulleRuleset, dealer: int, rounds: tuple[RoundScore, ...], over: bool, **lies: Any) -> State:
    """
    The state a position describes: the round as it *lies* (the State fields from ``deal_no`` to
    ``history``, and ``start``) with the match points the completed *rounds* add up to, the round
    number, and the winner once the round is *over*; seed 0 and no decks pending, which a position
    does not keep.
    """
    match = tuple(sum(r.points[i] for r in rounds) for i in range(len(rules.sides)))
    winner = _winner(rules, match) if over else None
    round_no = max(len(rounds) - over, 0)
    return State(
        rules=rules,
        seed=0,
        pending_decks=(),
        round_no=round_no,
        dealer=dealer,
        match=match,
        rounds=rounds,
        winner=winner,
        **lies,
    )


def parse_rounds(rules: MulleRuleset, text: str) -> tuple[RoundScore, ...]:
    """
    The rounds field: each finished round's breakdown, whose mulles in the building game score what
    the ruleset's mulle value gives them (mulle.mulle.value).
    """
    rounds = _pos.parse_rounds(text, len(rules.sides))
    if rules.building:
        for r in rounds:
            for item in r.items:
                found = _MULLE_OF.get(str(item.label)) if item.rule in _MULLE_RULES else None
                if found is not None and item.points != _mulle_points(rules, found):
                    said = Message(
                        "{label} scores {points} in this ruleset, not {got}",
                        label=str(item.label),
                        points=_mulle_points(rules, found),
                        got=item.points,
                    )
                    raise InvalidPositionError(said, "rounds", rule=RULES["mulle.mulle.value"])
    return rounds


def parse_stock(text: str, size: int, when: Message) -> tuple[Card, ...] | int:
    """
    The stock field: its cards, next dealt first, or ``?N`` for a stock of N unseen cards; it must
    hold *size* cards *when* (``"in deal 2 of 3"``: the words that begin the message if it does not).
    """
    stock: tuple[Card, ...] | int = (
        _pos.parse_int(text[1:], "stock", 0, len(PACK))
        if text.startswith("?")
        else _pos.parse_cards(text, PACK, "stock")
    )
    got = stock if isinstance(stock, int) else len(stock)
    if got != size:
        said = Message("{when} the stock has {count} cards, not {got}", when=when, count=size, got=got)
        raise InvalidPositionError(said, "stock")
    return stock


def _plays(rules: MulleRuleset, dealer: int, deal: int, dealt: list[int], before: int, sizes: list[int]) -> int:
    """
    The round's plays so far, from the deal and the hand sizes: the seats play in turn from the
    dealer's left, so after k plays of a deal the first k seats in that order hold one card fewer.
    """
    n = rules.players
    first = (dealer + 1) % n
    as_dealt = "/".join(map(str, dealt))
    # the rule of this deal's hand sizes: the first deal, a later one, or the fishing game's short last one
    rule = RULES[
        "mulle.deal" if deal == 1 else "mulle.deal.last" if min(dealt) < rules.hand_size else "mulle.deal.later"
    ]
    for s, (size, full) in enumerate(zip(sizes, dealt, strict=True)):
        if size > full:
            said = Message(
                "hand {seat} has {size} cards, but deal {deal} gives it {full} (the hands as dealt: {dealt})",
                seat=s,
                size=size,
                deal=deal,
                full=full,
                dealt=as_dealt,
            )
            raise InvalidPositionError(said, "hands", rule=rule)
    played = sum(dealt) - sum(sizes)
    plays = before + played
    plan = schedule(rules, dealer, plays)
    want = plan[3] if plan is not None and plan[2] == deal - 1 else None
    if want != sizes:
        if not any(sizes):
            said = Message(
                "every hand is empty, but the stock still holds cards: the next deal is dealt at once "
                "(write {deal} and the hands as dealt)",
                deal=f"deal={deal + 1}",
            )
            raise InvalidPositionError(said, "hands")
        shown = "/".join(map(str, want)) if want is not None else "?"
        said = Message(
            "in deal {deal}, dealt by seat {dealer}, the seats play in turn ({order}): after {played} plays of "
            "this deal the hands hold {want} cards, not {sizes}",
            deal=deal,
            dealer=dealer,
            order=Items((str((first + i) % n) for i in range(n)), "comma"),
            played=played,
            want=shown,
            sizes="/".join(map(str, sizes)),
        )
        raise InvalidPositionError(said, "hands", rule=rule)
    return plays


def _mulled(rules: MulleRuleset, piles: list[Pile], mulles: list[tuple[Mulle, ...]]) -> list[Pile]:
    """
    The piles with the cards each mulle shows: both copies of a mulled card are in its side's pile,
    so a pile written ``?N`` holds them among its N cards (they are then shown).
    """
    seen: set[Card] = set()
    out = []
    for side, ((shown, hidden), found) in enumerate(zip(piles, mulles, strict=True)):
        cards = list(shown)
        for m in found:
            if m.card in seen:
                said = Message(
                    "the {card} is mulled twice: a mulle takes both copies of its card, so each card is mulled "
                    "at most once a round",
                    card=m.card,
                )
                raise InvalidPositionError(said, "mulles")
            seen.add(m.card)
            missing = 2 - cards.count(m.card)
            if missing > hidden or missing < 0:
                if hidden:
                    said = Message(
                        "side {side} mulled the {card}, so its taken pile holds both copies of it, not {count} "
                        "(and {hidden} cards not shown)",
                        side=side,
                        card=m.card,
                        count=cards.count(m.card),
                        hidden=hidden,
                    )
                else:
                    said = Message(
                        "side {side} mulled the {card}, so its taken pile holds both copies of it, not {count}",
                        side=side,
                        card=m.card,
                        count=cards.count(m.card),
                    )
                raise InvalidPositionError(said, "mulles")
            cards += [m.card] * missing
            hidden -= missing
        out.append((tuple(cards), hidden))
    return out


def _check_public(
    rules: MulleRuleset,
    plays: int,
    table: tuple[Card, ...],
    builds: tuple[TableBuild, ...],
    piles: list[Pile],
    tabbes: tuple[int, ...],
    last: int | None,
    over: bool,
) -> None:
    """The table, the builds and the captured piles against the plays so far: sizes, tabbes, the last capture."""
    loose, built = len(table), sum(len(b.cards) for b in builds)
    sizes = [len(p[0]) + p[1] for p in piles]
    want = rules.table_size + plays
    if not plays and any(sizes):
        raise InvalidPositionError(Message("no card has been played this round, so nothing has been taken"), "taken")
    if loose + built + sum(sizes) != want:
        said = Message(
            "after {plays} plays of this round the table, the builds and the captured piles hold {want} cards "
            "({dealt} dealt to the table and {plays} played), not {loose} + {built} + {taken}",
            plays=plays,
            want=want,
            dealt=rules.table_size,
            loose=loose,
            built=built,
            taken=sum(sizes),
        )
        raise InvalidPositionError(said, "taken")
    for side, size in enumerate(sizes):
        if size == 1:
            said = Message(
                "side {side} has taken 1 card, but a capture takes the card played and at least one more", side=side
            )
            raise InvalidPositionError(said, "taken")
        if tabbes[side] > size // 2:
            said = Message(
                "side {side} has taken {size} cards, so at most {most} captures and as many tabbes, not {tabbes}",
                side=side,
                size=size,
                most=size // 2,
                tabbes=tabbes[side],
            )
            raise InvalidPositionError(said, "tabbes")
    if last is None and any(sizes):
        raise InvalidPositionError(
            Message("cards have been taken this round: write the seat that captured last"), "last"
        )
    if last is not None and not any(sizes):
        said = Message("nothing has been taken this round, so seat {seat} did not capture last", seat=last)
        raise InvalidPositionError(said, "last")
    if last is not None and not sizes[rules.side_of(last)]:
        raise InvalidPositionError(
            Message("seat {seat} captured last, but its side has taken nothing", seat=last), "last"
        )
    if over and last is not None and table:
        said = Message(
            "the round is over, so the last capturer has taken the cards left on the table (mulle.round.leftovers)"
        )
        raise InvalidPositionError(said, "table")


def _check_owners(
    builds: tuple[TableBuild, ...], hands: Sequence[tuple[Card, ...] | int], sizes: list[int], dealt: list[int]
) -> None:
    """mulle.build.owner: an owner has played in this deal, and a shown hand holds a card of each build's value."""
    for b in builds:
        text = build_text(b)
        if sizes[b.owner] == dealt[b.owner]:
            said = Message(
                "the build {build} is seat {seat}'s, but seat {seat} has not played in this deal, and no "
                "build survives a deal (mulle.build.owner)",
                build=text,
                seat=b.owner,
            )
            raise InvalidPositionError(said, "builds")
        hand = hands[b.owner]
        if not isinstance(hand, int) and not any(_BHV[c] == b.value for c in hand):
            said = Message(
                "the build {build} is seat {seat}'s, but seat {seat}'s hand holds no card worth {value} to "
                "take it (mulle.build.owner)",
                build=text,
                seat=b.owner,
                value=b.value,
            )
            raise InvalidPositionError(said, "builds")


def check_copies(zones: Sequence[tuple[str, Sequence[Card]]], hidden: bool, places: Message) -> None:
    """
    No card of *zones* (each a field's name and the cards given in it) is given more often than the
    pack holds it (the sizes being right, none is then missing). *places* names the zones in the
    message; with no card *hidden*, the cards then missing are named too.
    """
    left = Counter(PACK.cards)
    for name, cards in zones:
        for card in cards:
            if not left[card]:
                shown = Counter(c for _, cards_of in zones for c in cards_of)
                missing = [] if hidden else _sorted(list((Counter(PACK.cards) - shown).elements()))
                if missing:
                    said = Message(
                        "the {card} is given a third time ({places}); the pack has it twice, and the {missing} nowhere",
                        card=card,
                        places=places,
                        missing=Items(missing, "cards"),
                    )
                else:
                    said = Message(
                        "the {card} is given a third time ({places}); the pack has it twice", card=card, places=places
                    )
                raise InvalidPositionError(said, name, rule=RULES["mulle.pack"])
            left[card] -= 1


def _check_table_copies(
    table: tuple[Card, ...],
    builds: tuple[TableBuild, ...],
    hands: Sequence[tuple[Card, ...] | int],
    stock: tuple[Card, ...] | int,
    piles: list[Pile],
) -> None:
    """No card is given more often than the pack holds it (:func:`check_copies`)."""
    zones: list[tuple[str, Sequence[Card]]] = [("table", table), ("builds", [c for b in builds for c in b.cards])]
    zones += [("hands", h) for h in hands if not isinstance(h, int)]
    if not isinstance(stock, int):
        zones.append(("stock", stock))
    zones += [("taken", p[0]) for p in piles]
    hidden = isinstance(stock, int) or any(isinstance(h, int) for h in hands) or any(p[1] for p in piles)
    check_copies(zones, hidden, Message("on the table, in a build, in a hand, in the stock or taken"))


def fill_hands(
    hands: Sequence[tuple[Card, ...] | int], builds: Sequence[TableBuild], unseen: Counter[Card]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """
    The hands, each given by its size filled from the *unseen* cards in pack order, an owner of a
    build given a card of its value first (``mulle.build.owner``); and the unseen cards left, in pack order.
    """
    pool = list(_sorted(list(unseen.elements())))
    kept: list[list[Card]] = [[] for _ in hands]
    for s, hand in enumerate(hands):
        if not isinstance(hand, int):
            continue
        for v in sorted({b.value for b in builds if b.owner == s}):
            card = next((c for c in pool if _BHV[c] == v), None)
            if card is None or len(kept[s]) == hand:
                if card is None:
                    why = Message("none is unseen")
                else:
                    why = Message("its {count} cards cannot hold one for each of its builds", count=hand)
                said = Message(
                    "seat {seat} owns a build of {value}, so its hidden hand holds a card worth {value}, but {why}",
                    seat=s,
                    value=v,
                    why=why,
                )
                raise InvalidPositionError(said, "hands")
            pool.remove(card)
            kept[s].append(card)
    sizes = [h - len(kept[s]) if isinstance(h, int) else h for s, h in enumerate(hands)]
    filled, rest = _pos.fill_unknown(sizes, pool, _ORDER)
    return tuple(_sorted((*h, *kept[s])) for s, h in enumerate(filled)), rest


def _fill(
    hands: Sequence[tuple[Card, ...] | int],
    stock: tuple[Card, ...] | int,
    piles: list[Pile],
    builds: tuple[TableBuild, ...],
    table: tuple[Card, ...],
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """
    The hands, the captured piles (the cards shown, then those not shown) and the stock, what is
    not shown filled in pack order (see :func:`from_table_position`).
    """
    unseen = Counter(PACK.cards) - Counter(table) - Counter(c for b in builds for c in b.cards)
    for hand in hands:
        if not isinstance(hand, int):
            unseen -= Counter(hand)
    if not isinstance(stock, int):
        unseen -= Counter(stock)
    for shown, _ in piles:
        unseen -= Counter(shown)
    full, rest = fill_hands(hands, builds, unseen)
    left = list(rest)
    captured = []
    for shown, hidden in piles:
        captured.append(_sorted(shown) + _sorted(left[:hidden]))
        del left[:hidden]
    return full, tuple(captured), stock if not isinstance(stock, int) else tuple(left)
