"""
Computer players and tournaments.

A bot sees what a player sees: ``bot.choose(observation, legal_moves, rng)``
gets ``game.observe(state, seat)``, never the state. :func:`get_bot` makes
one by name: a level (``"easy"``, ``"medium"``, ``"hard"``) or a bot class (``"random"``,
``"greedy"``, ``"search"``, ``"ismcts"``); :func:`advise` recommends a move and says why;
:func:`parallel` spreads one search over processes; :func:`simulate`
plays many matches between bots on any :class:`concurrent.futures.Executor`
(:class:`RayExecutor` adapts Ray, which has none)
and reports win rates with confidence intervals; :func:`solve` gives the exact value of every move
of a position with every hand shown, and :func:`analyse` judges every move of a record with it. See
:doc:`/howto/bot`.
"""

from cardrules.bots._advice import Advice, advise
from cardrules.bots._analyse import Analysis, Cost, MoveAnalysis, analyse, analyse_move
from cardrules.bots._base import Bot, GreedyBot, RandomBot, bot_names, get_bot
from cardrules.bots._ismcts import ISMCTSBot
from cardrules.bots._levels import EasyBot, HardBot, MediumBot
from cardrules.bots._parallel import RootParallelBot, parallel
from cardrules.bots._ray import RayExecutor
from cardrules.bots._search import Candidate, SearchBot
from cardrules.bots._simulate import (
    BotResult,
    MatchOutcome,
    SimulationResult,
    default_chunksize,
    play_match,
    simulate,
    wilson_interval,
)
from cardrules.bots._solve import MoveValue, Solution, solve
from cardrules.engine import Solving

__all__ = [
    "Advice",
    "Analysis",
    "Bot",
    "BotResult",
    "Candidate",
    "Cost",
    "EasyBot",
    "GreedyBot",
    "HardBot",
    "ISMCTSBot",
    "MatchOutcome",
    "MediumBot",
    "MoveAnalysis",
    "MoveValue",
    "RandomBot",
    "RayExecutor",
    "RootParallelBot",
    "SearchBot",
    "SimulationResult",
    "Solution",
    "Solving",
    "advise",
    "analyse",
    "analyse_move",
    "bot_names",
    "default_chunksize",
    "get_bot",
    "parallel",
    "play_match",
    "simulate",
    "solve",
    "wilson_interval",
]

__dir__ = __all__.copy  # dir() and autocompletion show the public names only
