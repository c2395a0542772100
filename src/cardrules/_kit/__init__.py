"""The game kit: helpers that the game packages share (position checks and notation, hidden-card deals,
keyed legal moves, narration, SVG pictures and terminal styles). Nothing here knows a game."""
