"""Computer players for Tigris & Euphrates: standard library only, and only the engine's public API.

>>> import random
>>> from engine import Game, player_view
>>> from ai import make_player
>>> game = Game.new(players=2, seed=7)
>>> seat = game.to_act
>>> action = make_player("normal").choose(player_view(game, seat), game.legal_actions(), random.Random(1))
>>> game.is_legal(action)
True

A player sees only its seat's view (R25); all its chance comes from the ``random.Random`` it is given.

The modules of the search (``COMPILED_MODULES``) are compiled with mypyc along with the engine's when
``TIGRIS_COMPILE=1`` installs the bot (setup.py, docs/deploy.md): a hard move then takes about half the time.
"""

from ai.hint import Hint, hint
from ai.levels import Player
from ai.players import LEVELS, choose, make_player
from engine import running_compiled

# What setup.py compiles with mypyc when asked, with ``engine.COMPILED_MODULES``: what a search runs through
# (sampling the hidden tiles, playouts, the evaluation). The levels' front door, hints, analysis, the arena
# and tuning stay interpreted: they call into these.
COMPILED_MODULES = ("evaluate", "policy", "levels", "determinise", "snapshot", "infoset", "hard")


def compiled_modules() -> list[str]:
    """The modules of ``COMPILED_MODULES`` that run compiled in this process."""
    return running_compiled("ai", COMPILED_MODULES)


__all__ = [
    "COMPILED_MODULES",
    "LEVELS",
    "Hint",
    "Player",
    "choose",
    "compiled_modules",
    "hint",
    "make_player",
]
