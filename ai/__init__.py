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
"""

from ai.hint import Hint, hint
from ai.levels import Player
from ai.players import LEVELS, choose, make_player

__all__ = ["LEVELS", "Hint", "Player", "choose", "hint", "make_player"]
