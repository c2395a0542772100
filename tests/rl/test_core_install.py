"""The core install needs no extra: importing and playing, and the encodings' pure parts, import no numpy."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def test_import_cardrules_and_rl_import_no_numpy_gymnasium_or_pettingzoo() -> None:
    code = textwrap.dedent(
        """
        import sys
        import cardrules, cardrules.rl
        for name in cardrules.game_names():
            game = cardrules.get_game(name)
            state = game.new_game(seed=1)
            enc, layout = game.spec.learning.encoding, game.spec.learning.tensor
            if enc.factored:
                enc.legal_actions(state, ())
            else:
                enc.legal_actions(state)
            layout.values(game.observe(state, 0))
        loaded = sorted(m for m in ("numpy", "gymnasium", "pettingzoo", "matplotlib") if m in sys.modules)
        print(",".join(loaded))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
