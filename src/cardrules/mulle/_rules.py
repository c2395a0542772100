"""The rule book of Mulle: every rule id the code enforces, scores or cites, in order of play."""

from cardrules.rules import _book

RULES = _book(
    "mulle",
    [
        (
            "mulle.players",
            "Players and sides",
            "Two, three or four players. With four, partners sit opposite (seats 0 and 2 against 1 and 3) "
            "and pool their captures and points: by default in the building game, as an option (teams=true) "
            "in the fishing game. Otherwise everyone plays for themselves. Play goes from seat to seat+1.",
            "Mulle – Rules (cardgames.zone), §1 Overview; Mulle – kortspelet med dubbel kortlek, Det här behöver ni; "
            "rulings page",
        ),
        (
            "mulle.pack",
            "The pack",
            "Two French packs without jokers, 104 cards: every card exists twice.",
            "Mulle – Rules (cardgames.zone), §2 Cards and material; Mulle – kortspelet med dubbel kortlek, "
            "Det här behöver ni",
        ),
        (
            "mulle.jokers",
            "No jokers",
            "Jokers are not used. The source's one line ('jokers replace cards') defines no rule, and no "
            "other source does, so cardrules does not implement a joker variant.",
            "Mulle – Rules (cardgames.zone), §8 Variants; rulings page",
        ),
        (
            "mulle.deal",
            "The deal",
            "Building game: 8 cards to each player, one at a time starting left of the dealer (seat "
            "dealer+1), then 8 face up to the table. Fishing game: 5 to each player the same way, then 5 "
            "to the table.",
            "Mulle – Rules (cardgames.zone), §3 Preparation and start; Mulle – kortspelet med dubbel kortlek, Given; "
            "rulings page",
        ),
        (
            "mulle.deal.later",
            "Later deals",
            "When every hand is empty, each player gets 8 (fishing: 5) more cards in the same way, none to "
            "the table, until the stock is empty: 6 deals with 2 players, 4 with 3, 3 with 4 (fishing: 10, "
            "7 and 5). Play always starts left of the dealer.",
            "Mulle – Rules (cardgames.zone), §3 Preparation and start; Mulle – kortspelet med dubbel kortlek, Given; "
            "rulings page",
        ),
        (
            "mulle.deal.last",
            "The short last deal",
            "Fishing game: when the stock cannot give everyone 5, the last deal goes one card at a time as "
            "far as the cards reach, so the dealer and the players to the dealer's right may get one card "
            "fewer. A player without cards is passed over.",
            "Mulle – kortspelet med dubbel kortlek, Sista given and Vanliga tvister; rulings page",
        ),
        (
            "mulle.deal.rotation",
            "The next dealer",
            "The next round is dealt by the player left of the dealer (seat dealer+1).",
            "Mulle – kortspelet med dubbel kortlek, Spelets slut; rulings page",
        ),
        (
            "mulle.turn",
            "A turn",
            "On your turn you play one card from your hand: to capture, to build (building game only), or "
            "to trail it face up on the table.",
            "Mulle – Rules (cardgames.zone), §5 Play in detail; Mulle – kortspelet med dubbel kortlek, Att fånga kort; "
            "rulings page",
        ),
        (
            "mulle.values",
            "Card values (building game)",
            "On the table: ace 1, 2 to 10 their pips, jack 11, queen 12, king 13. Played from the hand "
            "three cards count more: any ace 14, the 2 of spades (lillan) 15, the 10 of diamonds (storan) "
            "16. So an ace cannot take a lone ace, but A-hearts from the hand takes A-hearts + K.",
            "Mulle – Rules (cardgames.zone), §2 Cards and material; rulings page",
        ),
        (
            "mulle.fishing.values",
            "Card values (fishing game)",
            "Jack 11, queen 12, king 13, the others their pips, the 2 of spades and the 10 of diamonds "
            "included. An ace counts 1 on the table; played from the hand it counts 1 or 14, your choice for "
            "that capture, so an ace can take an ace.",
            "Nordic Casino (pagat.com), Kasino in Sweden; rulings page",
        ),
        (
            "mulle.capture",
            "Capturing",
            "A card of value v takes loose table cards in groups: single cards of value v, and groups of "
            "cards summing to v; the groups may not share a card. Building game: it also takes every build "
            "of value v, always whole and only by its own value, never inside a sum.",
            "Mulle – Rules (cardgames.zone), §5 Play in detail; Mulle – kortspelet med dubbel kortlek, Att fånga kort; "
            "rulings page",
        ),
        (
            "mulle.capture.maximal",
            "Take everything you can (building game)",
            "A capture must be maximal: after it no loose card of value v, no build of value v and no "
            "group of loose cards summing to v may be left on the table. When several maximal captures "
            "exist you choose among them.",
            "Mulle – Rules (cardgames.zone), §5 Play in detail ('equal takes equal'); rulings page",
        ),
        (
            "mulle.capture.duty",
            "You must capture or build (building game)",
            "A card that can capture may not be trailed; building is always allowed instead. Option "
            "capture_duty=hand: no card may be trailed while any card in your hand can capture or build.",
            "Mulle – Rules (cardgames.zone), §5 Play in detail; rulings page",
        ),
        (
            "mulle.fishing.capture",
            "Free capture (fishing game)",
            "There are no builds and capturing is optional: you may trail any card, or take any non-empty "
            "set of disjoint groups, each a loose card of the played value or loose cards summing to it.",
            "Mulle – kortspelet med dubbel kortlek, Att fånga kort and Vanliga tvister; rulings page",
        ),
        (
            "mulle.build",
            "Building",
            "Play a hand card onto one table item, a loose card or a single build, so that the sum is a "
            "value V from 2 to 16; you must keep another card of hand value V. Building onto a build "
            "raises it. Anyone may capture any build with a card of its value, and anyone may raise a build "
            "that is not locked.",
            "Mulle – Rules (cardgames.zone), §5 Play in detail; rulings page",
        ),
        (
            "mulle.build.keep",
            "Keep the card to take your build",
            "You may build V only while keeping another card of hand value V in your hand.",
            "Mulle – Rules (cardgames.zone), "
            "§5 Play in detail and §9 Tips for beginners ('only build if you surely hold the card'); rulings page",
        ),
        (
            "mulle.build.scoring-card",
            "No building with scoring cards",
            "An ace, the 2 of spades or the 10 of diamonds may not be played from the hand into a build.",
            "Mulle – Rules (cardgames.zone), §5 Play in detail (Restrictions); rulings page",
        ),
        (
            "mulle.build.owner",
            "The build owner's duties",
            "The player who made or last raised (or locked) a build owns it. An owner may not trail, and "
            "may not play their last card of hand value V while owning a build of value V, except to "
            "capture it. So no build survives a deal.",
            "Mulle – Rules (cardgames.zone), §5 Play in detail (Restrictions); rulings page",
        ),
        (
            "mulle.build.lock",
            "Locking builds (option)",
            "Option locking_builds: you may lock a build of value V by adding a hand card of rank value V "
            "while keeping another card of hand value V. A locked build keeps its value, can no longer be "
            "raised or locked by anyone, and is still captured by any card of value V. The locker owns it.",
            "Mulle – Rules (cardgames.zone), §8 Variants (Locking builds); rulings page",
        ),
        (
            "mulle.trail",
            "Trailing",
            "A card you neither capture nor build with is laid face up on the table as a loose card.",
            "Mulle – Rules (cardgames.zone), §5 Play in detail; Mulle – kortspelet med dubbel kortlek, Att fånga kort; "
            "rulings page",
        ),
        (
            "mulle.mulle.twin",
            "Mulle (building game)",
            "A capture in which the played card's exact twin (same rank and suit) is among the captured "
            "cards is a mulle: as a loose match, inside a sum or inside a captured build.",
            "Mulle – Rules (cardgames.zone), §1 Overview and §11 Frequently asked questions; rulings page",
        ),
        (
            "mulle.mulle.double",
            "Double mulle (building game)",
            "Capturing both copies of one card with a card of the same rank is also a mulle, one mulle per "
            "pair. Several mulles in one capture all count.",
            "Mulle – Rules (cardgames.zone), §7 Special rules and situations; rulings page",
        ),
        (
            "mulle.mulle.value",
            "What a mulle scores (building game)",
            "A mulle scores the captured card's rank value, the ace 14: A 14, K 13, Q 12, J 11, others "
            "their pips (the 2 of spades 2, the 10 of diamonds 10). Option mulle_value=hand: the 2 of "
            "spades 15 and the 10 of diamonds 16; mulle_value=fixed: every mulle 5.",
            "Mulle – Rules (cardgames.zone), §6 Scoring; rulings page",
        ),
        (
            "mulle.fishing.mulle",
            "Mulle (fishing game)",
            "The played card takes its twin and nothing else: 5 points. Two identical table cards taken "
            "together are not a mulle. Option glimne (Dan Glimne's variant): other cards may be taken "
            "with the twin.",
            "Mulle – kortspelet med dubbel kortlek, Mulle och tabbe and Vanliga tvister; rulings page",
        ),
        (
            "mulle.tabbe",
            "Tabbe",
            "A capture that leaves the table empty (no loose card, no build) scores 1, a mulle included, "
            "except on the last play of the round.",
            "Mulle – Rules (cardgames.zone), §6 Scoring and §7 Special rules and situations; "
            "Mulle – kortspelet med dubbel kortlek, Mulle och tabbe and Poäng; rulings page",
        ),
        (
            "mulle.round.leftovers",
            "Leftover cards",
            "When the round ends, the last player to capture takes the cards left on the table (no tabbe). "
            "If nobody captured, nobody takes them.",
            "Mulle – Rules (cardgames.zone), §6 Scoring; Mulle – kortspelet med dubbel kortlek, Sista given; "
            "rulings page",
        ),
        (
            "mulle.points.cards",
            "Card points (building game)",
            "Every spade 1, the ace and the 2 of spades 2 each (2 in all, not 2 + 1), every other ace 1, "
            "every 10 of diamonds 2: 40 per round. No point for most cards or for the last capture.",
            "Mulle – Rules (cardgames.zone), §6 Scoring; rulings page",
        ),
        (
            "mulle.fishing.points",
            "Card points (fishing game)",
            "Each ace 1, each 10 of diamonds (storan) 2, each 2 of spades (lillan) 1: 14 per round.",
            "Mulle – kortspelet med dubbel kortlek, Poäng; rulings page",
        ),
        (
            "mulle.fishing.spades",
            "Most spades (fishing game)",
            "The side with the most spades scores 1; nobody scores it on a tie for most.",
            "Mulle – kortspelet med dubbel kortlek, Poäng and Vanliga tvister; rulings page",
        ),
        (
            "mulle.fishing.sistan",
            "Sistan (fishing game)",
            "The last capture of the round scores 1 (sistan); its player also takes the leftover cards.",
            "Mulle – kortspelet med dubbel kortlek, Sista given and Poäng; rulings page",
        ),
        (
            "mulle.fishing.most-cards",
            "Most cards (fishing house rule)",
            "Option most_cards: the side with the most cards scores 1; nobody scores it on a tie for most.",
            "Mulle – kortspelet med dubbel kortlek, Vanliga tvister; rulings page",
        ),
        (
            "mulle.match.target",
            "Winning the match",
            "Rounds are played until a side reaches the target, checked at the end of each round: 100 in "
            "the building game (options 200, or 0 for a single round), 16 in the fishing game (options 21, or "
            "0 for a single round). "
            "The highest side at or over the target wins; an exact tie for highest plays another round.",
            "Mulle – Rules (cardgames.zone), §4 Goal and winning and §8 Variants; "
            "Mulle – kortspelet med dubbel kortlek, Spelets slut; rulings page",
        ),
        (
            "mulle.krypmulle",
            "Krypmulle (option)",
            "Option krypmulle: the same play and scoring, but points are bad. When a side reaches the target "
            "at the end of a round, the side with the fewest points wins; an exact tie for fewest plays "
            "another round. This is cardrules' interpretation: the source gives one line.",
            "Mulle – Rules (cardgames.zone), §8 Variants; rulings page",
        ),
    ],
)
