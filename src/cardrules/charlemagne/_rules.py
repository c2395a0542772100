"""The rule book of Charlemagne: every rule id the code enforces, scores or cites, in order of play."""

from cardrules.rules import _book

RULES = _book(
    "charlemagne",
    [
        (
            "charlemagne.players",
            "Players and partners",
            "Four players in two teams, partners opposite: seats 0 and 2 against 1 and 3. Play goes "
            "clockwise, to the left: seat s + 1 acts after seat s.",
            "How to play the Charlemagne card game, Four seats; rulings page",
        ),
        (
            "charlemagne.deal",
            "The pack and the deal",
            "The pack is A K Q J 10 9 8 7 of each suit plus the Big and the Little joker: 34 cards. "
            "The dealer deals 32 cards one at a time starting with the player on their left (seat "
            "dealer + 1), eight each; the last two cards go face down as the kitty.",
            "How to play the Charlemagne card game, Four seats; rulings page",
        ),
        (
            "charlemagne.deal.rotation",
            "The next dealer",
            "The deal moves one seat to the left every hand: the next hand is dealt by seat dealer + 1.",
            "How to play the Charlemagne card game, Four seats; rulings page",
        ),
        (
            "charlemagne.bid.turn",
            "One round of bidding",
            "Bidding is one round, starting with the player left of the dealer and ending with the "
            "dealer. Each player in turn bids or passes, once; a pass is final. No bid is made once "
            "the bidding is over.",
            "How to play the Charlemagne card game, The bidding; rulings page",
        ),
        (
            "charlemagne.bid.ladder",
            "Bid higher",
            "A bid must be higher than the bid before it, on the ladder 5, 6, 7, 8, Mulot, "
            "Charlemagne, Gros Mulot, Gros Charlemagne. The highest bidder plays the contract.",
            "How to play the Charlemagne card game, The bidding; rulings page",
        ),
        (
            "charlemagne.bid.dealer",
            "The dealer must bid",
            "If the other three all pass, the dealer may not pass and bids 5 or anything higher.",
            "How to play the Charlemagne card game, The bidding; rulings page",
        ),
        (
            "charlemagne.contract.number",
            "Number bids: 5, 6, 7 and 8",
            "A bid of 5 to 8 is the number of the eight tricks the bidder's team will win together. "
            "The bidder takes the kitty into their hand, discards two cards face down (any cards) "
            "and names any suit as trump. The player left of the bidder leads and all four play.",
            "How to play the Charlemagne card game, The bidding and Charlemagne step by step; rulings page",
        ),
        (
            "charlemagne.contract.mulot",
            "Mulot",
            "A solo bid to win no trick. The kitty is not touched and nobody sees it; the partner's "
            "eight cards are thrown away unseen and the partner sits out. There is no trump suit "
            "but the two jokers. The bidder leads the first trick.",
            "How to play the Charlemagne card game, Charlemagne step by step; rulings page",
        ),
        (
            "charlemagne.contract.gros-mulot",
            "Gros Mulot",
            "Mulot with a handicap: after the first trick the bidder's hand is spread face up for "
            "everyone to see. The bidder still chooses each card.",
            "How to play the Charlemagne card game, Charlemagne step by step; rulings page",
        ),
        (
            "charlemagne.contract.charlemagne",
            "Charlemagne",
            "A solo bid to win every trick. The bidder takes the kitty; the partner then passes one "
            "card of their choice face down to the bidder, before trump is named, and the partner's "
            "other seven cards are thrown away unseen. The bidder, holding eleven cards, discards "
            "three, names trump and leads; the partner sits out.",
            "How to play the Charlemagne card game, Charlemagne step by step; rulings page",
        ),
        (
            "charlemagne.contract.gros-charlemagne",
            "Gros Charlemagne",
            "Charlemagne with a handicap: before seeing anything the bidder chooses one source, the "
            "kitty (then discards two) or the partner's card (then discards one). The source not "
            "chosen stays unseen, and the partner sits out either way.",
            "How to play the Charlemagne card game, Charlemagne step by step; rulings page",
        ),
        (
            "charlemagne.source",
            "Choosing the source",
            "In Gros Charlemagne the bidder's first move is to choose the kitty or the partner's "
            "card; no other contract has this choice.",
            "How to play the Charlemagne card game, Charlemagne step by step; rulings page",
        ),
        (
            "charlemagne.give",
            "The partner's card",
            "In Charlemagne, and in Gros Charlemagne when the bidder chose the partner's card, the "
            "partner passes one card of their own hand face down to the bidder. Only the partner and "
            "the bidder see it.",
            "How to play the Charlemagne card game, Charlemagne step by step; rulings page",
        ),
        (
            "charlemagne.discard.held",
            "Discard your own cards",
            "The bidder discards cards of their own hand, the kitty or passed card included.",
            "How to play the Charlemagne card game, Charlemagne step by step; rulings page",
        ),
        (
            "charlemagne.discard.count",
            "How many to discard",
            "The bidder discards exactly two cards after a number bid, three in Charlemagne, and in "
            "Gros Charlemagne two after taking the kitty or one after taking the partner's card, so "
            "that they hold eight. Trump is named only after the last discard.",
            "How to play the Charlemagne card game, Charlemagne step by step; rulings page",
        ),
        (
            "charlemagne.trump.name",
            "Naming trump",
            "After the discards the bidder names one suit as trump, any suit, once. Mulot and Gros "
            "Mulot have no trump to name.",
            "How to play the Charlemagne card game, Charlemagne step by step; rulings page",
        ),
        (
            "charlemagne.trump.order",
            "The trump order",
            "The top four trumps are the Big joker, the Little joker, the jack of the trump suit and "
            "the jack of the other suit of the same colour, then ace, king, queen, 10, 9, 8, 7 of "
            "trumps. With hearts trump: BJ, LJ, JH, JD, AH, KH, QH, 10H, 9H, 8H, 7H. Plain suits run "
            "A K Q J 10 9 8 7; the same-colour suit keeps only seven cards.",
            "How to play the Charlemagne card game, Playing a trick; Charlemagne (pagat.com); rulings page",
        ),
        (
            "charlemagne.trump.suit",
            "Jokers and the Little Jack are trumps",
            "The two jokers and the jack of the same colour as trump belong to the trump suit: they "
            "follow a trump lead, they do not follow their printed suit, and leading one is a trump "
            "lead.",
            "How to play the Charlemagne card game, Playing a trick; rulings page",
        ),
        (
            "charlemagne.mulot.trumps",
            "Trumps in Mulot",
            "In Mulot and Gros Mulot only the two jokers are trump, the Big over the Little; they form "
            "a suit of their own. Every jack is a plain card of its suit, and the suits run A K Q J "
            "10 9 8 7.",
            "How to play the Charlemagne card game, Playing a trick; rulings page",
        ),
        (
            "charlemagne.play.turn",
            "Playing in turn",
            "The trick's leader plays any card; the others play in turn clockwise, each one card of "
            "their own hand. In Mulot, Gros Mulot, Charlemagne and Gros Charlemagne the partner sits "
            "out and every trick has three cards.",
            "How to play the Charlemagne card game, Charlemagne step by step and Playing a trick; rulings page",
        ),
        (
            "charlemagne.follow.suit",
            "Follow suit",
            "If you hold a card of the suit led (as just defined, with the jokers and the Little Jack "
            "in the trump suit), you must play one; otherwise play any card. Nothing has to be "
            "beaten.",
            "How to play the Charlemagne card game, Playing a trick; rulings page",
        ),
        (
            "charlemagne.mulot.joker-void",
            "Mulot: no card of the suit led",
            "In Mulot and Gros Mulot, a player with no card of the plain suit led who holds a joker "
            "must play a joker. This binds the bidder too.",
            "How to play the Charlemagne card game, Playing a trick; rulings page",
        ),
        (
            "charlemagne.mulot.joker-led",
            "Mulot: a joker led",
            "In Mulot and Gros Mulot, when a joker is led, the player holding the other joker must "
            "play it. This binds the bidder too.",
            "How to play the Charlemagne card game, Playing a trick; rulings page",
        ),
        (
            "charlemagne.trick.winner",
            "Winning a trick",
            "The highest trump played wins the trick; with no trump in it, the highest card of the "
            "suit led. The winner leads the next trick (in Mulot too).",
            "How to play the Charlemagne card game, Playing a trick; rulings page",
        ),
        (
            "charlemagne.hand.end",
            "The end of a hand",
            "All eight tricks are played. Option end_when_decided: the hand ends as soon as its "
            "result is certain (a number bid made or beyond reach, a trick won by a Mulot bidder or "
            "lost by a Charlemagne bidder).",
            "How to play the Charlemagne card game; rulings page",
        ),
        (
            "charlemagne.score.number",
            "Scoring a number bid",
            "If the bidder's team wins at least as many tricks as the bid, it scores the bid (tricks "
            "beyond it count nothing); otherwise the opponents score the bid. Only one team scores.",
            "How to play the Charlemagne card game, Scoring; rulings page",
        ),
        (
            "charlemagne.score.mulot",
            "Scoring Mulot",
            "A bidder who wins no trick scores 15 for their team; otherwise the opponents score 7.",
            "How to play the Charlemagne card game, Scoring; rulings page",
        ),
        (
            "charlemagne.score.charlemagne",
            "Scoring Charlemagne",
            "A bidder who wins every trick scores 16 for their team; otherwise the opponents score 8.",
            "How to play the Charlemagne card game, Scoring; rulings page",
        ),
        (
            "charlemagne.score.gros-mulot",
            "Scoring Gros Mulot",
            "A bidder who wins no trick scores 30 for their team; otherwise the opponents score 15.",
            "How to play the Charlemagne card game, Scoring; rulings page",
        ),
        (
            "charlemagne.score.gros-charlemagne",
            "Scoring Gros Charlemagne",
            "A bidder who wins every trick scores 32 for their team; otherwise the opponents score 16.",
            "How to play the Charlemagne card game, Scoring; rulings page",
        ),
        (
            "charlemagne.match.target",
            "Winning the match",
            "The first team to 32 points wins, checked after every hand; only one team scores in a "
            "hand, so there is never a tie. A made Gros Charlemagne wins from any score.",
            "How to play the Charlemagne card game, Scoring; rulings page",
        ),
        (
            "charlemagne.match.single",
            "A single hand (option)",
            "Option single_round: the match is one hand. After its scoring the team that scored in it "
            "wins; as only one team scores in a hand, it always has a winner.",
            "How to play the Charlemagne card game, Scoring, and the end of the match (the target this "
            "option sets aside); rulings page",
        ),
        (
            "charlemagne.hidden",
            "Hidden cards",
            "The kitty is seen only by a bidder who takes it; the discards only by the bidder; the "
            "partner's thrown-away cards only by the partner; the passed card only by the partner "
            "and the bidder; in Gros Mulot the bidder's hand by everyone after the first trick.",
            "How to play the Charlemagne card game, Charlemagne step by step; rulings page",
        ),
    ],
)
