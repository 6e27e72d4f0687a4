"""The rules of Tigris & Euphrates: pure, deterministic, standard library only.

>>> from engine import Game
>>> game = Game.new(players=3, seed=7)
>>> actions = game.legal_actions()
>>> events = game.apply(actions[0])
"""

from engine.actions import COLOURS, MONUMENTS, Action, Colour, Kind
from engine.board import parse_square, square_name
from engine.errors import EngineError, IllegalActionError, NotationError
from engine.game import Conflict, Event, Game, Outcome, Phase, Settings, Standing
from engine.notation import dump, load
from engine.views import ConflictView, PlayerView, PublicView, SeatView, SquareView, player_view, public_view


def replay(settings: Settings, seed: int, actions: "list[str] | list[Action]") -> Game:
    """The game that the seed and the action list make (R3)."""
    game = Game.new(settings.players, seed, settings.board, settings.english, settings.open_scoring)
    for action in actions:
        game.apply(action)
    return game


__all__ = [
    "COLOURS",
    "MONUMENTS",
    "Action",
    "Colour",
    "Conflict",
    "ConflictView",
    "EngineError",
    "Event",
    "Game",
    "IllegalActionError",
    "Kind",
    "NotationError",
    "Outcome",
    "Phase",
    "PlayerView",
    "PublicView",
    "SeatView",
    "Settings",
    "SquareView",
    "Standing",
    "dump",
    "load",
    "parse_square",
    "player_view",
    "public_view",
    "replay",
    "square_name",
]
