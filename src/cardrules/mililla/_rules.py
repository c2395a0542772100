"""The rule book of Mililla: every rule id the code enforces, scores or cites."""

from cardrules.rules import _book

RULES = _book(
    "mililla",
    [
        (
            "mililla.players",
            "Players and partners",
            "Four players in two teams, partners opposite: seats 0 and 2 against 1 and 3.",
            "Mililla (Amber Crook), Number of Players; rulings page",
        ),
        (
            "mililla.deal",
            "The deal",
            "The dealer deals all 40 cards one at a time, starting with the player on their right "
            "(seat dealer + 1): ten each. The 40th card is the dealer's own.",
            "Mililla (Amber Crook), Setup; rulings page",
        ),
        (
            "mililla.deal.turn-up",
            "The turn-up card",
            "The dealer's last card is turned face up; its suit is trump for the round. It stays in "
            "the dealer's hand and everyone may see it until it is played.",
            "Mililla (Amber Crook), Setup; rulings page",
        ),
        (
            "mililla.deal.rotation",
            "The next dealer",
            "The deal passes to the right: the next round is dealt by the player who led the first "
            "trick (seat dealer + 1).",
            "Mililla (Amber Crook), Setup; rulings page",
        ),
        (
            "mililla.rank",
            "Card ranking",
            "From high to low: king, horse, jack, 7, 6, 5, 4, 3, 2, ace. A trump beats any card of "
            "another suit. Option rank_order=malilla: 7, ace, king, horse, jack, 6, 5, 4, 3, 2.",
            "Mililla (Amber Crook), Card Ranking and Values; Malilla (pagat.com); rulings page",
        ),
        (
            "mililla.turn",
            "Playing in turn",
            "The player right of the dealer leads the first trick; the others follow in turn. Each "
            "plays one card of their own hand.",
            "Mililla (Amber Crook), Gameplay; rulings page",
        ),
        (
            "mililla.follow.suit",
            "Follow suit",
            "If you hold a card of the suit led, you must play one.",
            "Mililla (Amber Crook), Gameplay; rulings page",
        ),
        (
            "mililla.seven",
            "The 7 rule",
            "A 7 may be played only when leading it, or once its suit has been led to a trick this "
            "round, the current trick included. Follow suit comes first; a 7 barred by this rule "
            "cannot be used to beat a card. If a player has nothing else they may play, the rule is "
            "lifted. Options seven_rule=earlier (only earlier tricks count) and seven_rule=off.",
            "Mililla (Amber Crook), Gameplay; rulings page",
        ),
        (
            "mililla.follow.beat",
            "Beat an opponent",
            "If an opponent is winning the trick with a card of the suit led and you can follow "
            "suit, you must play a card that beats it if you can. If the opponent is winning with a "
            "trump, any card of the suit led will do. With your partner winning, only follow suit.",
            "Mililla (Amber Crook), Gameplay; rulings page",
        ),
        (
            "mililla.follow.trump",
            "Trump to win",
            "If you cannot follow suit and an opponent is winning the trick, you must play a trump "
            "that wins it (over-trump if a trump is already down) if you can; otherwise any card. "
            "With your partner winning, any card.",
            "Mililla (Amber Crook), Gameplay; rulings page",
        ),
        (
            "mililla.trick.winner",
            "Winning a trick",
            "The highest trump wins the trick; with no trump in it, the highest card of the suit "
            "led. The winner's team takes the cards and the winner leads the next trick.",
            "Mililla (Amber Crook), Gameplay",
        ),
        (
            "mililla.points.cards",
            "Card points",
            "Cards won in tricks score: each 7 five points, each ace four, each king three, each "
            "horse two, each jack one: 60 in all.",
            "Mililla (Amber Crook), Card Ranking and Values and Scoring; rulings page",
        ),
        (
            "mililla.points.tricks",
            "Trick points",
            "Each trick won scores one point: 10 in all, so a round has 70 points.",
            "Mililla (Amber Crook), Scoring; rulings page",
        ),
        (
            "mililla.bonus.turn-up",
            "Turn-up bonus",
            "The turn-up card's points go to the dealer's team's game score at the deal, unless "
            "that would bring the team to 35 or more.",
            "Mililla (Amber Crook), Setup; rulings page",
        ),
        (
            "mililla.bonus.held",
            "Held turn-up bonus",
            "A turn-up bonus that would have brought the dealer's team to 35 is held back and scored "
            "only if the round ends 35-35, when the dealer's team then wins; otherwise it is lost. "
            "Option held_bonus=always: a held bonus is added after the round's scoring.",
            "Mililla (Amber Crook), Setup and Scoring; rulings page",
        ),
        (
            "mililla.round.score",
            "Scoring a round",
            "After the tenth trick, a team with 36 or more round points scores its points minus 35 "
            "and the other team scores nothing. At 35-35 nobody scores.",
            "Mililla (Amber Crook), Scoring; rulings page",
        ),
        (
            "mililla.match.target",
            "Winning the match",
            "The match ends when a team reaches 35 game points, checked after each scoring. If both "
            "reach it at once the higher score wins; an exact tie plays another round.",
            "Mililla (Amber Crook), Scoring and End of Game; rulings page",
        ),
        (
            "mililla.match.single",
            "A single round (option)",
            "Option single_round: the match is one round. After its scoring the team with more game "
            "points wins; an exact tie plays another round. The turn-up bonus counts towards 35 as usual.",
            "Mililla (Amber Crook), Scoring and End of Game (the target this option sets aside); rulings page",
        ),
    ],
)
