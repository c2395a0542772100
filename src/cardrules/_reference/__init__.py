"""
The reference for other programs that play these games: the test vectors, perft, the engine
protocol and its conformance checker, and the golden playthroughs (see the reference page of the
documentation). Generic over the registered games: no game is named here.

The commands are ``cardrules vectors write``, ``perft``, ``engine`` and ``conformance``;
``python -m cardrules._reference`` regenerates what the repository keeps (the shipped vectors, the
playthroughs, the perft tables of the documentation).
"""
